// The course's preview clip over HTTP against the built app (PostgreSQL
// with TEST_DATABASE_URL, else embedded PGlite in-process), with the local video stand-in
// cutting with ffmpeg:
// - POST /api/admin/uploads/video/preview: 401/403, 422 for a clip of 9 s, 61 s, past the
//   video's end or not numbers (the block unchanged), 409 course_not_editable for a
//   published course;
// - set range → the stand-in cuts it and sends the signed video.asset.ready with the
//   preview passthrough → the block's previewPlaybackId (not its main playback) is the
//   clip's, which plays through a signed URL; an older cut's event changes nothing;
// - a new video uploaded into the block drops the clip cut from the old one;
// - the admin video page's plain form (no JavaScript): errors next to the form, then the
//   range saved;
// - once the course is published, its public course page plays the clip via a signed URL.
// - without ffmpeg (FFMPEG_PATH naming nothing) the cut is refused: 503 with a Slovak message.
// - a block whose video is not processed: 422 video_not_ready.
import { createHmac } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, type Database } from "#server/db";
import type { ContentBlock } from "#server/db/schema";
import { createUrlSigner, deriveKey, signVideoEvent, VideoPreviewResponse } from "#server/video";
import { mp4DurationSeconds } from "#server/stand-ins/video";
import { startCommerceApp, signInStudent, type CommerceApp, type Student } from "../support/commerce";
import { expectMatchesContract } from "../support/contract";

const SESSION_SECRET = "video-preview-test-session-secret-0123456789";
const SLUG = "pravo-a-governance-vo-zvazoch";
const PATH = "/api/admin/uploads/video/preview";
const webhookSecret = createHmac("sha256", SESSION_SECRET).update("local-video-webhook").digest("hex");

let app: CommerceApp;
let url: string;
let db: Database;
let dataDir: string;
let editor: Student;
let admin: Student;
let student: Student;
/** the first video block of the draft course's first module: the one its course page will show */
let target: { partId: string; blockId: string; courseId: string; block: VideoBlock };

