// Two app instances (two server.mjs processes) on one PostgreSQL database, as a load
// balancer would run them: a session made on one is valid on the other,
// the per-IP limits are one budget, a queued job runs once, and a catalog change made
// through the admin API of either is seen by the other at once (the catalog cache and
// the answer cache of both are emptied by the database's catalog_changed notification).
// A signed-in student's state changed through one instance (a session ended, an
// enrollment cancelled, expired or moved to another course version, test attempts voided)
// takes effect on the other's very next request, although each instance keeps the
// published course structure in memory: nothing of a student is cached
// (docs/decisions/learning/the-student-path-at-scale.md > The student path at scale), and a draft is never served.
// Embedded PGlite serves one process only, so without TEST_DATABASE_URL this file is
// reported as skipped.
import http from "node:http";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, schema, type DatabaseHandle } from "#server/db";
import { CreateOrderResponse } from "#server/orders";
import { startApp, type RunningApp } from "../support/app";
import { createTestDatabase, serverUrl, type TestDatabase } from "../support/db";
import { signIn } from "../support/app-login";
import { deliver, idempotencyKey, orderBody, paymentEvent, WEBHOOK_SECRET } from "../support/commerce";
import { expectMatchesContract } from "../support/contract";
import { follow, formAction, type CookieJar } from "../support/idp-login";
import { enrollIn, writeLearningCourse, type LearningFixture } from "../support/learning-fixtures";

const CATALOG_LIMIT = 20;
const COURSE = "riadenie-sportoveho-klubu";
/** the student of the learning cases (person p-1001, whom enrollIn enrolls) */
const STUDENT = { id: "p-1001", email: "jana.novakova@demo.sk" };
const ADMIN_EMAIL = "zuzana.bielikova@demo.sk";

let database: TestDatabase;
let a: RunningApp;
let b: RunningApp;
let handle: DatabaseHandle;

