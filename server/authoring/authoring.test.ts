// The admin authoring rules against a real database (PostgreSQL with TEST_DATABASE_URL,
// else PGlite): payload validation, draft-only writes, prerequisites, publish rules one by
// one, versioning, re-publish, delete. HTTP, roles and the contract: tests/integration.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { newId, schema, type Database } from "../db";
import { DomainError } from "../kernel/errors";
import { isOutcome, valueOrThrow } from "../kernel/outcome";
import type { IdpApi } from "../identity";
import { openTestDatabase, type OpenTestDatabase } from "../../tests/support/db";
import {
  archiveCourse,
  CourseCreateRequest,
  CoursePatchRequest,
  createCourse,
  createLevel,
  createModule,
  createNewVersion,
  createPart,
  createQuestion,
  createTest,
  createTopic,
  deleteCourse,
  deleteLevel,
  deletePart,
  getAdminCourseDetail,
  LevelCreateRequest,
  listAdminCourses,
  moveQuestion,
  PartCreateRequest,
  publishCourse,
  QuestionCreateRequest,
  reorderParts,
  softDeleteExpiredVersions,
  TestCreateRequest,
  updateCourse,
  updatePart,
  updateQuestion,
  updateTest,
  type Actor,
} from "./index";

let t: OpenTestDatabase;
let db: Database;
beforeAll(async () => {
  t = await openTestDatabase();
  db = t.db;
});
afterAll(async () => {
  await t?.close();
});

const editor: Actor = { actorId: "p-3001", actorRoles: ["student", "content_manager"], ip: "127.0.0.1" };
const admin: Actor = { actorId: "p-4001", actorRoles: ["student", "admin"], ip: "127.0.0.1" };

const people: Record<string, { displayName: string; avatarUrl: string | null }> = {
  "p-2001": { displayName: "Mgr. Eva Kováčová", avatarUrl: "https://example.test/eva.svg" },
};
const idpApi: IdpApi = {
  getPerson: async (id) => (people[id] ? { id, ...people[id], email: null, roles: [], organizations: [] } : null),
  getOrganization: async () => null,
  getMembership: async () => null,
};
let now = new Date("2026-11-23T10:00:00Z");
const clock = { now: () => now };
const services = { idpApi, clock };

const accreditation = { partnerOrgId: "o-9001", partnerName: "Akreditačný partner", certificateType: "Osvedčenie", accreditationNumber: "AK-1" };

let slugCounter = 0;
const uniqueSlug = (base: string) => `${base}-${++slugCounter}-${Date.now().toString(36)}`;

/** A course that meets every publish rule: one level, topic, module, two parts, a course test. */
async function publishableCourse(slug = uniqueSlug("kurz")) {
  const course = valueOrThrow(
    await createCourse(
      db,
      editor,
      CourseCreateRequest.parse({
        slug,
        title: "Riadenie klubu",
        shortDescription: "Krátko.",
        priceCents: 4900,
        accreditation,
        instructors: ["p-2001"],
        instructorProfiles: [{ personId: "p-2001", title: "lektorka", affiliation: "ŠK Demo" }],
        durationHours: 6,
      }),
    ),
  );
  const level = valueOrThrow(await createLevel(db, editor, course._id, LevelCreateRequest.parse({ slug: "zaklady", title: "Základy", estimatedHours: 3 })));
  const topic = valueOrThrow(await createTopic(db, editor, level._id, { slug: "uvod", title: "Úvod" }));
  const module = valueOrThrow(await createModule(db, editor, topic._id, { estimatedMinutes: 30 }));
  const p1 = valueOrThrow(
    await createPart(db, editor, module._id, PartCreateRequest.parse({ slug: "prva", title: "Prvá", contentBlocks: [{ type: "text", markdown: "Ahoj" }] })),
  );
  const p2 = valueOrThrow(
    await createPart(db, editor, module._id, PartCreateRequest.parse({ slug: "druha", title: "Druhá", prerequisites: [p1._id], requiredForCompletion: false })),
  );
  const test = valueOrThrow(await createTest(db, editor, TestCreateRequest.parse({ courseId: course._id, placement: "course", title: "Záverečný test" })));
  valueOrThrow(
    await createQuestion(
      db,
      editor,
      test._id,
      QuestionCreateRequest.parse({
        text: "Kto?",
        answers: [
          { text: "A", isCorrect: true },
          { text: "B", isCorrect: false },
        ],
      }),
    ),
  );
  return { course, level, topic, module, p1, p2, test };
}

