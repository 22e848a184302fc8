// One next step everywhere and completion that means study (issue 29, items 2 and 4;
// docs/decisions/learning/one-next-step-everywhere.md > One next step everywhere, Completion that means study), on a real
// database with a real pg-boss queue:
// - a table-driven walk through both demo courses (Riadenie športového klubu v2, Financie a
//   granty v športe): at every transition the next step is the expected one, it can be
//   opened, and the one progress measure grows and reaches 100 % only at the finish;
// - the part page's finish rule: required blocks (text read, video watched to 0.9 of
//   playback the server has seen), an old URL earns nothing, manual completion for parts
//   without required blocks, the spec's markPartCompleted unchanged on the API.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { createLogger } from "../log";
import { createUnsignedMediaUrls } from "../video";
import { writeCourseTree } from "../authoring";
import { demoCatalog } from "../seed";
import { startJobs, type Jobs } from "../../jobs";
import { openTestDatabase, type OpenTestDatabase } from "../../tests/support/db";
import { enrollIn, recordPassedAttempt, writeLearningCourse, type LearningFixture } from "../../tests/support/learning-fixtures";
import * as learning from "./index";
import { getLearnView, getStudyPosition, loadCourseStructure, reconcileEnrollment, type LearningDeps, type NextStep } from "./index";
import { valueOrThrow } from "../kernel/outcome";

// the part reads and writes return an Outcome: these give its value, or throw its refusal
const getPart = async (...a: Parameters<typeof learning.getPart>) => valueOrThrow(await learning.getPart(...a));
const reportProgress = async (...a: Parameters<typeof learning.reportProgress>) => valueOrThrow(await learning.reportProgress(...a));
const startPlayback = async (...a: Parameters<typeof learning.startPlayback>) => valueOrThrow(await learning.startPlayback(...a));
const finishPart = async (...a: Parameters<typeof learning.finishPart>) => valueOrThrow(await learning.finishPart(...a));

let t: OpenTestDatabase;
let jobs: Jobs;
const media = createUnsignedMediaUrls();
const deps = (now: Date): LearningDeps => ({ db: t.db, queue: jobs.queue, media, now });
const at = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);
let seq = 0;

let riadenie: { id: string; slug: string };
let financie: { id: string; slug: string };
let fixture: LearningFixture;

beforeAll(async () => {
  t = await openTestDatabase();
  jobs = await startJobs(t.handle, loadConfig({ DATABASE_URL: t.url }), createLogger("silent"), { work: false });
  const c = demoCatalog();
  const v1 = await t.db.transaction((tx) => writeCourseTree(tx, c.riadenieV1));
  riadenie = { id: await t.db.transaction((tx) => writeCourseTree(tx, c.riadenieV2(v1))), slug: c.riadenieV2(v1).slug };
  financie = { id: await t.db.transaction((tx) => writeCourseTree(tx, c.financie)), slug: c.financie.slug };
  fixture = await writeLearningCourse(t.db, { slug: "dokoncenie-studiom" });
}, 120_000);
afterAll(async () => {
  await jobs?.stop();
  await t?.close();
});

const label = (step: NextStep) => (step.kind === "part" ? `časť: ${step.title}` : step.kind === "test" ? `${step.placement} test: ${step.title}` : step.kind);

/**
 * Walks a course as a student who always takes the next step: a part is played through
 * (each video watched in a viewing the server saw) and finished with the part page's
 * button; a test is passed. Returns the steps in order; asserts at every transition that
 * the step can be opened, that the progress measure never falls and is 100 % only at the end.
 */
