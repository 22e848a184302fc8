// Admin enrollments over HTTP against the built app with the local identity provider
// (spec: Endpoints > Admin: enrollments; States and transitions > Enrollment; Versioning 8;
// 3): roles first (401, 403 for a content manager and a student), every
// list filter and 422 for bad ones, grant (provider snapshots of a person who never signed
// in, progress preallocated, e-mail) and 409 already_enrolled, cancel and 409, extend
// re-activating an expired enrollment, reset voiding attempts so a new one may start,
// migrate keeping only parts with stable identity, the phase 2 batch (idempotent),
// resync (the order's snapshot untouched), the pages; every answer validated against the
// served OpenAPI document, and an audit row naming the acting admin for every action.
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "#server/db";
import { companyAddress, deliver, orderBody, paymentEvent, signInStudent, startCommerceApp, type CommerceApp, type Student } from "../support/commerce";
import { expectMatchesContract } from "../support/contract";
import { writeLearningCourse, type LearningFixture } from "../support/learning-fixtures";

let app: CommerceApp;
let admin: Student;
let editor: Student;
let jana: Student;
let tomas: Student;
let adminId: string;
const JANA = "p-1001";
const PETER = "p-1002";
const EVA = "p-2001"; // never signs in during these tests: known only to the provider
const TOMAS = "p-5001";
const ORG = "o-5001"; // ŠK Tatran Demo: Peter is a member, Tomáš its club admin

type Answer = { status: number; body: any };

async function call(who: Student | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const init: RequestInit = { method, headers: { Origin: app.url, ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers } };
  if (body !== undefined) init.body = typeof body === "string" ? body : JSON.stringify(body);
  const res = who ? await who.jar.fetch(`${app.url}${path}`, init) : await fetch(`${app.url}${path}`, { ...init, redirect: "manual" });
  const text = await res.text();
  const parsed = text && (res.headers.get("content-type") ?? "").includes("json") ? JSON.parse(text) : text;
  if (path.startsWith("/api/")) {
    const copy = new Response(text, { status: res.status, headers: res.headers });
    Object.defineProperty(copy, "url", { value: `${app.url}${path}` });
    await expectMatchesContract(method, path.split("?")[0], copy, parsed);
  }
  return { status: res.status, body: parsed };
}

const api = (method: string, path: string, body?: unknown) => call(admin, method, path, body);

async function auditRows(targetId: string, action: string) {
  return app.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.targetId, targetId), eq(schema.auditLog.action, action)));
}

/** The action left exactly `n` audit rows on the target, each naming the acting admin. */
async function expectAudit(targetId: string, action: string, n = 1) {
  const rows = await auditRows(targetId, action);
  expect(rows, `${action} on ${targetId}`).toHaveLength(n);
  for (const row of rows) {
    expect(row.actorId).toBe(adminId);
    expect(row.actorRoles).toContain("admin");
  }
  return rows;
}

async function enrollmentRow(id: string) {
  const [row] = await app.db.select().from(schema.enrollments).where(eq(schema.enrollments.id, id));
  return row;
}

