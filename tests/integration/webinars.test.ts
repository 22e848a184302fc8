// Webinars (issue 33) over HTTP against the built app with its job workers: the admin API's
// roles and refusals (401, 403, 404, 422 for bad times), the enrolled student's list (401
// visitor, 403 without an enrollment, join URL only from 15 minutes before), joining
// (recorded, 303 to the meeting), the .ics parsed with ical.js (UTC times on both sides of
// a daylight-saving change, the join URL, the VALARM), the personal feed (signed, revoked),
// change and cancellation e-mails with a fresh .ics (SEQUENCE raised), and the reminder
// sweep run by two instances at once: one e-mail per student and session.
import { and, eq, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, schema, type DatabaseHandle } from "#server/db";
import { loadConfig } from "#server/config";
import { createLogger } from "#server/log";
import { sendDueReminders } from "#server/webinars";
import { startJobs, type Jobs } from "../../jobs";
import { startAppWithQueue, type AppWithQueue } from "../support/app-with-queue";
import { signInStudent, type Student } from "../support/commerce";
import { signIn } from "../support/app-login";
import { expectApiError, expectMatchesContract } from "../support/contract";
import { serverUrl } from "../support/db";
import { startApp } from "../support/app";
import { enrollIn, writeLearningCourse, type LearningFixture } from "../support/learning-fixtures";
import { until } from "../support/wait";
import type { CookieJar } from "../support/idp-login";
import { bratislavaInstant } from "../../app/lib/webinars.server";

let app: AppWithQueue;
/** the app's PostgreSQL database (the two-instance sweep opens its own pools on it) */
let databaseUrl: string | null = null;
let course: LearningFixture;
let jana: Student;
let peter: Student;
let janaId: string;
let enrollmentId: string;
let editor: CookieJar;

const MIN = 60_000;
const inMinutes = (m: number) => new Date(Date.now() + m * MIN).toISOString();

async function adminCall(method: string, path: string, body?: unknown, jar: CookieJar | null = editor) {
  const init: RequestInit = { method, headers: body === undefined ? {} : { "content-type": "application/json", origin: app.url } };
  if (body !== undefined) init.body = JSON.stringify(body);
  const res = jar ? await jar.fetch(`${app.url}${path}`, init) : await fetch(`${app.url}${path}`, init);
  const text = await res.text();
  const parsed = text ? JSON.parse(text) : undefined;
  // every answer (2xx and refusals) against the served OpenAPI document
  const copy = new Response(text, { status: res.status, headers: res.headers });
  Object.defineProperty(copy, "url", { value: `${app.url}${path}` });
  await expectMatchesContract(method, path, copy, parsed);
  return { res, body: parsed };
}

const session = (over: Record<string, unknown> = {}) => ({
  title: "Financovanie klubu v praxi",
  description: "Otázky a odpovede s lektorom.",
  startsAt: inMinutes(3 * 24 * 60),
  endsAt: inMinutes(3 * 24 * 60 + 90),
  joinUrl: "https://teams.example.com/l/meetup-join/abc",
  lecturer: "Mgr. Eva Kováčová",
  ...over,
});

function parseIcs(text: string) {
  const comp = new ICAL.Component(ICAL.parse(text));
  return comp.getAllSubcomponents("vevent").map((v) => ({ event: new ICAL.Event(v), vevent: v }));
}

beforeAll(async () => {
  if (serverUrl()) {
    const running = await startApp();
    databaseUrl = running.database.url ?? null;
    const handle = await openDatabase({ databaseUrl: databaseUrl ?? undefined, poolSize: 4 });
    app = {
      url: running.url,
      db: handle.db,
      queue: null as never,
      stop: async () => {
        await handle.close();
        await running.stop();
      },
    };
  } else {
    app = await startAppWithQueue();
  }
  course = await writeLearningCourse(app.db);
  jana = await signInStudent(app.url);
  peter = await signInStudent(app.url, "peter.horvath@demo.sk");
  janaId = ((await (await jana.get("/api/me")).json()) as { user: { id: string } }).user.id;
  enrollmentId = await enrollIn(app.db, course, janaId);
  editor = (await signIn(app.url, "martin.simko@demo.sk")).jar;
}, 180_000);
afterAll(async () => {
  await app?.stop();
});