async function walk(course: { id: string; slug: string }) {
  const studentId = `p-walk-${++seq}`;
  const enrollmentId = await enrollIn(t.db, { courseId: course.id, slug: course.slug }, studentId);
  const structure = (await loadCourseStructure(t.db, course.id))!;
  let clock = new Date("2026-06-01T08:00:00Z");
  const steps: string[] = [];
  let done = -1;
  for (let i = 0; i < 100; i++) {
    const position = await getStudyPosition(deps(clock), studentId, course.slug);
    const step = position.next;
    steps.push(label(step));
    expect(position.progress.done, `progress never falls (${label(step)})`).toBeGreaterThanOrEqual(done);
    done = position.progress.done;
    if (step.kind === "finish") {
      expect(position.progress).toEqual({ done: position.progress.total, total: position.progress.total, percent: 100 });
      break;
    }
    expect(position.progress.percent, `below 100 % before the finish (${label(step)})`).toBeLessThan(100);
    const view = await getLearnView(deps(clock), studentId, course.slug);
    if (step.kind === "part") {
      const part = structure.partById.get(step.partId)!;
      const shown = view.levels.flatMap((l) => l.topics.flatMap((tp) => tp.module?.parts ?? [])).find((p) => p._id === part.id)!;
      expect(["available", "in_progress"], `the step ${step.title} is open`).toContain(shown.state);
      // playing each video through, then the one button
      for (const block of part.contentBlocks) {
        if (block.type !== "video" || block.state !== "ready") continue;
        await startPlayback(deps(clock), studentId, part.id, block.id);
        clock = at(clock, block.durationSec ?? 0);
      }
      const answer = await finishPart(deps(clock), studentId, part.id);
      expect(answer.partState, `${step.title} completes`).toBe("completed");
      expect(answer.missing).toEqual([]);
    } else if (step.kind === "test") {
      const tests = [
        ...view.levels.flatMap((l) => l.topics.flatMap((tp) => (tp.module?.parts ?? []).map((p) => p.partTest))),
        ...view.levels.map((l) => l.levelTest),
        view.courseTest,
      ];
      expect(
        tests.find((x) => x?.id === step.testId),
        `the test ${step.title} may be started`,
      ).toMatchObject({ required: true, available: true });
      await recordPassedAttempt(t.db, enrollmentId, step.testId, studentId);
      await t.db.transaction((tx) => reconcileEnrollment(tx, { queue: jobs.queue, now: clock }, enrollmentId));
    } else {
      throw new Error(`no next step before the finish (after ${steps.join(" → ")})`);
    }
    clock = at(clock, 60);
  }
  return steps;
}

describe("the next step through both demo courses (table-driven walk)", () => {
  const table: { course: () => { id: string; slug: string }; steps: string[] }[] = [
    {
      course: () => riadenie,
      // the optional part "Deľba zodpovedností vo výbore" is never the next step; no course test
      steps: [
        "časť: Prečo váš klub existuje",
        "časť: Vízia na päť rokov",
        "part test: Kontrolný test: poslanie a vízia",
        "časť: Stanovy a orgány klubu",
        "level test: Test úrovne: Základy riadenia",
        "časť: Zostavenie ročného rozpočtu",
        "part test: Kontrolný test: rozpočet",
        "časť: Cash-flow počas sezóny",
        "časť: Práca s dobrovoľníkmi",
        "level test: Test úrovne: Financie a ľudia",
        "časť: Ponuka pre partnera",
        "časť: Komunikačný plán na sezónu",
        "level test: Test úrovne: Strategický rozvoj",
        "finish",
      ],
    },
    {
      course: () => financie,
      // the course test is the last step; the finish only after it
      steps: ["časť: Príspevok uznanému športu", "časť: Dotácie obcí a VÚC", "časť: Doklady a termíny", "course test: Záverečný test kurzu", "finish"],
    },
  ];

  for (const row of table) {
    it(`walks ${row.steps.length > 0 ? row.steps[0] : "the course"} … to the finish page`, async () => {
      const steps = await walk(row.course());
      expect(steps).toEqual(row.steps);
    });
  }
});

