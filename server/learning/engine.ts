// The progress engine: the one place that decides block, part, module, level and course
// completion, unlocking, the current level and the enrollment's counters.
// spec: States and transitions > Part, Course completion; docs/decisions/learning/learning.md > Learning.
//
// Stored facts are part states (with block progress), passed test attempts and the
// completion records. `reconcile` derives everything else from them and writes what is
// new (parts unlocked, modules/levels completed, course completed, counters), so every
// caller (a block update, a part marked completed, a passed test) ends in the same rules.
// Callers hold the enrollment's row lock (server/enrollments lockEnrollment) for the whole transaction, so
// concurrent updates of one enrollment run one after the other and never lose a completion.
import { getTableColumns, sql } from "drizzle-orm";
import { prepared, schema, type DbOrTx } from "../db";
import type { BlockProgress } from "../db/schema/learning";
import type { ContentBlock } from "../db/schema/catalog";
import type { Queue } from "../queue";
import { recordProgress, type EnrollmentRow } from "../enrollments";
import type { CourseStructure, LevelNode, ModuleNode, PartNode } from "./structure";
import { VIDEO_COMPLETION_RATIO, secondsLeftToWatch } from "../../shared/watch";
import { loadLevelRequirements, type LevelRequirement } from "./requirements";

const { partProgress, moduleCompletions, levelCompletions, testAttempts } = schema;

export type PartState = (typeof schema.partState.enumValues)[number];
export type LevelState = "locked" | "available" | "in_progress" | "completed";
export type ModuleState = PartState;

/** Seconds a watch report may run ahead of the wall clock (network and timer jitter). */
export const WATCH_SLACK_SEC = 5;
/**
 * How long one viewing lasts at most: the validity of the signed playback URL it plays from
 * (spec: Limits, 6 hours). A report after that starts a new viewing and earns nothing.
 */
export const VIEWING_MAX_SEC = 6 * 3600;

export type PartProgressRow = typeof partProgress.$inferSelect;

/**
 * What is stored about one enrollment's progress in the course content: the part states,
 * passed tests and completions. Every view (the learn view, a part, the enrollment
 * detail) and every derivation but a level's completion and the next step reads only these.
 */
export type ContentFacts = {
  parts: Map<string, PartProgressRow>;
  passedTests: Set<string>;
  moduleCompletions: Map<string, Date>;
  levelCompletions: Map<string, Date>;
};

/** Everything stored about one enrollment's progress. */
export type ProgressFacts = ContentFacts & {
  /** what levels wait for besides their content (a required webinar), from the source start-up handed in */
  requirements: LevelRequirement[];
};

const partProgressColumns = Object.entries(getTableColumns(partProgress));

/** A part_progress row as json_agg gives it (column names) mapped the way Drizzle maps a selected row. */
function partRowFromJson(raw: Record<string, unknown>): PartProgressRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of partProgressColumns) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as PartProgressRow;
}

type FactsRow = { parts: Record<string, unknown>[]; passed: string[]; modules: [string, string][]; levels: [string, string][] };

/**
 * Everything stored about one enrollment's progress: the content facts (one round trip)
 * and then the levels' requirements from outside the content (their source's read).
 */
export async function loadProgressFacts(db: DbOrTx, enrollmentId: string): Promise<ProgressFacts> {
  const content = await loadContentFacts(db, enrollmentId);
  return { ...content, requirements: await loadLevelRequirements(db, enrollmentId) };
}

/**
 * The content facts, in one round trip: the part states, the passed tests (a passed attempt
 * not voided: read here, written by quizzes) and the module and level completions, each as
 * a JSON aggregate of one indexed lookup (docs/decisions/learning/the-student-path-at-scale.md > The student path at scale).
 * What a view reads; not the levels' requirements, which only a level's completion and the
 * next step count (docs/decisions/platform/json-api-without-express.md).
 */