describe("the admin API", () => {
  it("refuses a visitor (401) and a student (403) and changes nothing", async () => {
    const path = `/api/admin/courses/${course.courseId}/webinars`;
    const visitor = await adminCall("POST", path, session(), null);
    expect(visitor.res.status).toBe(401);
    expect(visitor.body.error).toBe("unauthorized");
    await expectApiError(await jana.post(path, session()), 403, "forbidden");
    expect(await app.db.select().from(schema.webinars).where(eq(schema.webinars.courseId, course.courseId))).toHaveLength(0);
  });

  it("refuses an end before the start, a start in the past, an unknown course and a level of another course", async () => {
    const path = `/api/admin/courses/${course.courseId}/webinars`;
    const early = await adminCall("POST", path, session({ endsAt: inMinutes(60), startsAt: inMinutes(120) }));
    expect(early.res.status).toBe(422);
    expect(early.body.details).toEqual([expect.objectContaining({ path: "endsAt" })]);
    const past = await adminCall("POST", path, session({ startsAt: inMinutes(-60), endsAt: inMinutes(30) }));
    expect(past.res.status).toBe(422);
    expect(past.body.details).toEqual([expect.objectContaining({ path: "startsAt" })]);
    const unknown = await adminCall("POST", "/api/admin/courses/0123456789abcdef01234567/webinars", session());
    expect(unknown.res.status).toBe(404);
    const foreignLevel = await adminCall("POST", path, session({ levelId: "0123456789abcdef01234567" }));
    expect(foreignLevel.res.status).toBe(422);
    const extra = await adminCall("POST", path, { ...session(), price: 1 });
    expect(extra.res.status).toBe(422);
    expect(await app.db.select().from(schema.webinars).where(eq(schema.webinars.courseId, course.courseId))).toHaveLength(0);
  });

  it("the course's webinar page shows a refusal createWebinar returns on its form (a start in the past: 422)", async () => {
    const res = await editor.fetch(`${app.url}/admin/kurzy/${course.courseId}/webinare`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: new URLSearchParams({
        intent: "createWebinar",
        _form: "createWebinar",
        title: "Webinár v minulosti",
        day: "2020-01-01",
        startTime: "10:00",
        endTime: "11:00",
        joinUrl: "https://teams.example.com/l/meetup-join/minulost",
      }).toString(),
    });
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("Začiatok webinára musí byť v budúcnosti.");
    expect(await app.db.select().from(schema.webinars).where(eq(schema.webinars.title, "Webinár v minulosti"))).toHaveLength(0);
  });

  it("schedules a webinar (201, in the contract, audited) on the course chain", async () => {
    const path = `/api/admin/courses/${course.courseId}/webinars`;
    const { res, body } = await adminCall("POST", path, session({ levelId: null }));
    expect(res.status).toBe(201);
    expect(body.webinar).toMatchObject({ courseId: course.courseId, state: "scheduled", sequence: 0, recordingPlaybackId: null });
    const audit = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "webinar.created"), eq(schema.auditLog.targetId, body.webinar._id)));
    expect(audit).toHaveLength(1);
  });
});

