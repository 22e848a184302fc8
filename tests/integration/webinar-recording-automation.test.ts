// The recording automation end to end (issue 33 item 6, spec's phase 2; docs/decisions/
// webinars/recording-automation.md), over HTTP through the stand-ins: the subscription job
// asks the Graph stand-in for a subscription, which validates our webhook (validationToken
// echoed as text/plain); a recording of the webinar's meeting makes the stand-in send the
// change notification; the webhook checks clientState and queues the import once; the job
// gets a client-credentials token, reads the recording's metadata, downloads its content and
// uploads it to the local video stand-in, whose video.asset.ready sets the webinar's
// recording playback id. A repeated notification (the same body, or another one naming the
// same recording) downloads nothing again; a wrong clientState is 401 and stores nothing; a
// recording of an unknown meeting is recorded only.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "#server/db";
import { startAppWithQueue, type AppWithQueue } from "../support/app-with-queue";
import { signIn } from "../support/app-login";
import { writeLearningCourse, type LearningFixture } from "../support/learning-fixtures";
import { until } from "../support/wait";
import type { CookieJar } from "../support/idp-login";

const CLIENT_STATE = "meetings-client-state-for-the-test-0123456789";
const MEETING_ID = "MSo1N2Y5ZGFjYy03MWJmLTQ3NDMtYjQxMy01M2EdFGkdRWHJlQ";
let app: AppWithQueue;
let course: LearningFixture;
let editor: CookieJar;
let webinarId: string;

const graph = (path: string, init?: RequestInit) => fetch(`${app.url}/stand-ins/graph${path}`, init);
/** The editor schedules a webinar of the course through the admin API. */
const scheduleWebinar = (body: Record<string, string>) =>
  editor.fetch(`${app.url}/api/admin/courses/${course.courseId}/webinars`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: app.url },
    body: JSON.stringify(body),
  });
const notify = (body: unknown) =>
  fetch(`${app.url}/api/webhooks/meetings`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

beforeAll(async () => {
  app = await startAppWithQueue({ MEETINGS_CLIENT_STATE: CLIENT_STATE });
  course = await writeLearningCourse(app.db, { slug: "kurz-so-zaznamom-z-teams" });
  editor = (await signIn(app.url, "martin.simko@demo.sk")).jar;
  const res = await scheduleWebinar({
    title: "Webinár v Teams",
    startsAt: new Date(Date.now() + 60_000).toISOString(),
    endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    joinUrl: "https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0",
    onlineMeetingId: MEETING_ID,
  });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { webinar: { _id: string; onlineMeetingId: string } };
  expect(body.webinar.onlineMeetingId).toBe(MEETING_ID);
  webinarId = body.webinar._id;
}, 180_000);
afterAll(async () => {
  await app?.stop();
});

describe("the meetings webhook", () => {
  it("echoes a validationToken as text/plain and refuses a wrong clientState (401, nothing stored)", async () => {
    const echo = await fetch(`${app.url}/api/webhooks/meetings?validationToken=${encodeURIComponent("Validation: abc 123")}`, { method: "POST" });
    expect(echo.status).toBe(200);
    expect(echo.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await echo.text()).toBe("Validation: abc 123");
    const wrong = await notify({
      value: [
        { changeType: "created", resource: `users('u1')/onlineMeetings('${MEETING_ID}')/recordings('r-wrong')`, clientState: "not-the-client-state-at-all" },
      ],
    });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error).toBe("invalid_signature");
    expect(await app.db.select().from(schema.webinarRecordingImports)).toHaveLength(0);
  });

  it("a recording of an unknown meeting is recorded only", async () => {
    const res = await notify({
      value: [{ changeType: "created", resource: "users('u1')/onlineMeetings('another-meeting')/recordings('r1')", clientState: CLIENT_STATE }],
    });
    expect(res.status).toBe(200);
    const [event] = await app.db
      .select()
      .from(schema.webhookEvents)
      .where(and(eq(schema.webhookEvents.provider, "meetings"), eq(schema.webhookEvents.outcome, "unknown_meeting")));
    expect(event).toBeDefined();
    expect(await app.db.select().from(schema.webinarRecordingImports)).toHaveLength(0);
  });
});

