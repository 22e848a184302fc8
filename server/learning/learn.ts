// The learning operations behind the /api routes and the learning pages. Each takes plain
// data (the student's person id, ids from the URL, a parsed body) and the services it
// needs; the routes stay thin. spec: Endpoints > Learning (student), Enrollments (student).
import type { Database, DbOrTx } from "../db";
import { DomainError } from "../kernel/errors";
import { ok, outcomeOf, refusalOf, refused, valueOrThrow, type Outcome } from "../kernel/outcome";
import type { Queue } from "../queue";
import type { MediaUrls } from "../video";
import type { BlockProgress } from "../db/schema/learning";
import { findOwnEnrollment, learningEnrollmentOf, lockEnrollment, mayLearn, type EnrollmentRow } from "../enrollments";
import { courseSlugKnown } from "./slugs";
import type { EnrollmentDetail, LearnView, PartView, ProgressAnswer, ProgressBody } from "./contract";
import {
  loadContentFacts,
  loadProgressFacts,
  missingBlocks,
  nextBlockProgress,
  partStateOf,
  reconcile,
  requiredBlocks,
  requiredBlocksDone,
  savePartProgress,
  type BlockReport,
  type ContentFacts,
  type MissingBlock,
} from "./engine";
import { courseVersionOfPart, loadCourseStructure, type CourseStructure, type PartNode } from "./structure";
import { blockProgressView, enrollmentDetail, learnView, partView } from "./views";
import { preallocatePartProgress } from "./preallocate";
import { nextStep, progressMeasure, type NextStep, type ProgressMeasure } from "./next-step";
import { isId } from "../../shared/ids";
import type { LevelRequirement } from "./requirements";

export type LearningDeps = { db: Database; queue: Queue; media: MediaUrls; now: Date };

async function structureOf(db: DbOrTx, enrollment: EnrollmentRow): Promise<CourseStructure> {
  const structure = await loadCourseStructure(db, enrollment.courseVersionId);
  if (!structure) throw new DomainError("not_found");
  return structure;
}

/**
 * GET /api/courses/<slug>/learn: 404 for an unknown slug, 403 no_enrollment without a learning
 * enrollment. The view reads the content facts alone (no next step: the levels' requirements are not read).
 */
export async function getLearnView(deps: LearningDeps, studentId: string, slug: string): Promise<LearnView> {
  const { enrollment, structure } = valueOrThrow(await learningEnrollment(deps, studentId, slug));
  return learnView(structure, enrollment, await loadContentFacts(deps.db, enrollment.id));
}

/** The student's learning enrollment on the course `slug` and its version's structure, or the refusal: 404 for an unknown slug, 403 no_enrollment. */
async function learningEnrollment(
  deps: LearningDeps,
  studentId: string,
  slug: string,
): Promise<Outcome<{ enrollment: EnrollmentRow; structure: CourseStructure }>> {
  if (!slug || slug.length > 200 || slug.includes("\0")) return refused("not_found");
  const enrolled = await learningEnrollmentOf(deps.db, { studentId, courseSlug: slug }, deps.now);
  if (!enrolled.ok) return enrolled.error.code === "no_enrollment" && !(await courseSlugKnown(deps.db, slug)) ? refused("not_found") : enrolled;
  const structure = await loadCourseStructure(deps.db, enrolled.value.courseVersionId);
  return structure ? ok({ enrollment: enrolled.value, structure }) : refused("not_found");
}

/**
 * Where a student stands (docs/decisions/learning/one-next-step-everywhere.md > One next step everywhere): the next step, the
 * one progress measure, and the level completed last (what a level end names).
 */
export type StudyPosition = {
  enrollmentId: string;
  next: NextStep;
  progress: ProgressMeasure;
  lastCompletedLevel: { id: string; title: string; issuesIntermediateCertificate: boolean; last: boolean } | null;
  /** what levels wait for besides their content (a required webinar), met or not */
  requirements: LevelRequirement[];
};