describe("the enrolled student", () => {
  let soonId: string;

  beforeAll(async () => {
    const soon = await adminCall(
      "POST",
      `/api/admin/courses/${course.courseId}/webinars`,
      session({ title: "Úvodné stretnutie", startsAt: inMinutes(10), endsAt: inMinutes(70) }),
    );
    expect(soon.res.status).toBe(201);
    soonId = soon.body.webinar._id;
  });

  it("GET /api/courses/<slug>/webinars: 401 visitor, 403 not enrolled, join URL only from 15 minutes before", async () => {
    const path = `/api/courses/${course.slug}/webinars`;
    await expectApiError(await fetch(`${app.url}${path}`), 401, "unauthorized");
    await expectApiError(await peter.get(path), 403, "no_enrollment");
    const res = await jana.get(path);
    expect(res.status).toBe(200);
    const body = await res.json();
    await expectMatchesContract("GET", path, res, body);
    expect(body.upcoming.map((w: { title: string }) => w.title)).toEqual(["Úvodné stretnutie", "Financovanie klubu v praxi"]);
    expect(body.upcoming[0].joinUrl).toBe("https://teams.example.com/l/meetup-join/abc");
    expect(body.upcoming[1].joinUrl).toBeNull();
    expect(body.past).toEqual([]);
    expect(body.calendarFeedUrl).toMatch(new RegExp(`^${app.url}/kalendar/[0-9a-f]{24}\\.[A-Za-z0-9_-]+\\.ics$`));
  });

  it("joining records who and when and redirects to the meeting; a session not yet open only goes back", async () => {
    const res = await jana.jar.fetch(`${app.url}/kurzy/${course.slug}/webinare/${soonId}/pripojit`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: "",
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("https://teams.example.com/l/meetup-join/abc");
    const joins = await app.db.select().from(schema.webinarJoins).where(eq(schema.webinarJoins.webinarId, soonId));
    expect(joins).toEqual([expect.objectContaining({ studentId: janaId, enrollmentId })]);

    const [later] = await app.db.select().from(schema.webinars).where(eq(schema.webinars.title, "Financovanie klubu v praxi"));
    const early = await jana.jar.fetch(`${app.url}/kurzy/${course.slug}/webinare/${later.id}/pripojit`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: "",
      redirect: "manual",
    });
    expect(early.status).toBe(303);
    expect(early.headers.get("location")).toBe(`/kurzy/${course.slug}/webinare/${later.id}`);
    expect(await app.db.select().from(schema.webinarJoins).where(eq(schema.webinarJoins.webinarId, later.id))).toHaveLength(0);
  });

  it("the .ics holds the right UTC times on both sides of a daylight-saving change, the join URL and a reminder", async () => {
    // 2027-03-28 03:00 CEST: the clocks move an hour forward; both sessions are at 18:00 in Bratislava
    const before = { startsAt: bratislavaInstant("2027-03-27", "18:00"), endsAt: bratislavaInstant("2027-03-27", "19:30") };
    const after = { startsAt: bratislavaInstant("2027-03-29", "18:00"), endsAt: bratislavaInstant("2027-03-29", "19:30") };
    expect(before.startsAt).toBe("2027-03-27T17:00:00.000Z");
    expect(after.startsAt).toBe("2027-03-29T16:00:00.000Z");
    for (const [title, times, utcStart] of [
      ["Pred zmenou času", before, "2027-03-27T17:00:00.000Z"],
      ["Po zmene času", after, "2027-03-29T16:00:00.000Z"],
    ] as const) {
      const created = await adminCall("POST", `/api/admin/courses/${course.courseId}/webinars`, session({ title, ...times }));
      expect(created.res.status).toBe(201);
      const res = await jana.get(`/kurzy/${course.slug}/webinare/${created.body.webinar._id}/kalendar.ics`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/calendar/);
      const text = await res.text();
      expect(text).toMatch(/\r\n/);
      const [{ event, vevent }] = parseIcs(text);
      expect(event.summary).toBe(title);
      expect(event.startDate.toJSDate().toISOString()).toBe(utcStart);
      expect(event.startDate.zone?.tzid).toBe("UTC");
      expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(90 * MIN);
      expect(event.location).toBe("https://teams.example.com/l/meetup-join/abc");
      expect(event.sequence).toBe(0);
      const alarm = vevent.getFirstSubcomponent("valarm")!;
      expect(alarm.getFirstPropertyValue("action")).toBe("DISPLAY");
      expect(String(alarm.getFirstPropertyValue("trigger"))).toBe("-PT15M");
    }
    // someone else's course: not enrolled
    const [one] = await app.db.select().from(schema.webinars).limit(1);
    expect((await peter.get(`/kurzy/${course.slug}/webinare/${one.id}/kalendar.ics`)).status).toBe(403);
  });

  it("the personal feed lists the sessions; a forged signature and a revoked URL are 404", async () => {
    const list = await (await jana.get(`/api/courses/${course.slug}/webinars`)).json();
    const feedUrl: string = list.calendarFeedUrl;
    const feed = await fetch(feedUrl);
    expect(feed.status).toBe(200);
    const events = parseIcs(await feed.text());
    expect(events.map((e) => e.event.summary)).toContain("Úvodné stretnutie");
    const forged = feedUrl.replace(/\.([A-Za-z0-9_-])([A-Za-z0-9_-]+)\.ics$/, (_m, a: string, rest: string) => `.${a === "A" ? "B" : "A"}${rest}.ics`);
    expect((await fetch(forged)).status).toBe(404);
    const renew = await jana.jar.fetch(`${app.url}/ucet/kalendar`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: "",
      redirect: "manual",
    });
    expect(renew.status).toBe(303);
    expect((await fetch(feedUrl)).status).toBe(404);
    const fresh = (await (await jana.get(`/api/courses/${course.slug}/webinars`)).json()).calendarFeedUrl;
    expect(fresh).not.toBe(feedUrl);
    expect((await fetch(fresh)).status).toBe(200);
  });
});

