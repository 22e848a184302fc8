// Failure with a way forward (issue 29, item 3) through HTTP, as a browser without
// JavaScript: the result page of a failed attempt names the topics to go over again with
// links to their parts and shows "Skúsiť znova" with when it opens (disabled during the
// cooldown, minutes stated); after the last failed attempt it says what happens next; after
// a pass that the pass stands; and at 0:00 the attempt is closed: no answer is saved or
// submitted after the deadline (5 s for the request in flight), the page shows the result.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "#server/db";
import { startCommerceApp, signInStudent, type CommerceApp, type Student } from "../support/commerce";
import { enrollIn, writeLearningCourse, type LearningFixture } from "../support/learning-fixtures";

let app: CommerceApp;
let course: LearningFixture;
let testId: string;
let jana: Student;
let peter: Student;

const form = (s: Student, path: string, fields: [string, string][]) =>
  s.jar.fetch(`${app.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, accept: "text/html" },
    body: new URLSearchParams(fields),
  });
const page = async (s: Student, path: string) => {
  const res = await s.jar.fetch(`${app.url}${path}`, { headers: { accept: "text/html" } });
  return { status: res.status, html: (await res.text()).replace(/<!-- -->/g, "") };
};

async function snapshotOf(attemptId: string) {
  const [row] = await app.db.select().from(schema.testAttempts).where(eq(schema.testAttempts.id, attemptId));
  return row;
}

/** "Začať test" / "Skúsiť znova" on the test's page: the attempt's address. */
async function start(s: Student): Promise<string> {
  const res = await form(s, `/kurzy/${course.slug}/testy/${testId}`, [["idempotencyKey", randomUUID()]]);
  expect(res.status).toBe(302);
  const location = res.headers.get("location")!;
  expect(location).toMatch(new RegExp(`/kurzy/${course.slug}/testy/${testId}/pokus/[0-9a-f]{24}$`));
  return location;
}

/** "Odovzdať test" with the right or a wrong answer to every question. */
async function submit(s: Student, attemptPath: string, right: boolean, intent = "submit") {
  const row = await snapshotOf(attemptPath.split("/").pop()!);
  const fields: [string, string][] = [
    ["idempotencyKey", randomUUID()],
    ["intent", intent],
    ["confirm", "1"],
  ];
  for (const q of row.questionSnapshots) {
    fields.push(["questionIds", q.questionId], [`answer-${q.questionId}`, q.answers.find((a) => a.isCorrect === right)!.id]);
  }
  return form(s, attemptPath, fields);
}

beforeAll(async () => {
  app = await startCommerceApp();
  course = await writeLearningCourse(app.db, { slug: "cesta-dalej" });
  testId = course.part("b1").testId!;
  // the part test: 2 attempts, 10 minutes between them
  await app.db.update(schema.tests).set({ maxAttempts: 2, cooldownMinutes: 10 }).where(eq(schema.tests.id, testId));
  jana = await signInStudent(app.url);
  peter = await signInStudent(app.url, "peter.horvath@demo.sk");
  for (const s of [jana, peter]) {
    const id = ((await (await s.get("/api/me")).json()) as { user: { id: string } }).user.id;
    await enrollIn(app.db, course, id);
    expect((await s.post(`/api/parts/${course.part("b1").id}/progress`, { markPartCompleted: true })).status).toBe(200);
  }
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

describe("a failed test shows the way forward (no JavaScript)", () => {
  it("names the topic with a link to its part and 'Skúsiť znova' with when it opens; then the last attempt says what happens next", async () => {
    const first = await start(jana);
    expect((await submit(jana, first, false)).status).toBe(302);
    const failed = await page(jana, first);
    expect(failed.status).toBe(200);
    expect(failed.html).toContain("Test ste tentoraz neabsolvovali.");
    expect(failed.html).toContain("Čo ďalej");
    // the part test covers its part: topic "S testom", part "Časť B1"
    expect(failed.html).toMatch(new RegExp(`<strong>S testom</strong>: <a[^>]*href="/kurzy/${course.slug}/studium/${course.part("b1").id}"[^>]*>Časť B1</a>`));
    expect(failed.html).toMatch(/Nesprávne ste odpovedali na otázku/);
    // the cooldown: the button is there but disabled, the page says from when and in how many minutes
    expect(failed.html).toMatch(/Ďalší pokus bude možný od <strong>[^<]+<\/strong> \(o (10|9) min\)/);
    expect(failed.html).toMatch(/<button type="submit" disabled="" aria-disabled="true">Skúsiť znova<\/button>/);
    expect(failed.html).toContain(`action="/kurzy/${course.slug}/testy/${testId}"`);
    // the server holds the cooldown whatever the page shows
    const early = await form(jana, `/kurzy/${course.slug}/testy/${testId}`, [["idempotencyKey", randomUUID()]]);
    expect(early.status).toBe(409);

    // ten minutes later the same page offers "Skúsiť znova" enabled
    const row = await snapshotOf(first.split("/").pop()!);
    await app.db
      .update(schema.testAttempts)
      .set({ submittedAt: new Date(row.submittedAt!.getTime() - 11 * 60_000) })
      .where(eq(schema.testAttempts.id, row.id));
    const later = await page(jana, first);
    expect(later.html).toMatch(/<button type="submit" aria-disabled="false">Skúsiť znova<\/button>/);
    expect(later.html).not.toContain("Ďalší pokus bude možný od");

    // the second (last) attempt fails too: no "Skúsiť znova", what happens next and whom to ask
    const second = await start(jana);
    expect(second).not.toBe(first);
    expect((await submit(jana, second, false)).status).toBe(302);
    const last = await page(jana, second);
    expect(last.html).toContain("Ďalšie pokusy už nemáte.");
    expect(last.html).toContain("Toto bol váš posledný pokus.");
    expect(last.html).toContain("Ďalšie pokusy môže povoliť len správca akadémie");
    // whom to write to: the seller's contact (SUPPORT_EMAIL), the subject filled in
    expect(last.html).toMatch(/href="mailto:kontakt@akademia-sportu\.example\?subject=[^"]+"/);
    expect(last.html).not.toContain("Skúsiť znova");
    expect(last.html).toContain(`/kurzy/${course.slug}/studium/${course.part("b1").id}`);
    const intro = await page(jana, `/kurzy/${course.slug}/testy/${testId}`);
    expect(intro.html).toContain("Vyčerpali ste všetky pokusy o tento test.");
    expect(intro.html).toContain("správca akadémie");
    expect(intro.html).toContain("mailto:kontakt@akademia-sportu.example?subject=");
  });

  it("after a pass the page says the pass stands and a new attempt cannot lower it", async () => {
    const attempt = await start(peter);
    expect((await submit(peter, attempt, true)).status).toBe(302);
    const passed = await page(peter, attempt);
    expect(passed.html).toContain("Test ste úspešne absolvovali.");
    expect(passed.html).toContain("ďalší pokus ho nemôže znížiť");
    expect(passed.html).not.toContain("Čo ďalej");
    const intro = await page(peter, `/kurzy/${course.slug}/testy/${testId}`);
    expect(intro.html).toContain("nový pokus ho nemôže znížiť");
  });
});

describe("a refusal is said on the attempt page (docs/decisions/platform/use-cases-return-values.md)", () => {
  it("422 for an answer the attempt does not know (nothing kept), 422 for a key reused with another form, 409 for a save after submitting", async () => {
    const martin = await signInStudent(app.url, "martin.simko@demo.sk");
    const id = ((await (await martin.get("/api/me")).json()) as { user: { id: string } }).user.id;
    await enrollIn(app.db, course, id);
    expect((await martin.post(`/api/parts/${course.part("b1").id}/progress`, { markPartCompleted: true })).status).toBe(200);
    const attempt = await start(martin);
    const attemptId = attempt.split("/").pop()!;
    const row = await snapshotOf(attemptId);
    const q = row.questionSnapshots[0];
    const key = randomUUID();
    const tampered = await form(martin, attempt, [
      ["idempotencyKey", key],
      ["intent", "submit"],
      ["confirm", "1"],
      ["questionIds", q.questionId],
      [`answer-${q.questionId}`, "neznama-odpoved"],
    ]);
    expect(tampered.status).toBe(422);
    expect((await tampered.text()).replace(/<!-- -->/g, "")).toContain('role="alert"');
    // rolled back: the attempt is still open and the key is free for the corrected form
    expect(await snapshotOf(attemptId)).toMatchObject({ state: "in_progress", answers: [] });
    const fields: [string, string][] = [
      ["idempotencyKey", key],
      ["intent", "submit"],
      ["confirm", "1"],
    ];
    for (const s of row.questionSnapshots) fields.push(["questionIds", s.questionId], [`answer-${s.questionId}`, s.answers.find((a) => a.isCorrect)!.id]);
    expect((await form(martin, attempt, fields)).status).toBe(302);
    expect((await snapshotOf(attemptId)).state).toBe("submitted");
    // the same key with another form: refused on the page
    const reused = await form(martin, attempt, [...fields.slice(0, 3), ["questionIds", q.questionId]]);
    expect(reused.status).toBe(422);
    expect(await reused.text()).toContain('role="alert"');
    // "Uložiť odpovede" on a submitted attempt: 409 with its message, the result shown
    const save = await form(martin, attempt, [["intent", "save"], ...fields.slice(3)]);
    expect(save.status).toBe(409);
    const html = (await save.text()).replace(/<!-- -->/g, "");
    expect(html).toContain("Pokus je už odovzdaný.");
    expect(html).toContain("Test ste úspešne absolvovali.");
  });
});

describe("at 0:00 the attempt closes (issue 29, item 3)", () => {
  it("a save or a submit after the deadline is not taken; the page shows the result at once", async () => {
    // a fresh student on the same test
    const eva = await signInStudent(app.url, "eva.kovacova@demo.sk");
    const evaId = ((await (await eva.get("/api/me")).json()) as { user: { id: string } }).user.id;
    await enrollIn(app.db, course, evaId);
    expect((await eva.post(`/api/parts/${course.part("b1").id}/progress`, { markPartCompleted: true })).status).toBe(200);
    const attempt = await start(eva);
    const attemptId = attempt.split("/").pop()!;
    // the deadline passed 10 s ago
    await app.db
      .update(schema.testAttempts)
      .set({ deadline: new Date(Date.now() - 10_000) })
      .where(eq(schema.testAttempts.id, attemptId));

    // "Uložiť odpovede" with the right answer: refused, the attempt is closed with what was saved (nothing)
    const save = await submit(eva, attempt, true, "save");
    expect(save.status).toBe(409);
    const html = (await save.text()).replace(/<!-- -->/g, "");
    expect(html).toContain("Test ste tentoraz neabsolvovali.");
    expect(html).toContain("Čas na test vypršal");
    expect(await snapshotOf(attemptId)).toMatchObject({ state: "expired", passed: false, answers: [] });
    // the API says the same, and a submit changes nothing
    const put = await eva.jar.fetch(`${app.url}/api/tests/${testId}/attempts/${attemptId}/answers`, {
      method: "PUT",
      headers: { "content-type": "application/json", origin: app.url },
      body: JSON.stringify({ answers: [] }),
    });
    expect(put.status).toBe(409);
    expect(((await put.json()) as { error: string }).error).toBe("attempt_expired");
    expect((await submit(eva, attempt, true)).status).toBe(409);
    expect(await snapshotOf(attemptId)).toMatchObject({ state: "expired", passed: false });
  });

  it("a page read 6 s after the deadline shows the result, not an open form", async () => {
    const zuzana = await signInStudent(app.url, "tomas.balaz@demo.sk");
    const id = ((await (await zuzana.get("/api/me")).json()) as { user: { id: string } }).user.id;
    await enrollIn(app.db, course, id);
    expect((await zuzana.post(`/api/parts/${course.part("b1").id}/progress`, { markPartCompleted: true })).status).toBe(200);
    const attempt = await start(zuzana);
    const attemptId = attempt.split("/").pop()!;
    await app.db
      .update(schema.testAttempts)
      .set({ deadline: new Date(Date.now() - 6_000) })
      .where(eq(schema.testAttempts.id, attemptId));
    const shown = await page(zuzana, attempt);
    expect(shown.html).toContain("Čas na test vypršal");
    expect(shown.html).not.toContain("Odovzdať test");
    expect((await snapshotOf(attemptId)).state).toBe("expired");
  });
});
