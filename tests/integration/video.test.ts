// Video and course media over HTTP against the built app (PostgreSQL with
// TEST_DATABASE_URL, else embedded PGlite in-process), with the local video stand-in:
// - the course page's preview clip plays through a short-lived signed URL with ranges
//   (206, bytes, Content-Type), and an expired, tampered or borrowed URL is 403 JSON;
// - course files are no longer public and are served through signed URLs;
// - POST /api/admin/uploads/video: roles, draft-only (409), validation; the file PUT (and
//   the form POST of a page without JavaScript) reaches the stand-in, whose signed
//   video.asset.ready webhook fills the block, and the uploader gets the e-mail;
//   a file that is no MP4 → errored; a cancelled upload → block unchanged;
// - /api/webhooks/video: bad or stale signatures are 401 and store nothing; duplicates;
// - /api/webhooks/meetings: validation echo, clientState check, a recording of a meeting no webinar names recorded only;
// - the admin upload page works without JavaScript.
import { createHash, createHmac } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import http from "node:http";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, type Database } from "#server/db";
import type { ContentBlock } from "#server/db/schema";
import { createCourseFiles, createUrlSigner, deriveKey, signVideoEvent, VideoUploadResponse } from "#server/video";
import { startCommerceApp, signInStudent, type CommerceApp, type Student } from "../support/commerce";
import { expectMatchesContract } from "../support/contract";
import { serverUrl } from "../support/db";

const SESSION_SECRET = "video-integration-test-session-secret-0123456789";
const CLIENT_STATE = "meetings-client-state-0123456789";
const SAMPLE = path.resolve(import.meta.dirname, "../../media/video/sample.mp4");
const PREVIEW = path.resolve(import.meta.dirname, "../../media/video/sample-preview.mp4");
const DECK = path.resolve(import.meta.dirname, "../../media/slides/organy-klubu.pdf");
const webhookSecret = createHmac("sha256", SESSION_SECRET).update("local-video-webhook").digest("hex");

