// A required webinar gates its level (issue 33 item 4; docs/decisions/webinars/
// attendance-gates-the-level.md), over HTTP against the built app: with every part and test
// of level 1 done, the level does not complete without attendance (the dashboard's next step
// and the level's line point to the webinar); it completes with a join ("Pripojiť sa"), with
// the admin's correction, and with the recording watched to 0.9 of its length as the server
// judges it (a claim without a viewing under way, or too early in one, earns too little).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "#server/db";
import { startAppWithQueue, type AppWithQueue } from "../support/app-with-queue";
import { signInStudent, type Student } from "../support/commerce";
import { signIn } from "../support/app-login";
import { enrollIn, recordPassedAttempt, writeLearningCourse, type LearningFixture } from "../support/learning-fixtures";
import type { CookieJar } from "../support/idp-login";

let app: AppWithQueue;
let course: LearningFixture;
let editor: CookieJar;
let webinarId: string;
const students: Record<string, { student: Student; id: string; enrollmentId: string }> = {};
const MIN = 60_000;

const form = (jar: CookieJar, path: string, body: Record<string, string> = {}) =>
  jar.fetch(`${app.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
    body: new URLSearchParams(body).toString(),
    redirect: "manual",
  });

async function levelOneCompleted(enrollmentId: string): Promise<boolean> {
  const rows = await app.db
    .select()
    .from(schema.levelCompletions)
    .where(and(eq(schema.levelCompletions.enrollmentId, enrollmentId), eq(schema.levelCompletions.levelId, course.structure.levels[0].id)));
  return rows.length === 1;
}

/** Every required part and the part test of level 1 done, the way the student's API does it. */
async function finishLevelOneContent(name: string) {
  const { student, id, enrollmentId } = students[name];
  await recordPassedAttempt(app.db, enrollmentId, course.part("b1").testId!, id);
  for (const slug of ["a1", "a2", "b1"]) {
    const res = await student.post(`/api/parts/${course.part(slug).id}/progress`, { markPartCompleted: true });
    expect(res.status, slug).toBe(200);
  }
}

beforeAll(async () => {
  app = await startAppWithQueue();
  course = await writeLearningCourse(app.db, { slug: "kurz-s-povinnym-webinarom" });
  for (const [name, email] of [
    ["jana", "jana.novakova@demo.sk"],
    ["peter", "peter.horvath@demo.sk"],
    ["lucia", "lucia.mrazova@demo.sk"],
    ["marek", "marek.kral@demo.sk"],
  ] as const) {
    const student = await signInStudent(app.url, email);
    const id = ((await (await student.get("/api/me")).json()) as { user: { id: string } }).user.id;
    students[name] = { student, id, enrollmentId: await enrollIn(app.db, course, id) };
  }
  editor = (await signIn(app.url, "martin.simko@demo.sk")).jar;
  // a session starting in 5 minutes (joinable now), required for level 1
  const res = await editor.fetch(`${app.url}/api/admin/courses/${course.courseId}/webinars`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: app.url },
    body: JSON.stringify({
      title: "Povinný webinár úrovne 1",
      startsAt: new Date(Date.now() + 5 * MIN).toISOString(),
      endsAt: new Date(Date.now() + 95 * MIN).toISOString(),
      joinUrl: "https://teams.example.com/l/meetup-join/povinny",
      levelId: course.structure.levels[0].id,
      attendanceRequired: true,
    }),
  });
  expect(res.status).toBe(201);
  webinarId = ((await res.json()) as { webinar: { _id: string } }).webinar._id;
}, 180_000);
afterAll(async () => {
  await app?.stop();
});

describe("a level with a required webinar", () => {
  it("does not complete without attendance; the dashboard's next step and the level's line point to the webinar", async () => {
    await finishLevelOneContent("jana");
    expect(await levelOneCompleted(students.jana.enrollmentId)).toBe(false);
    const html = await (await students.jana.student.get(`/kurzy/${course.slug}/studium`)).text();
    const button = /<a [^>]*data-next-step[^>]*>([^<]*)</.exec(html);
    expect(button, html.slice(html.indexOf("learn-summary"), html.indexOf("learn-summary") + 1500)).not.toBeNull();
    expect(/href="([^"]+)"/.exec(button![0])?.[1]).toBe(`/kurzy/${course.slug}/webinare/${webinarId}`);
    expect(button![1]).toContain("Povinný webinár úrovne 1");
    expect(html).toContain('data-requirement="open"');
    // the API's level stays open, the course's progress is not 100 %
    const learn = (await (await students.jana.student.get(`/api/courses/${course.slug}/learn`)).json()) as { levels: { _id: string; state: string }[] };
    expect(learn.levels[0].state).not.toBe("completed");
  });

  it("completes with a join (Pripojiť sa), and level 2 opens", async () => {
    await finishLevelOneContent("peter");
    expect(await levelOneCompleted(students.peter.enrollmentId)).toBe(false);
    const joined = await form(students.peter.student.jar, `/kurzy/${course.slug}/webinare/${webinarId}/pripojit`);
    expect(joined.status).toBe(303);
    expect(joined.headers.get("location")).toBe("https://teams.example.com/l/meetup-join/povinny");
    expect(await levelOneCompleted(students.peter.enrollmentId)).toBe(true);
    const html = await (await students.peter.student.get(`/kurzy/${course.slug}/studium`)).text();
    expect(html).toContain('data-requirement="met"');
    // the level's completion notice and certificate jobs ran as for any level
    const learn = (await (await students.peter.student.get(`/api/courses/${course.slug}/learn`)).json()) as { levels: { state: string }[] };
    expect(learn.levels[0].state).toBe("completed");
    expect(learn.levels[1].state).not.toBe("locked");
  });

  it("completes with the admin's correction (attended, with a reason)", async () => {
    await finishLevelOneContent("lucia");
    expect(await levelOneCompleted(students.lucia.enrollmentId)).toBe(false);
    const done = await form(editor, `/admin/kurzy/${course.courseId}/webinare/${webinarId}/ucast`, {
      enrollmentId: students.lucia.enrollmentId,
      attended: "yes",
      reason: "sledovala z miestnosti kolegu",
    });
    expect(done.status).toBe(302);
    expect(await levelOneCompleted(students.lucia.enrollmentId)).toBe(true);
  });

  it("completes with the recording watched to 0.9 of its length, judged by the server", async () => {
    await finishLevelOneContent("marek");
    // the session is over and its recording (100 s) is ready
    await app.db
      .update(schema.webinars)
      .set({
        startsAt: new Date(Date.now() - 2 * 60 * MIN),
        endsAt: new Date(Date.now() - 60 * MIN),
        recordingPlaybackId: "demo-test",
        recordingDurationSec: 100,
        recordingUploadStatus: "ready",
      })
      .where(eq(schema.webinars.id, webinarId));
    const marek = students.marek.student;
    const page = `/kurzy/${course.slug}/webinare/${webinarId}`;
    // a claim with no viewing under way earns nothing
    const early = await form(marek.jar, `${page}/zaznam`);
    expect(early.status).toBe(303);
    expect(early.headers.get("location")).toBe(`${page}?zaznam=nedopozerany`);
    expect(await levelOneCompleted(students.marek.enrollmentId)).toBe(false);
    // pressing play: the play address starts a viewing and redirects to a signed URL
    const play = await marek.jar.fetch(`${app.url}${page}/zaznam`, { redirect: "manual" });
    expect(play.status).toBe(302);
    expect(play.headers.get("location")).toContain("demo-test");
    // claiming the whole length right away: credited only the seconds since play (plus slack)
    expect((await form(marek.jar, `${page}/zaznam`)).headers.get("location")).toBe(`${page}?zaznam=nedopozerany`);
    const [view] = await app.db.select().from(schema.webinarRecordingViews).where(eq(schema.webinarRecordingViews.enrollmentId, students.marek.enrollmentId));
    expect(view.progress.secondsWatched).toBeLessThan(90);
    expect(await levelOneCompleted(students.marek.enrollmentId)).toBe(false);
    // 95 s later (the viewing's start moved back by that much): 0.9 is reached
    const startedAt = new Date(Date.parse(view.progress.viewingStartedAt!) - 95_000).toISOString();
    await app.db
      .update(schema.webinarRecordingViews)
      .set({ progress: { ...view.progress, viewingStartedAt: startedAt } })
      .where(eq(schema.webinarRecordingViews.id, view.id));
    expect((await form(marek.jar, `${page}/zaznam`)).headers.get("location")).toBe(`${page}?zaznam=pozrety`);
    expect(await levelOneCompleted(students.marek.enrollmentId)).toBe(true);
    const html = await (await marek.get(page)).text();
    expect(html).toContain('data-requirement="met"');
    // jana, who neither attended nor watched, still waits
    expect(await levelOneCompleted(students.jana.enrollmentId)).toBe(false);
  });
});
