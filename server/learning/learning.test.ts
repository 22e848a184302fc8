// The progress engine on a real database (PostgreSQL with TEST_DATABASE_URL, else PGlite)
// with a real pg-boss queue: unlocking, block/part/module/level/course completion, the
// server-judged watch time, idempotent and concurrent updates, versions, access.
// docs/decisions/learning/unlocking-and-progress.md > Unlocking and progress; spec: States and transitions > Part, Course completion.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../db";
import { loadConfig } from "../config";
import { createLogger } from "../log";
import { createUnsignedMediaUrls } from "../video";
import { startJobs, type Jobs } from "../../jobs";
import { openTestDatabase, type OpenTestDatabase } from "../../tests/support/db";
import { enrollIn, recordPassedAttempt, writeLearningCourse, type LearningFixture } from "../../tests/support/learning-fixtures";
import { expireEnrollmentAccess } from "../enrollments";
import * as learning from "./index";
import { getEnrollmentDetail, getLearnView, reconcileEnrollment, type LearningDeps } from "./index";
import { DomainError } from "../kernel/errors";
import { valueOrThrow, type Outcome } from "../kernel/outcome";

let t: OpenTestDatabase;
let jobs: Jobs;
let course: LearningFixture;
const media = createUnsignedMediaUrls();

beforeAll(async () => {
  t = await openTestDatabase();
  jobs = await startJobs(t.handle, loadConfig({ DATABASE_URL: t.url }), createLogger("silent"), { work: false });
  course = await writeLearningCourse(t.db);
});
afterAll(async () => {
  await jobs?.stop();
  await t?.close();
});

let studentSeq = 0;
async function newStudent(fixture = course) {
  const studentId = `p-learn-${++studentSeq}`;
  const enrollmentId = await enrollIn(t.db, fixture, studentId);
  return { studentId, enrollmentId };
}

function deps(now = new Date()): LearningDeps {
  return { db: t.db, queue: jobs.queue, media, now };
}
const at = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);

async function partStates(enrollmentId: string) {
  const rows = await t.db.select().from(schema.partProgress).where(eq(schema.partProgress.enrollmentId, enrollmentId));
  const slugOf = new Map(course.structure.parts.map((p) => [p.id, p.slug]));
  return Object.fromEntries(rows.map((r) => [slugOf.get(r.partId), r.state]));
}

async function jobsFor(enrollmentId: string) {
  const result = await t.db.execute(sql`select name, data from pgboss.job where data->>'enrollmentId' = ${enrollmentId} order by created_on`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { name: string; data: Record<string, unknown> }[];
  return rows.map((r) => ({ name: r.name, ...r.data }) as Record<string, unknown>);
}

// the part reads and writes return an Outcome: these give its value, or throw its refusal
const getPart = async (...a: Parameters<typeof learning.getPart>) => valueOrThrow(await learning.getPart(...a));
const reportProgress = async (...a: Parameters<typeof learning.reportProgress>) => valueOrThrow(await learning.reportProgress(...a));
const startPlayback = async (...a: Parameters<typeof learning.startPlayback>) => valueOrThrow(await learning.startPlayback(...a));

/** The refusal an Outcome-returning use case returned (not threw). */
async function refusal(promise: Promise<Outcome<unknown>>): Promise<DomainError> {
  const outcome = await promise;
  if (outcome.ok) throw new Error("expected a refusal");
  return outcome.error;
}

async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a DomainError");
}

const complete = (s: { studentId: string }, slug: string, now = new Date()) =>
  reportProgress(deps(now), s.studentId, course.part(slug).id, { markPartCompleted: true });