export async function loadContentFacts(db: DbOrTx, enrollmentId: string): Promise<ContentFacts> {
  const id = sql.placeholder("enrollmentId");
  const query = prepared(db, "progress_facts", (name) =>
    db
      .select({
        parts: sql<FactsRow["parts"]>`(select coalesce(json_agg(p), '[]'::json) from ${partProgress} p where p.enrollment_id = ${id})`,
        // a read across areas (quizzes writes test_attempts); learning imports nothing of quizzes
        // (docs/decisions/quizzes/one-transaction-per-submit.md)
        passed: sql<FactsRow["passed"]>`(select coalesce(json_agg(distinct a.test_id), '[]'::json) from ${testAttempts} a
          where a.enrollment_id = ${id} and a.passed = true and a.voided_at is null)`,
        modules: sql<
          FactsRow["modules"]
        >`(select coalesce(json_agg(json_build_array(m.module_id, m.completed_at)), '[]'::json) from ${moduleCompletions} m where m.enrollment_id = ${id})`,
        levels: sql<
          FactsRow["levels"]
        >`(select coalesce(json_agg(json_build_array(l.level_id, l.completed_at)), '[]'::json) from ${levelCompletions} l where l.enrollment_id = ${id})`,
      })
      .from(sql`(select 1) as one`)
      .prepare(name),
  );
  const [row] = await query.execute({ enrollmentId });
  const parse = <T>(v: T | string): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);
  const partRows = parse(row.parts).map(partRowFromJson);
  return {
    parts: new Map(partRows.map((r) => [r.partId, r])),
    passedTests: new Set(parse(row.passed)),
    moduleCompletions: new Map(parse(row.modules).map(([id, at]) => [id, new Date(at)])),
    levelCompletions: new Map(parse(row.levels).map(([id, at]) => [id, new Date(at)])),
  };
}

// ---------------------------------------------------------------------------------
// Derivations (pure)

export function partStateOf(facts: ContentFacts, partId: string): PartState {
  return facts.parts.get(partId)?.state ?? "locked";
}

function testPassed(facts: ContentFacts, test: { id: string } | null): boolean {
  return test !== null && facts.passedTests.has(test.id);
}

/** Every required part completed and every required part test passed. */
export function moduleDone(facts: ContentFacts, module: ModuleNode): boolean {
  return module.parts.every(
    (p) => (!p.requiredForCompletion || partStateOf(facts, p.id) === "completed") && (!p.partTest?.required || testPassed(facts, p.partTest)),
  );
}

/** The level's modules are done (what its level test waits for). */
export function levelModulesDone(facts: ContentFacts, level: LevelNode): boolean {
  return level.topics.every((t) => t.module === null || facts.moduleCompletions.has(t.module.id) || moduleDone(facts, t.module));
}

/** The level's requirements from outside its content (a required webinar) that are not met yet. */
export function unmetRequirements(facts: ProgressFacts, level: LevelNode): LevelRequirement[] {
  return facts.requirements.filter((r) => r.levelId === level.id && !r.met);
}

/** Levels are sequential: the first is open, each next one when the previous is completed. */
export function levelUnlocked(structure: CourseStructure, facts: ContentFacts, level: LevelNode): boolean {
  const index = structure.levels.indexOf(level);
  return index <= 0 || facts.levelCompletions.has(structure.levels[index - 1].id);
}

export function levelState(structure: CourseStructure, facts: ContentFacts, level: LevelNode): LevelState {
  if (facts.levelCompletions.has(level.id)) return "completed";
  if (!levelUnlocked(structure, facts, level)) return "locked";
  const started = level.topics.some((t) => t.module?.parts.some((p) => ["in_progress", "completed"].includes(partStateOf(facts, p.id))));
  return started ? "in_progress" : "available";
}

export function moduleState(facts: ContentFacts, module: ModuleNode): ModuleState {
  if (facts.moduleCompletions.has(module.id)) return "completed";
  const states = module.parts.map((p) => partStateOf(facts, p.id));
  if (states.some((s) => s === "in_progress" || s === "completed")) return "in_progress";
  if (states.some((s) => s === "available")) return "available";
  return "locked";
}

export function allLevelsDone(structure: CourseStructure, facts: ContentFacts): boolean {
  return structure.levels.length > 0 && structure.levels.every((l) => facts.levelCompletions.has(l.id));
}

export function courseDone(structure: CourseStructure, facts: ContentFacts): boolean {
  const test = structure.course.courseTest;
  return allLevelsDone(structure, facts) && (!test?.required || testPassed(facts, test));
}

/**
 * When a test may be started (what `available` says in the learn view and the part
 * response; the attempt start checks the same): a part test once its part is completed,
 * a level test once every module of its (unlocked) level is completed, the course test
 * once every level is completed.
 */