async function outboxFor(subjectPart: string) {
  return app.db
    .select()
    .from(schema.mailOutbox)
    .where(sql`${schema.mailOutbox.subject} like ${`%${subjectPart}%`}`);
}

async function icsOf(outboxId: string) {
  const [att] = await app.db.select().from(schema.mailOutboxAttachments).where(eq(schema.mailOutboxAttachments.outboxId, outboxId));
  expect(att.contentType).toMatch(/^text\/calendar/);
  return parseIcs(Buffer.from(att.content).toString("utf8"))[0];
}

describe("changes and cancellation", () => {
  it("a new time raises SEQUENCE and e-mails the enrolled student a fresh .ics; a description edit does not", async () => {
    const created = await adminCall("POST", `/api/admin/courses/${course.courseId}/webinars`, session({ title: "Presúvaný webinár" }));
    const id = created.body.webinar._id;
    const quiet = await adminCall("PATCH", `/api/admin/webinars/${id}`, { description: "Nový popis" });
    expect(quiet.body.webinar.sequence).toBe(0);
    const moved = await adminCall("PATCH", `/api/admin/webinars/${id}`, { startsAt: inMinutes(4 * 24 * 60), endsAt: inMinutes(4 * 24 * 60 + 60) });
    expect(moved.res.status).toBe(200);
    expect(moved.body.webinar.sequence).toBe(1);
    const bad = await adminCall("PATCH", `/api/admin/webinars/${id}`, { endsAt: inMinutes(60) });
    expect(bad.res.status).toBe(422);
    const [mail] = await until(
      "the change e-mail",
      () => outboxFor("Zmena webinára „Presúvaný webinár“"),
      (rows) => rows.length > 0,
    );
    expect(mail.toAddresses).toEqual(["jana.novakova@demo.sk"]);
    const { event } = await icsOf(mail.id);
    expect(event.sequence).toBe(1);
    expect(event.startDate.toJSDate().toISOString()).toBe(moved.body.webinar.startsAt);
    expect(moved.body.webinar.startsAt).toMatch(/:\d{2}\.000Z$/);
  });

  it("DELETE cancels (kept, audited), e-mails a CANCELLED .ics, and a cancelled one cannot be changed (409)", async () => {
    const created = await adminCall("POST", `/api/admin/courses/${course.courseId}/webinars`, session({ title: "Zrušený webinár" }));
    const id = created.body.webinar._id;
    const cancelled = await adminCall("DELETE", `/api/admin/webinars/${id}`);
    expect(cancelled.res.status).toBe(200);
    expect(cancelled.body.webinar).toMatchObject({ state: "cancelled", sequence: 1 });
    expect((await adminCall("DELETE", `/api/admin/webinars/${id}`)).res.status).toBe(409);
    expect((await adminCall("PATCH", `/api/admin/webinars/${id}`, { title: "x" })).res.status).toBe(409);
    // the course's webinar page gets the same refusal (returned by cancelWebinar), not an error page
    const onPage = await editor.fetch(`${app.url}/admin/kurzy/${course.courseId}/webinare`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: new URLSearchParams({ intent: "cancelWebinar", _form: `cancelWebinar:${id}`, webinarId: id }).toString(),
    });
    expect(onPage.status).toBe(409);
    const [mail] = await until(
      "the cancellation e-mail",
      () => outboxFor("„Zrušený webinár“ je zrušený"),
      (rows) => rows.length > 0,
    );
    const { vevent } = await icsOf(mail.id);
    expect(vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(vevent.getFirstPropertyValue("sequence")).toBe(1);
    expect(
      await app.db
        .select()
        .from(schema.auditLog)
        .where(and(eq(schema.auditLog.action, "webinar.cancelled"), eq(schema.auditLog.targetId, id))),
    ).toHaveLength(1);
  });
});

