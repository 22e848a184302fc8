// The Mux path end to end, through `@mux/mux-node` as in production: the built app runs with
// MUX_* pointing at the Mux-protocol stand-in (server/stand-ins/mux, its own HTTP server;
// MUX_API_URL, MUX_STREAM_URL, MUX_IMAGE_URL), whose signing key was made through the SDK's
// `system.signingKeys.create`. A direct upload opens at the stand-in, the file PUT to its
// upload address turns into `video.asset.ready` signed with `Mux-Signature` and delivered to
// /api/webhooks/video, which fills the block; the signed playback URL the app makes plays at
// the stand-in's playback host (a wrong or tampered token is 403); a preview clip is asked
// for as a clip asset; a cancelled upload comes back as video.upload.cancelled.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import Mux from "@mux/mux-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, type Database } from "#server/db";
import type { ContentBlock } from "#server/db/schema";
import { startMuxStandIn, type MuxStandIn } from "#server/stand-ins";
import { VideoUploadResponse } from "#server/video";
import { startCommerceApp, signInStudent, type CommerceApp, type Student } from "../support/commerce";
import { until } from "../support/wait";

const SAMPLE = path.resolve(import.meta.dirname, "../../media/video/sample.mp4");
const tokenId = `standin-${randomBytes(6).toString("hex")}`;
const tokenSecret = randomBytes(32).toString("base64url");
const webhookSecret = randomBytes(32).toString("base64url");

let mux: MuxStandIn;
let sdk: Mux;
let app: CommerceApp;
let db: Database;
let editor: Student;

beforeAll(async () => {
  mux = await startMuxStandIn({ tokenId, tokenSecret, webhookSecret, webhookUrl: "http://127.0.0.1:9/", production: false });
  sdk = new Mux({
    tokenId,
    tokenSecret,
    baseURL: mux.url,
    webhookSecret: null,
    jwtSigningKey: null,
    jwtPrivateKey: null,
    authorizationToken: null,
    logLevel: "off",
  });
  const key = await sdk.system.signingKeys.create();
  app = await startCommerceApp({
    MUX_TOKEN_ID: tokenId,
    MUX_TOKEN_SECRET: tokenSecret,
    MUX_SIGNING_KEY_ID: key.id,
    MUX_SIGNING_KEY_PRIVATE: key.private_key!,
    MUX_WEBHOOK_SECRET: webhookSecret,
    MUX_API_URL: mux.url,
    MUX_STREAM_URL: mux.url,
    MUX_IMAGE_URL: mux.url,
  });
  db = app.db;
  mux.setWebhookUrl(`${app.url}/api/webhooks/video`);
  editor = await signInStudent(app.url, "martin.simko@demo.sk");
}, 120_000);
afterAll(async () => {
  await app?.stop();
  await mux?.close();
});

async function draftVideoBlock() {
  const rows = await db
    .select({ partId: schema.parts.id, blocks: schema.parts.contentBlocks })
    .from(schema.parts)
    .innerJoin(schema.courses, eq(schema.courses.id, schema.parts.courseId))
    .where(and(eq(schema.courses.slug, "pravo-a-governance-vo-zvazoch"), eq(schema.courses.state, "draft")));
  for (const row of rows) {
    const block = row.blocks.find((b) => b.type === "video");
    if (block) return { partId: row.partId, blockId: block.id };
  }
  throw new Error("no video block in the draft course");
}

async function blockNow(partId: string, blockId: string) {
  const [part] = await db.select({ blocks: schema.parts.contentBlocks }).from(schema.parts).where(eq(schema.parts.id, partId));
  return part.blocks.find((b) => b.id === blockId) as Extract<ContentBlock, { type: "video" }>;
}

const waitFor = <T>(what: string, read: () => Promise<T | null>) => until(what, read, (value) => value !== null) as Promise<T>;
const unescapeHtml = (s: string) => s.replace(/&amp;/g, "&");

