// The local video provider (the embedded default without MUX_*; refused with
// APP_ENV=production). It plays Mux's part of the contract the video area speaks, on the
// app's own server under /local-video:
// - GET /local-video/play/<playbackId>.mp4?exp=…&sig=…: the video, HMAC-signed and
//   expiring (key derived from the session secret), with range requests so a browser
//   seeks; a tampered or expired URL → 403 JSON. Every demo playback id (`demo-*`) plays
//   the committed sample (media/video/sample.mp4), `demo-*-preview` the 15 s preview clip;
//   uploaded videos (`lv_…`) play from DATA_DIR/local-video/.
// - GET /local-video/poster/<playbackId>.jpg?…: the sample's poster frame (demo ids only).
// - PUT /local-video/uploads/<token>: a direct upload (what the page's XHR sends; Mux's
//   upload URL takes a PUT too), or POST of a multipart form (the page without
//   JavaScript), capped at `maxUploadBytes`. The token is the sealed upload (id,
//   passthrough, return URL, expiry), so nothing is kept between creating and using it.
//   The file is stored, its MP4 duration read, and the signed `video.asset.ready` (or
//   `video.asset.errored` for a file that is no MP4) is sent to the app's webhook over
//   HTTP, like the sandbox payment gateway does; then PUT answers 200 JSON and the form
//   POST redirects (303) back to the admin page.
// - cancelUpload: marks the upload cancelled (later uploads to it are refused) and sends
//   `video.upload.cancelled`.
import { spawn } from "node:child_process";
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";
import { refuseInProduction } from "../guard";
import {
  PLAYBACK_URL_TTL_SEC,
  PREVIEW_URL_TTL_SEC,
  createUrlSigner,
  expiryAfter,
  safeRelativePath,
  sendFile,
  sendJsonError,
  signVideoEvent,
  VideoProviderError,
  type VideoProvider,
} from "../../video";
import { mp4DurationSeconds } from "./mp4";
import { boundaryOf, MultipartError, readMultipartFile } from "./multipart";
import { ID_HEX } from "../../../shared/ids";

export const LOCAL_VIDEO_MOUNT = "/local-video";
/** A direct upload URL stays open this long (Mux's default timeout). */
export const LOCAL_UPLOAD_TTL_SEC = 60 * 60;
/** Default upload cap of the stand-in (docs/decisions/video/video-uploads-and-webhooks.md > Video uploads and webhooks). */
export const LOCAL_UPLOAD_MAX_BYTES = 200 * 1024 * 1024;

type Log = { warn(msg: string, meta?: Record<string, unknown>): void; info(msg: string, meta?: Record<string, unknown>): void };

export type LocalVideoOptions = {
  /** student origin: playback and poster URLs */
  publicUrl: string;
  /** admin origin: upload URLs (the admin page uploads from there) */
  adminUrl: string;
  /** signs playback URLs and seals upload tokens (derived from the session secret) */
  key: Buffer;
  /** signs the webhook events (video-signature) */
  webhookSecret: string;
  /** where events go: ${PUBLIC_URL}/api/webhooks/video */
  notifyUrl: string;
  /** the committed samples (media/video) */
  samplesDir: string;
  /** uploaded videos (DATA_DIR/local-video) */
  uploadsDir: string;
  maxUploadBytes?: number;
  /** cuts preview clips (default "ffmpeg" on PATH); without it a cut is refused (503, Slovak message) */
  ffmpegPath?: string;
  production: boolean;
  log?: Log;
};

export type LocalVideo = {
  provider: VideoProvider;
  mount: string;
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  /** uploads may be this large; the front door lets bodies of this size through on the upload path */
  maxUploadBytes: number;
  uploadPathPrefix: string;
};

type UploadToken = { u: string; p: string; r: string | null; e: number };

const PLAYBACK_ID = new RegExp(`^(demo-[a-z0-9-]{1,80}|lv_${ID_HEX})$`);