/** Waits for the job worker to send the e-mail (other tests' e-mails may be queued before it). */
async function mailSent(key: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await app.db.select().from(schema.mailDeliveries).where(eq(schema.mailDeliveries.key, key));
    if (row?.state === "sent" || Date.now() > deadline) return row;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function grant(courseId: string, studentId: string, extra: Record<string, unknown> = { reason: "admin_grant", grantReason: "test" }) {
  const res = await api("POST", "/api/admin/enrollments", { studentId, courseId, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.enrollment._id as string;
}

const personId = async (s: Student) => ((await (await s.get("/api/me")).json()) as { user: { id: string } }).user.id;
const fakeId = "0123456789abcdef01234567";

beforeAll(async () => {
  app = await startCommerceApp();
  admin = await signInStudent(app.url, "zuzana.bielikova@demo.sk");
  editor = await signInStudent(app.url, "martin.simko@demo.sk");
  jana = await signInStudent(app.url, "jana.novakova@demo.sk");
  tomas = await signInStudent(app.url, "tomas.balaz@demo.sk");
  adminId = await personId(admin);
  expect(await personId(jana)).toBe(JANA);
}, 180_000);
afterAll(async () => {
  await app?.stop();
});

describe("roles come first", () => {
  const endpoints: [string, string][] = [
    ["GET", "/api/admin/enrollments"],
    ["POST", "/api/admin/enrollments"],
    ["POST", "/api/admin/enrollments/batch"],
    ["GET", `/api/admin/enrollments/${fakeId}`],
    ["POST", `/api/admin/enrollments/${fakeId}/cancel`],
    ["POST", `/api/admin/enrollments/${fakeId}/extend`],
    ["POST", `/api/admin/enrollments/${fakeId}/reset-test-attempts`],
    ["POST", `/api/admin/enrollments/${fakeId}/migrate-to-version`],
    ["POST", `/api/admin/enrollments/${fakeId}/resync`],
  ];

  it("401 without a session; 403 for a content manager and a student whatever the id or body", async () => {
    for (const [method, path] of endpoints) {
      const body = method === "GET" ? undefined : { nonsense: true };
      expect((await call(null, method, path, body)).status, `${method} ${path}`).toBe(401);
      for (const who of [editor, jana]) {
        const res = await call(who, method, path, body);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body).toMatchObject({ error: "forbidden", details: { requiredRoles: ["admin"] } });
      }
    }
    // the admin reaches them: an unknown enrollment is 404
    expect((await api("GET", `/api/admin/enrollments/${fakeId}`)).status).toBe(404);
    expect((await api("GET", "/api/admin/enrollments/nie-je-id")).status).toBe(404);
    expect((await api("POST", `/api/admin/enrollments/${fakeId}/cancel`, { reason: "x" })).status).toBe(404);
  });

  it("the pages: 403 for a content manager and a student; Zápisy in the navigation for admins only", async () => {
    for (const who of [editor, jana]) {
      expect((await call(who, "GET", "/admin/zapisy")).status).toBe(403);
      expect((await call(who, "GET", `/admin/zapisy/${fakeId}`)).status).toBe(403);
      expect((await call(who, "POST", "/admin/zapisy", "intent=cancel", { "Content-Type": "application/x-www-form-urlencoded" })).status).toBe(403);
    }
    expect((await call(editor, "GET", "/admin")).body).not.toContain('href="/admin/zapisy"');
    expect((await call(admin, "GET", "/admin")).body).toContain('href="/admin/zapisy"');
  });
});

describe("grant", () => {
  let course: LearningFixture;
  beforeAll(async () => {
    course = await writeLearningCourse(app.db);
  });

  it("enrolls a person who never signed in, with provider snapshots, progress preallocated, an audit row and an e-mail", async () => {
    expect(await app.db.select().from(schema.users).where(eq(schema.users.id, EVA))).toEqual([]);
    const expires = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const res = await api("POST", "/api/admin/enrollments", {
      studentId: EVA,
      courseId: course.courseId,
      reason: "admin_grant",
      grantReason: "Lektorka kurzu",
      accessExpiresAt: expires,
    });
    expect(res.status).toBe(201);
    const { enrollment, progress } = res.body;
    expect(enrollment).toMatchObject({
      studentId: EVA,
      studentDisplayName: "Mgr. Eva Kováčová",
      studentEmail: "eva.kovacova@demo.sk",
      courseId: course.courseId,
      courseVersionId: course.courseId,
      courseVersion: 1,
      state: "active",
      reason: "admin_grant",
      grantReason: "Lektorka kurzu",
      sponsorOrgId: null,
      orderId: null,
      accessExpiresAt: expires,
      progress: { completedModules: 0, totalModules: 3, completedLevels: 0, totalLevels: 2, lastActivityAt: null },
    });
    const states = Object.fromEntries(progress.partProgress.map((p: { partSlug: string; state: string }) => [p.partSlug, p.state]));
    expect(states).toEqual({ a1: "available", a2: "locked", a3: "available", b1: "available", c1: "locked" });
    expect(progress).toMatchObject({ moduleCompletions: [], levelCompletions: [], courseCompleted: false });
    const rows = await app.db.select().from(schema.partProgress).where(eq(schema.partProgress.enrollmentId, enrollment._id));
    expect(rows).toHaveLength(5);
    const [audit] = await expectAudit(enrollment._id, "enrollment.grant");
    expect(audit.reason).toBe("Lektorka kurzu");
    expect(audit.details).toMatchObject({ reason: "admin_grant", studentId: EVA, personSource: "provider" });
    const mail = await mailSent(`enrollment_granted:${enrollment._id}`);
    expect(mail).toMatchObject({ state: "sent", recipient: "eva.kovacova@demo.sk" });
  }, 120_000);

  it("a second grant while one is active is 409 already_enrolled and writes nothing", async () => {
    const before = await app.db.select().from(schema.enrollments).where(eq(schema.enrollments.courseId, course.courseId));
    const res = await api("POST", "/api/admin/enrollments", { studentId: EVA, courseId: course.courseId, reason: "admin_grant", grantReason: "znova" });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: "already_enrolled", details: { enrollmentId: before[0].id } });
    expect(await app.db.select().from(schema.enrollments).where(eq(schema.enrollments.courseId, course.courseId))).toHaveLength(before.length);
  });

  it("a sponsored grant needs a member of a known organization and sends the sponsorship e-mail", async () => {
    const notMember = await api("POST", "/api/admin/enrollments", { studentId: JANA, courseId: course.courseId, reason: "sponsor", sponsorOrgId: ORG });
    expect(notMember.status).toBe(422);
    expect(notMember.body.details).toEqual([expect.objectContaining({ path: "studentId", code: "not_a_member" })]);
    const unknownOrg = await api("POST", "/api/admin/enrollments", { studentId: PETER, courseId: course.courseId, reason: "sponsor", sponsorOrgId: "o-0000" });
    expect(unknownOrg.status).toBe(422);
    expect(unknownOrg.body.details[0].path).toBe("sponsorOrgId");
    const id = await grant(course.courseId, PETER, { reason: "sponsor", sponsorOrgId: ORG });
    expect(await enrollmentRow(id)).toMatchObject({ reason: "sponsor", sponsorOrgId: ORG, studentDisplayName: "Peter Horváth", grantReason: null });
    expect(await mailSent(`sponsorship:${id}`)).toMatchObject({ state: "sent", recipient: "peter.horvath@demo.sk" });
    await expectAudit(id, "enrollment.grant");
  }, 120_000);

  it("refuses bad bodies with 422 on the field: unknown person, missing grantReason or sponsorOrgId, a past end, an unknown course; an archived course is 409", async () => {
    const count = async () => (await app.db.select().from(schema.enrollments)).length;
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ studentId: "p-9999", courseId: course.courseId, reason: "admin_grant", grantReason: "x" }, "studentId"],
      [{ studentId: JANA, courseId: course.courseId, reason: "admin_grant" }, "grantReason"],
      [{ studentId: JANA, courseId: course.courseId, reason: "sponsor" }, "sponsorOrgId"],
      [{ studentId: JANA, courseId: course.courseId, reason: "paid", grantReason: "x" }, "reason"],
      [{ studentId: JANA, courseId: course.courseId, reason: "admin_grant", grantReason: "x", accessExpiresAt: "2020-01-01T00:00:00Z" }, "accessExpiresAt"],
      [{ studentId: JANA, courseId: course.courseId, reason: "admin_grant", grantReason: "x", accessExpiresAt: "zajtra" }, "accessExpiresAt"],
      [{ studentId: JANA, courseId: fakeId, reason: "admin_grant", grantReason: "x" }, "courseId"],
      [{ studentId: JANA, courseId: "abc", reason: "admin_grant", grantReason: "x" }, "courseId"],
      [{ studentId: JANA, courseId: course.courseId, reason: "admin_grant", grantReason: "x", sponsorOrgId: ORG }, ""],
    ];
    for (const [body, path] of cases) {
      const res = await api("POST", "/api/admin/enrollments", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error).toBe("validation");
      expect(
        res.body.details.map((d: { path: string }) => d.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    const archived = await writeLearningCourse(app.db, { state: "archived" });
    const res = await api("POST", "/api/admin/enrollments", { studentId: JANA, courseId: archived.courseId, reason: "admin_grant", grantReason: "x" });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("course_not_available");
    expect(await count()).toBe(before);
  });
});