type VideoBlock = Extract<ContentBlock, { type: "video" }>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "video-preview-test-data-"));
  app = await startCommerceApp({ SESSION_SECRET, DATA_DIR: dataDir });
  url = app.url;
  db = app.db;
  editor = await signInStudent(url, "martin.simko@demo.sk");
  admin = await signInStudent(url, "zuzana.bielikova@demo.sk");
  student = await signInStudent(url, "jana.novakova@demo.sk");
  target = await firstVideoBlock(db);
}, 120_000);
afterAll(async () => {
  await app?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The first video block of the draft course's first module (what its course page shows). */
async function firstVideoBlock(database: Database) {
  const rows = await database
    .select({ partId: schema.parts.id, blocks: schema.parts.contentBlocks, courseId: schema.courses.id })
    .from(schema.parts)
    .innerJoin(schema.courses, eq(schema.courses.id, schema.parts.courseId))
    .innerJoin(schema.modules, eq(schema.modules.id, schema.parts.moduleId))
    .innerJoin(schema.topics, eq(schema.topics.id, schema.modules.topicId))
    .innerJoin(schema.levels, eq(schema.levels.id, schema.topics.levelId))
    .where(and(eq(schema.courses.slug, SLUG), eq(schema.courses.state, "draft")))
    .orderBy(asc(schema.levels.orderIndex), asc(schema.topics.orderIndex), asc(schema.parts.orderIndex), asc(schema.parts.id));
  const first = rows.map((r) => ({ ...r, block: r.blocks.find((b) => b.type === "video") })).find((r) => r.block);
  if (!first?.block) throw new Error("the draft course has no video block");
  return { partId: first.partId, blockId: first.block.id, courseId: first.courseId, block: first.block as VideoBlock };
}

const videoSigner = () => createUrlSigner({ key: deriveKey(SESSION_SECRET, "local-video"), scope: "local-video", base: `${url}/local-video` });

async function blockNow(partId: string, blockId: string) {
  const [part] = await db.select({ blocks: schema.parts.contentBlocks }).from(schema.parts).where(eq(schema.parts.id, partId));
  return part.blocks.find((b) => b.id === blockId) as VideoBlock;
}

async function cut(client: Student, body: unknown) {
  const res = await client.post(PATH, body);
  const text = await res.text();
  const parsed = text ? JSON.parse(text) : undefined;
  const copy = new Response(text, { status: res.status, headers: res.headers });
  Object.defineProperty(copy, "url", { value: `${url}${PATH}` });
  await expectMatchesContract("POST", PATH, copy, parsed);
  return { res, body: parsed };
}

describe("POST /api/admin/uploads/video/preview: refusals", () => {
  it("401 without a session, 403 for a student", async () => {
    const body = { partId: target.partId, blockId: target.blockId, previewStartSec: 0, previewEndSec: 15 };
    const anonymous = await fetch(`${url}${PATH}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: url },
      body: JSON.stringify(body),
    });
    expect(anonymous.status).toBe(401);
    expect((await cut(student, body)).res.status).toBe(403);
  });

  it("422 with details for a clip of 9 s or 61 s, one past the video's end (30 s), or no numbers; the block stays as it was", async () => {
    const before = await blockNow(target.partId, target.blockId);
    expect(before).toMatchObject({ state: "ready", durationSec: 30 });
    const ref = { partId: target.partId, blockId: target.blockId };
    const cases = [
      { range: { previewStartSec: 5, previewEndSec: 14 }, path: "previewEndSec", message: /10 až 60 sekúnd/ },
      { range: { previewStartSec: 0, previewEndSec: 61 }, path: "previewEndSec", message: /10 až 60 sekúnd/ },
      { range: { previewStartSec: 20, previewEndSec: 40 }, path: "previewEndSec", message: /na konci videa \(30 s\)/ },
      { range: { previewStartSec: 25, previewEndSec: 30.5 + 10 }, path: "previewEndSec", message: /na konci videa/ },
      { range: { previewStartSec: -1, previewEndSec: 12 }, path: "previewStartSec", message: /záporný/ },
      { range: { previewStartSec: "5", previewEndSec: 20 }, path: "previewStartSec", message: /./ },
    ];
    for (const c of cases) {
      const { res, body } = await cut(editor, { ...ref, ...c.range });
      expect(res.status, JSON.stringify(c.range)).toBe(422);
      expect(body.error).toBe("validation");
      const details = body.details as { path: string; message: string }[];
      expect(
        details.some((d) => d.path === c.path && c.message.test(d.message)),
        JSON.stringify(body),
      ).toBe(true);
    }
    // exactly 10 s and exactly 60 s would pass the length rule (60 s is past this 30 s video)
    const sixty = await cut(editor, { ...ref, previewStartSec: 0, previewEndSec: 60 });
    expect(sixty.res.status).toBe(422);
    expect((sixty.body.details as { message: string }[])[0].message).toMatch(/na konci videa/);
    expect(await blockNow(target.partId, target.blockId)).toEqual(before);
    const audits = await db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "video.preview.cut"));
    expect(audits).toHaveLength(0);
  });

  it("404 for an unknown part or block", async () => {
    expect((await cut(editor, { partId: "0123456789abcdef01234567", blockId: target.blockId, previewStartSec: 0, previewEndSec: 12 })).res.status).toBe(404);
    expect((await cut(editor, { partId: target.partId, blockId: "no-such-block", previewStartSec: 0, previewEndSec: 12 })).res.status).toBe(404);
  });

  it("409 course_not_editable for a published course's block, which stays as it was", async () => {
    const rows = await db
      .select({ partId: schema.parts.id, blocks: schema.parts.contentBlocks })
      .from(schema.parts)
      .innerJoin(schema.courses, eq(schema.courses.id, schema.parts.courseId))
      .where(and(eq(schema.courses.slug, "riadenie-sportoveho-klubu"), eq(schema.courses.state, "published")));
    const published = rows.map((r) => ({ partId: r.partId, block: r.blocks.find((b) => b.type === "video") })).find((r) => r.block)!;
    const before = await blockNow(published.partId, published.block!.id);
    const { res, body } = await cut(editor, { partId: published.partId, blockId: published.block!.id, previewStartSec: 0, previewEndSec: 15 });
    expect(res.status).toBe(409);
    expect(body.error).toBe("course_not_editable");
    expect(await blockNow(published.partId, published.block!.id)).toEqual(before);
  });
});

describe("the local stand-in cuts the clip", () => {
  let previewPlaybackId: string;

  it("set range → ffmpeg → signed video.asset.ready with the preview passthrough → previewPlaybackId; the main video untouched", async () => {
    const before = await blockNow(target.partId, target.blockId);
    const { res, body } = await cut(editor, { partId: target.partId, blockId: target.blockId, previewStartSec: 8, previewEndSec: 20 });
    expect(res.status).toBe(202);
    const answer = VideoPreviewResponse.parse(body);
    // the stand-in reports before it answers, so the clip is already in the block
    expect(answer).toMatchObject({ status: "ready", previewStartSec: 8, previewEndSec: 20 });
    expect(answer.previewPlaybackId).toMatch(/^lv_[0-9a-f]{24}$/);
    expect(answer.previewPlaybackId).not.toBe(before.previewPlaybackId);
    previewPlaybackId = answer.previewPlaybackId!;

    const block = await blockNow(target.partId, target.blockId);
    expect(block).toMatchObject({
      state: "ready",
      videoPlaybackId: before.videoPlaybackId,
      videoAssetId: before.videoAssetId,
      durationSec: 30,
      previewPlaybackId,
      previewStartSec: 8,
      previewEndSec: 20,
      previewCut: { id: answer.cutId, provider: "local", status: "ready", startSec: 8, endSec: 20 },
    });
    expect(block.previewAssetId).toMatch(/^la_[0-9a-f]{24}$/);
    expect(block.previewCut!.assetId).toBe(block.previewAssetId);

    const [event] = await db
      .select()
      .from(schema.webhookEvents)
      .where(and(eq(schema.webhookEvents.provider, "video"), eq(schema.webhookEvents.eventType, "video.asset.ready")))
      .orderBy(sql`received_at desc`)
      .limit(1);
    expect(event).toMatchObject({ processingResult: "success", errorMessage: null });
    expect(JSON.parse(JSON.parse(event.payload).data.passthrough)).toEqual({
      partId: target.partId,
      blockId: target.blockId,
      kind: "preview",
      cutId: answer.cutId,
    });
    const audits = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.targetType, "part"), eq(schema.auditLog.targetId, target.partId)));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(["video.preview.cut", "webhook.video.asset.ready"]));
    expect(audits.find((a) => a.action === "webhook.video.asset.ready")!.details).toMatchObject({ result: "preview_ready", previewPlaybackId });

    // the clip plays through its own signed URL, and is the cut range (about 12 s), not the 30 s video
    const play = await fetch(videoSigner().sign(`/play/${previewPlaybackId}.mp4`, new Date(Date.now() + 60_000)));
    expect(play.status).toBe(200);
    expect(play.headers.get("content-type")).toBe("video/mp4");
    const file = path.join(dataDir, "clip-downloaded.mp4");
    fs.writeFileSync(file, Buffer.from(await play.arrayBuffer()));
    const seconds = await mp4DurationSeconds(file);
    expect(seconds).toBeGreaterThanOrEqual(11.5);
    expect(seconds).toBeLessThanOrEqual(12.5);
  });

  it("an event of an older cut is acknowledged as stale_cut and changes nothing", async () => {
    const before = await blockNow(target.partId, target.blockId);
    const raw = JSON.stringify({
      id: "evt_old_preview_cut",
      type: "video.asset.ready",
      data: {
        id: "la_old",
        duration: 12,
        playback_ids: [{ id: "lv_0123456789abcdef01234567", policy: "signed" }],
        passthrough: JSON.stringify({ partId: target.partId, blockId: target.blockId, kind: "preview", cutId: "pc_older" }),
      },
    });
    const res = await fetch(`${url}/api/webhooks/video`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "video-signature": signVideoEvent(webhookSecret, raw, Math.floor(Date.now() / 1000)) },
      body: raw,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, duplicate: false, result: "stale_cut" });
    expect(await blockNow(target.partId, target.blockId)).toEqual(before);
  });

  it("the admin page's plain form: an error next to the form, then the range saved (no JavaScript)", async () => {
    const pagePath = `/admin/video/${target.partId}/${target.blockId}`;
    const page = await (await editor.get(pagePath)).text();
    expect(page).toContain("Vystrihnúť ukážku");
    expect(page).toContain('data-testid="preview-range">8–20');
    expect(page).toMatch(new RegExp(`<source src="[^"]*/local-video/play/${previewPlaybackId}\\.mp4\\?exp=\\d+&amp;sig=[0-9a-f]{64}"`));

    const post = (body: string) =>
      editor.jar.fetch(`${url}${pagePath}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
        body,
        redirect: "manual",
      });
    const refused = await post("intent=preview&previewStartSec=2&previewEndSec=70");
    expect(refused.status).toBe(422);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toMatch(/role="alert"[^>]*>(<p>)?Ukážka musí mať 10 až 60 sekúnd/);
    expect(refusedHtml).toContain('value="70"');
    expect((await blockNow(target.partId, target.blockId)).previewPlaybackId).toBe(previewPlaybackId);
    // the use case's refusal (a clip past the video's end) on the same form, with what was typed
    const pastEnd = await post("intent=preview&previewStartSec=20&previewEndSec=40");
    expect(pastEnd.status).toBe(422);
    const pastEndHtml = await pastEnd.text();
    expect(pastEndHtml).toMatch(/role="alert"[^>]*>(<p>)?Ukážka musí skončiť najneskôr na konci videa/);
    expect(pastEndHtml).toContain('value="40"');
    // a form naming no known action is 400, nothing changed
    expect((await post("intent=nieco&previewStartSec=4&previewEndSec=16")).status).toBe(400);
    expect((await blockNow(target.partId, target.blockId)).previewPlaybackId).toBe(previewPlaybackId);

    const saved = await post("intent=preview&previewStartSec=4&previewEndSec=16,5");
    expect([302, 303]).toContain(saved.status);
    expect(new URL(saved.headers.get("location")!, url).pathname).toBe(pagePath);
    const block = await blockNow(target.partId, target.blockId);
    expect(block).toMatchObject({ previewStartSec: 4, previewEndSec: 16.5, previewCut: { status: "ready" } });
    expect(block.previewPlaybackId).not.toBe(previewPlaybackId);
    previewPlaybackId = block.previewPlaybackId!;
    expect(await (await editor.get(pagePath)).text()).toContain('data-testid="preview-range">4–16,5');
  });

  it("a new video uploaded into a block drops the clip cut from the previous one", async () => {
    // the seed's draft has one video block: the target, whose clip is set by now
    const other = { partId: target.partId, blockId: target.blockId };
    expect((await blockNow(other.partId, other.blockId)).previewPlaybackId).toBe(previewPlaybackId);

    const upload = await editor.post("/api/admin/uploads/video", other);
    expect(upload.status).toBe(201);
    const { uploadUrl } = await upload.json();
    const sample = fs.readFileSync(path.resolve(import.meta.dirname, "../../media/video/sample-preview.mp4"));
    expect((await fetch(uploadUrl, { method: "PUT", body: sample })).status).toBe(200);
    const block = await blockNow(other.partId, other.blockId);
    expect(block).toMatchObject({ state: "ready", durationSec: 15 });
    for (const gone of ["previewPlaybackId", "previewAssetId", "previewStartSec", "previewEndSec", "previewCut"] as const)
      expect(block[gone], gone).toBeUndefined();

    // a clip of the new (15 s) video: 16 s is past its end now
    expect((await cut(editor, { ...other, previewStartSec: 4, previewEndSec: 16 })).res.status).toBe(422);
    const again = await cut(editor, { ...other, previewStartSec: 2, previewEndSec: 14 });
    expect(again.body).toMatchObject({ status: "ready", previewStartSec: 2, previewEndSec: 14 });
    previewPlaybackId = again.body.previewPlaybackId;
  });

  it("published, the public course page plays the clip through a short-lived signed URL", async () => {
    const published = await admin.post(`/api/admin/courses/${target.courseId}/publish`, {});
    expect(published.status, await published.clone().text()).toBe(200);
    const page = await (await fetch(`${url}/kurzy/${SLUG}`)).text();
    const found = /<source src="([^"]+)" type="video\/mp4"/.exec(page);
    expect(found, "the course page shows the preview clip").toBeTruthy();
    const clipUrl = new URL(found![1].replace(/&amp;/g, "&"));
    expect(clipUrl.pathname).toBe(`/local-video/play/${previewPlaybackId}.mp4`);
    expect(Number(clipUrl.searchParams.get("exp")) * 1000 - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    const play = await fetch(clipUrl, { headers: { Range: "bytes=0-7" } });
    expect(play.status).toBe(206);
    expect(
      Buffer.from(await play.arrayBuffer())
        .subarray(4, 8)
        .toString("latin1"),
    ).toBe("ftyp");
    // and now the course is published, the range cannot change
    const frozen = await cut(editor, { partId: target.partId, blockId: target.blockId, previewStartSec: 0, previewEndSec: 12 });
    expect(frozen.res.status).toBe(409);
  });
});

describe("the local stand-in without ffmpeg", () => {
  let bare: CommerceApp;
  let bareDir: string;
  beforeAll(async () => {
    bareDir = fs.mkdtempSync(path.join(os.tmpdir(), "video-preview-noffmpeg-"));
    bare = await startCommerceApp({ SESSION_SECRET, DATA_DIR: bareDir, FFMPEG_PATH: path.join(bareDir, "no-such-ffmpeg") });
  }, 120_000);
  afterAll(async () => {
    await bare?.stop();
    if (bareDir) fs.rmSync(bareDir, { recursive: true, force: true });
  });

  it("refuses the cut with 503 and a Slovak message naming ffmpeg; the block keeps its clip and marks the cut errored", async () => {
    const manager = await signInStudent(bare.url, "martin.simko@demo.sk");
    const here = await firstVideoBlock(bare.db);
    const before = here.block;
    expect(before.previewPlaybackId).toMatch(/^demo-/);
    const res = await manager.post(PATH, { partId: here.partId, blockId: here.blockId, previewStartSec: 0, previewEndSec: 12 });
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body.error).toBe("video_provider_unavailable");
    expect(body.message).toMatch(/ffmpeg, ktorý na tomto počítači chýba/);
    const [after] = await bare.db.select({ blocks: schema.parts.contentBlocks }).from(schema.parts).where(eq(schema.parts.id, here.partId));
    const block = after.blocks.find((b) => b.id === here.blockId) as VideoBlock;
    expect(block.previewPlaybackId).toBe(before.previewPlaybackId);
    expect(block.previewCut).toMatchObject({ status: "errored", startSec: 0, endSec: 12, message: expect.stringMatching(/ffmpeg/) });
  });

  it("422 video_not_ready for a block whose video is not processed (here: errored)", async () => {
    const manager = await signInStudent(bare.url, "martin.simko@demo.sk");
    const here = await firstVideoBlock(bare.db);
    const upload = await manager.post("/api/admin/uploads/video", { partId: here.partId, blockId: here.blockId });
    expect(upload.status).toBe(201);
    const put = await fetch((await upload.json()).uploadUrl, { method: "PUT", body: "this is no video" });
    expect((await put.json()).status).toBe("errored");
    const res = await manager.post(PATH, { partId: here.partId, blockId: here.blockId, previewStartSec: 0, previewEndSec: 12 });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.details).toEqual([expect.objectContaining({ path: "blockId", code: "video_not_ready" })]);
  });
});