describe("the next step's rules", () => {
  it("never an optional part while a required one waits; a required test as soon as its part is done; then the level test", async () => {
    const studentId = `p-rules-${++seq}`;
    const enrollmentId = await enrollIn(t.db, fixture, studentId);
    const now = new Date("2026-06-02T08:00:00Z");
    const next = async () => (await getStudyPosition(deps(now), studentId, fixture.slug)).next;
    expect(await next()).toMatchObject({ kind: "part", partId: fixture.part("a1").id, started: false, required: true });
    // the API's manual completion (the spec's markPartCompleted) moves the step on as well
    for (const slug of ["a1", "a2"]) await reportProgress(deps(now), studentId, fixture.part(slug).id, { markPartCompleted: true });
    // a3 is optional and open: never the step; b1 is
    expect(await next()).toMatchObject({ kind: "part", partId: fixture.part("b1").id });
    await reportProgress(deps(now), studentId, fixture.part("b1").id, { markPartCompleted: true });
    expect(await next()).toEqual({
      kind: "test",
      testId: fixture.part("b1").testId,
      title: "Test B1",
      placement: "part",
      partId: fixture.part("b1").id,
      levelId: fixture.structure.levels[0].id,
    });
    await recordPassedAttempt(t.db, enrollmentId, fixture.part("b1").testId!, studentId);
    await t.db.transaction((tx) => reconcileEnrollment(tx, { queue: jobs.queue, now }, enrollmentId));
    // level 1 completed (its intermediate certificate is named by the level end)
    const position = await getStudyPosition(deps(now), studentId, fixture.slug);
    expect(position.lastCompletedLevel).toMatchObject({ id: fixture.structure.levels[0].id, issuesIntermediateCertificate: true, last: false });
    expect(position.next).toMatchObject({ kind: "part", partId: fixture.part("c1").id });
    await reportProgress(deps(now), studentId, fixture.part("c1").id, { markPartCompleted: true });
    expect(await next()).toMatchObject({ kind: "test", testId: fixture.levelTestId, placement: "level" });
    await recordPassedAttempt(t.db, enrollmentId, fixture.levelTestId, studentId);
    await t.db.transaction((tx) => reconcileEnrollment(tx, { queue: jobs.queue, now }, enrollmentId));
    const before = await getStudyPosition(deps(now), studentId, fixture.slug);
    expect(before.next).toMatchObject({ kind: "test", testId: fixture.courseTestId, placement: "course" });
    // every part and level done, the required course test not: not 100 %
    expect(before.progress).toEqual({ done: 6, total: 7, percent: 85 });
    await recordPassedAttempt(t.db, enrollmentId, fixture.courseTestId, studentId);
    await t.db.transaction((tx) => reconcileEnrollment(tx, { queue: jobs.queue, now }, enrollmentId));
    const after = await getStudyPosition(deps(now), studentId, fixture.slug);
    expect(after.next).toEqual({ kind: "finish" });
    expect(after.progress).toEqual({ done: 7, total: 7, percent: 100 });
  });

  it("a required part still locked leads to the open part it waits for", async () => {
    const studentId = `p-rules-${++seq}`;
    await enrollIn(t.db, fixture, studentId);
    const now = new Date("2026-06-02T08:00:00Z");
    await reportProgress(deps(now), studentId, fixture.part("a1").id, { blockId: fixture.part("a1").blocks[0].id, state: "completed" });
    // a1 is in progress (a2, locked, waits for it): the step says "continue"
    expect((await getStudyPosition(deps(now), studentId, fixture.slug)).next).toMatchObject({ kind: "part", partId: fixture.part("a1").id, started: true });
  });
});