describe("list filters", () => {
  let f1: LearningFixture;
  let f2: LearningFixture;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    f1 = await writeLearningCourse(app.db);
    f2 = await writeLearningCourse(app.db);
    ids.janaF1 = await grant(f1.courseId, JANA);
    ids.peterF1 = await grant(f1.courseId, PETER);
    ids.janaF2 = await grant(f2.courseId, JANA);
    expect((await api("POST", `/api/admin/enrollments/${ids.peterF1}/cancel`, { reason: "test" })).status).toBe(200);
    await app.db
      .update(schema.enrollments)
      .set({ enrolledAt: new Date("2020-01-01T10:00:00Z") })
      .where(eq(schema.enrollments.id, ids.janaF2));
  });

  const list = async (query: string) => {
    const res = await api("GET", `/api/admin/enrollments?${query}`);
    expect(res.status, query).toBe(200);
    return res.body as { data: { _id: string }[]; pagination: Record<string, number> };
  };
  const idsOf = (body: { data: { _id: string }[] }) => body.data.map((e) => e._id);

  it("courseId, studentId, state and enrolledAfter narrow the list, alone and together; newest first", async () => {
    expect(idsOf(await list(`courseId=${f1.courseId}`))).toEqual([ids.peterF1, ids.janaF1]);
    expect(idsOf(await list(`courseId=${f1.courseId}&studentId=${JANA}`))).toEqual([ids.janaF1]);
    expect(idsOf(await list(`courseId=${f1.courseId}&state=cancelled`))).toEqual([ids.peterF1]);
    expect(idsOf(await list(`courseId=${f1.courseId}&state=active`))).toEqual([ids.janaF1]);
    expect(idsOf(await list(`courseId=${f1.courseId}&state=expired`))).toEqual([]);
    const jana = idsOf(await list(`studentId=${JANA}&pageSize=50`));
    expect(jana).toEqual(expect.arrayContaining([ids.janaF1, ids.janaF2]));
    expect(jana).not.toContain(ids.peterF1);
    const cancelled = await list("state=cancelled&pageSize=50");
    expect(cancelled.data.every((e: any) => e.state === "cancelled")).toBe(true);
    // enrolledAfter: a day from midnight in Bratislava, or an instant
    expect(idsOf(await list(`courseId=${f2.courseId}&enrolledAfter=2019-12-31`))).toEqual([ids.janaF2]);
    expect(idsOf(await list(`courseId=${f2.courseId}&enrolledAfter=2020-01-01`))).toEqual([ids.janaF2]);
    expect(idsOf(await list(`courseId=${f2.courseId}&enrolledAfter=2020-01-02`))).toEqual([]);
    expect(idsOf(await list(`courseId=${f2.courseId}&enrolledAfter=2020-01-01T10:00:00Z`))).toEqual([ids.janaF2]);
    expect(idsOf(await list(`courseId=${f2.courseId}&enrolledAfter=2020-01-01T10:00:01Z`))).toEqual([]);
    expect(idsOf(await list(`studentId=${JANA}&enrolledAfter=2021-01-01&pageSize=50`))).not.toContain(ids.janaF2);
    expect(idsOf(await list(`courseId=${fakeId}`))).toEqual([]);
  });

  it("pages: default 20, pageSize and page, totals", async () => {
    const all = await list("");
    expect(all.pagination).toMatchObject({ page: 1, pageSize: 20 });
    const first = await list(`courseId=${f1.courseId}&pageSize=1`);
    expect(first.pagination).toEqual({ page: 1, pageSize: 1, totalItems: 2, totalPages: 2 });
    const second = await list(`courseId=${f1.courseId}&pageSize=1&page=2`);
    expect(idsOf(second)).toEqual([ids.janaF1]);
    expect(idsOf(await list(`courseId=${f1.courseId}&pageSize=1&page=3`))).toEqual([]);
  });

  it("an invalid filter is 422 validation with the parameter in details", async () => {
    const bad: [string, string][] = [
      ["state=bogus", "state"],
      ["enrolledAfter=vcera", "enrolledAfter"],
      ["enrolledAfter=2026-13-45", "enrolledAfter"],
      ["courseId=abc", "courseId"],
      ["studentId=a%20b", "studentId"],
      ["pageSize=51", "pageSize"],
      ["page=0", "page"],
      ["page=1.5", "page"],
      ["stat=active", ""],
    ];
    for (const [query, path] of bad) {
      const res = await api("GET", `/api/admin/enrollments?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.error).toBe("validation");
      expect(
        res.body.details.map((d: { path: string }) => d.path),
        query,
      ).toContain(path);
    }
  });

  it("the detail has the enrollment, its raw progress records and its tests", async () => {
    const res = await api("GET", `/api/admin/enrollments/${ids.janaF1}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: ids.janaF1, studentId: JANA, state: "active", courseCompleted: false, moduleCompletions: [], levelCompletions: [] });
    expect(res.body.partProgress).toHaveLength(5);
    expect(res.body.tests.map((t: { placement: string }) => t.placement)).toEqual(["part", "level", "course"]);
    expect(res.body.tests[0]).toMatchObject({ testId: f1.part("b1").testId, attemptsUsed: 0, maxAttempts: 3, attempts: [] });
  });
});