let app: CommerceApp;
let url: string;
let db: Database;
let dataDir: string;
let editor: Student;
let student: Student;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "video-test-data-"));
  app = await startCommerceApp({ SESSION_SECRET, DATA_DIR: dataDir, MEETINGS_CLIENT_STATE: CLIENT_STATE });
  url = app.url;
  db = app.db;
  editor = await signInStudent(url, "martin.simko@demo.sk");
  student = await signInStudent(url, "jana.novakova@demo.sk");
}, 120_000);
afterAll(async () => {
  await app?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const files = () => createCourseFiles({ dir: "media", key: deriveKey(SESSION_SECRET, "course-files"), publicUrl: url });
const videoSigner = () => createUrlSigner({ key: deriveKey(SESSION_SECRET, "local-video"), scope: "local-video", base: `${url}/local-video` });

async function videoBlockOf(slug: string, state: "draft" | "published") {
  const rows = await db
    .select({ partId: schema.parts.id, blocks: schema.parts.contentBlocks, courseId: schema.courses.id })
    .from(schema.parts)
    .innerJoin(schema.courses, eq(schema.courses.id, schema.parts.courseId))
    .where(and(eq(schema.courses.slug, slug), eq(schema.courses.state, state)));
  for (const row of rows) {
    const block = row.blocks.find((b) => b.type === "video");
    if (block) return { partId: row.partId, blockId: block.id, courseId: row.courseId };
  }
  throw new Error(`no video block in ${slug} (${state})`);
}

async function blockNow(partId: string, blockId: string) {
  const [part] = await db.select({ blocks: schema.parts.contentBlocks }).from(schema.parts).where(eq(schema.parts.id, partId));
  return part.blocks.find((b) => b.id === blockId) as Extract<ContentBlock, { type: "video" }>;
}

async function videoEventCount() {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.webhookEvents)
    .where(eq(schema.webhookEvents.provider, "video"));
  return Number(n);
}

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined>, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The answer checked against the served OpenAPI document. */
async function checkContract(method: string, path: string, res: Response, body: unknown) {
  const copy = new Response(JSON.stringify(body), { status: res.status, headers: res.headers });
  Object.defineProperty(copy, "url", { value: `${url}${path}` });
  await expectMatchesContract(method, path, copy, body);
}

async function createUpload(client: Student, body: unknown) {
  const res = await client.post("/api/admin/uploads/video", body);
  const text = await res.text();
  const parsed = text ? JSON.parse(text) : undefined;
  await checkContract("POST", "/api/admin/uploads/video", res, parsed);
  return { res, body: parsed };
}

function unescapeHtml(s: string) {
  return s.replace(/&amp;/g, "&");
}

describe("signed playback with ranges", () => {
  let previewUrl: string;
  beforeAll(async () => {
    const page = await (await fetch(`${url}/kurzy/riadenie-sportoveho-klubu`)).text();
    const found = /<source src="([^"]+)" type="video\/mp4"/.exec(page);
    expect(found, "the course page shows the preview clip").toBeTruthy();
    previewUrl = unescapeHtml(found![1]);
  });

  it("the course page's preview URL is the stand-in's, signed and short-lived", () => {
    const u = new URL(previewUrl);
    expect(u.origin).toBe(url);
    expect(u.pathname).toMatch(/^\/local-video\/play\/demo-[a-z0-9-]+-preview\.mp4$/);
    const exp = Number(u.searchParams.get("exp"));
    expect(exp * 1000 - Date.now()).toBeGreaterThan(25 * 60_000);
    expect(exp * 1000 - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    expect(u.searchParams.get("sig")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("a Range request is answered 206 with exactly those bytes; seeking to the middle and the end works", async () => {
    const bytes = fs.readFileSync(PREVIEW);
    const first = await fetch(previewUrl, { headers: { Range: "bytes=0-1023" } });
    expect(first.status).toBe(206);
    expect(first.headers.get("content-type")).toBe("video/mp4");
    expect(first.headers.get("accept-ranges")).toBe("bytes");
    expect(first.headers.get("content-range")).toBe(`bytes 0-1023/${bytes.length}`);
    expect(first.headers.get("content-length")).toBe("1024");
    expect(Buffer.from(await first.arrayBuffer()).equals(bytes.subarray(0, 1024))).toBe(true);

    const middle = await fetch(previewUrl, { headers: { Range: `bytes=${bytes.length / 2}-` } });
    expect(middle.status).toBe(206);
    expect(Buffer.from(await middle.arrayBuffer()).equals(bytes.subarray(bytes.length / 2))).toBe(true);
    const tail = await fetch(previewUrl, { headers: { Range: "bytes=-100" } });
    expect(tail.headers.get("content-range")).toBe(`bytes ${bytes.length - 100}-${bytes.length - 1}/${bytes.length}`);
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 100))).toBe(true);

    const whole = await fetch(previewUrl);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);

    const past = await fetch(previewUrl, { headers: { Range: `bytes=${bytes.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${bytes.length}`);
    expect((await past.json()).error).toBe("range_not_satisfiable");
  });

  it("an expired URL is 403 signed_url_expired; a tampered one or another file's is 403 signed_url_invalid (JSON, no stack)", async () => {
    const expired = videoSigner().sign("/play/demo-uvod-do-riadenia.mp4", new Date(Date.now() - 1000));
    const tamper = new URL(previewUrl);
    const sig = tamper.searchParams.get("sig")!;
    tamper.searchParams.set("sig", (sig[0] === "a" ? "b" : "a") + sig.slice(1));
    const later = new URL(previewUrl);
    later.searchParams.set("exp", String(Number(later.searchParams.get("exp")) + 86_400));
    const borrowed = new URL(previewUrl);
    borrowed.pathname = "/local-video/play/demo-uvod-do-riadenia.mp4";
    const unsigned = new URL(previewUrl);
    unsigned.search = "";
    for (const [target, code] of [
      [expired, "signed_url_expired"],
      [tamper.href, "signed_url_invalid"],
      [later.href, "signed_url_invalid"],
      [borrowed.href, "signed_url_invalid"],
      [unsigned.href, "signed_url_invalid"],
    ] as const) {
      const res = await fetch(target, { headers: { Range: "bytes=0-99" } });
      expect(res.status, target).toBe(403);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      const body = await res.json();
      expect(body).toEqual({ error: code, message: expect.any(String), details: {} });
      expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+/);
    }
  });

  it("every demo playback id plays the 30 s sample, with a poster", async () => {
    const signer = videoSigner();
    const expires = new Date(Date.now() + 3600_000);
    const res = await fetch(signer.sign("/play/demo-rozpocet-klubu.mp4", expires), { headers: { Range: "bytes=0-15" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes 0-15/${fs.statSync(SAMPLE).size}`);
    const poster = await fetch(signer.sign("/poster/demo-rozpocet-klubu.jpg", expires));
    expect(poster.status).toBe(200);
    expect(poster.headers.get("content-type")).toBe("image/jpeg");
    const unknown = await fetch(signer.sign("/play/lv_0123456789abcdef01234567.mp4", expires));
    expect(unknown.status).toBe(404);
  });
});

describe("course files", () => {
  it("part files are no longer public; covers and avatars still are", async () => {
    for (const p of ["/media/slides/organy-klubu.pdf", "/media/files/vzor-zapisnice.pdf", "/media/images/doklady.svg", "/media/video/sample.mp4"]) {
      expect((await fetch(`${url}${p}`)).status, p).toBe(404);
    }
    // static files are served by server.mjs (the child process on PostgreSQL), not by the in-process app
    if (serverUrl()) {
      expect((await fetch(`${url}/media/covers/riadenie-sportoveho-klubu.svg`)).status).toBe(200);
      expect((await fetch(`${url}/media/avatars/eva-kovacova.svg`)).status).toBe(200);
    }
  });

  it("a signed /files URL serves the deck (application/pdf, ranges); expired, tampered or borrowed is 403", async () => {
    const signed = files().url("/media/slides/organy-klubu.pdf", new Date());
    const res = await fetch(signed.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("cache-control")).toMatch(/^private, max-age=\d+, no-transform$/);
    expect(Buffer.from(await res.arrayBuffer()).equals(fs.readFileSync(DECK))).toBe(true);
    const range = await fetch(signed.url, { headers: { Range: "bytes=0-4" } });
    expect(range.status).toBe(206);
    expect(await range.text()).toBe("%PDF-");

    const expired = files().url("/media/slides/organy-klubu.pdf", new Date(Date.now() - 7 * 3600_000));
    expect((await fetch(expired.url)).status).toBe(403);
    expect((await (await fetch(expired.url)).json()).error).toBe("signed_url_expired");
    const borrowed = signed.url.replace("organy-klubu.pdf", "dotacie.pdf");
    expect((await (await fetch(borrowed)).json()).error).toBe("signed_url_invalid");
    const traversal = `${url}/files/..%2F..%2Fpackage.json?${new URL(signed.url).search.slice(1)}`;
    expect((await fetch(traversal)).status).toBe(404);
    // an attachment is downloaded with its name; an image is shown in place
    const attachment = await fetch(files().url("/media/files/vzor-zapisnice.pdf", new Date()).url, { method: "HEAD" });
    expect(attachment.status).toBe(200);
    const svg = await fetch(files().url("/media/images/doklady.svg", new Date()).url);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(svg.headers.get("content-security-policy")).toMatch(/sandbox/);
  });
});

describe("POST /api/admin/uploads/video", () => {
  it("401 without a session, 403 for a student, 422 for a bad body, 404 for an unknown part or block", async () => {
    const target = await videoBlockOf("pravo-a-governance-vo-zvazoch", "draft");
    const anonymous = await fetch(`${url}/api/admin/uploads/video`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: url },
      body: JSON.stringify(target),
    });
    expect(anonymous.status).toBe(401);
    expect((await createUpload(student, { partId: target.partId, blockId: target.blockId })).res.status).toBe(403);
    const bad = await createUpload(editor, { partId: "nope", blockId: target.blockId, extra: 1 });
    expect(bad.res.status).toBe(422);
    expect(bad.body.error).toBe("validation");
    expect((await createUpload(editor, { partId: "0123456789abcdef01234567", blockId: target.blockId })).res.status).toBe(404);
    expect((await createUpload(editor, { partId: target.partId, blockId: "no-such-block" })).res.status).toBe(404);
    expect((await blockNow(target.partId, target.blockId)).upload).toBeUndefined();
  });

  it("409 course_not_editable for a published course's block, which stays as it was", async () => {
    const target = await videoBlockOf("riadenie-sportoveho-klubu", "published");
    const before = await blockNow(target.partId, target.blockId);
    const { res, body } = await createUpload(editor, { partId: target.partId, blockId: target.blockId });
    expect(res.status).toBe(409);
    expect(body.error).toBe("course_not_editable");
    expect(await blockNow(target.partId, target.blockId)).toEqual(before);
  });

  it("an uploaded MP4 reaches the block through the signed webhook, and the uploader gets an e-mail", async () => {
    const target = await videoBlockOf("pravo-a-governance-vo-zvazoch", "draft");
    const { res, body } = await createUpload(editor, { partId: target.partId, blockId: target.blockId });
    expect(res.status).toBe(201);
    const upload = VideoUploadResponse.parse(body);
    expect(upload.uploadUrl).toMatch(new RegExp(`^${url}/local-video/uploads/`));
    expect(new Date(upload.expiresAt).getTime() - Date.now()).toBeGreaterThan(50 * 60_000);
    const recorded = await blockNow(target.partId, target.blockId);
    expect(recorded.upload).toMatchObject({ id: upload.uploadId, provider: "local", status: "waiting" });
    const [martin] = await db.select().from(schema.users).where(eq(schema.users.email, "martin.simko@demo.sk"));
    expect(recorded.upload!.by).toBe(martin.id);
    const eventsBefore = await videoEventCount();

    // the page's XHR: PUT the raw file
    const put = await fetch(upload.uploadUrl, { method: "PUT", headers: { "Content-Type": "video/mp4" }, body: fs.readFileSync(SAMPLE) });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ uploadId: upload.uploadId, status: "ready", bytes: fs.statSync(SAMPLE).size });

    const block = await blockNow(target.partId, target.blockId);
    expect(block).toMatchObject({ state: "ready", durationSec: 30, upload: { id: upload.uploadId, status: "ready" } });
    expect(block.videoPlaybackId).toMatch(/^lv_[0-9a-f]{24}$/);
    expect(block.videoAssetId).toMatch(/^la_[0-9a-f]{24}$/);
    expect(await videoEventCount()).toBe(eventsBefore + 1);
    const [event] = await db
      .select()
      .from(schema.webhookEvents)
      .where(and(eq(schema.webhookEvents.provider, "video"), eq(schema.webhookEvents.eventType, "video.asset.ready")))
      .orderBy(sql`received_at desc`)
      .limit(1);
    expect(event).toMatchObject({ processingResult: "success", errorMessage: null });
    expect(JSON.parse(event.payload).data.passthrough).toBe(JSON.stringify({ partId: target.partId, blockId: target.blockId }));
    const audits = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.targetType, "part"), eq(schema.auditLog.targetId, target.partId)));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(["video.upload.create", "webhook.video.asset.ready"]));

    // the uploaded video plays through its own signed URL, with ranges
    const play = await fetch(videoSigner().sign(`/play/${block.videoPlaybackId}.mp4`, new Date(Date.now() + 60_000)), { headers: { Range: "bytes=0-7" } });
    expect(play.status).toBe(206);
    expect(Buffer.from(await play.arrayBuffer()).equals(fs.readFileSync(SAMPLE).subarray(0, 8))).toBe(true);

    // the same URL takes no second file
    const again = await fetch(upload.uploadUrl, { method: "PUT", body: "x" });
    expect(again.status).toBe(409);

    const mail = await waitFor("the video_ready e-mail", async () => {
      const [row] = await db
        .select()
        .from(schema.mailDeliveries)
        .where(eq(schema.mailDeliveries.key, `video_ready:${upload.uploadId}:${martin.id}`));
      return row?.state === "sent" ? row : null;
    });
    expect(mail.recipient).toBe("martin.simko@demo.sk");
    const [message] = await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.messageId, mail.messageId!));
    expect(message.subject).toMatch(/^Video je spracované: „/);
    expect(message.textBody).toContain(`/admin/video/${target.partId}/${target.blockId}`);
    expect(message.textBody).toContain("30\u00a0s");
  });

  it("a file that is no MP4 marks the block errored and says why in the e-mail", async () => {
    const target = await videoBlockOf("pravo-a-governance-vo-zvazoch", "draft");
    const { body } = await createUpload(editor, { partId: target.partId, blockId: target.blockId });
    const put = await fetch(body.uploadUrl, { method: "PUT", body: "this is a text file, not a video" });
    expect(put.status).toBe(200);
    expect((await put.json()).status).toBe("errored");
    const block = await blockNow(target.partId, target.blockId);
    expect(block.state).toBe("errored");
    expect(block.upload).toMatchObject({ id: body.uploadId, status: "errored", message: "Súbor nie je video vo formáte MP4." });
    const mail = await waitFor("the video_failed e-mail", async () => {
      const rows = await db
        .select()
        .from(schema.mailDeliveries)
        .where(sql`${schema.mailDeliveries.key} like ${`video_failed:${body.uploadId}:errored:%`}`);
      return rows[0]?.state === "sent" ? rows[0] : null;
    });
    const [message] = await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.messageId, mail.messageId!));
    expect(message.subject).toMatch(/^Video sa nepodarilo spracovať/);
    expect(message.textBody).toContain("Súbor nie je video vo formáte MP4.");
  });

  it("without JavaScript: the admin page prepares the upload, the plain form posts the file, the stand-in returns to the page", async () => {
    const target = await videoBlockOf("pravo-a-governance-vo-zvazoch", "draft");
    const pagePath = `/admin/video/${target.partId}/${target.blockId}`;
    const page = await editor.get(pagePath);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Pripraviť nahrávanie");
    expect(html).toMatch(/data-state="(waiting|ready|errored)"/);

    const prepared = await editor.jar.fetch(`${url}${pagePath}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
      body: "intent=prepare",
    });
    expect(prepared.status).toBe(200);
    const preparedHtml = await prepared.text();
    const form = /<form[^>]*action="([^"]*\/local-video\/uploads\/[^"]+)"[^>]*>/.exec(preparedHtml);
    expect(form, "the page shows the file form").toBeTruthy();
    expect(form![0]).toMatch(/enctype="multipart\/form-data"/i);
    expect(form![0]).toMatch(/method="post"/);
    const action = unescapeHtml(form![1]);
    expect(action).toMatch(new RegExp(`^${url}/local-video/uploads/`));

    const data = new FormData();
    data.set("file", new Blob([fs.readFileSync(PREVIEW)], { type: "video/mp4" }), "ukazka.mp4");
    const posted = await fetch(action, { method: "POST", body: data, redirect: "manual" });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe(`${url}${pagePath}`);
    const block = await blockNow(target.partId, target.blockId);
    expect(block).toMatchObject({ state: "ready", durationSec: 15 });
    const after = await (await editor.get(pagePath)).text();
    expect(after).toContain('data-state="ready"');
    expect(after).toMatch(/<source src="[^"]*\/local-video\/play\/lv_[0-9a-f]{24}\.mp4\?exp=\d+&amp;sig=[0-9a-f]{64}"/);
  });

  it("cancelling a waiting upload keeps what the block plays, marks the upload and refuses the file", async () => {
    const target = await videoBlockOf("pravo-a-governance-vo-zvazoch", "draft");
    const before = await blockNow(target.partId, target.blockId);
    const { body } = await createUpload(editor, { partId: target.partId, blockId: target.blockId });
    const pagePath = `/admin/video/${target.partId}/${target.blockId}`;
    expect(await (await editor.get(pagePath)).text()).toContain("Zrušiť čakajúce nahrávanie");
    const cancel = await editor.jar.fetch(`${url}${pagePath}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
      body: "intent=cancel",
    });
    expect([302, 303]).toContain(cancel.status);
    const block = await blockNow(target.partId, target.blockId);
    expect(block.state).toBe(before.state);
    expect(block.videoPlaybackId).toBe(before.videoPlaybackId);
    expect(block.upload).toMatchObject({ id: body.uploadId, status: "cancelled" });
    const put = await fetch(body.uploadUrl, { method: "PUT", body: fs.readFileSync(SAMPLE) });
    expect(put.status).toBe(409);
    const mail = await waitFor("the cancellation e-mail", async () => {
      const rows = await db
        .select()
        .from(schema.mailDeliveries)
        .where(sql`${schema.mailDeliveries.key} like ${`video_failed:${body.uploadId}:cancelled:%`}`);
      return rows[0]?.state === "sent" ? rows[0] : null;
    });
    const [message] = await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.messageId, mail.messageId!));
    expect(message.subject).toMatch(/^Nahrávanie videa bolo zrušené: „/);
  });

  it("the front door lets the upload path take more than 1 MiB but refuses a body over the stand-in's cap at once", async () => {
    const target = await videoBlockOf("pravo-a-governance-vo-zvazoch", "draft");
    const { body } = await createUpload(editor, { partId: target.partId, blockId: target.blockId });
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(body.uploadUrl, { method: "PUT", headers: { "Content-Length": String(300 * 1024 * 1024) } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on("error", reject);
      req.write(Buffer.alloc(1024));
    });
    expect(status).toBe(413);
    // 1.5 MiB is fine on the upload path (above the app's 1 MiB cap elsewhere)
    const big = Buffer.concat([fs.readFileSync(SAMPLE), fs.readFileSync(SAMPLE), fs.readFileSync(SAMPLE), fs.readFileSync(SAMPLE)]);
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const put = await fetch(body.uploadUrl, { method: "PUT", body: big });
    expect(put.status).toBe(200);
  });
});

describe("POST /api/webhooks/video", () => {
  const send = (raw: string, signature: string | null, header = "video-signature") =>
    fetch(`${url}/api/webhooks/video`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(signature ? { [header]: signature } : {}) },
      body: raw,
    });

  it("401 and nothing stored for a missing, wrong or stale signature", async () => {
    const target = await videoBlockOf("pravo-a-governance-vo-zvazoch", "draft");
    const before = await blockNow(target.partId, target.blockId);
    const count = await videoEventCount();
    const raw = JSON.stringify({
      id: "evt_forged",
      type: "video.asset.ready",
      data: { id: "asset_x", playback_ids: [{ id: "pb_x", policy: "signed" }], duration: 9, passthrough: JSON.stringify(target) },
    });
    const now = Math.floor(Date.now() / 1000);
    for (const signature of [null, signVideoEvent("wrong-secret", raw, now), signVideoEvent(webhookSecret, raw, now - 301), `t=${now},v1=${"0".repeat(64)}`]) {
      const res = await send(raw, signature);
      expect(res.status).toBe(401);
      const body = await res.json();
      expect(body.error).toBe("invalid_signature");
      await checkContract("POST", "/api/webhooks/video", res, body);
    }
    expect(await videoEventCount()).toBe(count);
    expect(await blockNow(target.partId, target.blockId)).toEqual(before);
  });

  it("a signed event (also as mux-signature, with a rotated second v1) is recorded once; its repeat is a duplicate", async () => {
    const target = await videoBlockOf("pravo-a-governance-vo-zvazoch", "draft");
    const raw = JSON.stringify({ id: `evt_unknown_${Date.now()}`, type: "video.asset.created", data: { id: "asset_y", passthrough: JSON.stringify(target) } });
    const t = Math.floor(Date.now() / 1000);
    const signature = `${signVideoEvent(webhookSecret, raw, t)},v1=${"f".repeat(64)}`;
    const first = await send(raw, signature, "mux-signature");
    expect(first.status).toBe(200);
    const ack = await first.json();
    expect(ack).toEqual({ received: true, duplicate: false, result: "ignored_unknown_type" });
    await checkContract("POST", "/api/webhooks/video", first, ack);
    const count = await videoEventCount();
    const again = await send(raw, signVideoEvent(webhookSecret, raw, t + 1));
    // the repeat names the first delivery's outcome (docs/decisions/platform/webhook-acknowledgements.md > Webhook acknowledgements)
    expect(await again.json()).toEqual({ received: true, duplicate: true, result: "ignored_unknown_type" });
    expect(await videoEventCount()).toBe(count);
  });

  it("an event without a top-level id (the spec's body) is keyed by a SHA-256 of the raw body: accepted once, its repeat is a duplicate", async () => {
    const target = await videoBlockOf("pravo-a-governance-vo-zvazoch", "draft");
    const before = await blockNow(target.partId, target.blockId);
    const raw = JSON.stringify({
      type: "video.asset.ready",
      data: {
        id: `asset_noid_${Date.now()}`,
        upload_id: "lu_000000000000000000000001",
        playback_ids: [{ id: "pb_noid", policy: "signed" }],
        duration: 12,
        passthrough: JSON.stringify(target),
      },
    });
    const key = `sha256:${createHash("sha256").update(raw).digest("hex")}`;
    const count = await videoEventCount();
    const t = Math.floor(Date.now() / 1000);
    const first = await send(raw, signVideoEvent(webhookSecret, raw, t));
    expect(first.status).toBe(200);
    const ack = await first.json();
    expect(ack).toEqual({ received: true, duplicate: false, result: "stale_upload" });
    await checkContract("POST", "/api/webhooks/video", first, ack);
    // the provider's retry: the same body, a fresh signature
    const again = await send(raw, signVideoEvent(webhookSecret, raw, t + 5));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ received: true, duplicate: true });
    expect(await videoEventCount()).toBe(count + 1);
    const [stored] = await db
      .select()
      .from(schema.webhookEvents)
      .where(and(eq(schema.webhookEvents.provider, "video"), eq(schema.webhookEvents.eventId, key)));
    expect(stored).toMatchObject({ eventType: "video.asset.ready", payload: raw, processingResult: "success" });
    // processed once: one audit row for the key
    const audits = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "webhook.video.asset.ready"), sql`${schema.auditLog.details}->>'eventId' = ${key}`));
    expect(audits).toHaveLength(1);
    expect(await blockNow(target.partId, target.blockId)).toEqual(before);
  });

  it("an event without a top-level id and a delivery header is keyed by the header, whatever the body's spelling", async () => {
    const target = await videoBlockOf("pravo-a-governance-vo-zvazoch", "draft");
    const deliveryId = `msg_${Date.now()}`;
    const event = { type: "video.asset.created", data: { id: "asset_h", passthrough: JSON.stringify(target) } };
    const t = Math.floor(Date.now() / 1000);
    const post = (raw: string, header: string) =>
      fetch(`${url}/api/webhooks/video`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "video-signature": signVideoEvent(webhookSecret, raw, t), [header]: deliveryId },
        body: raw,
      });
    const count = await videoEventCount();
    const first = await post(JSON.stringify(event), "video-event-id");
    expect(await first.json()).toEqual({ received: true, duplicate: false, result: "ignored_unknown_type" });
    // the same delivery re-serialized (another body hash), named by Standard Webhooks' header
    const again = await post(JSON.stringify(event, null, 2), "webhook-id");
    expect(await again.json()).toMatchObject({ received: true, duplicate: true });
    expect(await videoEventCount()).toBe(count + 1);
    const rows = await db
      .select()
      .from(schema.webhookEvents)
      .where(and(eq(schema.webhookEvents.provider, "video"), eq(schema.webhookEvents.eventId, deliveryId)));
    expect(rows).toHaveLength(1);
  });

  it("a ready event of an older upload is acknowledged and changes nothing", async () => {
    const target = await videoBlockOf("pravo-a-governance-vo-zvazoch", "draft");
    const before = await blockNow(target.partId, target.blockId);
    const raw = JSON.stringify({
      id: `evt_stale_${Date.now()}`,
      type: "video.asset.ready",
      data: { id: "asset_old", upload_id: "lu_000000000000000000000000", playback_ids: [{ id: "pb_old" }], duration: 12, passthrough: JSON.stringify(target) },
    });
    const res = await send(raw, signVideoEvent(webhookSecret, raw, Math.floor(Date.now() / 1000)));
    expect(await res.json()).toEqual({ received: true, duplicate: false, result: "stale_upload" });
    expect(await blockNow(target.partId, target.blockId)).toEqual(before);
  });

  it("an event for a published course's block is recorded as course_not_editable and changes nothing", async () => {
    const target = await videoBlockOf("riadenie-sportoveho-klubu", "published");
    const before = await blockNow(target.partId, target.blockId);
    const raw = JSON.stringify({
      id: `evt_pub_${Date.now()}`,
      type: "video.asset.ready",
      data: { id: "asset_p", playback_ids: [{ id: "pb_p" }], duration: 12, passthrough: JSON.stringify(target) },
    });
    const res = await send(raw, signVideoEvent(webhookSecret, raw, Math.floor(Date.now() / 1000)));
    expect(await res.json()).toEqual({ received: true, duplicate: false, result: "course_not_editable" });
    expect(await blockNow(target.partId, target.blockId)).toEqual(before);
  });

  it("a signed body that is no event is 400", async () => {
    const raw = "{not json";
    const res = await send(raw, signVideoEvent(webhookSecret, raw, Math.floor(Date.now() / 1000)));
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("bad_request");
  });
});

describe("/api/webhooks/meetings (phase 2)", () => {
  const notification = (clientState: string) => ({
    value: [
      {
        subscriptionId: "sub-1",
        subscriptionExpirationDateTime: "2026-12-01T00:00:00Z",
        changeType: "created",
        resource: `communications/onlineMeetings/m1/recordings/r-${Date.now()}`,
        tenantId: "t1",
        clientState,
      },
    ],
  });

  it("echoes validationToken as text/plain", async () => {
    const res = await fetch(`${url}/api/webhooks/meetings?validationToken=${encodeURIComponent("Validation: token 123")}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await res.text()).toBe("Validation: token 123");
  });

  it("refuses a wrong clientState (401, nothing stored) and records a right one once", async () => {
    const count = async () =>
      Number(
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(schema.webhookEvents)
            .where(eq(schema.webhookEvents.provider, "meetings"))
        )[0].n,
      );
    const before = await count();
    const post = (body: unknown) =>
      fetch(`${url}/api/webhooks/meetings`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const wrong = await post(notification("not-the-configured-state"));
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error).toBe("invalid_signature");
    expect(await count()).toBe(before);
    const body = notification(CLIENT_STATE);
    const right = await post(body);
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual({ received: true, recorded: 1 });
    expect(await (await post(body)).json()).toEqual({ received: true, recorded: 0 });
    expect(await count()).toBe(before + 1);
  });
});