describe("initial split and unlocking", () => {
  it("opens the first level's parts without prerequisites and locks the rest", async () => {
    const s = await newStudent();
    expect(await partStates(s.enrollmentId)).toEqual({ a1: "available", a2: "locked", a3: "available", b1: "available", c1: "locked" });
    const view = await getLearnView(deps(), s.studentId, course.slug);
    expect(view.levels.map((l) => l.state)).toEqual(["available", "locked"]);
    expect(view.levels[0].topics[0].module!.parts.map((p) => p.state)).toEqual(["available", "locked", "available"]);
    expect(view.progress).toMatchObject({ completedModules: 0, totalModules: 3, completedLevels: 0, totalLevels: 2 });
  });

  it("unlocks a part when its prerequisite completes, and a locked part is refused", async () => {
    const s = await newStudent();
    const locked = await refusal(learning.getPart(deps(), s.studentId, course.part("a2").id));
    expect(locked.code).toBe("part_locked");
    const lockedWrite = await refusal(learning.reportProgress(deps(), s.studentId, course.part("a2").id, { markPartCompleted: true }));
    expect(lockedWrite.code).toBe("part_locked");

    const answer = await complete(s, "a1");
    expect(answer).toMatchObject({ ok: true, partState: "completed", moduleCompleted: false, unlockedParts: [course.part("a2").id] });
    expect((await partStates(s.enrollmentId)).a2).toBe("available");
    expect((await getPart(deps(), s.studentId, course.part("a2").id)).progress.state).toBe("available");
  });

  it("enters in_progress on the first block update and completes when every block is read", async () => {
    const s = await newStudent();
    const a2 = course.part("a2");
    await complete(s, "a1");
    const first = await reportProgress(deps(), s.studentId, a2.id, { blockId: a2.blocks[0].id, state: "completed" });
    // a2 has one text block: reading it completes the part
    expect(first.partState).toBe("completed");
    const b1 = course.part("b1");
    const s2 = await newStudent();
    const progress = await reportProgress(deps(), s2.studentId, b1.id, { blockId: b1.blocks[0].id, state: "in_progress" });
    expect(progress.partState).toBe("in_progress");
    expect((await getLearnView(deps(), s2.studentId, course.slug)).levels[0].state).toBe("in_progress");
  });
});

describe("video blocks are judged on the server", () => {
  const video = () => course.part("a1").blocks[1].id;

  // docs/decisions/learning/completion-that-means-study.md > Completion that means study: a viewing starts when playing starts
  // (startPlayback: the browser fetched the video) and earns nothing itself
  const play = (s: { studentId: string }, now: Date) => startPlayback(deps(now), s.studentId, course.part("a1").id, video());

  it("completes at a watched ratio of 0.9 of the stored duration, not at 0.89 (the client's state and totalSeconds count for nothing)", async () => {
    const s = await newStudent();
    const t0 = new Date("2026-06-01T10:00:00Z");
    await play(s, t0);
    const at89 = await reportProgress(deps(at(t0, 200)), s.studentId, course.part("a1").id, { blockId: video(), secondsWatched: 89, state: "completed" });
    expect(at89.block).toMatchObject({ state: "in_progress", secondsWatched: 89, totalSeconds: 100 });
    const at90 = await reportProgress(deps(at(t0, 201)), s.studentId, course.part("a1").id, { blockId: video(), secondsWatched: 90, totalSeconds: 9 });
    expect(at90.block).toMatchObject({ state: "completed", secondsWatched: 90, totalSeconds: 100 });
  });

  it("credits no more than the wall-clock time since playing started plus slack, never backwards", async () => {
    const s = await newStudent();
    const t0 = new Date("2026-06-01T10:00:00Z");
    await play(s, t0);
    const jump = await reportProgress(deps(at(t0, 10)), s.studentId, course.part("a1").id, { blockId: video(), secondsWatched: 100, state: "completed" });
    expect(jump.block).toMatchObject({ state: "in_progress", secondsWatched: 15 }); // 10 s + 5 s slack
    const next = await reportProgress(deps(at(t0, 20)), s.studentId, course.part("a1").id, { blockId: video(), secondsWatched: 100 });
    expect(next.block!.secondsWatched).toBe(25);
    const back = await reportProgress(deps(at(t0, 21)), s.studentId, course.part("a1").id, { blockId: video(), secondsWatched: 3 });
    expect(back.block!.secondsWatched).toBe(25);
  });

  it("an old URL earns nothing: the clock starts at the first playback the server sees, not when the URL was handed out", async () => {
    const s = await newStudent();
    const t0 = new Date("2026-06-01T10:00:00Z");
    await getPart(deps(t0), s.studentId, course.part("a1").id); // the playback URL is handed out at t0
    const late = await reportProgress(deps(at(t0, 3600)), s.studentId, course.part("a1").id, { blockId: video(), secondsWatched: 95, state: "completed" });
    expect(late.block).toMatchObject({ state: "in_progress", secondsWatched: 0 });
    // that report started the viewing: from there on the wall clock counts
    const on = await reportProgress(deps(at(t0, 3630)), s.studentId, course.part("a1").id, { blockId: video(), secondsWatched: 95 });
    expect(on.block!.secondsWatched).toBe(35);
    // a viewing ends with its URL (6 h): a report after that starts a new one and earns nothing
    const stale = await reportProgress(deps(at(t0, 3600 + 7 * 3600)), s.studentId, course.part("a1").id, { blockId: video(), secondsWatched: 100 });
    expect(stale.block).toMatchObject({ state: "in_progress", secondsWatched: 35 });
  });

  it("a report without any playback before it gets nothing", async () => {
    const s = await newStudent();
    const answer = await reportProgress(deps(), s.studentId, course.part("a1").id, { blockId: video(), secondsWatched: 95 });
    expect(answer.block).toMatchObject({ state: "in_progress", secondsWatched: 0 });
  });

  it("an unknown block is 422 validation naming blockId", async () => {
    const s = await newStudent();
    const error = await refusal(learning.reportProgress(deps(), s.studentId, course.part("a1").id, { blockId: "nope", state: "completed" }));
    expect(error.code).toBe("validation");
    expect(error.details).toEqual([expect.objectContaining({ path: "blockId" })]);
  });
});