function positionOf(
  structure: CourseStructure,
  enrollment: EnrollmentRow,
  facts: Awaited<ReturnType<typeof loadProgressFacts>>,
  from: { partId?: string } = {},
): StudyPosition {
  const [lastId] = [...facts.levelCompletions].sort((a, b) => b[1].getTime() - a[1].getTime()).map(([id]) => id);
  const level = lastId ? structure.levelById.get(lastId) : undefined;
  return {
    enrollmentId: enrollment.id,
    next: nextStep(structure, facts, enrollment.state, from),
    progress: progressMeasure(structure, facts, enrollment.state),
    lastCompletedLevel: level
      ? { id: level.id, title: level.title, issuesIntermediateCertificate: level.issuesIntermediateCertificate, last: structure.levels.at(-1) === level }
      : null,
    requirements: facts.requirements,
  };
}

/** Who pays for the enrollment and which course chain it is on: what the dashboard's panels need besides the view. */
export type LearnEnrollmentFacts = { courseId: string; reason: EnrollmentRow["reason"]; sponsorOrgId: string | null; orderId: string | null };

type LearnPage = { view: LearnView; position: StudyPosition; enrollment: LearnEnrollmentFacts };

/** The learning dashboard (the learn view and the student's position, from one read of the facts), or its refusal thrown (404 not_found, 403 no_enrollment): the pages that show the error page. */
export async function getLearnPage(deps: LearningDeps, studentId: string, slug: string, from: { partId?: string } = {}): Promise<LearnPage> {
  return valueOrThrow(await learnPageOf(deps, studentId, slug, from));
}

/** The learning dashboard, or the refusal: 404 not_found for an unknown course, 403 no_enrollment. */
export async function learnPageOf(deps: LearningDeps, studentId: string, slug: string, from: { partId?: string } = {}): Promise<Outcome<LearnPage>> {
  const found = await learningEnrollment(deps, studentId, slug);
  if (!found.ok) return found;
  const { enrollment, structure } = found.value;
  const facts = await loadProgressFacts(deps.db, enrollment.id);
  return ok({
    view: learnView(structure, enrollment, facts),
    position: positionOf(structure, enrollment, facts, from),
    enrollment: {
      courseId: enrollment.courseId,
      reason: enrollment.reason,
      sponsorOrgId: enrollment.sponsorOrgId ?? null,
      orderId: enrollment.orderId ?? null,
    },
  });
}

/** The student's position in the course `slug` (seen from a part: after its completion; a test's result page). */
export async function getStudyPosition(deps: LearningDeps, studentId: string, slug: string, from: { partId?: string } = {}): Promise<StudyPosition> {
  return (await getLearnPage(deps, studentId, slug, from)).position;
}

/** The student's position in the course `slug`, or the refusal (404 not_found, 403 no_enrollment). */
export async function studyPositionOf(deps: LearningDeps, studentId: string, slug: string): Promise<Outcome<StudyPosition>> {
  const page = await learnPageOf(deps, studentId, slug);
  return page.ok ? ok(page.value.position) : page;
}

type PartContext = { enrollment: EnrollmentRow; structure: CourseStructure; part: PartNode };

/** The part, the student's enrollment on its course version, or the refusal (404 not_found, 403 no_enrollment). */
async function partContextOf(deps: LearningDeps, studentId: string, partId: string): Promise<Outcome<PartContext>> {
  const courseVersionId = isId(partId) ? await courseVersionOfPart(deps.db, partId) : null;
  if (!courseVersionId) return refused("not_found");
  const enrolled = await learningEnrollmentOf(deps.db, { studentId, courseVersionId }, deps.now);
  if (!enrolled.ok) return enrolled;
  const enrollment = enrolled.value;
  const structure = await loadCourseStructure(deps.db, enrollment.courseVersionId);
  if (!structure) return refused("not_found");
  const part = structure.partById.get(partId);
  if (!part) return refused("not_found");
  return ok({ enrollment, structure, part });
}

/**
 * GET /api/parts/<id>: the part with freshly signed URLs, or the refusal (404, 403
 * no_enrollment, 403 part_locked). Handing out a URL credits nothing: watch time counts from
 * the player's reports (engine.nextBlockProgress).
 */