describe.skipIf(!serverUrl())("reminders under two instances", () => {
  const handles: DatabaseHandle[] = [];
  const jobs: Jobs[] = [];

  afterAll(async () => {
    for (const j of jobs) await j.stop();
    for (const h of handles) await h.close();
  });

  it("the sweep run by two instances at once, again and again, enqueues one reminder per student and session", async () => {
    // a second student, and a session starting in 20 hours (its day-before reminder is due)
    await enrollIn(app.db, course, "p-2002");
    const created = await adminCall(
      "POST",
      `/api/admin/courses/${course.courseId}/webinars`,
      session({ title: "Pripomínaný webinár", startsAt: inMinutes(20 * 60), endsAt: inMinutes(21 * 60) }),
    );
    const id = created.body.webinar._id;
    const url = databaseUrl!;
    for (let i = 0; i < 2; i++) {
      const handle = await openDatabase({ databaseUrl: url, migrate: false, poolSize: 3 });
      handles.push(handle);
      jobs.push(await startJobs(handle, loadConfig({ DATABASE_URL: url }), createLogger("silent"), { work: false }));
    }
    const now = new Date();
    const runs = await Promise.all([0, 1, 0, 1, 0, 1].map((i) => sendDueReminders({ db: handles[i].db, queue: jobs[i].queue, now })));
    const rows = await app.db.select().from(schema.webinarReminders).where(eq(schema.webinarReminders.webinarId, id));
    expect(rows.map((r) => r.kind)).toEqual(["day", "day"]);
    // the six runs together enqueued exactly the rows that exist (this session's two and the
    // hour reminders of the session starting in minutes), none twice
    expect(runs.reduce((a, b) => a + b, 0)).toBe((await app.db.select().from(schema.webinarReminders)).length);
    const queued = (await app.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'mail.send' and data->>'kind' = 'webinar_reminder' and data->>'webinarId' = ${id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(queued.rows[0].n).toBe(2);
    // a restart: the next sweep finds them sent
    expect(await sendDueReminders({ db: handles[0].db, queue: jobs[0].queue, now: new Date() })).toBe(0);
    // the app's workers send them: jana's arrives once (p-2002's enrollment has the same address in the fixture)
    const sent = await until(
      "the reminders",
      () => outboxFor("Zajtra: webinár „Pripomínaný webinár“"),
      (r) => r.length === 2,
    );
    expect(new Set(sent.map((m) => m.messageId)).size).toBe(2);
    // an hour before, the second reminder; still once
    const hourBefore = new Date(new Date(created.body.webinar.startsAt).getTime() - 30 * MIN);
    await Promise.all([0, 1].map((i) => sendDueReminders({ db: handles[i].db, queue: jobs[i].queue, now: hourBefore })));
    const all = await app.db.select().from(schema.webinarReminders).where(eq(schema.webinarReminders.webinarId, id));
    expect(all.map((r) => r.kind).sort()).toEqual(["day", "day", "hour", "hour"]);
  });
});

describe("the recording (phase 1: the admin's upload through the video provider)", () => {
  it("the admin uploads it on the course's webinar page; once ready it plays for the enrolled student through a signed URL", async () => {
    const created = await adminCall("POST", `/api/admin/courses/${course.courseId}/webinars`, session({ title: "Webinár so záznamom" }));
    const id = created.body.webinar._id;
    const page = `${app.url}/admin/kurzy/${course.courseId}/webinare`;
    const prepared = await editor.fetch(page, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: new URLSearchParams({ intent: "prepareRecording", webinarId: id }).toString(),
    });
    expect(prepared.status).toBe(200);
    const html = await prepared.text();
    const uploadUrl = /<form action="([^"]+)" encType="multipart\/form-data"/i.exec(html)?.[1]?.replaceAll("&amp;", "&");
    expect(uploadUrl, html.slice(html.indexOf("<main"), html.indexOf("<main") + 3000)).toBeDefined();
    const [waiting] = await app.db.select().from(schema.webinars).where(eq(schema.webinars.id, id));
    expect(waiting.recordingUploadStatus).toBe("waiting");
    expect(waiting.recordingPlaybackId).toBeNull();

    const form = new FormData();
    form.append("file", new Blob([await import("node:fs").then((fs) => fs.readFileSync("media/video/sample.mp4"))], { type: "video/mp4" }), "zaznam.mp4");
    const sent = await fetch(new URL(uploadUrl!, app.url), { method: "POST", body: form, redirect: "manual" });
    expect(sent.status).toBe(303);
    const [ready] = await until(
      "the recording's playback id",
      () => app.db.select().from(schema.webinars).where(eq(schema.webinars.id, id)),
      (r) => r[0].recordingPlaybackId !== null,
    );
    expect(ready.recordingUploadStatus).toBe("ready");
    expect(ready.recordingDurationSec).toBeGreaterThan(0);

    // not before the session has ended: then it is in `past` with the signed playback URL
    let list = await (await jana.get(`/api/courses/${course.slug}/webinars`)).json();
    expect(list.upcoming.find((w: { _id: string }) => w._id === id).recording).toBeNull();
    await app.db
      .update(schema.webinars)
      .set({ startsAt: new Date(Date.now() - 2 * 3_600_000), endsAt: new Date(Date.now() - 3_600_000) })
      .where(eq(schema.webinars.id, id));
    list = await (await jana.get(`/api/courses/${course.slug}/webinars`)).json();
    const past = list.past.find((w: { _id: string }) => w._id === id);
    expect(past.recording.playbackUrl).toContain(ready.recordingPlaybackId);
    const video = await fetch(new URL(past.recording.playbackUrl, app.url), { headers: { range: "bytes=0-99" } });
    expect(video.status).toBe(206);
    expect(video.headers.get("content-type")).toBe("video/mp4");
    const tampered = await fetch(new URL(past.recording.playbackUrl.replace(/sig=[0-9a-f]/, "sig=x"), app.url));
    expect(tampered.status).toBe(403);
    // the session page plays it, without JavaScript
    const detail = await (await jana.get(`/kurzy/${course.slug}/webinare/${id}`)).text();
    expect(detail).toContain("<video");
  });
});

