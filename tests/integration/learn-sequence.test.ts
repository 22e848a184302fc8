// The sequence includes the tests (issue 29, item 1) through HTTP, as a browser without
// JavaScript: the learning dashboard lists a part's test right after its part, the level
// test after the level's topics and the course test last, each with its state and what
// unlocks it; "Dokončiť a pokračovať" on a part with a test leads to that test; a module
// whose parts are done but whose required test is not passed says "Čaká na test" with the link.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "#server/db";
import { startCommerceApp, signInStudent, type CommerceApp, type Student } from "../support/commerce";
import { expectMatchesContract } from "../support/contract";
import { enrollIn, writeLearningCourse, type LearningFixture } from "../support/learning-fixtures";

let app: CommerceApp;
let course: LearningFixture;
let jana: Student;

const html = async (path: string) => {
  const res = await jana.jar.fetch(`${app.url}${path}`, { headers: { accept: "text/html" } });
  expect(res.status).toBe(200);
  return (await res.text()).replace(/<!-- -->/g, "");
};
/** The text of the dashboard's element that holds `marker` (its <li> or <p>), tags removed. */
const lineOf = (page: string, marker: string) => {
  const at = page.indexOf(marker);
  expect(at, `"${marker}" on the page`).toBeGreaterThan(-1);
  const start = Math.max(page.lastIndexOf("<p", at), page.lastIndexOf("<li", at));
  const end = page.indexOf("</p>", at);
  return page.slice(start, end).replace(/<[^>]+>/g, "");
};