export async function getPart(deps: LearningDeps, studentId: string, partId: string): Promise<Outcome<PartView>> {
  // the part view reads the content facts alone (no next step: the levels' requirements are not read)
  const read = await readPart(deps, studentId, partId, loadContentFacts);
  return read.ok ? ok(read.value.view) : read;
}

/**
 * The part page: the part (as GET /api/parts/<id> answers it), the learn view of its
 * course (the page's outline) and the student's position, from one enrollment lookup and
 * one read of the progress facts (docs/decisions/learning/the-student-path-at-scale.md > The student path at scale).
 */
export async function getPartPage(
  deps: LearningDeps,
  studentId: string,
  partId: string,
): Promise<Outcome<{ part: PartView; learn: LearnView; position: StudyPosition }>> {
  const read = await readPart(deps, studentId, partId, loadProgressFacts);
  if (!read.ok) return read;
  const { view, enrollment, structure, facts } = read.value;
  return ok({ part: view, learn: learnView(structure, enrollment, facts), position: positionOf(structure, enrollment, facts, { partId }) });
}

/** The part as the student may see it, or the refusal (404, 403 no_enrollment, 403 part_locked with the missing prerequisites). */
async function readPart<F extends ContentFacts>(deps: LearningDeps, studentId: string, partId: string, load: (db: DbOrTx, enrollmentId: string) => Promise<F>) {
  const found = await partContextOf(deps, studentId, partId);
  if (!found.ok) return found;
  const { enrollment, structure, part } = found.value;
  const facts = await load(deps.db, enrollment.id);
  if (partStateOf(facts, part.id) === "locked") return refusalOf(lockedError(structure, part));
  return ok({ view: partView(structure, facts, part, deps.media, deps.now), enrollment, structure, facts });
}

function lockedError(structure: CourseStructure, part: PartNode): DomainError {
  const missing = part.prerequisites.map((id) => structure.partById.get(id)).filter((p) => p !== undefined);
  return new DomainError("part_locked", undefined, {
    levelId: part.levelId,
    prerequisites: missing.map((p) => ({ _id: p.id, title: p.title })),
  });
}

/**
 * GET /api/parts/<id>/playback-url[?blockId=]: a new signed URL (the first video block when
 * none is named), or the refusal (404, 403 no_enrollment / part_locked, 422 no such video or
 * not ready yet).
 */
export async function renewPlaybackUrl(
  deps: LearningDeps,
  studentId: string,
  partId: string,
  blockId: string | null,
): Promise<Outcome<{ blockId: string; playbackUrl: string; expiresAt: string }>> {
  const found = await partContextOf(deps, studentId, partId);
  if (!found.ok) return found;
  const { enrollment, structure, part } = found.value;
  const facts = await loadContentFacts(deps.db, enrollment.id);
  if (partStateOf(facts, part.id) === "locked") return refusalOf(lockedError(structure, part));
  const videos = part.contentBlocks.filter((b) => b.type === "video");
  const block = blockId === null ? videos[0] : videos.find((b) => b.id === blockId);
  if (!block || block.type !== "video") {
    return refused("validation", undefined, [
      { path: "blockId", message: blockId === null ? "Táto časť nemá video." : "Video s týmto blockId v časti nie je." },
    ]);
  }
  if (block.state !== "ready" || !block.videoPlaybackId) {
    return refused("validation", "Video sa ešte spracúva.", [{ path: "blockId", message: "Video ešte nie je pripravené." }]);
  }
  const signed = deps.media.playback(block.videoPlaybackId, deps.now);
  return ok({ blockId: block.id, playbackUrl: signed.url, expiresAt: signed.expiresAt.toISOString() });
}

/**
 * The part page's play address (docs/decisions/learning/completion-that-means-study.md > Completion that means study): the
 * browser fetches the video from here when the student presses play (the element loads
 * nothing before), so the server sees playing start: a viewing of the block starts (one
 * under way goes on) and the answer is a freshly signed URL to redirect to. Or the refusal
 * (404 no such ready video, 403 no_enrollment / part_locked).
 */