async function courseRow(id: string) {
  const [row] = await db.select().from(schema.courses).where(eq(schema.courses.id, id));
  return row;
}

/** The refusal a use case returned (a refused Outcome) or, not yet converted, threw. */
async function expectDomainError(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    (value) => (isOutcome(value) && !value.ok ? value.error : null),
    (e: unknown) => e,
  );
  expect(error, `expected DomainError ${code}`).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe(code);
  return error as DomainError;
}

async function auditActions(targetId: string) {
  const rows = await db.select().from(schema.auditLog).where(eq(schema.auditLog.targetId, targetId));
  return rows.map((r) => r.action);
}

describe("payloads (zod)", () => {
  const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => r.error?.issues.map((i) => i.path.join(".")) ?? [];

  it("test settings: passingScore 0..1, timeLimitSec > 0, maxAttempts ≥ 1, cooldownMinutes ≥ 0", () => {
    const base = { courseId: newId(), placement: "course" as const, title: "T" };
    expect(TestCreateRequest.safeParse(base).success).toBe(true);
    expect(issues(TestCreateRequest.safeParse({ ...base, passingScore: 1.1 }))).toEqual(["passingScore"]);
    expect(issues(TestCreateRequest.safeParse({ ...base, passingScore: -0.1 }))).toEqual(["passingScore"]);
    expect(issues(TestCreateRequest.safeParse({ ...base, timeLimitSec: 0 }))).toEqual(["timeLimitSec"]);
    expect(issues(TestCreateRequest.safeParse({ ...base, timeLimitSec: 1.5 }))).toEqual(["timeLimitSec"]);
    expect(issues(TestCreateRequest.safeParse({ ...base, maxAttempts: 0 }))).toEqual(["maxAttempts"]);
    expect(issues(TestCreateRequest.safeParse({ ...base, cooldownMinutes: -1 }))).toEqual(["cooldownMinutes"]);
    expect(issues(TestCreateRequest.safeParse({ ...base, placement: "part" }))).toEqual(["partId"]);
    expect(issues(TestCreateRequest.safeParse({ ...base, selectionMode: "random_subset" }))).toEqual(["questionCount"]);
    expect(TestCreateRequest.parse(base)).toMatchObject({ passingScore: 0.7, maxAttempts: 3, cooldownMinutes: 0, required: true });
  });

  it("course: targetAudience within the spec's values, whole-basis-point VAT, strict keys", () => {
    const base = { slug: "novy-kurz", title: "Kurz", shortDescription: "Krátko.", priceCents: 100 };
    expect(CourseCreateRequest.parse(base).currency).toBe("EUR");
    expect(issues(CourseCreateRequest.safeParse({ ...base, targetAudience: ["manager", "coach"] }))).toEqual(["targetAudience.1"]);
    expect(CourseCreateRequest.safeParse({ ...base, targetAudience: ["executive_director", "manager", "founder", "secretary"] }).success).toBe(true);
    expect(issues(CourseCreateRequest.safeParse({ ...base, vatRate: 0.200001 }))).toEqual(["vatRate"]);
    expect(issues(CourseCreateRequest.safeParse({ ...base, slug: "Zlý slug" }))).toEqual(["slug"]);
    expect(issues(CourseCreateRequest.safeParse({ ...base, priceCents: 1.5 }))).toEqual(["priceCents"]);
    expect(issues(CourseCreateRequest.safeParse({ ...base, state: "published" }))).toEqual([""]);
    expect(CoursePatchRequest.safeParse({}).success).toBe(false);
  });

  it("questions: single choice needs exactly one correct answer, text needs accepted answers", () => {
    expect(
      issues(
        QuestionCreateRequest.safeParse({
          text: "?",
          answers: [
            { text: "A", isCorrect: true },
            { text: "B", isCorrect: true },
          ],
        }),
      ),
    ).toEqual(["answers"]);
    expect(issues(QuestionCreateRequest.safeParse({ text: "?", answers: [{ text: "A", isCorrect: true }] }))).toEqual(["answers"]);
    expect(issues(QuestionCreateRequest.safeParse({ type: "text", text: "?" }))).toEqual(["acceptedAnswers"]);
    expect(
      QuestionCreateRequest.safeParse({
        type: "multiple_choice",
        text: "?",
        answers: [
          { text: "A", isCorrect: true },
          { text: "B", isCorrect: true },
        ],
      }).success,
    ).toBe(true);
  });
});