describe("Mux through the Mux-protocol stand-in", () => {
  let target: { partId: string; blockId: string };

  it("a direct upload opens at Mux's API, the file's asset arrives by the signed webhook and fills the block", async () => {
    target = await draftVideoBlock();
    const res = await editor.post("/api/admin/uploads/video", target);
    expect(res.status).toBe(201);
    const upload = VideoUploadResponse.parse(await res.json());
    expect(upload.uploadUrl.startsWith(`${mux.url}/upload/${upload.uploadId}?signature=`)).toBe(true);
    expect((await blockNow(target.partId, target.blockId)).upload).toMatchObject({ id: upload.uploadId, provider: "mux", status: "waiting" });
    // what the app asked Mux for, read back through the SDK
    const opened = await sdk.video.uploads.retrieve(upload.uploadId);
    expect(opened).toMatchObject({
      status: "waiting",
      cors_origin: app.url,
      new_asset_settings: { playback_policies: ["signed"], passthrough: JSON.stringify(target) },
    });

    // an upload address with a wrong signature takes nothing
    expect((await fetch(upload.uploadUrl.replace(/signature=\w+/, "signature=wrong"), { method: "PUT", body: "x" })).status).toBe(403);
    const put = await fetch(upload.uploadUrl, { method: "PUT", headers: { "Content-Type": "video/mp4" }, body: fs.readFileSync(SAMPLE) });
    expect(put.status).toBe(200);

    // (the seeded block plays a demo video already; the upload's own result replaces it)
    const block = await waitFor("the upload's asset in the block", async () => {
      const b = await blockNow(target.partId, target.blockId);
      return b.upload?.id === upload.uploadId && b.upload.status === "ready" ? b : null;
    });
    expect(block.state).toBe("ready");
    const asset = await sdk.video.assets.retrieve(block.videoAssetId!);
    expect(block).toMatchObject({ durationSec: 30, videoPlaybackId: asset.playback_ids![0]!.id, upload: { id: upload.uploadId, status: "ready" } });
    expect(asset).toMatchObject({ status: "ready", upload_id: upload.uploadId, passthrough: JSON.stringify(target) });

    await mux.idle();
    // every event was acknowledged (the ones the app does not act on too), signed like Mux
    // (delivered concurrently, as Mux does: their order is not fixed)
    expect(mux.deliveries.map((d) => `${d.type} ${d.status}`).sort()).toEqual([
      "video.asset.created 200",
      "video.asset.ready 200",
      "video.upload.asset_created 200",
    ]);
    const events = await db.select().from(schema.webhookEvents).where(eq(schema.webhookEvents.provider, "video"));
    const ready = events.find((e) => e.eventType === "video.asset.ready")!;
    expect(ready.processingResult).toBe("success");
    expect(ready.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(events.filter((e) => e.eventType !== "video.asset.ready").map((e) => e.processingResult)).toEqual(["success", "success"]);
  });

  it("the app's signed playback URL plays at the stand-in's host; another token is refused", async () => {
    const page = await (await editor.get(`/admin/video/${target.partId}/${target.blockId}`)).text();
    const stream = new RegExp(`${mux.url.replace(/[.:/]/g, "\\$&")}/[\\w]+\\.m3u8\\?token=[\\w.-]+`).exec(page);
    expect(stream, "the admin page shows the Mux playback URL").toBeTruthy();
    const url = new URL(unescapeHtml(stream![0]));
    const playlist = await fetch(url);
    expect(playlist.status).toBe(200);
    expect(playlist.headers.get("content-type")).toBe("application/vnd.apple.mpegurl");
    const rendition = /^(\/\S+highest\.mp4\?token=\S+)$/m.exec(await playlist.text())![1]!;
    const mp4 = await fetch(`${mux.url}${rendition}`);
    expect(mp4.status).toBe(200);
    expect(Buffer.from(await mp4.arrayBuffer()).equals(fs.readFileSync(SAMPLE))).toBe(true);

    const token = url.searchParams.get("token")!;
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 86400 })).toString("base64url");
    for (const bad of [`${header}.${forged}.${signature}`, "", `${token}x`]) {
      expect((await fetch(`${url.origin}${url.pathname}?token=${bad}`)).status).toBe(403);
    }
    // the video token is not a poster token (aud v, not t)
    const id = url.pathname.slice(1, -".m3u8".length);
    expect((await fetch(`${mux.url}/${id}/thumbnail.jpg?token=${token}`)).status).toBe(403);
  });

  it("a preview clip is asked for as a clip asset of the block's asset and arrives by webhook", async () => {
    const before = (await blockNow(target.partId, target.blockId)).previewPlaybackId;
    const res = await editor.post("/api/admin/uploads/video/preview", { ...target, previewStartSec: 5, previewEndSec: 20 });
    expect(res.status).toBe(202);
    const block = await waitFor("the preview is ready", async () => {
      const b = await blockNow(target.partId, target.blockId);
      return b.previewPlaybackId && b.previewPlaybackId !== before ? b : null;
    });
    const clip = (await sdk.video.assets.list()).data.find((a) => a.playback_ids?.[0]?.id === block.previewPlaybackId);
    expect(clip).toMatchObject({ status: "ready", duration: 15, source_asset_id: block.videoAssetId });
  });

  it("a waiting upload cancelled in the app is cancelled at Mux, and video.upload.cancelled leaves the block's video as it was", async () => {
    const before = await blockNow(target.partId, target.blockId);
    const res = await editor.post("/api/admin/uploads/video", target);
    const upload = VideoUploadResponse.parse(await res.json());
    const page = await editor.get(`/admin/video/${target.partId}/${target.blockId}`);
    expect(page.status).toBe(200);
    const form = new URLSearchParams({ intent: "cancel" });
    const cancel = await editor.jar.fetch(`${app.url}/admin/video/${target.partId}/${target.blockId}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
      body: form.toString(),
      redirect: "manual",
    });
    expect(cancel.status).toBeLessThan(400);
    expect((await sdk.video.uploads.retrieve(upload.uploadId)).status).toBe("cancelled");
    const after = await waitFor("the cancel is recorded", async () => {
      const b = await blockNow(target.partId, target.blockId);
      return b.upload?.status === "cancelled" ? b : null;
    });
    expect({ state: after.state, playback: after.videoPlaybackId, duration: after.durationSec }).toEqual({
      state: before.state,
      playback: before.videoPlaybackId,
      duration: before.durationSec,
    });
  });
});