export async function startPlayback(deps: LearningDeps, studentId: string, partId: string, blockId: string): Promise<Outcome<{ playbackUrl: string }>> {
  const found = await partContextOf(deps, studentId, partId);
  if (!found.ok) return found;
  const context = found.value;
  const block = context.part.contentBlocks.find((b) => b.id === blockId && b.type === "video");
  if (!block || block.type !== "video" || block.state !== "ready" || !block.videoPlaybackId) return refused("not_found");
  const updated = await updatePartOutcome(deps, context, [{ blockId: block.id }], false);
  if (!updated.ok) return updated;
  return ok({ playbackUrl: deps.media.playback(block.videoPlaybackId, deps.now).url });
}

/**
 * POST /api/parts/<id>/progress. One transaction under the enrollment's row lock: the
 * block's progress, the part's state, then everything that follows (engine.reconcile).
 * `markPartCompleted` completes the part as the spec's transition says (Part: "with
 * markPartCompleted true, or completion of required blocks"); the part page's one button
 * uses `finishPart`, which holds to the study rule (docs/decisions/learning/completion-that-means-study.md > Completion that
 * means study). Or the refusal (404, 403 no_enrollment / part_locked, 422 no such block).
 */
export async function reportProgress(deps: LearningDeps, studentId: string, partId: string, body: ProgressBody): Promise<Outcome<ProgressAnswer>> {
  const found = await partContextOf(deps, studentId, partId);
  if (!found.ok) return found;
  const context = found.value;
  const block = body.blockId === undefined ? undefined : context.part.contentBlocks.find((b) => b.id === body.blockId);
  if (body.blockId !== undefined && !block) {
    return refused("validation", undefined, [{ path: "blockId", message: "Blok s týmto id v tejto časti nie je." }]);
  }
  const updated = await updatePartOutcome(deps, context, block ? [{ ...body, blockId: block.id }] : [], body.markPartCompleted === true);
  return updated.ok ? ok(updated.value.answer) : updated;
}

/** What "Dokončiť a pokračovať" answers: the progress answer and what the part still misses. */
export type FinishAnswer = ProgressAnswer & { missing: MissingBlock[] };

/**
 * "Dokončiť a pokračovať" on the part page (docs/decisions/learning/completion-that-means-study.md > Completion that means
 * study): the student has reached the end of the part, so its text, image and presentation
 * blocks count as read and each video claims its whole length; the part completes when every
 * required block is then done (videos need VIDEO_COMPLETION_RATIO of playback the server has
 * seen: a claim with no viewing under way earns nothing). A part without required
 * blocks completes manually. Otherwise the part stays open and the answer says what is missing.
 * Or the refusal (404, 403 no_enrollment / part_locked).
 */
export async function finishPart(deps: LearningDeps, studentId: string, partId: string): Promise<Outcome<FinishAnswer>> {
  const found = await partContextOf(deps, studentId, partId);
  if (!found.ok) return found;
  const context = found.value;
  // texts and pictures are read; each video claims its whole length, and the engine credits
  // only what the viewing under way allows
  const reports: BlockReport[] = requiredBlocks(context.part).map((b) =>
    b.type === "video" ? { blockId: b.id, secondsWatched: b.durationSec ?? 0, startsViewing: false } : { blockId: b.id, state: "completed" as const },
  );
  const manual = reports.length === 0;
  const updated = await updatePartOutcome(deps, context, reports, manual);
  if (!updated.ok) return updated;
  const { answer, blocks } = updated.value;
  return ok({ ...answer, missing: answer.partState === "completed" ? [] : missingBlocks(context.part, blocks) });
}

/**
 * The part update, or the refusal its transaction found under the enrollment's lock (access
 * ended meanwhile: 403 no_enrollment; the part locked: 403 part_locked). Thrown inside so the
 * transaction rolls back, returned here at the writes' boundary.
 */