describe("modules, levels and the course", () => {
  it("a module with a required part test completes only when the test is passed", async () => {
    const s = await newStudent();
    const answer = await complete(s, "b1");
    expect(answer.moduleCompleted).toBe(false);
    const before = await getPart(deps(), s.studentId, course.part("b1").id);
    expect(before.partTest).toEqual({ id: course.part("b1").testId, required: true, available: true });

    await recordPassedAttempt(t.db, s.enrollmentId, course.part("b1").testId!, s.studentId);
    const result = await t.db.transaction((tx) => reconcileEnrollment(tx, { queue: jobs.queue, now: new Date() }, s.enrollmentId));
    expect(result.completedModules).toEqual([course.structure.parts.find((p) => p.slug === "b1")!.moduleId]);
  });

  it("completing level 1 unlocks level 2 and queues the intermediate certificate and the admin's notice", async () => {
    const s = await newStudent();
    await complete(s, "a1");
    await recordPassedAttempt(t.db, s.enrollmentId, course.part("b1").testId!, s.studentId);
    await complete(s, "b1");
    const last = await complete(s, "a2");
    const level1 = course.structure.levels[0];
    const level2 = course.structure.levels[1];
    expect(last).toMatchObject({
      moduleCompleted: true,
      moduleId: level1.topics[0].module!.id,
      levelCompleted: true,
      unlockedParts: [course.part("c1").id],
      unlockedTopics: [level2.topics[0].id],
    });
    const view = await getLearnView(deps(), s.studentId, course.slug);
    expect(view.levels.map((l) => l.state)).toEqual(["completed", "available"]);
    expect(view.progress).toMatchObject({ currentLevelId: level2.id, completedModules: 2, completedLevels: 1 });
    expect(view.levels[1].levelTest).toEqual({ id: course.levelTestId, required: true, available: false });
    expect(await jobsFor(s.enrollmentId)).toEqual([
      { name: "certificates.issue", enrollmentId: s.enrollmentId, type: "intermediate", levelId: level1.id },
      { name: "mail.send", kind: "completion_notice", enrollmentId: s.enrollmentId, levelId: level1.id },
    ]);
  });

  it("level 2 waits for its level test, the course for the course test; then the enrollment is completed", async () => {
    const s = await newStudent();
    await recordPassedAttempt(t.db, s.enrollmentId, course.part("b1").testId!, s.studentId);
    for (const slug of ["a1", "a2", "b1"]) await complete(s, slug);
    const c1 = await complete(s, "c1");
    expect(c1).toMatchObject({ moduleCompleted: true, levelCompleted: false, courseCompleted: false });
    let view = await getLearnView(deps(), s.studentId, course.slug);
    expect(view.levels[1].levelTest!.available).toBe(true);
    expect(view.courseTest).toEqual({ id: course.courseTestId, required: true, available: false });

    await recordPassedAttempt(t.db, s.enrollmentId, course.levelTestId, s.studentId);
    await t.db.transaction((tx) => reconcileEnrollment(tx, { queue: jobs.queue, now: new Date() }, s.enrollmentId));
    view = await getLearnView(deps(), s.studentId, course.slug);
    expect(view.levels.map((l) => l.state)).toEqual(["completed", "completed"]);
    // level 2 issues no intermediate certificate, yet the admins hear of it (spec: Events >
    // Notifications: every course or level completion)
    const level2 = course.structure.levels[1];
    const afterLevel2 = await jobsFor(s.enrollmentId);
    expect(afterLevel2).toContainEqual({ name: "mail.send", kind: "completion_notice", enrollmentId: s.enrollmentId, levelId: level2.id });
    expect(afterLevel2.filter((j) => j.name === "certificates.issue" && j.levelId === level2.id)).toEqual([]);
    expect(view.courseTest!.available).toBe(true);
    expect(view.courseCompleted).toBe(false);

    await recordPassedAttempt(t.db, s.enrollmentId, course.courseTestId, s.studentId);
    const done = await t.db.transaction((tx) => reconcileEnrollment(tx, { queue: jobs.queue, now: new Date() }, s.enrollmentId));
    expect(done.courseCompleted).toBe(true);
    const [row] = await t.db.select().from(schema.enrollments).where(eq(schema.enrollments.id, s.enrollmentId));
    expect(row.state).toBe("completed");
    expect(row.completedAt).not.toBeNull();
    const detail = await getEnrollmentDetail(t.db, s.studentId, s.enrollmentId);
    expect(detail.courseCompleted).toBe(true);
    expect(detail.levelCompletions).toHaveLength(2);
    const queued = await jobsFor(s.enrollmentId);
    expect(queued.filter((j) => j.name === "certificates.issue" && j.type === "final")).toHaveLength(1);
    // a completed enrollment still reads its course
    expect((await getLearnView(deps(), s.studentId, course.slug)).enrollment.state).toBe("completed");
  });
});