describe("drafts", () => {
  it("creates a draft with its author, an audit row, and refuses a slug in use", async () => {
    const slug = uniqueSlug("novy");
    const course = valueOrThrow(
      await createCourse(db, editor, CourseCreateRequest.parse({ slug, title: "Nový", shortDescription: "K.", priceCents: 100, vatRate: 0.1 })),
    );
    expect(course).toMatchObject({ slug, state: "draft", version: 1, createdBy: "p-3001", vatRate: 0.1, currency: "EUR", levels: [] });
    expect((await courseRow(course._id)).vatRateBp).toBe(1000);
    expect(await auditActions(course._id)).toEqual(["course.create"]);
    await expectDomainError(createCourse(db, editor, CourseCreateRequest.parse({ slug, title: "Iný", shortDescription: "K.", priceCents: 1 })), "slug_taken");
  });

  it("sets courseTestRequired true when a course test is set, and checks the test's placement", async () => {
    const { course, test, p1 } = await publishableCourse();
    valueOrThrow(await updateCourse(db, editor, course._id, { courseTestId: null }));
    valueOrThrow(await updateCourse(db, editor, course._id, { courseTestRequired: false }));
    const updated = valueOrThrow(await updateCourse(db, editor, course._id, { courseTestId: test._id }));
    expect(updated).toMatchObject({ courseTestId: test._id, courseTestRequired: true });
    const partTest = valueOrThrow(
      await createTest(db, editor, TestCreateRequest.parse({ courseId: course._id, placement: "part", partId: p1._id, title: "Test časti" })),
    );
    const error = await expectDomainError(updateCourse(db, editor, course._id, { courseTestId: partTest._id }), "validation");
    expect(error.details).toEqual([expect.objectContaining({ path: "courseTestId" })]);
    expect((await courseRow(course._id)).courseTestId).toBe(test._id);
  });

  it("prerequisites name parts of the same course and make no cycle", async () => {
    const { p1, p2 } = await publishableCourse();
    const other = await publishableCourse();
    // p2 needs p1; p1 needing p2 would be a cycle
    const cycle = await expectDomainError(updatePart(db, editor, p1._id, { prerequisites: [p2._id] }), "validation");
    expect(cycle.details).toEqual([expect.objectContaining({ path: "prerequisites", message: expect.stringContaining("kruh") })]);
    await expectDomainError(updatePart(db, editor, p1._id, { prerequisites: [p1._id] }), "validation");
    const foreign = await expectDomainError(updatePart(db, editor, p1._id, { prerequisites: [other.p1._id] }), "validation");
    expect(foreign.details).toEqual([expect.objectContaining({ path: "prerequisites.0" })]);
    const [row] = await db.select().from(schema.parts).where(eq(schema.parts.id, p1._id));
    expect(row.prerequisites).toEqual([]);
    // deleting p1 removes it from p2's prerequisites
    valueOrThrow(await deletePart(db, editor, p1._id));
    const [after] = await db.select().from(schema.parts).where(eq(schema.parts.id, p2._id));
    expect(after).toMatchObject({ prerequisites: [], orderIndex: 1 });
  });

  it("keeps a video block's provider fields when the editor sends the block back", async () => {
    const { p1 } = await publishableCourse();
    const part = valueOrThrow(await updatePart(db, editor, p1._id, { contentBlocks: [{ type: "video", transcript: "Prepis" }] }));
    const video = part.contentBlocks[0];
    expect(video).toMatchObject({ type: "video", state: "waiting", transcript: "Prepis" });
    // the provider's webhook fills the block (simulated)
    await db
      .update(schema.parts)
      .set({ contentBlocks: [{ ...video, type: "video", state: "ready", videoPlaybackId: "pb-1", durationSec: 60 }] as never })
      .where(eq(schema.parts.id, p1._id));
    const again = valueOrThrow(
      await updatePart(db, editor, p1._id, {
        contentBlocks: [
          { id: video.id, type: "video", transcript: "Nový prepis" },
          { type: "text", markdown: "Ďalej" },
        ],
      }),
    );
    expect(again.contentBlocks[0]).toEqual({
      id: video.id,
      type: "video",
      state: "ready",
      videoPlaybackId: "pb-1",
      durationSec: 60,
      transcript: "Nový prepis",
    });
    await expectDomainError(updatePart(db, editor, p1._id, { contentBlocks: [{ id: newId(), type: "text", markdown: "x" }] }), "validation");
  });

  it("reorders parts only as a permutation of the module's parts", async () => {
    const { module, p1, p2 } = await publishableCourse();
    const reordered = valueOrThrow(await reorderParts(db, editor, module._id, [p2._id, p1._id]));
    expect(reordered.map((p) => [p._id, p.orderIndex])).toEqual([
      [p2._id, 1],
      [p1._id, 2],
    ]);
    await expectDomainError(reorderParts(db, editor, module._id, [p2._id]), "validation");
    await expectDomainError(reorderParts(db, editor, module._id, [p2._id, p2._id]), "validation");
  });

  it("moves a question to another test of the same course and renumbers both", async () => {
    const { course, test, p1 } = await publishableCourse();
    const partTest = valueOrThrow(
      await createTest(db, editor, TestCreateRequest.parse({ courseId: course._id, placement: "part", partId: p1._id, title: "Test časti" })),
    );
    const q2 = valueOrThrow(
      await createQuestion(db, editor, test._id, QuestionCreateRequest.parse({ type: "text", text: "Skratka?", acceptedAnswers: ["RPO"] })),
    );
    const moved = valueOrThrow(await moveQuestion(db, editor, q2._id, { testId: partTest._id }));
    expect(moved).toMatchObject({ testId: partTest._id, orderIndex: 0 });
    const other = await publishableCourse();
    await expectDomainError(moveQuestion(db, editor, q2._id, { testId: other.test._id }), "validation");
    // a PATCH that would leave an invalid question is refused
    await expectDomainError(updateQuestion(db, editor, q2._id, { acceptedAnswers: [] }), "validation");
    await expectDomainError(updateTest(db, editor, partTest._id, { selectionMode: "random_subset" }), "validation");
  });
});