describe("the meeting id on the course's webinar page", () => {
  it("sets it with the other fields, refuses a malformed one on its field (nothing saved), and clears it", async () => {
    const created = await scheduleWebinar({
      title: "Webinár bez schôdze",
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
      endsAt: new Date(Date.now() + 90_000_000).toISOString(),
      joinUrl: "https://teams.microsoft.com/l/meetup-join/other",
    });
    const id = ((await created.json()) as { webinar: { _id: string } }).webinar._id;
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const edit = (onlineMeetingId: string) =>
      editor.fetch(`${app.url}/admin/kurzy/${course.courseId}/webinare`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
        body: new URLSearchParams({
          _form: `editWebinar:${id}`,
          intent: "editWebinar",
          webinarId: id,
          title: "Webinár bez schôdze",
          day,
          startTime: "18:00",
          endTime: "19:00",
          joinUrl: "https://teams.microsoft.com/l/meetup-join/other",
          onlineMeetingId,
        }).toString(),
      });
    const meetingOf = async () => (await app.db.select().from(schema.webinars).where(eq(schema.webinars.id, id)))[0].onlineMeetingId;

    expect((await edit("MSoxMjM0NTY3ODkw")).status).toBe(302);
    expect(await meetingOf()).toBe("MSoxMjM0NTY3ODkw");

    const refused = await edit("nie je to <id>");
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("ID schôdze obsahuje nepovolené znaky.");
    expect(await meetingOf()).toBe("MSoxMjM0NTY3ODkw");

    // another webinar's meeting is refused too
    const taken = await edit(MEETING_ID);
    expect(taken.status).toBe(422);
    expect(await taken.text()).toContain("Táto schôdza už patrí inému webináru.");

    expect((await edit("")).status).toBe(302);
    expect(await meetingOf()).toBeNull();
  });
});

describe("a Teams recording of the webinar's meeting", () => {
  it("subscribes (validated handshake), downloads the recording once, uploads it, and video.asset.ready sets the playback id", async () => {
    // the subscription job: Graph validates our webhook before it makes the subscription
    await app.queue.enqueue(app.db, "webinars.meetings-subscription", null);
    const subscriptions = await until(
      "the Graph subscription",
      async () =>
        ((await (await graph("/control/subscriptions")).json()) as { value: { notificationUrl: string; resource: string; clientState: string }[] }).value,
      (v) => v.length > 0,
    );
    expect(subscriptions[0]).toMatchObject({
      notificationUrl: `${app.url}/api/webhooks/meetings`,
      resource: "communications/onlineMeetings/getAllRecordings",
      clientState: CLIENT_STATE,
    });

    // the meeting's recording is ready: the stand-in notifies us
    const made = await graph("/control/recordings", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ meetingId: MEETING_ID }),
    });
    expect(made.status).toBe(201);
    const { recording, delivered } = (await made.json()) as { recording: { id: string; userId: string }; delivered: number[] };
    expect(delivered).toEqual([200]);

    const [ready] = await until(
      "the webinar's recording",
      () => app.db.select().from(schema.webinars).where(eq(schema.webinars.id, webinarId)),
      (r) => r[0].recordingPlaybackId !== null,
      90_000,
    );
    expect(ready.recordingUploadStatus).toBe("ready");
    expect(ready.recordingDurationSec).toBeGreaterThan(0);
    const imports = await app.db.select().from(schema.webinarRecordingImports).where(eq(schema.webinarRecordingImports.webinarId, webinarId));
    expect(imports).toHaveLength(1);
    expect(imports[0]).toMatchObject({ recordingId: recording.id, state: "uploaded", uploadId: ready.recordingUploadId });
    expect(((await (await graph("/control/downloads")).json()) as Record<string, number>)[recording.id]).toBe(1);
    const audit = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.targetId, webinarId), eq(schema.auditLog.action, "webinar.recording_upload")));
    expect(audit[0]?.actorId).toBe("system:meetings");

    // the same notification again, and another one naming the same recording: nothing is downloaded twice
    const resource = `users('${recording.userId}')/onlineMeetings('${MEETING_ID}')/recordings('${recording.id}')`;
    const again = { value: [{ subscriptionId: "s-1", changeType: "created", resource, clientState: CLIENT_STATE }] };
    expect((await notify(again)).status).toBe(200);
    expect((await notify(again)).status).toBe(200);
    const other = await notify({
      value: [{ subscriptionId: "s-2", subscriptionExpirationDateTime: new Date().toISOString(), changeType: "created", resource, clientState: CLIENT_STATE }],
    });
    expect(other.status).toBe(200);
    const repeats = await app.db
      .select()
      .from(schema.webhookEvents)
      .where(and(eq(schema.webhookEvents.provider, "meetings"), eq(schema.webhookEvents.outcome, "repeat")));
    expect(repeats.length).toBeGreaterThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 3000));
    expect(await app.db.select().from(schema.webinarRecordingImports).where(eq(schema.webinarRecordingImports.webinarId, webinarId))).toHaveLength(1);
    expect(((await (await graph("/control/downloads")).json()) as Record<string, number>)[recording.id]).toBe(1);

    // without the token the stand-in's Graph API refuses (the client-credentials token is needed)
    expect((await graph(`/v1.0/users/${recording.userId}/onlineMeetings/${MEETING_ID}/recordings/${recording.id}/content`)).status).toBe(401);
  });
});