export function startLocalVideo(options: LocalVideoOptions): LocalVideo {
  refuseInProduction("local video provider", options.production);
  const maxUploadBytes = options.maxUploadBytes ?? LOCAL_UPLOAD_MAX_BYTES;
  const publicBase = `${options.publicUrl.replace(/\/$/, "")}${LOCAL_VIDEO_MOUNT}`;
  const adminBase = `${options.adminUrl.replace(/\/$/, "")}${LOCAL_VIDEO_MOUNT}`;
  const signer = createUrlSigner({ key: options.key, scope: "local-video", base: publicBase });
  fs.mkdirSync(options.uploadsDir, { recursive: true });

  const tokenMac = (payload: string) => createHmac("sha256", options.key).update(`local-video-upload\n${payload}`).digest("base64url");
  const seal = (t: UploadToken) => {
    const payload = Buffer.from(JSON.stringify(t)).toString("base64url");
    return `${payload}.${tokenMac(payload)}`;
  };
  const open = (token: string): UploadToken | null => {
    const [payload, mac] = token.split(".");
    if (!payload || !mac) return null;
    const expected = Buffer.from(tokenMac(payload));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as UploadToken;
    } catch {
      return null;
    }
  };

  /** The file behind a playback id, or null. */
  function videoFile(playbackId: string): string | null {
    if (!PLAYBACK_ID.test(playbackId)) return null;
    if (playbackId.startsWith("demo-")) return path.join(options.samplesDir, playbackId.endsWith("-preview") ? "sample-preview.mp4" : "sample.mp4");
    return path.join(options.uploadsDir, `${playbackId}.mp4`);
  }

  const marker = (uploadId: string, what: "done" | "cancelled") => path.join(options.uploadsDir, `${uploadId}.${what}`);

  async function deliver(type: string, uploadId: string, data: Record<string, unknown>): Promise<boolean> {
    const body = JSON.stringify({
      // one event per upload and outcome: a repeat is deduplicated by the receiver
      id: `evt_lv_${createHash("sha256").update(`${uploadId}|${type}`).digest("hex").slice(0, 24)}`,
      type,
      created_at: new Date().toISOString(),
      object: { type: type.startsWith("video.upload") ? "upload" : "asset", id: String(data.id) },
      environment: { name: "local", id: "local" },
      data,
    });
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        const answer = await fetch(options.notifyUrl, {
          method: "POST",
          headers: { "Content-Type": "application/json", "video-signature": signVideoEvent(options.webhookSecret, body, Math.floor(Date.now() / 1000)) },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        if (answer.status === 200) return true;
        options.log?.warn("local video: webhook not acknowledged", { status: answer.status, attempt, type });
      } catch (e) {
        options.log?.warn("local video: webhook delivery failed", { error: (e as Error).message, attempt, type });
      }
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
    return false;
  }

  const provider: VideoProvider = {
    name: "local",
    playback(playbackId, now) {
      const expiresAt = expiryAfter(now, PLAYBACK_URL_TTL_SEC);
      const id = playbackId.replace(/[^A-Za-z0-9_-]/g, "");
      return {
        url: signer.sign(`/play/${id}.mp4`, expiresAt),
        expiresAt,
        mimeType: "video/mp4",
        posterUrl: id.startsWith("demo-") ? signer.sign(`/poster/${id}.jpg`, expiresAt) : null,
      };
    },
    preview(previewPlaybackId, now) {
      const expiresAt = expiryAfter(now, PREVIEW_URL_TTL_SEC);
      const id = previewPlaybackId.replace(/[^A-Za-z0-9_-]/g, "");
      return { url: signer.sign(`/play/${id}.mp4`, expiresAt), expiresAt, mimeType: "video/mp4" };
    },
    async createUpload(input, now) {
      const uploadId = `lu_${randomBytes(12).toString("hex")}`;
      const expiresAt = expiryAfter(now, LOCAL_UPLOAD_TTL_SEC);
      const token = seal({ u: uploadId, p: input.passthrough, r: input.returnUrl ?? null, e: Math.floor(expiresAt.getTime() / 1000) });
      return { uploadId, uploadUrl: `${adminBase}/uploads/${token}`, expiresAt };
    },
    createClip: (input) => createClip(input),
    async cancelUpload(uploadId, passthrough) {
      if (!new RegExp(`^lu_${ID_HEX}$`).test(uploadId)) throw new Error("not a local upload id");
      await fs.promises.writeFile(marker(uploadId, "cancelled"), new Date().toISOString());
      await deliver("video.upload.cancelled", uploadId, { id: uploadId, status: "cancelled", new_asset_settings: { passthrough } });
    },
  };

  /** Runs ffmpeg; resolves its exit code and stderr, rejects with ENOENT when it is not installed. */
  function ffmpeg(args: string[]): Promise<{ code: number | null; stderr: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(options.ffmpegPath ?? "ffmpeg", args, { stdio: ["ignore", "ignore", "pipe"] });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => {
        if (stderr.length < 4000) stderr += chunk.toString("utf8");
      });
      child.on("error", reject);
      child.on("close", (code) => resolve({ code, stderr }));
    });
  }

  /**
   * A preview clip: `ffmpeg -ss <start> -to <end> -i <file> -c copy` (no re-encoding; the
   * cut starts at the key frame at or before <start>), stored under its own playback id,
   * then the signed video.asset.ready (or errored) with the preview passthrough is sent,
   * before this resolves (like uploads). Without ffmpeg the cut is refused.
   */
  async function createClip(input: Parameters<VideoProvider["createClip"]>[0]): Promise<{ assetId: string }> {
    const source = videoFile(input.playbackId);
    if (!source || !fs.existsSync(source))
      throw new VideoProviderError(`local video: no file for playback id ${input.playbackId}`, {
        publicMessage: "Súbor tohto videa sa u lokálneho poskytovateľa nenašiel. Nahrajte video znova.",
      });
    const key = `clip_${randomBytes(12).toString("hex")}`;
    const hex = createHash("sha256").update(`${key}|asset`).digest("hex");
    const assetId = `la_${hex.slice(0, 24)}`;
    const playbackId = `lv_${hex.slice(24, 48)}`;
    const target = path.join(options.uploadsDir, `${playbackId}.mp4`);
    const partial = path.join(options.uploadsDir, `${playbackId}.part.mp4`);
    let run;
    try {
      run = await ffmpeg([
        "-hide_banner",
        "-loglevel",
        "error",
        "-nostdin",
        "-y",
        "-ss",
        String(input.startSec),
        "-to",
        String(input.endSec),
        "-i",
        source,
        "-c",
        "copy",
        "-movflags",
        "+faststart",
        partial,
      ]);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") {
        throw new VideoProviderError("local video: ffmpeg is not installed", {
          publicMessage:
            "Lokálny poskytovateľ videa potrebuje na vystrihnutie ukážky program ffmpeg, ktorý na tomto počítači chýba. Nainštalujte ho (napr. apt install ffmpeg) alebo použite Mux.",
        });
      }
      throw new VideoProviderError(`local video: ffmpeg failed to start: ${(error as Error).message}`);
    }
    const duration = run.code === 0 ? await mp4DurationSeconds(partial).catch(() => null) : null;
    if (duration !== null) {
      await fs.promises.rename(partial, target);
      await deliver("video.asset.ready", key, {
        id: assetId,
        status: "ready",
        duration,
        playback_ids: [{ id: playbackId, policy: "signed" }],
        passthrough: input.passthrough,
      });
    } else {
      await fs.promises.rm(partial, { force: true });
      options.log?.warn("local video: ffmpeg could not cut the clip", { code: run.code, stderr: run.stderr.slice(0, 500) });
      await deliver("video.asset.errored", key, {
        id: assetId,
        status: "errored",
        passthrough: input.passthrough,
        errors: { type: "invalid_input", messages: ["Ukážku sa nepodarilo vystrihnúť (ffmpeg)."] },
      });
    }
    options.log?.info("local video: preview clip cut", { assetId, playbackId, startSec: input.startSec, endSec: input.endSec, duration });
    return { assetId };
  }

  /** Streams the request's file into `target`, capped; returns the bytes written. */
  async function receiveFile(req: IncomingMessage, target: string): Promise<{ bytes: number; form: boolean }> {
    const out = fs.createWriteStream(target, { flags: "wx" });
    let bytes = 0;
    const write = async (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > maxUploadBytes) throw new TooLarge();
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once("drain", resolve));
    };
    const boundary = boundaryOf(req.headers["content-type"]);
    try {
      if (req.method === "POST") {
        if (!boundary) throw new MultipartError("a form upload must be multipart/form-data");
        const file = await readMultipartFile(req, boundary, write);
        if (!file) throw new MultipartError("the form carried no file");
      } else {
        for await (const chunk of req) await write(chunk as Buffer);
      }
      await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
      return { bytes, form: req.method === "POST" };
    } catch (error) {
      out.destroy();
      await fs.promises.rm(target, { force: true });
      throw error;
    }
  }

  function formPage(res: ServerResponse, status: number, title: string, text: string, back: string | null) {
    const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
    const html = `<!DOCTYPE html><html lang="sk"><head><meta charset="utf-8"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)} | Lokálne video</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem"><main><h1>${esc(title)}</h1><p>${esc(text)}</p>${back ? `<p><a href="${esc(back)}">Späť na video blok</a></p>` : ""}</main></body></html>`;
    res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", Connection: "close" });
    res.end(html);
  }

  async function upload(req: IncomingMessage, res: ServerResponse, token: string) {
    const form = req.method === "POST";
    const fail = (status: number, code: Parameters<typeof sendJsonError>[1], message: string, back: string | null) =>
      form ? formPage(res, status, "Nahrávanie sa nepodarilo", message, back) : sendJsonError(res, code, message, {}, { Connection: "close" });
    const sealed = open(token);
    if (!sealed) return fail(403, "signed_url_invalid", "Adresa na nahratie nie je platná.", null);
    const back = sealed.r;
    if (Date.now() / 1000 > sealed.e) return fail(403, "signed_url_expired", "Platnosť adresy na nahratie vypršala. Pripravte nové nahrávanie.", back);
    if (fs.existsSync(marker(sealed.u, "cancelled"))) return fail(409, "conflict", "Toto nahrávanie bolo zrušené.", back);
    if (fs.existsSync(marker(sealed.u, "done"))) return fail(409, "conflict", "Na túto adresu už bol súbor nahratý. Pripravte nové nahrávanie.", back);
    const declared = Number(req.headers["content-length"] ?? NaN);
    if (Number.isFinite(declared) && declared > maxUploadBytes + (form ? 64 * 1024 : 0)) {
      return fail(413, "payload_too_large", `Súbor je väčší ako ${Math.round(maxUploadBytes / 1024 / 1024)} MB.`, back);
    }
    const part = path.join(options.uploadsDir, `${sealed.u}.part`);
    let received;
    try {
      received = await receiveFile(req, part);
    } catch (error) {
      if (error instanceof TooLarge) return fail(413, "payload_too_large", `Súbor je väčší ako ${Math.round(maxUploadBytes / 1024 / 1024)} MB.`, back);
      if (error instanceof MultipartError) return fail(400, "bad_request", "Formulár neobsahoval súbor na nahratie.", back);
      if ((error as NodeJS.ErrnoException).code === "EEXIST") return fail(409, "conflict", "Na túto adresu sa práve nahráva iný súbor.", back);
      throw error;
    }
    await fs.promises.writeFile(marker(sealed.u, "done"), new Date().toISOString());
    const duration = received.bytes > 0 ? await mp4DurationSeconds(part).catch(() => null) : null;
    const hex = createHash("sha256").update(`${sealed.u}|asset`).digest("hex");
    const assetId = `la_${hex.slice(0, 24)}`;
    let status: "ready" | "errored";
    if (duration !== null) {
      const playbackId = `lv_${hex.slice(24, 48)}`;
      await fs.promises.rename(part, path.join(options.uploadsDir, `${playbackId}.mp4`));
      status = "ready";
      await deliver("video.asset.ready", sealed.u, {
        id: assetId,
        status: "ready",
        upload_id: sealed.u,
        duration,
        playback_ids: [{ id: playbackId, policy: "signed" }],
        passthrough: sealed.p,
      });
    } else {
      await fs.promises.rm(part, { force: true });
      status = "errored";
      await deliver("video.asset.errored", sealed.u, {
        id: assetId,
        status: "errored",
        upload_id: sealed.u,
        passthrough: sealed.p,
        errors: { type: "invalid_input", messages: ["Súbor nie je video vo formáte MP4."] },
      });
    }
    options.log?.info("local video: upload received", { uploadId: sealed.u, bytes: received.bytes, status });
    if (form && back) {
      res.writeHead(303, { Location: back, "Cache-Control": "no-store" });
      res.end();
      return;
    }
    const body = JSON.stringify({ uploadId: sealed.u, assetId, status, bytes: received.bytes });
    res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" });
    res.end(body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://local-video");
    const uploadMatch = /^\/uploads\/([A-Za-z0-9_.-]{10,4000})$/.exec(url.pathname);
    if (uploadMatch) {
      if (req.method !== "PUT" && req.method !== "POST") {
        return sendJsonError(res, "method_not_allowed", undefined, { allowed: ["PUT", "POST"] }, { Allow: "PUT, POST" });
      }
      return upload(req, res, uploadMatch[1]);
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      return sendJsonError(res, "method_not_allowed", undefined, { allowed: ["GET", "HEAD"] }, { Allow: "GET, HEAD" });
    }
    const relative = safeRelativePath(url.pathname);
    const media = relative ? /^\/(play|poster)\/([A-Za-z0-9_-]+)\.(mp4|jpg)$/.exec(relative) : null;
    if (!relative || !media || (media[1] === "play") !== (media[3] === "mp4")) return sendJsonError(res, "not_found", "Video sa nenašlo.");
    const check = signer.verify(relative, url.searchParams, new Date());
    if (!check.ok) return sendJsonError(res, check.reason === "expired" ? "signed_url_expired" : "signed_url_invalid");
    const file = media[1] === "poster" ? (media[2].startsWith("demo-") ? path.join(options.samplesDir, "sample-poster.jpg") : null) : videoFile(media[2]);
    if (!file) return sendJsonError(res, "not_found", "Video sa nenašlo.");
    await sendFile(req, res, { file, maxAgeSec: (check.expiresAt.getTime() - Date.now()) / 1000 });
  }

  return {
    provider,
    mount: LOCAL_VIDEO_MOUNT,
    maxUploadBytes,
    uploadPathPrefix: `${LOCAL_VIDEO_MOUNT}/uploads/`,
    handler(req, res) {
      handle(req, res).catch((e: Error) => {
        options.log?.warn("local video error", { error: e.message });
        sendJsonError(res, "internal");
      });
    },
  };
}

class TooLarge extends Error {}

export { mp4DurationSeconds } from "./mp4";
export { readMultipartFile, boundaryOf } from "./multipart";