export function partTestAvailable(facts: ContentFacts, part: PartNode): boolean {
  return part.partTest !== null && partStateOf(facts, part.id) === "completed";
}
export function levelTestAvailable(structure: CourseStructure, facts: ContentFacts, level: LevelNode): boolean {
  return (
    level.levelTest !== null &&
    levelUnlocked(structure, facts, level) &&
    level.topics.every((t) => t.module === null || facts.moduleCompletions.has(t.module.id))
  );
}
export function courseTestAvailable(structure: CourseStructure, facts: ContentFacts): boolean {
  return structure.course.courseTest !== null && allLevelsDone(structure, facts);
}

/** The first level not completed (the last one when all are). */
export function currentLevel(structure: CourseStructure, facts: ContentFacts): LevelNode | null {
  return structure.levels.find((l) => !facts.levelCompletions.has(l.id)) ?? structure.levels.at(-1) ?? null;
}

/** A part's own availability rule: its level is unlocked and its prerequisites are completed. */
export function partMayOpen(structure: CourseStructure, facts: ContentFacts, part: PartNode): boolean {
  const level = structure.levelById.get(part.levelId);
  return !!level && levelUnlocked(structure, facts, level) && part.prerequisites.every((id) => partStateOf(facts, id) === "completed");
}

// ---------------------------------------------------------------------------------
// Block updates (pure): the server judges watch progress.

export type BlockReport = {
  blockId: string;
  state?: "in_progress" | "completed";
  secondsWatched?: number;
  /** false for a claim that is no playback (the part page's finish button): it never starts a viewing */
  startsViewing?: boolean;
};

/**
 * The new progress of one block (docs/decisions/learning/completion-that-means-study.md > Completion that means study). A video
 * block is credited only for playback the server has seen, within one viewing: a viewing
 * starts when playing starts (the browser fetches the video through the part page's play
 * address, or the player's first report when it plays from elsewhere), and that first event
 * earns nothing. Later reports may bring the seconds watched up to what the wall clock since
 * the viewing started allows (plus WATCH_SLACK_SEC), never past the stored `durationSec`. A
 * viewing ends VIEWING_MAX_SEC after it started (its URL has expired); the next report starts
 * a new one. So a playback URL handed out long ago, or a claim with no playback before it,
 * earns nothing. The ratio uses the stored duration, never the client's `totalSeconds`, and
 * the client's `state` does not complete a video. Other blocks complete by an explicit
 * mark-as-read. A completed block stays completed.
 */
export function nextBlockProgress(block: ContentBlock, previous: BlockProgress | undefined, report: BlockReport, now: Date): BlockProgress {
  if (block.type === "video") return judgeWatch(block.id, block.durationSec ?? 0, previous, report, now);
  const done = previous?.state === "completed" || report.state === "completed";
  return { blockId: block.id, state: done ? "completed" : "in_progress", secondsWatched: 0, totalSeconds: 0, lastReportAt: now.toISOString() };
}

/**
 * The watch rules of a video (above) on their own: the one judge of coverage for video blocks
 * and for anything else the server plays and counts (a webinar's recording, issue 33 item 4).
 */
export function judgeWatch(
  id: string,
  durationSec: number,
  previous: BlockProgress | undefined,
  report: Omit<BlockReport, "blockId" | "state">,
  now: Date,
): BlockProgress {
  const duration = durationSec;
  const watched = previous?.secondsWatched ?? 0;
  const started = previous?.viewingStartedAt ? Date.parse(previous.viewingStartedAt) : null;
  const inViewing = started !== null && (now.getTime() - started) / 1000 <= VIEWING_MAX_SEC;
  const starts = !inViewing && report.startsViewing !== false;
  const viewing = inViewing
    ? { viewingStartedAt: previous!.viewingStartedAt!, viewingBaseSec: previous!.viewingBaseSec ?? watched }
    : starts
      ? { viewingStartedAt: now.toISOString(), viewingBaseSec: watched }
      : {};
  const viewingStartedAt = viewing.viewingStartedAt ?? now.toISOString();
  const base = viewing.viewingBaseSec ?? watched;
  const elapsed = inViewing ? Math.max(0, (now.getTime() - Date.parse(viewingStartedAt)) / 1000) : 0;
  const claimed = Math.max(0, report.secondsWatched ?? 0);
  const credited = inViewing ? Math.min(duration, Math.max(watched, Math.min(claimed, base + elapsed + WATCH_SLACK_SEC))) : Math.min(duration, watched);
  const rounded = Math.round(credited * 100) / 100;
  const done = previous?.state === "completed" || (duration > 0 && rounded / duration >= VIDEO_COMPLETION_RATIO);
  return {
    blockId: id,
    state: done ? "completed" : "in_progress",
    secondsWatched: rounded,
    totalSeconds: duration,
    lastReportAt: now.toISOString(),
    ...viewing,
    ...(previous?.playbackIssuedAt ? { playbackIssuedAt: previous.playbackIssuedAt } : {}),
  };
}

