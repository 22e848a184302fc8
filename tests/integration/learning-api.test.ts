// The learning API over HTTP against the built app (spec: Endpoints > Learning (student),
// Enrollments (student)): 401/403/404/405/422 with the error body, the learn view, a part
// with signed media URLs, progress, playback-url, the enrollments; every 2xx validated
// against the served OpenAPI document. PostgreSQL with TEST_DATABASE_URL, else PGlite.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "#server/db";
import { startCommerceApp, signInStudent, type CommerceApp, type Student } from "../support/commerce";
import { expectApiError, expectMatchesContract } from "../support/contract";
import { enrollIn, writeLearningCourse, type LearningFixture } from "../support/learning-fixtures";

let app: CommerceApp;
let jana: Student;
let peter: Student;
let janaId: string;
let course: LearningFixture;
let enrollmentId: string;

async function personId(s: Student): Promise<string> {
  return ((await (await s.get("/api/me")).json()) as { user: { id: string } }).user.id;
}

beforeAll(async () => {
  app = await startCommerceApp();
  course = await writeLearningCourse(app.db);
  jana = await signInStudent(app.url);
  peter = await signInStudent(app.url, "peter.horvath@demo.sk");
  janaId = await personId(jana);
  enrollmentId = await enrollIn(app.db, course, janaId);
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

async function expectError(res: Response, status: number, code: string) {
  const body = await expectApiError(res, status, code);
  expect(body.details).toBeDefined();
  return body;
}

describe("without a session", () => {
  it("answers 401 unauthorized on every learning endpoint", async () => {
    const a1 = course.part("a1").id;
    for (const path of [
      `/api/courses/${course.slug}/learn`,
      `/api/parts/${a1}`,
      `/api/parts/${a1}/playback-url`,
      "/api/enrollments/me",
      `/api/enrollments/${enrollmentId}`,
    ]) {
      await expectError(await fetch(`${app.url}${path}`), 401, "unauthorized");
    }
    const post = await fetch(`${app.url}/api/parts/${a1}/progress`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: app.url },
      body: JSON.stringify({ markPartCompleted: true }),
    });
    await expectError(post, 401, "unauthorized");
  });
});