describe("cancel and extend", () => {
  let course: LearningFixture;
  let id: string;
  beforeAll(async () => {
    course = await writeLearningCourse(app.db);
    id = await grant(course.courseId, JANA);
  });

  it("cancels an active enrollment once; a second cancel is 409 enrollment_not_active", async () => {
    const bad = await api("POST", `/api/admin/enrollments/${id}/cancel`, { note: "bez dôvodu" });
    expect(bad.status).toBe(422);
    const res = await api("POST", `/api/admin/enrollments/${id}/cancel`, { reason: "Žiadosť študenta", note: "telefonicky" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, cancelledAt: expect.any(String) });
    expect(await enrollmentRow(id)).toMatchObject({ state: "cancelled", cancelReason: "Žiadosť študenta", cancelledAt: new Date(res.body.cancelledAt) });
    const [audit] = await expectAudit(id, "enrollment.cancel");
    expect(audit).toMatchObject({ reason: "Žiadosť študenta", details: expect.objectContaining({ note: "telefonicky", previousState: "active" }) });
    const again = await api("POST", `/api/admin/enrollments/${id}/cancel`, { reason: "znova" });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: "enrollment_not_active", details: { state: "cancelled" } });
    // the student no longer learns it
    expect((await jana.get(`/api/courses/${course.slug}/learn`)).status).toBe(403);
    // a cancelled enrollment is not extended
    const extend = await api("POST", `/api/admin/enrollments/${id}/extend`, { newExpiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(extend.status).toBe(409);
    await expectAudit(id, "enrollment.cancel");
  });

  it("extends access; an expired enrollment becomes active again and the student learns again", async () => {
    const expired = await grant(course.courseId, JANA);
    await app.db
      .update(schema.enrollments)
      .set({ state: "expired", accessExpiresAt: new Date(Date.now() - 86_400_000) })
      .where(eq(schema.enrollments.id, expired));
    expect((await jana.get(`/api/courses/${course.slug}/learn`)).status).toBe(403);
    expect((await api("POST", `/api/admin/enrollments/${expired}/extend`, { newExpiresAt: "2020-01-01T00:00:00Z" })).status).toBe(422);
    expect((await api("POST", `/api/admin/enrollments/${expired}/extend`, {})).status).toBe(422);

    const until = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const res = await api("POST", `/api/admin/enrollments/${expired}/extend`, { newExpiresAt: until });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ok: true,
      accessExpiresAt: until,
      reactivated: true,
      enrollment: { _id: expired, state: "active", accessExpiresAt: until },
    });
    expect(await enrollmentRow(expired)).toMatchObject({ state: "active", accessExpiresAt: new Date(until) });
    expect((await jana.get(`/api/courses/${course.slug}/learn`)).status).toBe(200);
    const [audit] = await expectAudit(expired, "enrollment.extend");
    expect(audit.details).toMatchObject({ reactivated: true, previousState: "expired", accessExpiresAt: until });

    const later = new Date(Date.now() + 20 * 86_400_000).toISOString();
    const again = await api("POST", `/api/admin/enrollments/${expired}/extend`, { newExpiresAt: later });
    expect(again.body).toMatchObject({ reactivated: false, enrollment: { state: "active", accessExpiresAt: later } });
    await expectAudit(expired, "enrollment.extend", 2);
  });

  it("an expired enrollment is not re-activated while another one of the course is active (409 already_enrolled)", async () => {
    const other = await writeLearningCourse(app.db);
    const old = await grant(other.courseId, JANA);
    await app.db.update(schema.enrollments).set({ state: "expired" }).where(eq(schema.enrollments.id, old));
    const current = await grant(other.courseId, JANA);
    const res = await api("POST", `/api/admin/enrollments/${old}/extend`, { newExpiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: "already_enrolled", details: { enrollmentId: current } });
    expect(await enrollmentRow(old)).toMatchObject({ state: "expired" });
    await expectAudit(old, "enrollment.extend", 0);
  });
});