describe("idempotent and concurrent updates", () => {
  it("a double submit of the same completion changes nothing the second time", async () => {
    const s = await newStudent();
    const first = await complete(s, "a1");
    const second = await complete(s, "a1");
    expect(first.unlockedParts).toHaveLength(1);
    expect(second).toMatchObject({ partState: "completed", unlockedParts: [] });
    const rows = await t.db
      .select()
      .from(schema.partProgress)
      .where(and(eq(schema.partProgress.enrollmentId, s.enrollmentId), eq(schema.partProgress.partId, course.part("a1").id)));
    expect(rows).toHaveLength(1);
  });

  it("parallel updates of one enrollment lose no completion", async () => {
    const s = await newStudent();
    await recordPassedAttempt(t.db, s.enrollmentId, course.part("b1").testId!, s.studentId);
    await complete(s, "a1");
    // the last two required parts of level 1 at once, each repeated: whichever commits
    // last must see the other's completion and complete the level exactly once
    await Promise.all([complete(s, "a2"), complete(s, "b1"), complete(s, "a2"), complete(s, "b1"), complete(s, "a3")]);
    const states = await partStates(s.enrollmentId);
    expect(states).toMatchObject({ a1: "completed", a2: "completed", a3: "completed", b1: "completed", c1: "available" });
    const levels = await t.db.select().from(schema.levelCompletions).where(eq(schema.levelCompletions.enrollmentId, s.enrollmentId));
    expect(levels).toHaveLength(1);
    const modules = await t.db.select().from(schema.moduleCompletions).where(eq(schema.moduleCompletions.enrollmentId, s.enrollmentId));
    expect(modules).toHaveLength(2);
    const [row] = await t.db.select().from(schema.enrollments).where(eq(schema.enrollments.id, s.enrollmentId));
    expect(row.progress).toMatchObject({ completedModules: 2, completedLevels: 1 });
    expect((await jobsFor(s.enrollmentId)).filter((j) => j.name === "certificates.issue")).toHaveLength(1);
  });
});