describe("attendance", () => {
  it("joins make attendance; the admin's correction (with a reason, audited) overrides them; a student cannot correct", async () => {
    const [soon] = await app.db
      .select()
      .from(schema.webinars)
      .where(and(eq(schema.webinars.courseId, course.courseId), eq(schema.webinars.title, "Úvodné stretnutie")));
    const page = `${app.url}/admin/kurzy/${course.courseId}/webinare/${soon.id}/ucast`;
    const before = await (await editor.fetch(page)).text();
    expect(before).toContain("zúčastnil sa");
    const post = (jar: CookieJar, body: Record<string, string>) =>
      jar.fetch(page, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
        body: new URLSearchParams(body).toString(),
        redirect: "manual",
      });
    // no reason: refused on the form, nothing written
    const noReason = await post(editor, { enrollmentId, attended: "no", reason: "" });
    expect(noReason.status).toBe(200);
    expect(await noReason.text()).toContain("Uveďte dôvod opravy.");
    expect(await app.db.select().from(schema.webinarAttendanceCorrections)).toHaveLength(0);
    // a student is refused
    const student = await post(jana.jar, { enrollmentId, attended: "yes", reason: "chcem" });
    expect(student.status).toBe(403);
    const done = await post(editor, { enrollmentId, attended: "no", reason: "pripojila sa len na 2 minúty" });
    expect(done.status).toBe(302);
    const [correction] = await app.db.select().from(schema.webinarAttendanceCorrections).where(eq(schema.webinarAttendanceCorrections.webinarId, soon.id));
    expect(correction).toMatchObject({ enrollmentId, attended: false, reason: "pripojila sa len na 2 minúty", correctedBy: "p-3001" });
    const audit = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "webinar.attendance_corrected"), eq(schema.auditLog.targetId, enrollmentId)));
    expect(audit).toEqual([expect.objectContaining({ reason: "pripojila sa len na 2 minúty", actorId: "p-3001" })]);
    const after = await (await editor.fetch(page)).text();
    const cell = /<td data-testid="attended">([\s\S]*?)<\/td>/.exec(after)?.[1] ?? "";
    expect(cell).toMatch(/^nezúčastnil sa/);
    expect(cell).toContain("pripojila sa len na 2 minúty");
  });
});