describe("reset test attempts", () => {
  let course: LearningFixture;
  let id: string;
  let testId: string;
  const key = () => ({ "Idempotency-Key": randomUUID() });

  beforeAll(async () => {
    course = await writeLearningCourse(app.db);
    testId = course.part("b1").testId!;
    id = await grant(course.courseId, JANA);
    expect((await jana.post(`/api/parts/${course.part("b1").id}/progress`, { markPartCompleted: true })).status).toBe(200);
  });

  async function failAttempt() {
    const start = await jana.post(`/api/tests/${testId}/attempts`, "", key());
    expect(start.status).toBe(201);
    const { attemptId } = (await start.json()) as { attemptId: string };
    const submit = await jana.post(`/api/tests/${testId}/attempts/${attemptId}/submit`, { answers: [] }, key());
    expect(submit.status).toBe(200);
    return attemptId;
  }

  it("voids every attempt: the student who used them all may start again", async () => {
    const used = [await failAttempt(), await failAttempt(), await failAttempt()];
    const refused = await jana.post(`/api/tests/${testId}/attempts`, "", key());
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe("max_attempts_reached");

    expect((await api("POST", `/api/admin/enrollments/${id}/reset-test-attempts`, { testId })).status).toBe(422);
    const other = await writeLearningCourse(app.db);
    const foreign = await api("POST", `/api/admin/enrollments/${id}/reset-test-attempts`, { testId: other.part("b1").testId, reason: "x" });
    expect(foreign.status).toBe(422);
    expect(foreign.body.details[0]).toMatchObject({ path: "testId", code: "test_not_in_course" });

    const res = await api("POST", `/api/admin/enrollments/${id}/reset-test-attempts`, { testId, reason: "Technický problém počas testu" });
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    expect([...res.body.voidedAttemptIds].sort()).toEqual([...used].sort());
    const rows = await app.db.select().from(schema.testAttempts).where(inArray(schema.testAttempts.id, used));
    for (const row of rows) expect(row).toMatchObject({ voidReason: "Technický problém počas testu", voidedAt: expect.any(Date) });
    const [audit] = await expectAudit(id, "enrollment.reset_test_attempts");
    expect(audit).toMatchObject({ reason: "Technický problém počas testu", details: expect.objectContaining({ testId }) });

    const list = (await (await jana.get(`/api/tests/${testId}/attempts`)).json()) as { attempts: unknown[]; remaining: number };
    expect(list).toMatchObject({ attempts: [], remaining: 3 });
    const fresh = await jana.post(`/api/tests/${testId}/attempts`, "", key());
    expect(fresh.status).toBe(201);
    expect(((await fresh.json()) as { attemptNumber: number }).attemptNumber).toBe(4);

    // the detail shows all four, three of them voided
    const detail = await api("GET", `/api/admin/enrollments/${id}`);
    const test = detail.body.tests.find((t: { testId: string }) => t.testId === testId);
    expect(test.attemptsUsed).toBe(1);
    expect(test.attempts.filter((a: { voidedAt: string | null }) => a.voidedAt)).toHaveLength(3);

    // a repeat voids the attempt in progress, and says which
    const again = await api("POST", `/api/admin/enrollments/${id}/reset-test-attempts`, { testId, reason: "znova" });
    expect(again.body.voidedAttemptIds).toHaveLength(1);
    await expectAudit(id, "enrollment.reset_test_attempts", 2);
  });
});