describe("the learn view", () => {
  it("is 200 for the enrolled student, with parts, tests and states beyond the spec's fields", async () => {
    const res = await jana.get(`/api/courses/${course.slug}/learn`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const body = (await res.json()) as {
      enrollment: { _id: string };
      levels: { state: string; levelTest: unknown; topics: { module: { parts: { state: string }[] } }[] }[];
      courseTest: unknown;
    };
    await expectMatchesContract("GET", `/api/courses/${course.slug}/learn`, res, body);
    expect(body.enrollment._id).toBe(enrollmentId);
    expect(body.levels.map((l) => l.state)).toEqual(["available", "locked"]);
    expect(body.levels[0].topics[0].module.parts.map((p) => p.state)).toEqual(["available", "locked", "available"]);
    expect(body.levels[1].levelTest).toEqual({ id: course.levelTestId, required: true, available: false });
    expect(body.courseTest).toEqual({ id: course.courseTestId, required: true, available: false });
  });

  it("is 403 no_enrollment without an enrollment and 404 for an unknown slug", async () => {
    await expectError(await peter.get(`/api/courses/${course.slug}/learn`), 403, "no_enrollment");
    await expectError(await jana.get("/api/courses/neexistujuci-kurz/learn"), 404, "not_found");
    await expectError(await jana.get("/api/courses/%00/learn"), 404, "not_found");
  });
});

describe("parts", () => {
  it("serves an open part with signed media URLs valid 6 hours", async () => {
    const res = await jana.get(`/api/parts/${course.part("a1").id}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      contentBlocks: { type: string; playbackUrl?: string; playbackUrlExpiresAt?: string }[];
      progress: unknown;
      module: unknown;
    };
    await expectMatchesContract("GET", `/api/parts/${course.part("a1").id}`, res, body);
    const video = body.contentBlocks.find((b) => b.type === "video")!;
    expect(video.playbackUrl).toEqual(expect.any(String));
    const ttl = Date.parse(video.playbackUrlExpiresAt!) - Date.now();
    expect(ttl).toBeGreaterThan(6 * 3600_000 - 60_000);
    expect(ttl).toBeLessThanOrEqual(6 * 3600_000);
    expect(body.progress).toEqual({ state: "available", blockProgress: [] });
  });

  it("refuses a locked part with 403 part_locked naming what unlocks it, and someone else's with 403 no_enrollment", async () => {
    const body = await expectError(await jana.get(`/api/parts/${course.part("a2").id}`), 403, "part_locked");
    expect(body.details).toMatchObject({ prerequisites: [{ _id: course.part("a1").id, title: "Časť A1" }] });
    await expectError(await peter.get(`/api/parts/${course.part("a1").id}`), 403, "no_enrollment");
    await expectError(await jana.get("/api/parts/0123456789abcdef01234567"), 404, "not_found");
    await expectError(await jana.get("/api/parts/nie-je-id"), 404, "not_found");
  });

  it("renews a playback URL for a named or the first video block; a wrong block is 422", async () => {
    const a1 = course.part("a1");
    const res = await jana.get(`/api/parts/${a1.id}/playback-url?blockId=${a1.blocks[1].id}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { blockId: string; playbackUrl: string; expiresAt: string };
    await expectMatchesContract("GET", `/api/parts/${a1.id}/playback-url`, res, body);
    expect(body.blockId).toBe(a1.blocks[1].id);
    expect(((await (await jana.get(`/api/parts/${a1.id}/playback-url`)).json()) as { blockId: string }).blockId).toBe(a1.blocks[1].id);
    await expectError(await jana.get(`/api/parts/${a1.id}/playback-url?blockId=${a1.blocks[0].id}`), 422, "validation");
    await expectError(await jana.get(`/api/parts/${course.part("a2").id}/playback-url`), 403, "part_locked");
  });
});

describe("progress", () => {
  it("refuses invalid bodies with 422 validation and changes nothing", async () => {
    const a1 = course.part("a1").id;
    for (const body of [
      "{}",
      JSON.stringify({ markPartCompleted: false }),
      JSON.stringify({ blockId: 5 }),
      JSON.stringify({ blockId: "x", state: "done" }),
      "{nope",
      JSON.stringify({ markPartCompleted: true, extra: 1 }),
    ]) {
      await expectError(await jana.post(`/api/parts/${a1}/progress`, body), 422, "validation");
    }
    const unknownBlock = await expectError(await jana.post(`/api/parts/${a1}/progress`, { blockId: "neexistuje", state: "completed" }), 422, "validation");
    expect(unknownBlock.details).toEqual([expect.objectContaining({ path: "blockId" })]);
    const [row] = await app.db.select().from(schema.partProgress).where(eq(schema.partProgress.partId, a1));
    expect(row.state).toBe("available");
    expect(row.blockProgress.filter((b) => b.lastReportAt)).toEqual([]);
  });

  it("a block update starts the part; marking it completed unlocks its dependant", async () => {
    const a1 = course.part("a1");
    const read = await jana.post(`/api/parts/${a1.id}/progress`, { blockId: a1.blocks[0].id, state: "completed" });
    expect(read.status).toBe(200);
    const readBody = await read.json();
    await expectMatchesContract("POST", `/api/parts/${a1.id}/progress`, read, readBody);
    expect(readBody).toMatchObject({ ok: true, partState: "in_progress", moduleCompleted: false, unlockedParts: [] });

    const done = await jana.post(`/api/parts/${a1.id}/progress`, { markPartCompleted: true });
    const doneBody = await done.json();
    await expectMatchesContract("POST", `/api/parts/${a1.id}/progress`, done, doneBody);
    expect(doneBody).toMatchObject({ ok: true, partState: "completed", moduleCompleted: false, unlockedParts: [course.part("a2").id] });
    expect((await jana.get(`/api/parts/${course.part("a2").id}`)).status).toBe(200);

    // someone without an enrollment cannot write, and the part stays as it was for them
    await expectError(await peter.post(`/api/parts/${a1.id}/progress`, { markPartCompleted: true }), 403, "no_enrollment");
    await expectError(await jana.post(`/api/parts/${course.part("c1").id}/progress`, { markPartCompleted: true }), 403, "part_locked");
  });

  it("answers 405 with Allow for the wrong method", async () => {
    const res = await jana.get(`/api/parts/${course.part("a1").id}/progress`);
    await expectError(res, 405, "method_not_allowed");
    expect(res.headers.get("allow")).toBe("POST");
    expect((await jana.post(`/api/parts/${course.part("a1").id}`, {})).status).toBe(405);
  });
});

describe("enrollments", () => {
  it("lists the caller's enrollments and shows one with its progress records to its owner only", async () => {
    const list = await jana.get("/api/enrollments/me");
    const listBody = (await list.json()) as { data: { _id: string }[] };
    await expectMatchesContract("GET", "/api/enrollments/me", list, listBody);
    expect(listBody.data.map((e) => e._id)).toContain(enrollmentId);

    const one = await jana.get(`/api/enrollments/${enrollmentId}`);
    const body = (await one.json()) as {
      partProgress: { partId: string; state: string }[];
      courseCompleted: boolean;
      progress: { lastActivityAt: string | null };
    };
    await expectMatchesContract("GET", `/api/enrollments/${enrollmentId}`, one, body);
    expect(body.partProgress.map((p) => p.partId)).toEqual(course.structure.parts.map((p) => p.id));
    expect(body.courseCompleted).toBe(false);
    expect(body.progress.lastActivityAt).not.toBeNull();

    await expectError(await peter.get(`/api/enrollments/${enrollmentId}`), 404, "not_found");
    await expectError(await jana.get("/api/enrollments/0123456789abcdef01234567"), 404, "not_found");
    const peterList = (await (await peter.get("/api/enrollments/me")).json()) as { data: { _id: string }[] };
    expect(peterList.data.map((e) => e._id)).not.toContain(enrollmentId);
  });

  it("an expired access is 403 and the enrollment is marked expired", async () => {
    const other = await writeLearningCourse(app.db);
    const id = await enrollIn(app.db, other, janaId, { accessExpiresAt: new Date(Date.now() - 60_000) });
    await expectError(await jana.get(`/api/courses/${other.slug}/learn`), 403, "no_enrollment");
    await expectError(await jana.get(`/api/parts/${other.part("a1").id}`), 403, "no_enrollment");
    const [row] = await app.db.select().from(schema.enrollments).where(eq(schema.enrollments.id, id));
    expect(row.state).toBe("expired");
  });
});