/**
 * The blocks a part's completion waits for: every block except a video that cannot be
 * watched yet (still processing, failed, or with no duration). Text, image and presentation
 * blocks are read; videos watched to VIDEO_COMPLETION_RATIO.
 */
export function requiredBlocks(part: PartNode): ContentBlock[] {
  return part.contentBlocks.filter((b) => b.type !== "video" || (b.state === "ready" && (b.durationSec ?? 0) > 0));
}

/** Whether every required block of the part is completed (a part without required blocks never completes this way). */
export function requiredBlocksDone(part: PartNode, blocks: BlockProgress[]): boolean {
  const required = requiredBlocks(part);
  return required.length > 0 && required.every((b) => blocks.some((p) => p.blockId === b.id && p.state === "completed"));
}

export type MissingBlock = { blockId: string; type: ContentBlock["type"]; secondsLeft: number };

/** The required blocks not completed yet, with the seconds of video still to watch. */
export function missingBlocks(part: PartNode, blocks: BlockProgress[]): MissingBlock[] {
  return requiredBlocks(part)
    .filter((b) => !blocks.some((p) => p.blockId === b.id && p.state === "completed"))
    .map((b) => ({
      blockId: b.id,
      type: b.type,
      secondsLeft: b.type === "video" ? Math.max(1, secondsLeftToWatch(b.durationSec ?? 0, blocks.find((p) => p.blockId === b.id)?.secondsWatched ?? 0)) : 0,
    }));
}

// ---------------------------------------------------------------------------------
// Writing

export type ReconcileResult = {
  unlockedParts: string[];
  unlockedTopics: string[];
  completedModules: string[];
  completedLevels: string[];
  courseCompleted: boolean;
};

export type EngineDeps = { queue: Queue; now: Date };

/**
 * Derives and writes everything that follows from the stored facts: parts whose level
 * is open and whose prerequisites are completed become available; modules, levels and the
 * course complete; counters, current level and lastActivityAt are set. Completing a level
 * that issues an intermediate certificate, or the course, queues the certificate job and
 * the admin's notice in the same transaction. Idempotent: a rerun finds nothing new.
 */