describe("migrate to another version", () => {
  it("keeps progress only for parts with stable identity; the engine derives the rest", async () => {
    const slug = `migracia-${randomUUID().slice(0, 8)}`;
    const v1 = await writeLearningCourse(app.db, { slug });
    const id = await grant(v1.courseId, JANA);
    for (const part of ["a1", "a2", "a3"]) {
      expect((await jana.post(`/api/parts/${v1.part(part).id}/progress`, { markPartCompleted: true })).status, part).toBe(200);
    }
    const notYet = await api("POST", `/api/admin/enrollments/${id}/migrate-to-version`, { targetCourseVersionId: v1.courseId, reason: "x" });
    expect(notYet.status).toBe(422);

    // version 2: the same course with part a2 renamed (no longer the same part)
    await app.db.update(schema.courses).set({ state: "archived", archivedAt: new Date() }).where(eq(schema.courses.id, v1.courseId));
    const v2 = await writeLearningCourse(app.db, { slug, version: 2, previousVersionId: v1.courseId, partSlugs: { a2: "a2-nova" } });
    const draft = await writeLearningCourse(app.db, { slug, version: 3, previousVersionId: v2.courseId, state: "archived" });
    await app.db.update(schema.courses).set({ state: "draft", publishedAt: null }).where(eq(schema.courses.id, draft.courseId));

    const bad: [Record<string, unknown>, string][] = [
      [{ targetCourseVersionId: v2.courseId }, "reason"],
      [{ targetCourseVersionId: draft.courseId, reason: "x" }, "targetCourseVersionId"],
      [{ targetCourseVersionId: (await writeLearningCourse(app.db)).courseId, reason: "x" }, "targetCourseVersionId"],
      [{ targetCourseVersionId: fakeId, reason: "x" }, "targetCourseVersionId"],
    ];
    for (const [body, path] of bad) {
      const res = await api("POST", `/api/admin/enrollments/${id}/migrate-to-version`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.details[0].path).toBe(path);
    }
    expect((await enrollmentRow(id)).courseVersionId).toBe(v1.courseId);

    const res = await api("POST", `/api/admin/enrollments/${id}/migrate-to-version`, { targetCourseVersionId: v2.courseId, reason: "Nová verzia s opravami" });
    expect(res.status).toBe(200);
    expect([...res.body.keptPartIds].sort()).toEqual([v2.part("a1").id, v2.part("a3").id].sort());
    expect(res.body.lostPartIds).toEqual([v1.part("a2").id]);
    expect(res.body.enrollment).toMatchObject({ _id: id, courseId: v1.courseId, courseVersionId: v2.courseId, courseVersion: 2, state: "active" });

    const rows = await app.db.select().from(schema.partProgress).where(eq(schema.partProgress.enrollmentId, id));
    const byPart = new Map(rows.map((r) => [r.partId, r.state]));
    expect(rows).toHaveLength(5);
    expect(byPart.get(v2.part("a1").id)).toBe("completed");
    expect(byPart.get(v2.part("a3").id)).toBe("completed");
    // the renamed part starts over, opened by its completed prerequisite
    expect(byPart.get(v2.part("a2-nova").id)).toBe("available");
    expect(byPart.get(v2.part("b1").id)).toBe("available");
    expect(byPart.get(v2.part("c1").id)).toBe("locked");
    expect(rows.some((r) => [v1.part("a1").id, v1.part("a2").id, v1.part("a3").id].includes(r.partId))).toBe(false);
    expect(await app.db.select().from(schema.moduleCompletions).where(eq(schema.moduleCompletions.enrollmentId, id))).toEqual([]);
    expect(await enrollmentRow(id)).toMatchObject({ courseVersionId: v2.courseId, currentLevelId: v2.structure.levels[0].id });

    const [audit] = await expectAudit(id, "enrollment.migrate");
    expect(audit).toMatchObject({
      reason: "Nová verzia s opravami",
      details: expect.objectContaining({ fromVersionId: v1.courseId, toVersionId: v2.courseId, lostPartIds: [v1.part("a2").id] }),
    });

    // the student learns version 2 now; the list finds the enrollment by any version's id
    const learn = (await (await jana.get(`/api/courses/${slug}/learn`)).json()) as { course: { version: number } };
    expect(learn.course.version).toBe(2);
    const listed = await api("GET", `/api/admin/enrollments?courseId=${v2.courseId}`);
    expect(listed.body.data.map((e: { _id: string }) => e._id)).toEqual([id]);

    // completing the renamed part completes the module again
    expect((await jana.post(`/api/parts/${v2.part("a2-nova").id}/progress`, { markPartCompleted: true })).status).toBe(200);
    expect(await app.db.select().from(schema.moduleCompletions).where(eq(schema.moduleCompletions.enrollmentId, id))).toHaveLength(1);

    // only an active enrollment moves
    await api("POST", `/api/admin/enrollments/${id}/cancel`, { reason: "koniec" });
    const cancelled = await api("POST", `/api/admin/enrollments/${id}/migrate-to-version`, { targetCourseVersionId: v1.courseId, reason: "späť" });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.error).toBe("enrollment_not_active");
  });
});

