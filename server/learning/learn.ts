// The learning operations behind the /api routes and the learning pages. Each takes plain
// data (the student's person id, ids from the URL, a parsed body) and the services it
// needs; the routes stay thin. spec: Endpoints > Learning (student), Enrollments (student).
import type { Database, DbOrTx } from "../db";
import { DomainError } from "../http/errors";
import type { Queue } from "../queue";
import type { MediaUrls } from "../video";
import type { BlockProgress } from "../db/schema/learning";
import { findOwnEnrollment, lockEnrollment, mayLearn, requireLearningEnrollment, type EnrollmentRow } from "../enrollments";
import { courseSlugKnown } from "./slugs";
import type { EnrollmentDetail, LearnView, PartView, ProgressAnswer, ProgressBody } from "./contract";
import { allBlocksCompleted, loadProgressFacts, nextBlockProgress, partStateOf, reconcile, savePartProgress } from "./engine";
import { courseVersionOfPart, loadCourseStructure, type CourseStructure, type PartNode } from "./structure";
import { blockProgressView, enrollmentDetail, learnView, partView } from "./views";
import { preallocatePartProgress } from "./preallocate";
import { isId } from "../db";

export type LearningDeps = { db: Database; queue: Queue; media: MediaUrls; now: Date };


async function structureOf(db: DbOrTx, enrollment: EnrollmentRow): Promise<CourseStructure> {
  const structure = await loadCourseStructure(db, enrollment.courseVersionId);
  if (!structure) throw new DomainError("not_found");
  return structure;
}

/** GET /api/courses/<slug>/learn: 404 for an unknown slug, 403 no_enrollment without a learning enrollment. */
export async function getLearnView(deps: LearningDeps, studentId: string, slug: string): Promise<LearnView> {
  if (!slug || slug.length > 200 || slug.includes("\0")) throw new DomainError("not_found");
  let enrollment: EnrollmentRow;
  try {
    enrollment = await requireLearningEnrollment(deps.db, { studentId, courseSlug: slug }, deps.now);
  } catch (error) {
    if (error instanceof DomainError && error.code === "no_enrollment" && !(await courseSlugKnown(deps.db, slug))) throw new DomainError("not_found");
    throw error;
  }
  const structure = await structureOf(deps.db, enrollment);
  const facts = await loadProgressFacts(deps.db, enrollment.id);
  return learnView(structure, enrollment, facts);
}

type PartContext = { enrollment: EnrollmentRow; structure: CourseStructure; part: PartNode };

/** The part, the student's enrollment on its course version, or 404 / 403. */
async function resolvePart(deps: LearningDeps, studentId: string, partId: string): Promise<PartContext> {
  const courseVersionId = isId(partId) ? await courseVersionOfPart(deps.db, partId) : null;
  if (!courseVersionId) throw new DomainError("not_found");
  const enrollment = await requireLearningEnrollment(deps.db, { studentId, courseVersionId }, deps.now);
  const structure = await structureOf(deps.db, enrollment);
  const part = structure.partById.get(partId);
  if (!part) throw new DomainError("not_found");
  return { enrollment, structure, part };
}

/**
 * GET /api/parts/<id>: the part with freshly signed URLs. The first time a video block's
 * URL is handed out is remembered: watch reports (and the watched form without
 * JavaScript) are judged against the time since then.
 */
export async function getPart(deps: LearningDeps, studentId: string, partId: string): Promise<PartView> {
  return (await readPart(deps, studentId, partId)).view;
}

/**
 * The part page: the part (as GET /api/parts/<id> answers it) and the learn view of its
 * course (the page's outline), from one enrollment lookup and one read of the progress
 * facts (docs/decisions.md > The student path at scale).
 */
export async function getPartPage(deps: LearningDeps, studentId: string, partId: string): Promise<{ part: PartView; learn: LearnView }> {
  const { view, enrollment, structure, facts } = await readPart(deps, studentId, partId);
  return { part: view, learn: learnView(structure, enrollment, facts) };
}

async function readPart(deps: LearningDeps, studentId: string, partId: string) {
  const { enrollment, structure, part } = await resolvePart(deps, studentId, partId);
  let facts = await loadProgressFacts(deps.db, enrollment.id);
  if (partStateOf(facts, part.id) === "locked") throw lockedError(structure, part);
  const videoIds = part.contentBlocks.filter((b) => b.type === "video" && b.state === "ready").map((b) => b.id);
  const unissued = videoIds.filter((id) => !facts.parts.get(part.id)?.blockProgress.some((b) => b.blockId === id && (b.playbackIssuedAt || b.lastReportAt)));
  if (unissued.length > 0) {
    await notePlaybackIssued(deps, enrollment.id, part, unissued);
    facts = await loadProgressFacts(deps.db, enrollment.id);
  }
  return { view: partView(structure, facts, part, deps.media, deps.now), enrollment, structure, facts };
}

function lockedError(structure: CourseStructure, part: PartNode): DomainError {
  const missing = part.prerequisites.map((id) => structure.partById.get(id)).filter((p) => p !== undefined);
  return new DomainError("part_locked", undefined, {
    levelId: part.levelId,
    prerequisites: missing.map((p) => ({ _id: p.id, title: p.title })),
  });
}