function updatePartOutcome(...args: Parameters<typeof updatePart>): Promise<Outcome<Awaited<ReturnType<typeof updatePart>>>> {
  return outcomeOf(() => updatePart(...args));
}

async function updatePart(deps: LearningDeps, { enrollment, structure, part }: PartContext, reports: BlockReport[], markPartCompleted: boolean) {
  return deps.db.transaction(async (tx) => {
    const locked = await lockEnrollment(tx, enrollment.id);
    if (!mayLearn(locked)) throw new DomainError("no_enrollment");
    let facts = await loadProgressFacts(tx, locked.id);
    if (facts.parts.size < structure.parts.length) {
      await preallocatePartProgress(tx, locked.id, locked.courseVersionId);
      facts = await loadProgressFacts(tx, locked.id);
    }
    const row = facts.parts.get(part.id)!;
    if (row.state === "locked") throw lockedError(structure, part);

    const blocks = [...row.blockProgress];
    let updated: BlockProgress | undefined;
    for (const report of reports) {
      const block = part.contentBlocks.find((b) => b.id === report.blockId)!;
      const i = blocks.findIndex((b) => b.blockId === block.id);
      updated = nextBlockProgress(block, i >= 0 ? blocks[i] : undefined, report, deps.now);
      if (i >= 0) blocks[i] = updated;
      else blocks.push(updated);
    }
    let state = row.state;
    let startedAt = row.startedAt;
    let completedAt = row.completedAt;
    if (state === "available") {
      state = "in_progress";
      startedAt ??= deps.now;
    }
    if (state !== "completed" && (markPartCompleted || requiredBlocksDone(part, blocks))) {
      state = "completed";
      completedAt = deps.now;
      startedAt ??= deps.now;
    }
    await savePartProgress(tx, locked.id, part.id, { state, blockProgress: blocks, startedAt, completedAt, now: deps.now });
    facts.parts.set(part.id, { ...row, state, blockProgress: blocks, startedAt, completedAt });

    const result = await reconcile(tx, { queue: deps.queue, now: deps.now }, locked, structure, facts, { touch: true });
    const moduleCompleted = facts.moduleCompletions.has(part.moduleId);
    const answer: ProgressAnswer = {
      ok: true as const,
      partState: state,
      moduleCompleted,
      unlockedParts: result.unlockedParts,
      ...(moduleCompleted ? { moduleId: part.moduleId, levelCompleted: facts.levelCompletions.has(part.levelId), unlockedTopics: result.unlockedTopics } : {}),
      ...(updated && reports.length === 1
        ? { block: blockProgressView([{ ...updated, lastReportAt: updated.lastReportAt ?? deps.now.toISOString() }])[0] }
        : {}),
      courseCompleted: result.courseCompleted || locked.state === "completed",
    };
    return { answer, blocks };
  });
}

/** GET /api/enrollments/<id> (owner): the enrollment with partProgress, completions and courseCompleted. */
export async function getEnrollmentDetail(db: Database, studentId: string, enrollmentId: string): Promise<EnrollmentDetail> {
  const enrollment = await findOwnEnrollment(db, studentId, enrollmentId);
  // the detail reads the content facts alone (the levels' requirements are not read)
  return enrollmentDetail(enrollment, await loadContentFacts(db, enrollment.id), await loadCourseStructure(db, enrollment.courseVersionId));
}

/**
 * Re-derives an enrollment's progress after something outside a part update changed a
 * fact it depends on (a test passed). Runs in the caller's transaction
 * and takes the enrollment's row lock.
 */
export async function reconcileEnrollment(tx: DbOrTx, deps: { queue: Queue; now: Date }, enrollmentId: string) {
  const enrollment = await lockEnrollment(tx, enrollmentId);
  if (!enrollment) throw new DomainError("not_found");
  const structure = await structureOf(tx, enrollment);
  const facts = await loadProgressFacts(tx, enrollment.id);
  const result = await reconcile(tx, deps, enrollment, structure, facts, { touch: true });
  return { ...result, facts, structure };
}