describe("club purchase and the batch enrollment", () => {
  it("enrolls the organization's members for its paid order (one seat each), once", async () => {
    const course = await writeLearningCourse(app.db);
    const ordered = await tomas.post(
      "/api/orders",
      orderBody(course.courseId, { billingType: "company", billingAddress: companyAddress, sponsorOrgId: ORG, seats: 2 }),
      { "Idempotency-Key": randomUUID() },
    );
    expect(ordered.status).toBe(201);
    const { orderId, amount } = (await ordered.json()) as { orderId: string; amount: number };
    const body = { courseId: course.courseId, sponsorOrgId: ORG, studentIds: [PETER, TOMAS], orderId };

    const unpaid = await api("POST", "/api/admin/enrollments/batch", body);
    expect(unpaid.status).toBe(409);
    expect(unpaid.body).toMatchObject({ error: "conflict", details: { orderId, state: "pending" } });

    expect((await deliver(app.url, paymentEvent(orderId, amount))).status).toBe(200);
    const [order] = await app.db.select().from(schema.orders).where(eq(schema.orders.id, orderId));
    expect(order).toMatchObject({ state: "paid", sponsorOrgId: ORG });
    // a club purchase enrolls nobody by itself
    expect(await app.db.select().from(schema.enrollments).where(eq(schema.enrollments.orderId, orderId))).toEqual([]);

    const bad: [Record<string, unknown>, number, string][] = [
      [{ ...body, studentIds: [PETER, JANA] }, 422, "studentIds.1"],
      [{ ...body, studentIds: [PETER, "p-9999"] }, 422, "studentIds.1"],
      [{ ...body, studentIds: [PETER, PETER] }, 422, "studentIds"],
      [{ ...body, studentIds: [] }, 422, "studentIds"],
      [{ ...body, sponsorOrgId: "o-9001" }, 422, "orderId"],
      [{ ...body, courseId: (await writeLearningCourse(app.db)).courseId }, 422, "courseId"],
      [{ ...body, orderId: fakeId }, 422, "orderId"],
    ];
    for (const [b, status, path] of bad) {
      const res = await api("POST", "/api/admin/enrollments/batch", b);
      expect(res.status, JSON.stringify(b)).toBe(status);
      expect(
        res.body.details.map((d: { path: string }) => d.path),
        JSON.stringify(b),
      ).toContain(path);
    }
    expect(await app.db.select().from(schema.enrollments).where(eq(schema.enrollments.courseId, course.courseId))).toEqual([]);

    const res = await api("POST", "/api/admin/enrollments/batch", body);
    expect(res.status).toBe(201);
    expect(res.body.createdCount).toBe(2);
    expect(res.body.enrollmentIds).toHaveLength(2);
    const rows = await app.db.select().from(schema.enrollments).where(inArray(schema.enrollments.id, res.body.enrollmentIds));
    expect(rows.map((r) => r.studentId).sort()).toEqual([PETER, TOMAS]);
    for (const row of rows) {
      expect(row).toMatchObject({ reason: "sponsor", sponsorOrgId: ORG, orderId, state: "active", courseVersionId: course.courseId });
      expect(await app.db.select().from(schema.partProgress).where(eq(schema.partProgress.enrollmentId, row.id))).toHaveLength(5);
      await expectAudit(row.id, "enrollment.grant");
      expect(await mailSent(`sponsorship:${row.id}`)).toMatchObject({ state: "sent" });
    }
    await expectAudit(orderId, "enrollment.batch");

    // a repeat (and a student enrolled meanwhile) creates nothing twice
    const again = await api("POST", "/api/admin/enrollments/batch", body);
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ createdCount: 0, enrollmentIds: res.body.enrollmentIds });
    expect(await app.db.select().from(schema.enrollments).where(eq(schema.enrollments.courseId, course.courseId))).toHaveLength(2);
    await expectAudit(orderId, "enrollment.batch", 2);
    for (const row of rows) await expectAudit(row.id, "enrollment.grant");
  }, 240_000);
});