describe.skipIf(!serverUrl())("two app instances on one PostgreSQL database (TEST_DATABASE_URL)", () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    const env = {
      // one secret for both, as a deployment configures it
      SESSION_SECRET: "two-instances-test-session-secret-0123456789",
      PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RATE_LIMIT_CATALOG_PER_MIN: String(CATALOG_LIMIT),
      // the job handlers say at debug level when they find their work done already
      LOG_LEVEL: "debug",
    };
    // one after the other: the first migrates and seeds, the second finds it done
    a = await startApp({ database, env });
    b = await startApp({ database, env, seed: false });
    handle = await openDatabase({ databaseUrl: database.url, migrate: false, poolSize: 2 });
  }, 180_000);
  afterAll(async () => {
    await handle?.close();
    await a?.stop();
    await b?.stop();
    await database?.drop();
  });

  it("a session made on one instance is valid on the other, and signing out on that one ends it for both", async () => {
    const { jar } = await signIn(a.url, "jana.novakova@demo.sk");
    const onA = await jar.fetch(`${a.url}/api/me`);
    expect(onA.status).toBe(200);
    const meA = await onA.json();
    const onB = await jar.fetch(`${b.url}/api/me`);
    expect(onB.status).toBe(200);
    expect(await onB.json()).toEqual(meA);
    // a signed-in person's answer is private, never stored for others
    expect(onB.headers.get("cache-control")).toMatch(/private/);
    expect(onB.headers.get("vary")).toMatch(/Cookie/i);

    const cookie = jar.header(`${a.url}/`);
    const csrf = await csrfTokenOf(jar, b.url);
    const logout = await jar.fetch(`${b.url}/api/auth/logout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: b.url },
      body: new URLSearchParams({ csrf }).toString(),
    });
    expect(logout.status).toBeLessThan(400);
    // the session ended in the database: A refuses the old cookie too
    expect((await fetch(`${a.url}/api/me`, { headers: { cookie } })).status).toBe(401);
    expect((await fetch(`${b.url}/api/me`, { headers: { cookie } })).status).toBe(401);
  });

  it("the per-IP catalog limit is one budget: what one instance counted, the other refuses", async () => {
    // instance A counts half the budget (the first read in the database at once, the rest
    // locally), flushes within a second; B then admits only what is left
    const ip = "127.0.0.61";
    for (let i = 0; i < CATALOG_LIMIT / 2; i++) expect((await getFrom(a, ip, "/api/courses")).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    let admittedOnB = 0;
    let refused: Reply | undefined;
    for (let i = 0; i < CATALOG_LIMIT; i++) {
      const reply = await getFrom(b, ip, "/api/courses");
      if (reply.status === 200) admittedOnB++;
      else {
        refused = reply;
        break;
      }
    }
    expect(admittedOnB).toBe(CATALOG_LIMIT / 2);
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(refused!.body)).toMatchObject({ error: "rate_limited", details: { limit: "catalog" } });
    // and A, which learns B's count at its next exchange, refuses too
    expect((await getFrom(a, ip, "/api/courses")).status).toBe(429);

    // alternating between the instances (small steps, each past half the budget exact)
    const ip2 = "127.0.0.62";
    let admitted = 0;
    for (let i = 0; i < CATALOG_LIMIT + 5; i++) if ((await getFrom(i % 2 ? b : a, ip2, "/api/courses")).status === 200) admitted++;
    expect(admitted).toBeGreaterThanOrEqual(CATALOG_LIMIT);
    // the reads counted locally on the other instance in the last second are the only slack
    expect(admitted).toBeLessThanOrEqual(CATALOG_LIMIT + CATALOG_LIMIT / 2);
  });

  it("a queued job runs once: a paid order on A renders one invoice PDF and sends one e-mail, whichever instance's worker took them", async () => {
    const { jar } = await signIn(a.url, "peter.horvath@demo.sk");
    const list = (await (await fetch(`${a.url}/api/courses`)).json()) as { data: { _id: string; slug: string }[] };
    const courseId = list.data.find((c) => c.slug === COURSE)!._id;
    const created = await jar.fetch(`${a.url}/api/orders`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: a.url, "Idempotency-Key": idempotencyKey() },
      body: JSON.stringify(orderBody(courseId)),
    });
    expect(created.status).toBe(201);
    const order = CreateOrderResponse.parse(await created.json());
    expect((await deliver(a.url, paymentEvent(order.orderId, order.amount))).status).toBe(200);

    const key = `purchase_confirmation:${order.orderId}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [delivery] = await handle.db.select().from(schema.mailDeliveries).where(eq(schema.mailDeliveries.key, key));
      if (delivery?.sentAt) break;
      if (Date.now() > deadline) throw new Error(`the confirmation was not sent:\nA:\n${a.output()}\nB:\n${b.output()}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    // time for a second worker to (wrongly) take the same job
    await new Promise((r) => setTimeout(r, 3000));

    // pg-boss kept one job of each, completed on its first try, and exactly one worker of
    // the two instances started it (each worker logs "job started" with the job's id)
    const [invoice] = await handle.db.select().from(schema.invoices).where(eq(schema.invoices.orderId, order.orderId));
    const lines = (a.output() + b.output()).split("\n").filter((l) => l.includes('"job started"'));
    for (const [name, field, value] of [
      ["invoices.render-pdf", "invoiceId", invoice.id],
      ["mail.send", "orderId", order.orderId],
    ] as const) {
      const jobs = await handle.db.execute(sql`select id, state, retry_count from pgboss.job where name = ${name} and data->>${field} = ${value}`);
      const rows = (jobs as unknown as { rows: { id: string; state: string; retry_count: number }[] }).rows;
      expect(
        rows.map(({ state, retry_count }) => ({ state, retry_count })),
        `${name} jobs of the order`,
      ).toEqual([{ state: "completed", retry_count: 0 }]);
      const starts = lines.filter((l) => l.includes(rows[0].id));
      expect(starts, `${name} job ${rows[0].id} started`).toHaveLength(1);
    }
    const [outbox] = await handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.mailDeliveries)
      .where(and(eq(schema.mailDeliveries.key, key)));
    expect(outbox.n).toBe(1);
  }, 120_000);

  it("a course archived through A's admin API leaves B's catalog at once, and re-published through B returns to A's", async () => {
    const { jar: admin } = await signIn(a.url, "zuzana.bielikova@demo.sk");
    const [course] = await handle.db
      .select({ id: schema.courses.id })
      .from(schema.courses)
      .where(and(eq(schema.courses.slug, COURSE), eq(schema.courses.state, "published")));
    // B has the list, the detail and the pages in its caches (asked twice: the second
    // answer comes from memory)
    for (let i = 0; i < 3; i++) {
      expect(slugs(await (await fetch(`${b.url}/api/courses`)).json())).toContain(COURSE);
      expect((await fetch(`${b.url}/api/courses/${COURSE}`)).status).toBe(200);
      expect(await (await fetch(`${b.url}/`)).text()).toContain(`/kurzy/${COURSE}`);
    }

    const archived = await admin.fetch(`${a.url}/api/admin/courses/${course.id}/archive`, { method: "POST", headers: { origin: a.url } });
    expect(archived.status).toBe(200);
    const gone = await within(2000, async () => {
      const list = slugs(await (await fetch(`${b.url}/api/courses`)).json());
      const detail = (await fetch(`${b.url}/api/courses/${COURSE}`)).status;
      const page = await (await fetch(`${b.url}/`)).text();
      const coursePage = (await fetch(`${b.url}/kurzy/${COURSE}`)).status;
      return !list.includes(COURSE) && detail === 404 && !page.includes(`/kurzy/${COURSE}`) && coursePage === 404;
    });
    expect(gone, "B still shows the archived course").toBe(true);

    // the other way round: B's admin API, A's catalog (A had it cached as archived)
    for (let i = 0; i < 2; i++) expect(slugs(await (await fetch(`${a.url}/api/courses`)).json())).not.toContain(COURSE);
    const { jar: adminOnB } = await signIn(b.url, "zuzana.bielikova@demo.sk");
    const republished = await adminOnB.fetch(`${b.url}/api/admin/courses/${course.id}/publish`, { method: "POST", headers: { origin: b.url } });
    expect(republished.status).toBe(200);
    const back = await within(2000, async () => {
      const list = slugs(await (await fetch(`${a.url}/api/courses`)).json());
      const detail = await fetch(`${a.url}/api/courses/${COURSE}`);
      return list.includes(COURSE) && detail.status === 200 && (await detail.json()).course._id === course.id;
    });
    expect(back, "A does not show the re-published course").toBe(true);
  });

  // A signed-in student's state, changed through A, on B's very next request. B has served
  // the same student (and, for the structure, the same course version) just before, so
  // whatever it could keep in memory is warm: a session, an enrollment, attempts or a
  // structure held by B would show here as the old answer.

  it("a session ended at A's provider (back-channel logout to A) is refused by B's very next request to the learn view, a part and a progress write (401), though B had just served it", async () => {
    const course = await writeLearningCourse(handle.db);
    const enrollmentId = await enrollIn(handle.db, course);
    const { jar } = await signIn(a.url, STUDENT.email);
    // the session cookie, sent as a header from here on: an answer that finds the session
    // ended clears it from the jar, and each of B's requests below must meet the cookie itself
    const cookie = { cookie: jar.header(`${b.url}/`) };
    const [session] = await handle.db
      .select()
      .from(schema.sessions)
      .where(and(eq(schema.sessions.userId, STUDENT.id), sql`${schema.sessions.revokedAt} is null`))
      .orderBy(sql`${schema.sessions.createdAt} desc`)
      .limit(1);
    const a1 = course.part("a1");

    // B serves the session: learn view, part and a progress write (twice each)
    for (let i = 0; i < 2; i++) {
      const learn = await call(null, b, "GET", `/api/courses/${course.slug}/learn`, undefined, cookie);
      expect(learn.status).toBe(200);
      expect(learn.body.enrollment._id).toBe(enrollmentId);
      expect((await call(null, b, "GET", `/api/parts/${a1.id}`, undefined, cookie)).status).toBe(200);
    }
    expect((await call(null, b, "POST", `/api/parts/${a1.id}/progress`, { blockId: a1.blocks[0].id, state: "completed" }, cookie)).status).toBe(200);
    const progressBefore = await progressRows(enrollmentId);

    // the person signs out at A's provider (not through the app): the provider posts a
    // logout token to A's back-channel receiver, which ends the session in the database
    await signOutAtProvider(jar, a);
    const ended = await within(5000, async () => !!(await sessionRow(session.id)).revokedAt);
    expect(ended, `the session was not ended:\nA:\n${a.output()}`).toBe(true);
    expect(await sessionRow(session.id)).toMatchObject({ revokedReason: "backchannel_logout", revokedAt: expect.any(Date) });

    // B's very next requests with the same cookie: 401, the spec's "no session"
    await expectEach(
      [
        ["GET", `/api/courses/${course.slug}/learn`, undefined],
        ["GET", `/api/parts/${a1.id}`, undefined],
        ["POST", `/api/parts/${a1.id}/progress`, { markPartCompleted: true }],
        ["GET", "/api/enrollments/me", undefined],
      ] as const,
      (method, path, body) => call(null, b, method, path, body, cookie),
      401,
      { error: "unauthorized", message: expect.any(String) },
    );
    // the refused write wrote nothing; the session stays ended (no 401 revives it)
    expect(await progressRows(enrollmentId)).toEqual(progressBefore);
    expect(await sessionRow(session.id)).toMatchObject({ revokedReason: "backchannel_logout" });
  });

  it("an enrollment cancelled through A's admin API is refused by B's next learn view, part and progress write (403 no_enrollment), and B's /api/enrollments/me lists it cancelled", async () => {
    const course = await writeLearningCourse(handle.db);
    const { enrollmentId, student, admin } = await enrolledOnA(course);
    const a1 = course.part("a1");

    // B serves the active enrollment: learn view, part, a progress write, the list
    for (let i = 0; i < 2; i++) {
      const learn = await call(student, b, "GET", `/api/courses/${course.slug}/learn`);
      expect(learn.status).toBe(200);
      expect(learn.body.enrollment).toMatchObject({ _id: enrollmentId, state: "active" });
      expect((await call(student, b, "GET", `/api/parts/${a1.id}`)).status).toBe(200);
    }
    const read = await call(student, b, "POST", `/api/parts/${a1.id}/progress`, { blockId: a1.blocks[0].id, state: "completed" });
    expect(read).toMatchObject({ status: 200, body: { ok: true, partState: "in_progress" } });
    expect(mine(await call(student, b, "GET", "/api/enrollments/me"), enrollmentId)).toMatchObject({ state: "active" });
    const progressBefore = await progressRows(enrollmentId);

    const cancelled = await call(admin, a, "POST", `/api/admin/enrollments/${enrollmentId}/cancel`, { reason: "Žiadosť študenta" });
    expect(cancelled).toEqual({ status: 200, body: { ok: true, cancelledAt: expect.any(String) } });
    expect(await enrollmentRow(enrollmentId)).toMatchObject({
      state: "cancelled",
      cancelledAt: new Date(cancelled.body.cancelledAt),
      cancelReason: "Žiadosť študenta",
    });

    // B's very next requests
    await expectEach(
      [
        ["GET", `/api/courses/${course.slug}/learn`, undefined],
        ["GET", `/api/parts/${a1.id}`, undefined],
        ["POST", `/api/parts/${a1.id}/progress`, { markPartCompleted: true }],
      ] as const,
      (method, path, body) => call(student, b, method, path, body),
      403,
      { error: "no_enrollment", message: expect.any(String) },
    );
    expect(mine(await call(student, b, "GET", "/api/enrollments/me"), enrollmentId)).toMatchObject({ state: "cancelled" });
    // the refused write wrote nothing
    expect(await progressRows(enrollmentId)).toEqual(progressBefore);
    expect(await enrollmentRow(enrollmentId)).toMatchObject({ state: "cancelled" });
  });

  it("an end of access set through A's admin API is seen by B's next learn view, and once it passes B refuses at once (403 no_enrollment), marks the enrollment expired and lists it so", async () => {
    const course = await writeLearningCourse(handle.db);
    const { enrollmentId, student, admin } = await enrolledOnA(course);
    const a1 = course.part("a1");

    // B serves the enrollment while it has no end of access
    for (let i = 0; i < 2; i++) {
      const learn = await call(student, b, "GET", `/api/courses/${course.slug}/learn`);
      expect(learn.status).toBe(200);
      expect(learn.body.enrollment).toMatchObject({ _id: enrollmentId, accessExpiresAt: null });
      expect((await call(student, b, "GET", `/api/parts/${a1.id}`)).status).toBe(200);
    }

    // the admin ends access a few seconds from now (the API takes only a future instant;
    // the time passing is what expires it, as in production)
    const until = new Date(Date.now() + 6000).toISOString();
    const extended = await call(admin, a, "POST", `/api/admin/enrollments/${enrollmentId}/extend`, { newExpiresAt: until });
    expect(extended.status).toBe(200);
    expect(extended.body).toMatchObject({ ok: true, accessExpiresAt: until, reactivated: false, enrollment: { _id: enrollmentId, state: "active" } });
    // B's next learn view carries the new end (it read the enrollment, not a copy)
    const before = await call(student, b, "GET", `/api/courses/${course.slug}/learn`);
    expect(before.status).toBe(200);
    expect(before.body.enrollment.accessExpiresAt).toBe(until);
    expect(Date.now(), "the machine was too slow to see the enrollment before its end").toBeLessThan(Date.parse(until));
    const progressBefore = await progressRows(enrollmentId);

    await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(until) - Date.now()) + 200));
    await expectEach(
      [
        ["GET", `/api/courses/${course.slug}/learn`, undefined],
        ["GET", `/api/parts/${a1.id}`, undefined],
        ["POST", `/api/parts/${a1.id}/progress`, { blockId: a1.blocks[0].id, state: "completed" }],
      ] as const,
      (method, path, body) => call(student, b, method, path, body),
      403,
      { error: "no_enrollment" },
    );
    // B's refusal wrote the state (or the scheduled sweep did, if it ran just then)
    expect(await enrollmentRow(enrollmentId)).toMatchObject({ state: "expired", accessExpiresAt: new Date(until) });
    expect(mine(await call(student, b, "GET", "/api/enrollments/me"), enrollmentId)).toMatchObject({ state: "expired" });
    // the refused reads and progress report wrote nothing
    expect(await progressRows(enrollmentId)).toEqual(progressBefore);
  });

  it("test attempts voided through A's admin API: B's next attempt list shows none, the pass gone and every attempt left, and B lets the student start again", async () => {
    const course = await writeLearningCourse(handle.db);
    const { enrollmentId, student, admin } = await enrolledOnA(course);
    const b1 = course.part("b1");
    const testId = b1.testId!;
    const key = () => ({ "Idempotency-Key": idempotencyKey() });

    // the student completes part B1 and takes its test on B: two failed attempts, then a pass
    expect((await call(student, b, "POST", `/api/parts/${b1.id}/progress`, { markPartCompleted: true })).status).toBe(200);
    const used: string[] = [];
    for (const pass of [false, false, true]) {
      const started = await call(student, b, "POST", `/api/tests/${testId}/attempts`, undefined, key());
      expect(started.status).toBe(201);
      const answers = pass
        ? started.body.questions.map((q: { id: string; answers: { id: string; text: string }[] }) => ({
            questionId: q.id,
            selectedAnswerIds: q.answers.filter((x) => x.text === "Áno").map((x) => x.id),
          }))
        : [];
      const submitted = await call(student, b, "POST", `/api/tests/${testId}/attempts/${started.body.attemptId}/submit`, { answers }, key());
      expect(submitted.status).toBe(200);
      expect(submitted.body.passed).toBe(pass);
      used.push(started.body.attemptId);
    }
    // B's test info: three attempts, passed, none left; a fourth is refused
    for (let i = 0; i < 2; i++) {
      const list = await call(student, b, "GET", `/api/tests/${testId}/attempts`);
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject({ remaining: 0, maxAttempts: 3, passed: true, available: false });
      expect(list.body.attempts.map((x: { attemptId: string }) => x.attemptId).sort()).toEqual([...used].sort());
    }
    const refused = await call(student, b, "POST", `/api/tests/${testId}/attempts`, undefined, key());
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: "max_attempts_reached" });

    const reset = await call(admin, a, "POST", `/api/admin/enrollments/${enrollmentId}/reset-test-attempts`, {
      testId,
      reason: "Technický problém počas testu",
    });
    expect(reset.status).toBe(200);
    expect(reset.body.ok).toBe(true);
    expect([...reset.body.voidedAttemptIds].sort()).toEqual([...used].sort());
    const rows = await handle.db.select().from(schema.testAttempts).where(inArray(schema.testAttempts.id, used));
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toMatchObject({ voidedAt: expect.any(Date), voidReason: "Technický problém počas testu" });

    // B's very next test info: no attempts, not passed, all three left, a start possible
    const list = await call(student, b, "GET", `/api/tests/${testId}/attempts`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ attempts: [], remaining: 3, maxAttempts: 3, passed: false, available: true, inProgressAttemptId: null });
    const part = await call(student, b, "GET", `/api/parts/${b1.id}`);
    expect(part.body.partTest).toEqual({ id: testId, required: true, available: true });
    // and B starts a new one (numbers keep counting over the voided ones)
    const fresh = await call(student, b, "POST", `/api/tests/${testId}/attempts`, undefined, key());
    expect(fresh.status).toBe(201);
    expect(fresh.body).toMatchObject({ attemptNumber: 4, state: "in_progress" });
  }, 60_000);

  it("an enrollment migrated through A's admin API to a newer published version: B's next learn view and parts are the new version's (ids and titles), though B held the old version's structure", async () => {
    const v1 = await writeLearningCourse(handle.db);
    const { enrollmentId, student, admin } = await enrolledOnA(v1);

    // B holds version 1's structure: the learn view and a part, and a part completed there
    for (let i = 0; i < 2; i++) {
      const learn = await call(student, b, "GET", `/api/courses/${v1.slug}/learn`);
      expect(learn.status).toBe(200);
      expect(learn.body.course).toMatchObject({ _id: v1.courseId, version: 1 });
      expect((await call(student, b, "GET", `/api/parts/${v1.part("a1").id}`)).status).toBe(200);
    }
    expect((await call(student, b, "POST", `/api/parts/${v1.part("a1").id}/progress`, { markPartCompleted: true })).status).toBe(200);

    // version 2 through A's authoring API: a new draft, two titles edited, published
    const v2 = await newDraftVersion(admin, v1);
    const edited = await editTitles(admin, v2, "Nové vydanie");
    const published = await call(admin, a, "POST", `/api/admin/courses/${v2.courseId}/publish`);
    expect(published).toEqual({ status: 200, body: { ok: true, publishedAt: expect.any(String) } });
    expect((await courseRow(v1.courseId)).state).toBe("archived");

    // publishing moves no one: B still teaches this student version 1 (now archived)
    const still = await call(student, b, "GET", `/api/courses/${v1.slug}/learn`);
    expect(still.status).toBe(200);
    expect(still.body.course).toMatchObject({ _id: v1.courseId, version: 1 });
    expect(learnIds(still.body)).toEqual(learnIds(v1Tree(v1)));

    const migrated = await call(admin, a, "POST", `/api/admin/enrollments/${enrollmentId}/migrate-to-version`, {
      targetCourseVersionId: v2.courseId,
      reason: "Nová verzia s opravami",
    });
    expect(migrated.status).toBe(200);
    expect(migrated.body.enrollment).toMatchObject({
      _id: enrollmentId,
      courseId: v1.courseId,
      courseVersionId: v2.courseId,
      courseVersion: 2,
      state: "active",
    });
    expect(migrated.body.keptPartIds).toContain(v2.partId("a1"));
    expect(await enrollmentRow(enrollmentId)).toMatchObject({ courseVersionId: v2.courseId, state: "active" });

    // B's very next learn view: version 2, its ids, its edited titles, the kept progress
    const learn = await call(student, b, "GET", `/api/courses/${v1.slug}/learn`);
    expect(learn.status).toBe(200);
    expect(learn.body.course).toMatchObject({ _id: v2.courseId, version: 2 });
    expect(learnIds(learn.body)).toEqual(v2.ids);
    expect(learn.body.levels[0].title).toBe(edited.levelTitle);
    const a1 = learn.body.levels[0].topics[0].module.parts[0];
    expect(a1).toMatchObject({ _id: v2.partId("a1"), title: edited.partTitle, state: "completed" });
    // the new version's part is served, the old version's no longer (not the student's version)
    const part = await call(student, b, "GET", `/api/parts/${v2.partId("a1")}`);
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({ _id: v2.partId("a1"), title: edited.partTitle, course: { _id: v2.courseId }, module: { levelTitle: edited.levelTitle } });
    const old = await call(student, b, "GET", `/api/parts/${v1.part("a1").id}`);
    expect(old.status).toBe(403);
    expect(old.body).toMatchObject({ error: "no_enrollment" });
    const detail = await call(student, b, "GET", `/api/enrollments/${enrollmentId}`);
    expect(detail.body.courseVersionId).toBe(v2.courseId);
    expect(detail.body.partProgress.map((p: { partId: string }) => p.partId).sort()).toEqual([...v2.partIds].sort());
  }, 60_000);

  it("a draft is never served: while a new draft version with edited titles exists, B's learn view stays on the published version and B refuses the draft's parts (403 no_enrollment) and writes nothing for them", async () => {
    const v1 = await writeLearningCourse(handle.db);
    const { enrollmentId, student, admin } = await enrolledOnA(v1);
    const published = learnIds(v1Tree(v1));

    const warm = await call(student, b, "GET", `/api/courses/${v1.slug}/learn`);
    expect(warm.status).toBe(200);
    expect(learnIds(warm.body)).toEqual(published);

    const draft = await newDraftVersion(admin, v1);
    for (const label of ["Koncept 1", "Koncept 2"]) {
      // A's authoring API edits the draft; its admin view shows the edit
      const edited = await editTitles(admin, draft, label);
      const tree = await call(admin, a, "GET", `/api/admin/courses/${draft.courseId}`);
      expect(tree.body.course).toMatchObject({ state: "draft", version: 2 });
      expect(tree.body.levels[0].title).toBe(edited.levelTitle);
      expect(partsOf(tree.body).find((p) => p._id === draft.partId("a1"))?.title).toBe(edited.partTitle);

      // B's learn view: the published version, its ids and titles, nothing of the draft
      const learn = await call(student, b, "GET", `/api/courses/${v1.slug}/learn`);
      expect(learn.status).toBe(200);
      expect(learn.body.course).toMatchObject({ _id: v1.courseId, version: 1 });
      expect(learnIds(learn.body)).toEqual(published);
      expect(JSON.stringify(learn.body)).not.toContain("Koncept");
      for (const id of draft.partIds) expect(JSON.stringify(learn.body)).not.toContain(id);

      // the draft's parts: refused as parts of a version the student is not enrolled in
      for (const slug of ["a1", "b1"]) {
        const res = await call(student, b, "GET", `/api/parts/${draft.partId(slug)}`);
        expect(res.status, slug).toBe(403);
        expect(res.body).toMatchObject({ error: "no_enrollment" });
        expect(JSON.stringify(res.body)).not.toContain("Koncept");
      }
      const write = await call(student, b, "POST", `/api/parts/${draft.partId("a1")}/progress`, { markPartCompleted: true });
      expect(write.status).toBe(403);
      // the published part is served with its own title
      const part = await call(student, b, "GET", `/api/parts/${v1.part("a1").id}`);
      expect(part).toMatchObject({ status: 200, body: { _id: v1.part("a1").id, title: "Časť A1", course: { _id: v1.courseId } } });
    }
    // no progress exists for any draft part; the enrollment stays on version 1
    const draftProgress = await handle.db.select().from(schema.partProgress).where(inArray(schema.partProgress.partId, draft.partIds));
    expect(draftProgress).toEqual([]);
    expect(await enrollmentRow(enrollmentId)).toMatchObject({ courseVersionId: v1.courseId, state: "active" });
  }, 60_000);
});

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** GET from a chosen local address, which the server sees as the client's. */
function getFrom(app: RunningApp, from: string, path: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port: app.port, path, localAddress: from, headers: { host: new URL(app.url).host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
  });
}

function slugs(list: { data: { slug: string }[] }): string[] {
  return list.data.map((c) => c.slug);
}

/** Polls `probe` until it holds or `ms` pass; true when it held. */
async function within(ms: number, probe: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await probe()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The CSRF token of the signed-in person's forms (the sign-out form in the header). */
async function csrfTokenOf(jar: CookieJar, appUrl: string): Promise<string> {
  const html = await (await jar.fetch(`${appUrl}/ucet`)).text();
  const match = /name="csrf" value="([^"]+)"/.exec(html);
  if (!match) throw new Error("no CSRF token on /ucet");
  return match[1];
}

type Answer = { status: number; body: any };

/**
 * One request to one instance, as a signed-in person (their cookie jar) or with the headers
 * given (e.g. a cookie); an answer under /api is checked against the contract that instance
 * serves (the status documented for the operation, the body of the documented shape).
 */
/** A course's enrollment of the student (written directly), and the student and the admin signed in on A. */
async function enrolledOnA(course: Parameters<typeof enrollIn>[1]) {
  const enrollmentId = await enrollIn(handle.db, course);
  const { jar: student } = await signIn(a.url, STUDENT.email);
  const { jar: admin } = await signIn(a.url, ADMIN_EMAIL);
  return { enrollmentId, student, admin };
}

/** Each request answered `status` with a body matching `expected`. */
async function expectEach(
  requests: readonly (readonly [string, string, unknown])[],
  send: (method: string, path: string, body: unknown) => Promise<Answer>,
  status: number,
  expected: Record<string, unknown>,
) {
  for (const [method, path, body] of requests) {
    const res = await send(method, path, body);
    expect(res.status, `${method} ${path}`).toBe(status);
    expect(res.body).toMatchObject(expected);
  }
}

async function call(
  jar: CookieJar | null,
  app: RunningApp,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const init: RequestInit = {
    method,
    headers: { ...(method === "GET" ? {} : { origin: app.url }), ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
  };
  if (body !== undefined) init.body = JSON.stringify(body);
  const res = jar ? await jar.fetch(`${app.url}${path}`, init) : await fetch(`${app.url}${path}`, { ...init, redirect: "manual" });
  const text = await res.text();
  const parsed = text && (res.headers.get("content-type") ?? "").includes("json") ? JSON.parse(text) : text;
  const copy = new Response(text, { status: res.status, headers: res.headers });
  Object.defineProperty(copy, "url", { value: `${app.url}${path}` });
  await expectMatchesContract(method, path, copy, parsed);
  return { status: res.status, body: parsed };
}

/** The enrollment's entry in a GET /api/enrollments/me answer. */
function mine(answer: Answer, enrollmentId: string) {
  expect(answer.status).toBe(200);
  const entry = (answer.body.data as { _id: string; state: string }[]).find((e) => e._id === enrollmentId);
  expect(entry, `enrollment ${enrollmentId} in /api/enrollments/me`).toBeDefined();
  return entry;
}

async function sessionRow(id: string) {
  const [row] = await handle.db.select().from(schema.sessions).where(eq(schema.sessions.id, id));
  return row;
}

async function enrollmentRow(id: string) {
  const [row] = await handle.db.select().from(schema.enrollments).where(eq(schema.enrollments.id, id));
  return row;
}

async function courseRow(id: string) {
  const [row] = await handle.db.select().from(schema.courses).where(eq(schema.courses.id, id));
  return row;
}

/** The enrollment's part progress rows, in a stable order. */
async function progressRows(enrollmentId: string) {
  const rows = await handle.db.select().from(schema.partProgress).where(eq(schema.partProgress.enrollmentId, enrollmentId));
  return rows.sort((x, y) => x.partId.localeCompare(y.partId));
}

/**
 * The person signs out at an instance's own local provider (its end-session page,
 * confirmed), which posts the back-channel logout token to that instance's receiver.
 */
async function signOutAtProvider(jar: CookieJar, app: RunningApp) {
  const page = await jar.fetch(`${app.url}/idp/session/end?client_id=learning-platform`);
  expect(page.status).toBe(200);
  const html = await page.text();
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
  expect(xsrf, "the provider's sign-out form").toBeDefined();
  const confirmed = await jar.fetch(new URL(formAction(html), app.url).href, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ xsrf: xsrf!, logout: "yes" }),
  });
  await follow(jar, confirmed, app.url, "never");
}

/** A course tree as the learn view and the admin course detail both nest it. */
type Tree = {
  levels: { _id: string; title: string; topics: { _id: string; module: { _id: string; parts: { _id: string; slug?: string; title: string }[] } | null }[] }[];
};

/** Every level, topic, module and part id of a tree, in course order. */
function learnIds(tree: Tree): string[] {
  return tree.levels.flatMap((l) => [l._id, ...l.topics.flatMap((t) => [t._id, ...(t.module ? [t.module._id, ...t.module.parts.map((p) => p._id)] : [])])]);
}

function partsOf(tree: Tree) {
  return tree.levels.flatMap((l) => l.topics.flatMap((t) => t.module?.parts ?? []));
}

/** The fixture's published version as a tree. */
function v1Tree(fixture: LearningFixture): Tree {
  return {
    levels: fixture.structure.levels.map((l) => ({
      _id: l.id,
      title: l.title,
      topics: l.topics.map((t) => ({
        _id: t.id,
        module: t.module && { _id: t.module.id, parts: t.module.parts.map((p) => ({ _id: p.id, slug: p.slug, title: p.title })) },
      })),
    })),
  };
}

/** A new draft version of the fixture's course through A's authoring API, with its ids. */
async function newDraftVersion(admin: CookieJar, fixture: LearningFixture) {
  const created = await call(admin, a, "POST", `/api/admin/courses/${fixture.courseId}/new-version`);
  expect(created).toEqual({ status: 201, body: { newCourseId: expect.any(String), version: 2 } });
  const courseId: string = created.body.newCourseId;
  const detail = await call(admin, a, "GET", `/api/admin/courses/${courseId}`);
  expect(detail.status).toBe(200);
  expect(detail.body.course).toMatchObject({ state: "draft", slug: fixture.slug, previousVersionId: fixture.courseId });
  const tree = detail.body as Tree;
  const parts = partsOf(tree);
  const ids = learnIds(tree);
  // a deep clone: no id of the published version is reused
  expect(ids.filter((id) => learnIds(v1Tree(fixture)).includes(id))).toEqual([]);
  return {
    courseId,
    ids,
    levelId: tree.levels[0]._id,
    partIds: parts.map((p) => p._id),
    partId(slug: string) {
      const part = parts.find((p) => p.slug === slug);
      if (!part) throw new Error(`no part ${slug} in the new version`);
      return part._id;
    },
  };
}

/** Edits the first level's and part A1's titles of a draft through A's authoring API. */
async function editTitles(admin: CookieJar, draft: { levelId: string; partId(slug: string): string }, label: string) {
  const levelTitle = `${label}: Úroveň 1`;
  const partTitle = `${label}: Časť A1`;
  const level = await call(admin, a, "PATCH", `/api/admin/levels/${draft.levelId}`, { title: levelTitle });
  expect(level.status).toBe(200);
  expect(level.body.title).toBe(levelTitle);
  const part = await call(admin, a, "PATCH", `/api/admin/parts/${draft.partId("a1")}`, { title: partTitle });
  expect(part.status).toBe(200);
  expect(part.body.title).toBe(partTitle);
  return { levelTitle, partTitle };
}