async function notePlaybackIssued(deps: LearningDeps, enrollmentId: string, part: PartNode, blockIds: string[]) {
  await deps.db.transaction(async (tx) => {
    await lockEnrollment(tx, enrollmentId);
    const facts = await loadProgressFacts(tx, enrollmentId);
    const row = facts.parts.get(part.id);
    if (!row) return;
    const blocks = [...row.blockProgress];
    for (const blockId of blockIds) {
      const i = blocks.findIndex((b) => b.blockId === blockId);
      if (i >= 0 && (blocks[i].playbackIssuedAt || blocks[i].lastReportAt)) continue;
      const entry: BlockProgress = { blockId, state: "in_progress", secondsWatched: 0, totalSeconds: 0, playbackIssuedAt: deps.now.toISOString() };
      if (i >= 0) blocks[i] = { ...blocks[i], playbackIssuedAt: deps.now.toISOString() };
      else blocks.push(entry);
    }
    await savePartProgress(tx, enrollmentId, part.id, { state: row.state, blockProgress: blocks, startedAt: row.startedAt, completedAt: row.completedAt, now: deps.now });
  });
}

/** GET /api/parts/<id>/playback-url[?blockId=]: a new signed URL (the first video block when none is named). */
export async function renewPlaybackUrl(deps: LearningDeps, studentId: string, partId: string, blockId: string | null) {
  const { enrollment, structure, part } = await resolvePart(deps, studentId, partId);
  const facts = await loadProgressFacts(deps.db, enrollment.id);
  if (partStateOf(facts, part.id) === "locked") throw lockedError(structure, part);
  const videos = part.contentBlocks.filter((b) => b.type === "video");
  const block = blockId === null ? videos[0] : videos.find((b) => b.id === blockId);
  if (!block || block.type !== "video") {
    throw new DomainError("validation", undefined, [{ path: "blockId", message: blockId === null ? "Táto časť nemá video." : "Video s týmto blockId v časti nie je." }]);
  }
  if (block.state !== "ready" || !block.videoPlaybackId) {
    throw new DomainError("validation", "Video sa ešte spracúva.", [{ path: "blockId", message: "Video ešte nie je pripravené." }]);
  }
  const signed = deps.media.playback(block.videoPlaybackId, deps.now);
  return { blockId: block.id, playbackUrl: signed.url, expiresAt: signed.expiresAt.toISOString() };
}

/**
 * POST /api/parts/<id>/progress. One transaction under the enrollment's row lock: the
 * block's progress, the part's state, then everything that follows (engine.reconcile).
 */
export async function reportProgress(deps: LearningDeps, studentId: string, partId: string, body: ProgressBody): Promise<ProgressAnswer> {
  const { enrollment, structure, part } = await resolvePart(deps, studentId, partId);
  const block = body.blockId === undefined ? undefined : part.contentBlocks.find((b) => b.id === body.blockId);
  if (body.blockId !== undefined && !block) {
    throw new DomainError("validation", undefined, [{ path: "blockId", message: "Blok s týmto id v tejto časti nie je." }]);
  }
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
    if (block) {
      const i = blocks.findIndex((b) => b.blockId === block.id);
      updated = nextBlockProgress(block, i >= 0 ? blocks[i] : undefined, { ...body, blockId: block.id }, deps.now);
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
    if (state !== "completed" && (body.markPartCompleted === true || allBlocksCompleted(part, blocks))) {
      state = "completed";
      completedAt = deps.now;
      startedAt ??= deps.now;
    }
    await savePartProgress(tx, locked.id, part.id, { state, blockProgress: blocks, startedAt, completedAt, now: deps.now });
    facts.parts.set(part.id, { ...row, state, blockProgress: blocks, startedAt, completedAt });

    const result = await reconcile(tx, { queue: deps.queue, now: deps.now }, locked, structure, facts, { touch: true });
    const moduleCompleted = facts.moduleCompletions.has(part.moduleId);
    return {
      ok: true as const,
      partState: state,
      moduleCompleted,
      unlockedParts: result.unlockedParts,
      ...(moduleCompleted
        ? { moduleId: part.moduleId, levelCompleted: facts.levelCompletions.has(part.levelId), unlockedTopics: result.unlockedTopics }
        : {}),
      ...(updated ? { block: blockProgressView([{ ...updated, lastReportAt: updated.lastReportAt ?? deps.now.toISOString() }])[0] } : {}),
      courseCompleted: result.courseCompleted || locked.state === "completed",
    };
  });
}

/** GET /api/enrollments/<id> (owner): the enrollment with partProgress, completions and courseCompleted. */
export async function getEnrollmentDetail(db: Database, studentId: string, enrollmentId: string): Promise<EnrollmentDetail> {
  const enrollment = await findOwnEnrollment(db, studentId, enrollmentId);
  return enrollmentDetail(enrollment, await loadProgressFacts(db, enrollment.id), await loadCourseStructure(db, enrollment.courseVersionId));
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