beforeAll(async () => {
  app = await startCommerceApp();
  course = await writeLearningCourse(app.db, { slug: "postupnost-s-testami" });
  jana = await signInStudent(app.url);
  const id = ((await (await jana.get("/api/me")).json()) as { user: { id: string } }).user.id;
  await enrollIn(app.db, course, id);
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

describe("the learning dashboard lists the tests where they belong", () => {
  const dashboard = () => html(`/kurzy/${course.slug}/studium`);

  it("part, level and course tests in their places, each with its state and what unlocks it", async () => {
    const page = await dashboard();
    const b1 = course.part("b1");
    // the part test right after its part, before the next level's topic
    const partAt = page.indexOf(">Časť B1<");
    const partTestAt = page.indexOf("Kontrolný test časti");
    const levelTestAt = page.indexOf("Test úrovne");
    const level2TopicAt = page.indexOf("Pokročilé");
    const courseTestAt = page.indexOf("Záverečný test kurzu");
    expect(partAt).toBeGreaterThan(-1);
    expect(partTestAt).toBeGreaterThan(partAt);
    expect(level2TopicAt).toBeGreaterThan(partTestAt);
    expect(levelTestAt).toBeGreaterThan(level2TopicAt);
    expect(courseTestAt).toBeGreaterThan(levelTestAt);
    expect(lineOf(page, "Kontrolný test časti")).toMatch(/Kontrolný test časti \(povinný\).*Zamknutý.*sprístupní sa po dokončení časti Časť B1/);
    expect(lineOf(page, "Test úrovne")).toMatch(/Zamknutý.*sprístupní sa po dokončení všetkých modulov úrovne/);
    expect(lineOf(page, "Záverečný test kurzu")).toMatch(/\(povinný\).*Zamknutý.*sprístupní sa po dokončení všetkých úrovní/);
    // locked tests are not links
    expect(page).not.toContain(`href="/kurzy/${course.slug}/testy/${b1.testId}"`);

    // the API carries the part test in the sequence too
    const res = await jana.get(`/api/courses/${course.slug}/learn`);
    const body = (await res.json()) as { levels: { topics: { module: { parts: { _id: string; partTest: unknown }[] } | null }[] }[] };
    await expectMatchesContract("GET", `/api/courses/${course.slug}/learn`, res, body);
    const parts = body.levels.flatMap((l) => l.topics.flatMap((t) => t.module?.parts ?? []));
    expect(parts.find((p) => p._id === b1.id)!.partTest).toEqual({ id: b1.testId, required: true, available: false });
    expect(parts.find((p) => p._id === course.part("a1").id)!.partTest).toBeNull();
  });

  it("'Dokončiť a pokračovať' on a part with a test goes to the test; the module waits for it; a pass completes it", async () => {
    const b1 = course.part("b1");
    const partPage = await html(`/kurzy/${course.slug}/studium/${b1.id}`);
    expect(partPage).toContain("Dokončiť a pokračovať");
    const done = await jana.jar.fetch(`${app.url}/kurzy/${course.slug}/studium/${b1.id}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, accept: "text/html" },
      body: new URLSearchParams({ intent: "part-complete" }),
    });
    expect(done.status).toBe(302);
    // the part's own required test is the next step (docs/decisions/learning/one-next-step-everywhere.md > One next step everywhere)
    expect(done.headers.get("location")).toBe(`/kurzy/${course.slug}/testy/${b1.testId}`);

    // the module "S testom" (only b1) waits for its test
    let page = await dashboard();
    expect(page).toMatch(/S testom<span class="state-badge[^"]*">(<svg.*?<\/svg>)?Čaká na test/);
    expect(page).toMatch(new RegExp(`<a href="/kurzy/${course.slug}/testy/${b1.testId}"[^>]*>Prejsť na test k časti Časť B1</a>`));
    expect(lineOf(page, "Kontrolný test časti")).toMatch(/Môžete ho absolvovať/);
    expect(page).toMatch(new RegExp(`<a href="/kurzy/${course.slug}/testy/${b1.testId}"[^>]*>Kontrolný test časti</a>`));

    // a failed attempt: still waiting, the line says to try again
    const start = await jana.post(`/api/tests/${b1.testId}/attempts`, "", { "Idempotency-Key": randomUUID() });
    expect(start.status).toBe(201);
    const { attemptId } = (await start.json()) as { attemptId: string };
    const [row] = await app.db.select().from(schema.testAttempts).where(eq(schema.testAttempts.id, attemptId));
    const pick = (right: boolean) =>
      row.questionSnapshots.map((q) => ({ questionId: q.questionId, selectedAnswerIds: [q.answers.find((a) => a.isCorrect === right)!.id] }));
    expect(
      (await jana.post(`/api/tests/${b1.testId}/attempts/${attemptId}/submit`, { answers: pick(false) }, { "Idempotency-Key": randomUUID() })).status,
    ).toBe(200);
    page = await dashboard();
    expect(page).toContain("Čaká na test");
    expect(lineOf(page, "Kontrolný test časti")).toMatch(/Neúspešný pokus, skúste znova/);

    // passed (the test has no cooldown): the module is complete, the test line says so
    const again = await jana.post(`/api/tests/${b1.testId}/attempts`, "", { "Idempotency-Key": randomUUID() });
    const second = ((await again.json()) as { attemptId: string }).attemptId;
    const [row2] = await app.db.select().from(schema.testAttempts).where(eq(schema.testAttempts.id, second));
    const right = row2.questionSnapshots.map((q) => ({ questionId: q.questionId, selectedAnswerIds: [q.answers.find((a) => a.isCorrect)!.id] }));
    expect((await jana.post(`/api/tests/${b1.testId}/attempts/${second}/submit`, { answers: right }, { "Idempotency-Key": randomUUID() })).status).toBe(200);
    page = await dashboard();
    expect(page).not.toContain("Čaká na test");
    expect(lineOf(page, "Kontrolný test časti")).toMatch(/Splnený/);
  });
});

describe("the part page's one button and play address (issue 29, item 4), without JavaScript", () => {
  const post = (path: string, body: Record<string, string>) =>
    jana.jar.fetch(`${app.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, accept: "text/html" },
      body: new URLSearchParams(body),
    });

  it("refuses while the video is unplayed and says what is missing; the play address starts a viewing and redirects to the signed URL", async () => {
    const a1 = course.part("a1");
    const video = a1.blocks.find((b) => b.type === "video")!;
    const partPath = `/kurzy/${course.slug}/studium/${a1.id}`;
    let page = await html(partPath);
    // one button, no per-block buttons; the video plays from the play address
    expect(page).toContain("Dokončiť a pokračovať");
    expect(page).not.toMatch(/Označiť ako prečítané|Video som pozrel/);
    expect(page).toContain(`src="${partPath}/video/${video.id}"`);
    expect(page).toMatch(/pozrieť video<\/a> \(zostáva ešte asi 1 min 30 s\)/);

    const refused = await post(partPath, { intent: "part-complete" });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe(`${partPath}?sprava=chyba#dokoncit`);
    page = await html(`${partPath}?sprava=chyba`);
    expect(page).toMatch(/role="alert"[^>]*><p>Časť ešte nie je hotová\. Ešte chýba:/);
    // the text counts as read, the part stays open, nothing after it opened
    const [row] = await app.db.select().from(schema.partProgress).where(eq(schema.partProgress.partId, a1.id));
    expect(row.state).toBe("in_progress");
    expect(row.blockProgress.find((b) => b.blockId === video.id)).toMatchObject({ state: "in_progress", secondsWatched: 0 });
    expect(row.blockProgress.find((b) => b.blockId === video.id)!.viewingStartedAt).toBeUndefined();
    expect(row.blockProgress.find((b) => b.blockId !== video.id)).toMatchObject({ state: "completed" });

    // pressing play: the browser fetches the play address
    const played = await jana.jar.fetch(`${app.url}${partPath}/video/${video.id}`, { redirect: "manual" });
    expect(played.status).toBe(302);
    expect(played.headers.get("location")).toMatch(/demo-test/);
    expect(played.headers.get("cache-control")).toContain("no-store");
    const [after] = await app.db.select().from(schema.partProgress).where(eq(schema.partProgress.partId, a1.id));
    expect(after.blockProgress.find((b) => b.blockId === video.id)!.viewingStartedAt).toEqual(expect.any(String));
    // an unknown block is 404; without a session the sign-in
    expect((await jana.jar.fetch(`${app.url}${partPath}/video/${"0".repeat(24)}`, { redirect: "manual" })).status).toBe(404);
    expect((await fetch(`${app.url}${partPath}/video/${video.id}`, { redirect: "manual" })).status).toBe(302);
  });
});