describe("versions, ownership and access", () => {
  it("an enrollment on an archived version keeps learning that version", async () => {
    const v1 = await writeLearningCourse(t.db, { slug: `verzie-${Date.now()}`, state: "archived", version: 1 });
    const s = await newStudent(v1);
    const v2 = await writeLearningCourse(t.db, { slug: v1.slug, state: "published", version: 2 });
    const view = await getLearnView(deps(), s.studentId, v1.slug);
    expect(view.course).toMatchObject({ _id: v1.courseId, version: 1 });
    expect(view.levels[0]._id).toBe(v1.structure.levels[0].id);
    const answer = await reportProgress(deps(), s.studentId, v1.part("a1").id, { markPartCompleted: true });
    expect(answer.partState).toBe("completed");
    // the new version's parts are not this enrollment's
    expect((await refusal(learning.getPart(deps(), s.studentId, v2.part("a1").id))).code).toBe("no_enrollment");
  });

  it("someone else's enrollment is 404; a course without enrollment is 403 no_enrollment; an unknown slug 404", async () => {
    const s = await newStudent();
    expect((await rejection(getEnrollmentDetail(t.db, "p-someone-else", s.enrollmentId))).code).toBe("not_found");
    expect((await rejection(getLearnView(deps(), "p-someone-else", course.slug))).code).toBe("no_enrollment");
    expect((await refusal(learning.getPart(deps(), "p-someone-else", course.part("a1").id))).code).toBe("no_enrollment");
    expect((await rejection(getLearnView(deps(), s.studentId, "neexistuje"))).code).toBe("not_found");
  });

  it("an expired access is refused and the enrollment becomes expired; the sweep moves the rest", async () => {
    const studentId = "p-learn-expiring";
    const enrollmentId = await enrollIn(t.db, course, studentId, { accessExpiresAt: new Date(Date.now() - 1000) });
    const error = await rejection(getLearnView(deps(), studentId, course.slug));
    expect(error.code).toBe("no_enrollment");
    const [row] = await t.db.select().from(schema.enrollments).where(eq(schema.enrollments.id, enrollmentId));
    expect(row.state).toBe("expired");

    const other = await enrollIn(t.db, course, "p-learn-sweep", { accessExpiresAt: new Date(Date.now() - 1000) });
    const fresh = await enrollIn(t.db, course, "p-learn-fresh", { accessExpiresAt: new Date(Date.now() + 86_400_000) });
    expect(await expireEnrollmentAccess(t.db)).toBeGreaterThanOrEqual(1);
    const state = async (id: string) => (await t.db.select().from(schema.enrollments).where(eq(schema.enrollments.id, id)))[0].state;
    expect(await state(other)).toBe("expired");
    expect(await state(fresh)).toBe("active");
    expect(await expireEnrollmentAccess(t.db)).toBe(0);
  });

  it("cancelled and suspended enrollments have no access", async () => {
    const a = await newStudent();
    await t.db.update(schema.enrollments).set({ state: "cancelled" }).where(eq(schema.enrollments.id, a.enrollmentId));
    expect((await rejection(getLearnView(deps(), a.studentId, course.slug))).code).toBe("no_enrollment");
    const b = await newStudent();
    await t.db.update(schema.enrollments).set({ suspendedAt: new Date() }).where(eq(schema.enrollments.id, b.enrollmentId));
    expect((await refusal(learning.reportProgress(deps(), b.studentId, course.part("a1").id, { markPartCompleted: true }))).code).toBe("no_enrollment");
  });
});