describe("resync of the person snapshot", () => {
  it("takes the name and e-mail from the provider into the enrollment only; the order keeps its snapshot", async () => {
    const course = await writeLearningCourse(app.db);
    const ordered = await jana.post("/api/orders", orderBody(course.courseId), { "Idempotency-Key": randomUUID() });
    const { orderId, amount } = (await ordered.json()) as { orderId: string; amount: number };
    expect((await deliver(app.url, paymentEvent(orderId, amount))).status).toBe(200);
    const [enrollment] = await app.db.select().from(schema.enrollments).where(eq(schema.enrollments.orderId, orderId));
    await app.db
      .update(schema.enrollments)
      .set({ studentDisplayName: "Jana Stará", studentEmail: "stara@example.sk" })
      .where(eq(schema.enrollments.id, enrollment.id));
    await app.db.update(schema.orders).set({ studentDisplayName: "Jana Stará", studentEmail: "stara@example.sk" }).where(eq(schema.orders.id, orderId));

    const res = await api("POST", `/api/admin/enrollments/${enrollment.id}/resync`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      changed: true,
      previous: { studentDisplayName: "Jana Stará", studentEmail: "stara@example.sk" },
      enrollment: { _id: enrollment.id, studentDisplayName: "Jana Nováková", studentEmail: "jana.novakova@demo.sk" },
    });
    expect(await enrollmentRow(enrollment.id)).toMatchObject({ studentDisplayName: "Jana Nováková", studentEmail: "jana.novakova@demo.sk" });
    const [order] = await app.db.select().from(schema.orders).where(eq(schema.orders.id, orderId));
    expect(order).toMatchObject({ studentDisplayName: "Jana Stará", studentEmail: "stara@example.sk" });
    const [audit] = await expectAudit(enrollment.id, "enrollment.resync");
    expect(audit.details).toMatchObject({ changed: true, previous: { studentDisplayName: "Jana Stará" } });

    const again = await api("POST", `/api/admin/enrollments/${enrollment.id}/resync`, {});
    expect(again.body.changed).toBe(false);
    await expectAudit(enrollment.id, "enrollment.resync", 2);
    expect((await api("POST", `/api/admin/enrollments/${enrollment.id}/resync`, { studentDisplayName: "X" })).status).toBe(422);
  });

  it("a person the provider no longer knows is 409 and the snapshot stays", async () => {
    const course = await writeLearningCourse(app.db);
    const [row] = await app.db
      .insert(schema.enrollments)
      .values({
        courseId: course.courseId,
        courseVersionId: course.courseId,
        courseTitle: "Kurz",
        courseSlug: course.slug,
        studentId: "p-9999",
        studentDisplayName: "Bývalý študent",
        studentEmail: null,
        reason: "admin_grant",
        progress: { completedModules: 0, totalModules: 3, completedLevels: 0, totalLevels: 2, lastActivityAt: null },
      })
      .returning();
    const res = await api("POST", `/api/admin/enrollments/${row.id}/resync`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: "conflict", details: { studentId: "p-9999" } });
    expect(await enrollmentRow(row.id)).toMatchObject({ studentDisplayName: "Bývalý študent" });
  });
});

describe("the pages (no JavaScript: plain GET and POST)", () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const post = (path: string, fields: Record<string, string>) =>
    call(admin, "POST", path, form(fields), { "Content-Type": "application/x-www-form-urlencoded" });

  it("an admin finds a person by e-mail through the provider, grants, sees the detail and cancels", async () => {
    const course = await writeLearningCourse(app.db);
    const lookup = await call(admin, "GET", `/admin/zapisy?osoba=${encodeURIComponent("Eva.Kovacova@demo.sk")}`);
    expect(lookup.status).toBe(200);
    expect(lookup.body).toContain("Nájdená osoba: Mgr. Eva Kováčová (eva.kovacova@demo.sk), ID p-2001");

    const invalid = await post("/admin/zapisy", { intent: "grant", _form: "grant", person: "eva.kovacova@demo.sk", reason: "admin_grant", grantReason: "x" });
    expect(invalid.status).toBe(400);
    const unknown = await post("/admin/zapisy", {
      intent: "grant",
      _form: "grant",
      person: "nikto@demo.sk",
      courseId: course.courseId,
      reason: "admin_grant",
      grantReason: "x",
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toContain("poskytovateľ identity nepozná");

    const granted = await post("/admin/zapisy", {
      intent: "grant",
      _form: "grant",
      person: "eva.kovacova@demo.sk",
      courseId: course.courseId,
      reason: "admin_grant",
      grantReason: "Cez stránku",
      accessExpiresOn: "2099-12-31",
    });
    expect(granted.status).toBe(302);
    const [row] = await app.db.select().from(schema.enrollments).where(eq(schema.enrollments.courseId, course.courseId));
    expect(row).toMatchObject({ studentId: EVA, grantReason: "Cez stránku", accessExpiresAt: new Date("2099-12-31T22:59:59Z") });
    await expectAudit(row.id, "enrollment.grant");

    const detail = await call(admin, "GET", `/admin/zapisy/${row.id}?hotovo=zapisany`);
    expect(detail.status).toBe(200);
    expect(detail.body).toContain("Osoba je zapísaná do kurzu");
    expect(detail.body).toContain("Mgr. Eva Kováčová");
    expect(detail.body).toContain("Test B1");

    const listed = await call(admin, "GET", `/admin/zapisy?kurz=${course.courseId}&stav=active`);
    expect(listed.body).toContain(`/admin/zapisy/${row.id}`);
    expect((await call(admin, "GET", "/admin/zapisy?stav=nieco")).body).toContain("Stav:");

    const noReason = await post(`/admin/zapisy/${row.id}`, { intent: "cancel", _form: `cancel:${row.id}`, enrollmentId: row.id });
    expect(noReason.status).toBe(400);
    const cancelled = await post(`/admin/zapisy/${row.id}`, { intent: "cancel", _form: `cancel:${row.id}`, enrollmentId: row.id, reason: "Omyl" });
    expect(cancelled.status).toBe(302);
    expect(await enrollmentRow(row.id)).toMatchObject({ state: "cancelled", cancelReason: "Omyl" });
    await expectAudit(row.id, "enrollment.cancel");
    const twice = await post(`/admin/zapisy/${row.id}`, { intent: "cancel", _form: `cancel:${row.id}`, enrollmentId: row.id, reason: "Omyl" });
    expect(twice.status).toBe(409);
    expect(twice.body).toContain("Zrušiť sa dá len aktívny zápis.");
  });
});