describe("a part completes when its required blocks are done (the part page's one button)", () => {
  const a1 = () => fixture.part("a1");
  const video = () => a1().blocks.find((b) => b.type === "video")!.id;
  const text = () => a1().blocks.find((b) => b.type === "text")!.id;
  const student = async () => {
    const studentId = `p-finish-${++seq}`;
    const enrollmentId = await enrollIn(t.db, fixture, studentId);
    return { studentId, enrollmentId };
  };

  it("reads the text but refuses while the video is unwatched, saying what is missing", async () => {
    const s = await student();
    const t0 = new Date("2026-06-03T08:00:00Z");
    const answer = await finishPart(deps(t0), s.studentId, a1().id);
    expect(answer).toMatchObject({ partState: "in_progress", moduleCompleted: false, unlockedParts: [] });
    expect(answer.missing).toEqual([{ blockId: video(), type: "video", secondsLeft: 90 }]);
    const part = await getPart(deps(t0), s.studentId, a1().id);
    expect(part.progress.blockProgress).toEqual([
      { blockId: text(), state: "completed", secondsWatched: 0, totalSeconds: 0 },
      { blockId: video(), state: "in_progress", secondsWatched: 0, totalSeconds: 100 },
    ]);
    // nothing after it moved: a2 stays locked
    expect((await getLearnView(deps(t0), s.studentId, fixture.slug)).levels[0].topics[0].module!.parts.map((p) => p.state)).toEqual([
      "in_progress",
      "locked",
      "available",
    ]);
  });

  it("an old URL earns nothing: the URL handed out an hour ago and a press of the button credit no video", async () => {
    const s = await student();
    const t0 = new Date("2026-06-03T08:00:00Z");
    await getPart(deps(t0), s.studentId, a1().id); // the page with its signed URL, never played
    const first = await finishPart(deps(at(t0, 3600)), s.studentId, a1().id);
    expect(first.partState).toBe("in_progress");
    // the button's claim is no playback: it starts no viewing, so pressing again later earns nothing either
    const again = await finishPart(deps(at(t0, 7200)), s.studentId, a1().id);
    expect(again).toMatchObject({ partState: "in_progress", missing: [{ blockId: video(), type: "video", secondsLeft: 90 }] });
  });

  it("coverage below 0.9 is refused; at 0.9 of the playback the server saw the part completes and opens the next", async () => {
    const s = await student();
    const t0 = new Date("2026-06-03T08:00:00Z");
    await startPlayback(deps(t0), s.studentId, a1().id, video());
    const short = await finishPart(deps(at(t0, 80)), s.studentId, a1().id); // 80 s + 5 s slack = 0.85
    expect(short).toMatchObject({ partState: "in_progress", missing: [{ blockId: video(), type: "video", secondsLeft: 5 }] });
    const done = await finishPart(deps(at(t0, 86)), s.studentId, a1().id); // 86 s + 5 s = 0.91
    expect(done).toMatchObject({ partState: "completed", missing: [], unlockedParts: [fixture.part("a2").id] });
  });

  it("a part with text only completes at once: reaching the end and pressing the button is the mark-as-read", async () => {
    const s = await student();
    await reportProgress(deps(new Date()), s.studentId, a1().id, { markPartCompleted: true });
    const answer = await finishPart(deps(new Date()), s.studentId, fixture.part("a2").id);
    expect(answer).toMatchObject({ partState: "completed", missing: [] });
  });

  it("the spec's manual completion stays: markPartCompleted on the API completes even an unwatched video part", async () => {
    const s = await student();
    const answer = await reportProgress(deps(new Date()), s.studentId, a1().id, { markPartCompleted: true });
    expect(answer).toMatchObject({ partState: "completed", unlockedParts: [fixture.part("a2").id] });
  });
});

describe("parts without required blocks complete manually", () => {
  it("a part with no blocks, and one whose only video is still processing, complete with the button", async () => {
    const course = await t.db.transaction((tx) =>
      writeCourseTree(tx, {
        ...demoCatalog().financie,
        slug: "bez-blokov",
        courseTest: undefined,
        levels: [
          {
            slug: "u1",
            title: "Úroveň",
            estimatedHours: 1,
            topics: [
              {
                slug: "t1",
                title: "Téma",
                iconName: "book",
                estimatedMinutes: 10,
                parts: [
                  { slug: "prazdna", title: "Prázdna", summary: "Bez blokov.", blocks: [] },
                  {
                    slug: "spracuva",
                    title: "Video sa spracúva",
                    summary: "Video nie je pripravené.",
                    blocks: [{ type: "video", state: "waiting", chapters: [] }],
                  },
                ],
              },
            ],
          },
        ],
      }),
    );
    const structure = (await loadCourseStructure(t.db, course))!;
    const studentId = `p-manual-${++seq}`;
    await enrollIn(t.db, { courseId: course, slug: "bez-blokov" }, studentId);
    for (const part of structure.parts) {
      const answer = await finishPart(deps(new Date()), studentId, part.id);
      expect(answer, part.title).toMatchObject({ partState: "completed", missing: [] });
    }
    const position = await getStudyPosition(deps(new Date()), studentId, "bez-blokov");
    expect(position.next).toEqual({ kind: "finish" });
  });
});
