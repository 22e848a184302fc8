// Moving an enrollment's progress to another version of its course (spec: Versioning 8:
// "an admin-only endpoint may migrate an enrollment keeping progress only for parts with
// stable identity (matching slug and structural position); other progress is lost").
// The admin's migration switches the enrollment's courseVersionId (server/enrollments
// moveToCourseVersion) and calls this in the same transaction; the progress records are
// this area's tables.
//
// A part's stable identity is (level order, level slug, topic slug, part slug): the same
// part slug in the same topic of the same level at the same place in the level order.
// Kept parts carry their state, timestamps and the progress of blocks that sit at the same
// place with the same type (a video only when it plays the same asset); completions of
// modules and levels are not copied but derived again by the engine from the kept parts
// (reconcile), and the counters are recomputed for the target version. Test results stay
// with the old version's tests (their attempts keep their history) and count for nothing
// in the target version, whose tests have other ids and possibly other questions.
import { eq } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";
import type { BlockProgress } from "../db/schema/learning";
import { DomainError } from "../kernel/errors";
import { lockEnrollment, recordProgress } from "../enrollments";
import { currentLevel, loadProgressFacts, progressCounters, reconcile, type EngineDeps, type PartProgressRow } from "./engine";
import { preallocatePartProgress } from "./preallocate";
import { loadCourseStructure, type CourseStructure, type PartNode } from "./structure";

const { partProgress, moduleCompletions, levelCompletions } = schema;

export type ProgressMigration = {
  /** parts of the target version that received progress (started or completed) */
  keptPartIds: string[];
  /** parts of the previous version whose progress (started or completed) has no stable counterpart */
  lostPartIds: string[];
};

/** "<level order>/<level slug>/<topic slug>/<part slug>" */
export function stablePartKey(structure: CourseStructure, part: PartNode): string | null {
  const level = structure.levelById.get(part.levelId);
  const topic = structure.topicById.get(part.topicId);
  if (!level || !topic) return null;
  return `${level.orderIndex}/${level.slug}/${topic.slug}/${part.slug}`;
}

/** Block progress of a kept part: entries whose block sits at the same place with the same type. */
function carryBlocks(from: PartNode, to: PartNode, entries: BlockProgress[]): BlockProgress[] {
  const carried: BlockProgress[] = [];
  for (const entry of entries) {
    const index = from.contentBlocks.findIndex((b) => b.id === entry.blockId);
    const before = from.contentBlocks[index];
    const after = to.contentBlocks[index];
    if (!before || !after || before.type !== after.type) continue;
    if (before.type === "video" && after.type === "video" && before.videoPlaybackId !== after.videoPlaybackId) continue;
    carried.push({ ...entry, blockId: after.id });
  }
  return carried;
}

const started = (row: PartProgressRow) => row.state === "in_progress" || row.state === "completed";

/**
 * Replaces the enrollment's progress records with those of `toVersionId` (the enrollment
 * already points at it). Runs in the caller's transaction under the enrollment's row lock.
 */
export async function migrateProgress(
  tx: DbOrTx,
  deps: EngineDeps,
  input: { enrollmentId: string; fromVersionId: string; toVersionId: string },
): Promise<ProgressMigration> {
  const enrollment = await lockEnrollment(tx, input.enrollmentId);
  if (!enrollment) throw new DomainError("not_found");
  if (enrollment.courseVersionId !== input.toVersionId) throw new Error("migrateProgress: the enrollment must point at the target version first");
  const from = await loadCourseStructure(tx, input.fromVersionId);
  const to = await loadCourseStructure(tx, input.toVersionId);
  if (!from || !to) throw new DomainError("not_found", "Verzia kurzu sa nenašla.");

  const targetByKey = new Map<string, PartNode>();
  for (const part of to.parts) {
    const key = stablePartKey(to, part);
    if (key) targetByKey.set(key, part);
  }
  const before = await loadProgressFacts(tx, enrollment.id);
  const kept: { part: PartNode; row: PartProgressRow; blocks: BlockProgress[] }[] = [];
  const lostPartIds: string[] = [];
  // in course order, so the answer lists parts the way the course shows them
  const oldRows = [...before.parts.values()].filter(started);
  const order = new Map(from.parts.map((p, i) => [p.id, i]));
  oldRows.sort((a, b) => (order.get(a.partId) ?? Infinity) - (order.get(b.partId) ?? Infinity));
  for (const row of oldRows) {
    const oldPart = from.partById.get(row.partId);
    const key = oldPart ? stablePartKey(from, oldPart) : null;
    const target = key ? targetByKey.get(key) : undefined;
    if (oldPart && target) kept.push({ part: target, row, blocks: carryBlocks(oldPart, target, row.blockProgress) });
    else lostPartIds.push(row.partId);
  }

  await tx.delete(partProgress).where(eq(partProgress.enrollmentId, enrollment.id));
  await tx.delete(moduleCompletions).where(eq(moduleCompletions.enrollmentId, enrollment.id));
  await tx.delete(levelCompletions).where(eq(levelCompletions.enrollmentId, enrollment.id));
  if (kept.length > 0) {
    await tx.insert(partProgress).values(
      kept.map(({ part, row, blocks }) => ({
        enrollmentId: enrollment.id,
        partId: part.id,
        state: row.state,
        blockProgress: blocks,
        startedAt: row.startedAt,
        completedAt: row.completedAt,
      })),
    );
  }
  // every other part of the target version starts locked or available, then the engine
  // opens what the kept parts unlock and completes what they complete
  await preallocatePartProgress(tx, enrollment.id, to.course.id);
  const facts = await loadProgressFacts(tx, enrollment.id);
  await reconcile(tx, deps, enrollment, to, facts);
  await recordProgress(tx, enrollment.id, {
    progress: progressCounters(to, facts, enrollment.progress.lastActivityAt),
    currentLevelId: currentLevel(to, facts)?.id ?? null,
    now: deps.now,
  });
  return { keptPartIds: kept.map((k) => k.part.id), lostPartIds };
}