export async function reconcile(
  tx: DbOrTx,
  deps: EngineDeps,
  enrollment: EnrollmentRow,
  structure: CourseStructure,
  facts: ProgressFacts,
  options: { touch?: boolean } = {},
): Promise<ReconcileResult> {
  const result: ReconcileResult = { unlockedParts: [], unlockedTopics: [], completedModules: [], completedLevels: [], courseCompleted: false };
  const unlockedBefore = new Set(structure.levels.filter((l) => levelUnlocked(structure, facts, l)).map((l) => l.id));

  for (const level of structure.levels) {
    if (!levelUnlocked(structure, facts, level)) break;
    if (!unlockedBefore.has(level.id)) result.unlockedTopics.push(...level.topics.map((t) => t.id));
    for (const topic of level.topics) {
      const module = topic.module;
      if (!module) continue;
      for (const part of module.parts) {
        if (partStateOf(facts, part.id) === "locked" && partMayOpen(structure, facts, part)) {
          result.unlockedParts.push(part.id);
          const row = facts.parts.get(part.id);
          if (row) facts.parts.set(part.id, { ...row, state: "available" });
          else
            facts.parts.set(part.id, {
              id: "",
              enrollmentId: enrollment.id,
              partId: part.id,
              state: "available",
              blockProgress: [],
              startedAt: null,
              completedAt: null,
              updatedAt: deps.now,
            });
        }
      }
      if (!facts.moduleCompletions.has(module.id) && moduleDone(facts, module)) {
        facts.moduleCompletions.set(module.id, deps.now);
        result.completedModules.push(module.id);
      }
    }
    if (
      !facts.levelCompletions.has(level.id) &&
      levelModulesDone(facts, level) &&
      (!level.levelTest?.required || testPassed(facts, level.levelTest)) &&
      unmetRequirements(facts, level).length === 0
    ) {
      facts.levelCompletions.set(level.id, deps.now);
      result.completedLevels.push(level.id);
    }
  }

  if (result.unlockedParts.length > 0) {
    await tx
      .insert(partProgress)
      .values(result.unlockedParts.map((partId) => ({ enrollmentId: enrollment.id, partId, state: "available" as const })))
      .onConflictDoUpdate({
        target: [partProgress.enrollmentId, partProgress.partId],
        set: { state: sql`case when ${partProgress.state} = 'locked' then 'available'::part_state else ${partProgress.state} end` },
      });
  }
  if (result.completedModules.length > 0) {
    await tx
      .insert(moduleCompletions)
      .values(result.completedModules.map((moduleId) => ({ enrollmentId: enrollment.id, moduleId, completedAt: deps.now })))
      .onConflictDoNothing();
  }
  if (result.completedLevels.length > 0) {
    await tx
      .insert(levelCompletions)
      .values(result.completedLevels.map((levelId) => ({ enrollmentId: enrollment.id, levelId, completedAt: deps.now })))
      .onConflictDoNothing();
    for (const levelId of result.completedLevels) {
      // every completed level notifies the admins (spec: Events > Notifications: "when a
      // student completes a course or level"); only a level that issues one starts the
      // intermediate certificate (docs/decisions/learning/learning.md > Learning: the level notice)
      if (structure.levelById.get(levelId)?.issuesIntermediateCertificate) {
        await deps.queue.enqueue(tx, "certificates.issue", { enrollmentId: enrollment.id, type: "intermediate", levelId });
      }
      await deps.queue.enqueue(tx, "mail.send", { kind: "completion_notice", enrollmentId: enrollment.id, levelId });
    }
  }

  const completesCourse = enrollment.state === "active" && courseDone(structure, facts);
  if (completesCourse) {
    result.courseCompleted = true;
    await deps.queue.enqueue(tx, "certificates.issue", { enrollmentId: enrollment.id, type: "final", levelId: null });
    await deps.queue.enqueue(tx, "mail.send", { kind: "completion_notice", enrollmentId: enrollment.id, levelId: null });
  }

  const changed = result.unlockedParts.length + result.completedModules.length + result.completedLevels.length > 0 || completesCourse;
  if (changed || options.touch) {
    // the enrollment's own columns are the enrollments area's to write
    await recordProgress(tx, enrollment.id, {
      progress: progressCounters(structure, facts, options.touch ? deps.now.toISOString() : enrollment.progress.lastActivityAt),
      currentLevelId: currentLevel(structure, facts)?.id ?? null,
      completed: completesCourse,
      now: deps.now,
    });
  }
  return result;
}

/** The enrollment's progress counters as the facts stand. */
export function progressCounters(structure: CourseStructure, facts: ProgressFacts, lastActivityAt: string | null): EnrollmentRow["progress"] {
  return {
    completedModules: facts.moduleCompletions.size,
    totalModules: structure.moduleById.size,
    completedLevels: facts.levelCompletions.size,
    totalLevels: structure.levels.length,
    lastActivityAt,
  };
}

/** Writes one part's progress row (state, blocks, timestamps). */
export async function savePartProgress(
  tx: DbOrTx,
  enrollmentId: string,
  partId: string,
  values: { state: PartState; blockProgress: BlockProgress[]; startedAt: Date | null; completedAt: Date | null; now: Date },
): Promise<void> {
  await tx
    .insert(partProgress)
    .values({ enrollmentId, partId, state: values.state, blockProgress: values.blockProgress, startedAt: values.startedAt, completedAt: values.completedAt })
    .onConflictDoUpdate({
      target: [partProgress.enrollmentId, partProgress.partId],
      set: { state: values.state, blockProgress: values.blockProgress, startedAt: values.startedAt, completedAt: values.completedAt, updatedAt: values.now },
    });
}

export type TestGate = {
  placement: "part" | "level" | "course";
  /** the test may be started as far as progress goes (see partTestAvailable & co.) */
  available: boolean;
  part: PartNode | null;
  level: LevelNode | null;
};

/** Where a test sits in the course version and whether progress allows starting it; null when it sits nowhere. */
export function testGate(structure: CourseStructure, facts: ProgressFacts, testId: string): TestGate | null {
  const part = structure.parts.find((p) => p.partTest?.id === testId);
  if (part) return { placement: "part", available: partTestAvailable(facts, part), part, level: structure.levelById.get(part.levelId) ?? null };
  const level = structure.levels.find((l) => l.levelTest?.id === testId);
  if (level) return { placement: "level", available: levelTestAvailable(structure, facts, level), part: null, level };
  if (structure.course.courseTest?.id === testId) return { placement: "course", available: courseTestAvailable(structure, facts), part: null, level: null };
  return null;
}