describe("publish", () => {
  it("publishes a valid draft: publishedAt, publishedBy, instructor snapshot from the provider, audit", async () => {
    const { course } = await publishableCourse();
    now = new Date("2026-11-23T10:00:00Z");
    const result = valueOrThrow(await publishCourse(db, services, admin, course._id));
    expect(result).toEqual({ ok: true, publishedAt: "2026-11-23T10:00:00.000Z" });
    const row = await courseRow(course._id);
    expect(row).toMatchObject({ state: "published", publishedBy: "p-4001" });
    expect(row.instructorProfiles).toEqual([
      { personId: "p-2001", displayName: "Mgr. Eva Kováčová", title: "lektorka", avatarUrl: "https://example.test/eva.svg", affiliation: "ŠK Demo" },
    ]);
    expect(await auditActions(course._id)).toContain("course.publish");
    // published content is immutable
    await expectDomainError(updateCourse(db, editor, course._id, { title: "Iný" }), "course_not_editable");
    await expectDomainError(createLevel(db, editor, course._id, LevelCreateRequest.parse({ slug: "dalsia", title: "Ďalšia" })), "course_not_editable");
    await expectDomainError(publishCourse(db, services, admin, course._id), "conflict");
    expect((await courseRow(course._id)).title).toBe("Riadenie klubu");
  });

  const rules: [
    string,
    (c: Awaited<ReturnType<typeof publishableCourse>>) => Promise<unknown>,
    (c: Awaited<ReturnType<typeof publishableCourse>>) => string,
  ][] = [
    ["level_required", (c) => deleteLevel(db, admin, c.level._id), (c) => c.course._id],
    ["level_without_topics", async (c) => db.delete(schema.topics).where(eq(schema.topics.levelId, c.level._id)), (c) => c.level._id],
    ["topic_module_count", async (c) => db.delete(schema.modules).where(eq(schema.modules.id, c.module._id)), (c) => c.topic._id],
    ["module_without_parts", async (c) => db.delete(schema.parts).where(eq(schema.parts.moduleId, c.module._id)), (c) => c.module._id],
    ["module_without_required_part", (c) => updatePart(db, editor, c.p1._id, { requiredForCompletion: false }).then(valueOrThrow), (c) => c.module._id],
    ["price_missing", (c) => updateCourse(db, editor, c.course._id, { priceCents: 0 }), (c) => c.course._id],
    ["accreditation_missing", (c) => updateCourse(db, editor, c.course._id, { accreditation: null }), (c) => c.course._id],
    ["course_test_invalid", async (c) => db.update(schema.tests).set({ placement: "level" }).where(eq(schema.tests.id, c.test._id)), (c) => c.test._id],
    ["test_without_questions", async (c) => db.delete(schema.questions).where(eq(schema.questions.testId, c.test._id)), (c) => c.test._id],
    ["instructor_unknown", (c) => updateCourse(db, editor, c.course._id, { instructors: ["p-9999"] }), () => "p-9999"],
  ];
  for (const [code, breakIt, idOf] of rules) {
    it(`refuses with 422 naming the item when the rule fails on its own: ${code}`, async () => {
      const c = await publishableCourse();
      await breakIt(c);
      const error = await expectDomainError(publishCourse(db, services, admin, c.course._id), "validation");
      expect(error.details).toEqual([expect.objectContaining({ code, id: idOf(c), message: expect.any(String) })]);
      const row = await courseRow(c.course._id);
      expect(row).toMatchObject({ state: "draft", publishedAt: null, publishedBy: null });
    });
  }

  it("refuses a video block that is not ready, then a preview clip still being cut; a ready video publishes", async () => {
    const c = await publishableCourse();
    const part = valueOrThrow(await updatePart(db, editor, c.p1._id, { contentBlocks: [{ type: "video", transcript: "Prepis" }] }));
    const video = part.contentBlocks[0] as { id: string };
    let error = await expectDomainError(publishCourse(db, services, admin, c.course._id), "validation");
    expect(error.details).toEqual([expect.objectContaining({ code: "video_not_ready", id: video.id, message: expect.stringContaining("nie je nahraté") })]);
    const setBlock = (extra: Record<string, unknown>) =>
      db
        .update(schema.parts)
        .set({ contentBlocks: [{ id: video.id, type: "video", ...extra }] as never })
        .where(eq(schema.parts.id, c.p1._id));
    // ready without a duration cannot be judged as watched
    await setBlock({ state: "ready", videoPlaybackId: "pb-1" });
    error = await expectDomainError(publishCourse(db, services, admin, c.course._id), "validation");
    expect(error.details).toEqual([expect.objectContaining({ code: "video_not_ready", id: video.id })]);
    await setBlock({ state: "errored" });
    error = await expectDomainError(publishCourse(db, services, admin, c.course._id), "validation");
    expect(error.details).toEqual([expect.objectContaining({ code: "video_not_ready", message: expect.stringContaining("zlyhalo") })]);
    const cut = { id: "cut-1", provider: "local", by: "p-3001", createdAt: "2026-11-23T09:00:00Z", startSec: 5, endSec: 20, status: "waiting" };
    await setBlock({ state: "ready", videoPlaybackId: "pb-1", durationSec: 60, previewCut: cut });
    error = await expectDomainError(publishCourse(db, services, admin, c.course._id), "validation");
    expect(error.details).toEqual([expect.objectContaining({ code: "video_preview_pending", id: video.id })]);
    expect(await courseRow(c.course._id)).toMatchObject({ state: "draft", publishedAt: null });
    await setBlock({ state: "ready", videoPlaybackId: "pb-1", durationSec: 60, previewCut: { ...cut, status: "ready" } });
    valueOrThrow(await publishCourse(db, services, admin, c.course._id));
    expect(await courseRow(c.course._id)).toMatchObject({ state: "published" });
  });

  it("publishing version 2 archives version 1; significant changes need a new accreditation", async () => {
    const { course } = await publishableCourse();
    valueOrThrow(await publishCourse(db, services, admin, course._id));
    const { newCourseId, version } = valueOrThrow(await createNewVersion(db, editor, course._id));
    expect(version).toBe(2);
    await expectDomainError(createNewVersion(db, editor, course._id), "draft_exists");
    const v2 = await getAdminCourseDetail(db, newCourseId);
    // a significant change: hours
    valueOrThrow(await updateCourse(db, editor, newCourseId, { durationHours: 12 }));
    const error = await expectDomainError(publishCourse(db, services, admin, newCourseId), "validation");
    expect(error.details).toEqual([expect.objectContaining({ code: "accreditation_renewal_required", id: newCourseId, path: "accreditation" })]);
    // a module removed is significant too; a changed accreditation answers it
    // its outcome does not matter here (the tree is rebuilt below)
    await deleteLevel(db, admin, v2.levels[0]._id);
    valueOrThrow(await updateCourse(db, editor, newCourseId, { accreditation: { ...accreditation, accreditationNumber: "AK-2" } }));
    // the removed level left the course without levels: restore a valid tree for publishing
    const level = valueOrThrow(await createLevel(db, editor, newCourseId, LevelCreateRequest.parse({ slug: "nova", title: "Nová" })));
    const topic = valueOrThrow(await createTopic(db, editor, level._id, { slug: "t", title: "T" }));
    const module = valueOrThrow(await createModule(db, editor, topic._id, { estimatedMinutes: 10 }));
    valueOrThrow(await createPart(db, editor, module._id, PartCreateRequest.parse({ slug: "p", title: "P" })));
    now = new Date("2026-11-24T10:00:00Z");
    valueOrThrow(await publishCourse(db, services, admin, newCourseId));
    expect(await courseRow(course._id)).toMatchObject({ state: "archived", archivedAt: now });
    expect(await courseRow(newCourseId)).toMatchObject({ state: "published", version: 2, previousVersionId: course._id });
    // re-publishing v1 while v2 is published: 409, never the unique index's 500
    await expectDomainError(publishCourse(db, services, admin, course._id), "another_version_published");
    expect(await courseRow(course._id)).toMatchObject({ state: "archived" });
  });

  it("two archived versions of one slug published at once: one 200, one 409, never the index's 500", async () => {
    const { course } = await publishableCourse();
    valueOrThrow(await publishCourse(db, services, admin, course._id));
    const { newCourseId } = valueOrThrow(await createNewVersion(db, editor, course._id));
    valueOrThrow(await publishCourse(db, services, admin, newCourseId));
    valueOrThrow(await archiveCourse(db, clock, admin, newCourseId));
    const results = await Promise.all([publishCourse(db, services, admin, course._id), publishCourse(db, services, admin, newCourseId)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const [refused] = results.filter((r) => !r.ok);
    expect(refused.error).toBeInstanceOf(DomainError);
    expect(refused.error.code).toBe("another_version_published");
    const states = [(await courseRow(course._id)).state, (await courseRow(newCourseId)).state].sort();
    expect(states).toEqual(["archived", "published"]);
  });

  it("minor edits in version 2 publish without a new accreditation", async () => {
    const { course } = await publishableCourse();
    valueOrThrow(await publishCourse(db, services, admin, course._id));
    const { newCourseId } = valueOrThrow(await createNewVersion(db, editor, course._id));
    valueOrThrow(await updateCourse(db, editor, newCourseId, { title: "Riadenie klubu 2026", description: "Upravený text." }));
    await expect(publishCourse(db, services, admin, newCourseId)).resolves.toMatchObject({ ok: true, value: { ok: true } });
  });

  it("re-publishes an archived version only while its enrollmentDeadline has not passed", async () => {
    const { course } = await publishableCourse();
    valueOrThrow(await updateCourse(db, editor, course._id, { enrollmentDeadline: "2026-12-01T00:00:00Z" }));
    now = new Date("2026-11-23T10:00:00Z");
    valueOrThrow(await publishCourse(db, services, admin, course._id));
    valueOrThrow(await archiveCourse(db, clock, admin, course._id));
    await expectDomainError(archiveCourse(db, clock, admin, course._id), "conflict");
    now = new Date("2026-11-25T10:00:00Z");
    valueOrThrow(await publishCourse(db, services, admin, course._id));
    expect(await courseRow(course._id)).toMatchObject({ state: "published", archivedAt: null, publishedAt: now });
    valueOrThrow(await archiveCourse(db, clock, admin, course._id));
    now = new Date("2026-12-02T10:00:00Z");
    await expectDomainError(publishCourse(db, services, admin, course._id), "enrollment_deadline_passed");
    expect(await courseRow(course._id)).toMatchObject({ state: "archived" });
    expect(await auditActions(course._id)).toEqual(expect.arrayContaining(["course.publish", "course.archive", "course.republish"]));
  });
});

describe("new version", () => {
  it("deep-clones the tree with new ids and every reference inside the clone", async () => {
    const { course, p1 } = await publishableCourse();
    const partTest = valueOrThrow(
      await createTest(db, editor, TestCreateRequest.parse({ courseId: course._id, placement: "part", partId: p1._id, title: "Test časti" })),
    );
    valueOrThrow(await createQuestion(db, editor, partTest._id, QuestionCreateRequest.parse({ type: "text", text: "Skratka?", acceptedAnswers: ["RPO"] })));
    valueOrThrow(await publishCourse(db, services, admin, course._id));
    const before = await getAdminCourseDetail(db, course._id);
    const { newCourseId } = valueOrThrow(await createNewVersion(db, editor, course._id));
    const clone = await getAdminCourseDetail(db, newCourseId);
    expect(clone.course).toMatchObject({
      slug: course.slug,
      version: 2,
      previousVersionId: course._id,
      state: "draft",
      publishedAt: null,
      createdBy: "p-3001",
    });

    const idsOf = (d: typeof before) => {
      const parts = d.levels.flatMap((l) => l.topics.flatMap((t) => t.module?.parts ?? []));
      return {
        all: [
          ...d.levels.map((l) => l._id),
          ...d.levels.flatMap((l) => l.topics.map((t) => t._id)),
          ...d.levels.flatMap((l) => l.topics.map((t) => t.module!._id)),
          ...parts.map((p) => p._id),
          ...parts.flatMap((p) => p.contentBlocks.map((b) => b.id)),
          ...d.tests.map((x) => x._id),
          ...d.tests.flatMap((x) => x.questions.flatMap((q) => [q._id, ...q.answers.map((a) => a.id)])),
        ],
        parts,
      };
    };
    const a = idsOf(before);
    const b = idsOf(clone);
    expect(b.all).toHaveLength(a.all.length);
    expect(b.all.filter((id) => a.all.includes(id))).toEqual([]);
    const inside = new Set(b.all);
    expect(inside.has(clone.course.courseTestId!)).toBe(true);
    for (const p of b.parts) {
      for (const pre of p.prerequisites) expect(inside.has(pre)).toBe(true);
      if (p.partTestId) expect(inside.has(p.partTestId)).toBe(true);
    }
    expect(b.parts.find((p) => p.slug === "druha")!.prerequisites).toEqual([b.parts.find((p) => p.slug === "prva")!._id]);
    for (const test of clone.tests) expect(test.courseId).toBe(newCourseId);

    // editing the draft leaves the published version untouched
    valueOrThrow(await updatePart(db, editor, b.parts[0]._id, { title: "Zmenené" }));
    expect((await getAdminCourseDetail(db, course._id)).levels).toEqual(before.levels);
  });
});

describe("delete", () => {
  async function enroll(courseVersionId: string, slug: string, state: "active" | "cancelled" = "active") {
    await db.insert(schema.enrollments).values({
      courseId: courseVersionId,
      courseVersionId,
      courseTitle: "K",
      courseSlug: slug,
      studentId: `p-${newId()}`,
      studentDisplayName: "Študent",
      reason: "admin_grant",
      state,
      progress: { completedModules: 0, totalModules: 1, completedLevels: 0, totalLevels: 1, lastActivityAt: null },
    });
  }

  it("refuses a version with enrollments (409 course_has_enrollments) and changes nothing", async () => {
    const { course } = await publishableCourse();
    valueOrThrow(await publishCourse(db, services, admin, course._id));
    valueOrThrow(await archiveCourse(db, clock, admin, course._id));
    await enroll(course._id, course.slug, "cancelled");
    const error = await expectDomainError(deleteCourse(db, admin, course._id), "course_has_enrollments");
    expect(error.details).toEqual({ enrollments: 1 });
    expect(await courseRow(course._id)).toMatchObject({ state: "archived", deletedAt: null });
  });

  it("soft-deletes a draft: kept with its tree, gone from the detail and the default list, listed under state deleted", async () => {
    const draft = await publishableCourse();
    const id = draft.course._id;
    const partsBefore = await db.select().from(schema.parts).where(eq(schema.parts.courseId, id));
    expect(partsBefore.length).toBeGreaterThan(0);
    expect(valueOrThrow(await deleteCourse(db, admin, id))).toEqual({ ok: true, deleted: "soft" });
    const row = await courseRow(id);
    expect(row).toMatchObject({ state: "deleted" });
    expect(row.deletedAt).toBeInstanceOf(Date);
    // nothing is removed: the version and its tree stay (spec: Versioning 10)
    expect(await db.select().from(schema.parts).where(eq(schema.parts.courseId, id))).toEqual(partsBefore);
    expect((await db.select().from(schema.tests).where(eq(schema.tests.courseId, id))).length).toBeGreaterThan(0);
    expect(await auditActions(id)).toContain("course.delete");
    // gone for the editor and the API, edits and a second delete
    await expectDomainError(getAdminCourseDetail(db, id), "not_found");
    await expectDomainError(updateCourse(db, editor, id, { title: "Znova" }), "not_found");
    await expectDomainError(deleteCourse(db, admin, id), "not_found");
    const all = await listAdminCourses(db, { page: 1, pageSize: 100 });
    expect(all.data.map((c) => c._id)).not.toContain(id);
    expect(all.data.every((c) => c.state !== "deleted")).toBe(true);
    const deleted = await listAdminCourses(db, { state: "deleted", page: 1, pageSize: 100 });
    expect(deleted.data.map((c) => c._id)).toContain(id);
    // its slug stays taken by the kept version
    await expectDomainError(
      createCourse(db, editor, { slug: draft.course.slug, title: "Nový", shortDescription: "K.", priceCents: 100, currency: "EUR" }),
      "slug_taken",
    );
  });

  it("refuses a published and an archived version (409 version_not_deletable); only the five-year job deletes archived ones", async () => {
    const { course } = await publishableCourse();
    valueOrThrow(await publishCourse(db, services, admin, course._id));
    const published = await expectDomainError(deleteCourse(db, admin, course._id), "version_not_deletable");
    expect(published.details).toEqual({ state: "published" });
    expect(published.message).toContain("Archivujte");
    valueOrThrow(await archiveCourse(db, clock, admin, course._id));
    const archived = await expectDomainError(deleteCourse(db, admin, course._id), "version_not_deletable");
    const archivedAt = (await courseRow(course._id)).archivedAt!;
    const fiveYears = new Date(archivedAt);
    fiveYears.setUTCFullYear(fiveYears.getUTCFullYear() + 5);
    expect(archived.details).toEqual({ state: "archived", archivedAt: archivedAt.toISOString(), deletableFrom: fiveYears.toISOString() });
    expect(archived.message).toContain("päť rokov po archivácii");
    expect(await courseRow(course._id)).toMatchObject({ state: "archived", deletedAt: null });
    expect(await auditActions(course._id)).not.toContain("course.delete");
  });
});

describe("soft deletion after 5 years (the daily job)", () => {
  it("deletes archived versions 5 years after archival without active enrollments, and nothing else", async () => {
    const old = await publishableCourse();
    const enrolled = await publishableCourse();
    const recent = await publishableCourse();
    for (const c of [old, enrolled, recent]) {
      valueOrThrow(await publishCourse(db, services, admin, c.course._id));
      valueOrThrow(await archiveCourse(db, clock, admin, c.course._id));
    }
    const archivedAt = new Date("2020-01-10T00:00:00Z");
    for (const c of [old, enrolled]) await db.update(schema.courses).set({ archivedAt }).where(eq(schema.courses.id, c.course._id));
    await db
      .update(schema.courses)
      .set({ archivedAt: new Date("2021-06-01T00:00:00Z") })
      .where(eq(schema.courses.id, recent.course._id));
    await db.insert(schema.enrollments).values({
      courseId: enrolled.course._id,
      courseVersionId: enrolled.course._id,
      courseTitle: "K",
      courseSlug: enrolled.course.slug,
      studentId: "p-1001",
      studentDisplayName: "Študent",
      reason: "admin_grant",
      progress: { completedModules: 0, totalModules: 1, completedLevels: 0, totalLevels: 1, lastActivityAt: null },
    });
    const at = new Date("2025-01-10T00:00:01Z");
    const deleted = await softDeleteExpiredVersions(db, at);
    expect(deleted).toContain(old.course._id);
    expect(deleted).not.toContain(enrolled.course._id);
    expect(deleted).not.toContain(recent.course._id);
    expect(await courseRow(old.course._id)).toMatchObject({ state: "deleted", deletedAt: at });
    expect(await courseRow(enrolled.course._id)).toMatchObject({ state: "archived", deletedAt: null });
    expect(await courseRow(recent.course._id)).toMatchObject({ state: "archived", deletedAt: null });
    expect(await auditActions(old.course._id)).toContain("course.soft_delete");
    // a rerun finds the work done
    expect(await softDeleteExpiredVersions(db, at)).not.toContain(old.course._id);
  });
});
