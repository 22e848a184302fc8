// A Mux-protocol stand-in: a stand-alone HTTP server (its own port) that speaks the parts of
// Mux's documented Video API the app uses, so tests and the production rehearsal drive the
// real `@mux/mux-node` client and the real webhook receiver (docs/decisions/video/video-providers-are-configuration.md > Video
// providers are configuration). Never started by the app itself; refused in production.
//
// API (HTTP Basic with the access token, answers wrapped in `data`, errors
// `{error: {type, messages}}`):
// - POST /video/v1/uploads {cors_origin, timeout, new_asset_settings} → 201 the upload
//   (status waiting, `url` = this server's signed PUT address);
// - GET /video/v1/uploads/<id>; PUT /video/v1/uploads/<id>/cancel (status cancelled,
//   then `video.upload.cancelled`);
// - POST /video/v1/assets {inputs: [{url: "mux://assets/<id>", start_time, end_time}], …}
//   → 201 a clip asset (preparing), then `video.asset.ready` with the clip's length;
// - GET /video/v1/assets (newest first, one page), GET /video/v1/assets/<id>;
// - POST /system/v1/signing-keys → 201 {id, private_key (base64 PEM)}: the key whose id
//   and private half the app signs playback tokens with (MUX_SIGNING_KEY_*).
// Upload address: PUT /upload/<id>?signature=… with the file (what the browser or the admin
// page sends to Mux's storage). The stand-in stores it, reads the MP4's duration and sends
// `video.upload.asset_created`, `video.asset.created`, then `video.asset.ready` (or
// `video.asset.errored` when the file is no MP4).
// Playback host (stream.mux.com and image.mux.com in one): GET /<playback id>.m3u8,
// /<playback id>/highest.mp4 (aud v) and /<playback id>/thumbnail.jpg (aud t), each with
// `?token=` an RS256 JWT {sub: playback id, aud, exp, kid} verified against the public half
// of a signing key this server created (Mux's signed playback); else 403.
// Webhooks: POST to `webhookUrl` with `Mux-Signature: t=<unix s>,v1=<hex HMAC-SHA256 of
// "<t>.<body>">`, Mux's event body {type, id, created_at, object, environment, data};
// retried 3 times half a second apart when not acknowledged with 2xx.
import { createHmac, createPublicKey, generateKeyPairSync, randomBytes, randomUUID, timingSafeEqual, verify, type KeyObject } from "node:crypto";
import fs from "node:fs/promises";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { refuseInProduction } from "../guard";
import { mp4DurationSeconds } from "../video/mp4";

export type MuxStandInOptions = {
  tokenId: string;
  tokenSecret: string;
  /** where events go: ${PUBLIC_URL}/api/webhooks/video */
  webhookUrl: string;
  webhookSecret: string;
  production: boolean;
  host?: string;
  /** 0: any free port */
  port?: number;
  /** where uploaded files are kept (default: a new temporary folder) */
  dataDir?: string;
  maxUploadBytes?: number;
  log?: (line: string) => void;
};

export type MuxDelivery = { type: string; status: number | null; attempt: number };

export type MuxStandIn = {
  /** the API base (MUX_API_URL) and the playback host (MUX_STREAM_URL, MUX_IMAGE_URL): this server */
  url: string;
  /** every webhook attempt, in order */
  deliveries: MuxDelivery[];
  /** where later events go (a test learns the app's address after the stand-in started) */
  setWebhookUrl(url: string): void;
  /** waits for the webhook deliveries in flight */
  idle(): Promise<void>;
  close(): Promise<void>;
};

type Upload = {
  id: string;
  status: "waiting" | "asset_created" | "cancelled" | "errored" | "timed_out";
  timeout: number;
  cors_origin: string | null;
  new_asset_settings: Record<string, unknown>;
  asset_id?: string;
  signature: string;
};
type Asset = {
  id: string;
  status: "preparing" | "ready" | "errored";
  passthrough: string | null;
  playback_ids: { id: string; policy: string }[];
  duration?: number;
  upload_id?: string;
  source_asset_id?: string;
  file: string | null;
  created_at: string;
};

const id = (bytes = 12) => randomBytes(bytes).toString("base64url").replace(/[-_]/g, "x");

export async function startMuxStandIn(options: MuxStandInOptions): Promise<MuxStandIn> {
  refuseInProduction("Mux stand-in", options.production);
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), "mux-stand-in-")));
  const maxUploadBytes = options.maxUploadBytes ?? 200 * 1024 * 1024;
  const uploads = new Map<string, Upload>();
  const assets = new Map<string, Asset>();
  const playbackAsset = new Map<string, string>();
  const signingKeys = new Map<string, KeyObject>();
  const deliveries: MuxDelivery[] = [];
  const inFlight = new Set<Promise<void>>();
  const log = options.log ?? (() => {});
  const expectedAuth = Buffer.from(`Basic ${Buffer.from(`${options.tokenId}:${options.tokenSecret}`).toString("base64")}`);
  let base = "";
  let webhookUrl = options.webhookUrl;

  const deliver = (type: string, object: { type: string; id: string }, data: Record<string, unknown>) => {
    const body = JSON.stringify({
      type,
      id: randomUUID(),
      created_at: new Date().toISOString(),
      object,
      environment: { name: "Stand-in", id: "standin" },
      accessor_source: null,
      accessor: null,
      request_id: null,
      data,
    });
    const run = (async () => {
      for (let attempt = 1; attempt <= 3; attempt++) {
        const t = Math.floor(Date.now() / 1000);
        const v1 = createHmac("sha256", options.webhookSecret).update(`${t}.${body}`, "utf8").digest("hex");
        let status: number | null = null;
        try {
          const answer = await fetch(webhookUrl, {
            method: "POST",
            headers: { "Content-Type": "application/json", "Mux-Signature": `t=${t},v1=${v1}` },
            body,
            signal: AbortSignal.timeout(10_000),
          });
          status = answer.status;
          await answer.arrayBuffer();
        } catch (error) {
          log(`mux stand-in: webhook ${type} failed: ${(error as Error).message}`);
        }
        deliveries.push({ type, status, attempt });
        if (status !== null && status >= 200 && status < 300) return;
        await new Promise((r) => setTimeout(r, 500));
      }
    })();
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  };

  const assetData = (a: Asset) => ({
    id: a.id,
    status: a.status,
    passthrough: a.passthrough ?? undefined,
    playback_ids: a.playback_ids,
    duration: a.duration,
    upload_id: a.upload_id,
    source_asset_id: a.source_asset_id,
    created_at: a.created_at,
    ...(a.status === "errored" ? { errors: { type: "invalid_input", messages: ["The file is not a readable video (MP4)"] } } : {}),
  });
  const uploadData = (u: Upload) => ({
    id: u.id,
    status: u.status,
    timeout: u.timeout,
    cors_origin: u.cors_origin,
    new_asset_settings: u.new_asset_settings,
    asset_id: u.asset_id,
    url: `${base}/upload/${u.id}?signature=${u.signature}`,
  });

  const newAsset = (fields: Omit<Asset, "id" | "playback_ids" | "created_at">): Asset => {
    const asset: Asset = { id: id(), playback_ids: [{ id: id(), policy: "signed" }], created_at: String(Math.floor(Date.now() / 1000)), ...fields };
    assets.set(asset.id, asset);
    playbackAsset.set(asset.playback_ids[0]!.id, asset.id);
    return asset;
  };

  /** the token's claims when it is an RS256 JWT of a key made here, for this playback id and audience, unexpired */
  const tokenValid = (token: string | null, playbackId: string, audience: string): boolean => {
    const parts = token?.split(".");
    if (!parts || parts.length !== 3) return false;
    try {
      const header = JSON.parse(Buffer.from(parts[0]!, "base64url").toString("utf8"));
      const claims = JSON.parse(Buffer.from(parts[1]!, "base64url").toString("utf8"));
      if (header.alg !== "RS256") return false;
      const key = signingKeys.get(String(claims.kid ?? header.kid));
      if (!key) return false;
      if (!verify("RSA-SHA256", Buffer.from(`${parts[0]}.${parts[1]}`), key, Buffer.from(parts[2]!, "base64url"))) return false;
      return claims.sub === playbackId && claims.aud === audience && typeof claims.exp === "number" && claims.exp > Date.now() / 1000;
    } catch {
      return false;
    }
  };

  const readBody = async (req: IncomingMessage, limit: number): Promise<Buffer | null> => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > limit) return null;
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const fail = (status: number, type: string, message: string) => send(status, { error: { type, messages: [message] } });
    const route = `${req.method} ${url.pathname}`;

    // the upload address (Mux hands out a signed storage URL; no API credentials)
    const put = /^PUT \/upload\/([\w]+)$/.exec(route);
    if (put) {
      const upload = uploads.get(put[1]!);
      const signature = url.searchParams.get("signature") ?? "";
      if (!upload || signature.length !== upload.signature.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(upload.signature)))
        return fail(403, "forbidden", "Invalid upload signature");
      if (upload.status !== "waiting") return fail(400, "invalid_state", `Upload is ${upload.status}`);
      const bytes = await readBody(req, maxUploadBytes);
      if (!bytes) return fail(413, "too_large", "File too large");
      const file = path.join(dataDir, `${upload.id}.mp4`);
      await fs.writeFile(file, bytes);
      const duration = await mp4DurationSeconds(file).catch(() => null);
      const settings = upload.new_asset_settings;
      const asset = newAsset({
        status: "preparing",
        passthrough: typeof settings.passthrough === "string" ? settings.passthrough : null,
        upload_id: upload.id,
        file,
      });
      upload.status = "asset_created";
      upload.asset_id = asset.id;
      res.writeHead(200).end();
      deliver("video.upload.asset_created", { type: "upload", id: upload.id }, uploadData(upload));
      deliver("video.asset.created", { type: "asset", id: asset.id }, assetData(asset));
      if (duration && duration > 0) {
        asset.status = "ready";
        asset.duration = duration;
        deliver("video.asset.ready", { type: "asset", id: asset.id }, assetData(asset));
      } else {
        asset.status = "errored";
        deliver("video.asset.errored", { type: "asset", id: asset.id }, assetData(asset));
      }
      return;
    }

    // the playback host
    const play = /^GET \/([\w]+)(\.m3u8|\/highest\.mp4|\/thumbnail\.jpg)$/.exec(route);
    if (play) {
      const [, playbackId, kind] = play as unknown as [string, string, string];
      const asset = assets.get(playbackAsset.get(playbackId) ?? "");
      if (!tokenValid(url.searchParams.get("token"), playbackId, kind === "/thumbnail.jpg" ? "t" : "v"))
        return fail(403, "forbidden", "Invalid or expired playback token");
      if (!asset || asset.status !== "ready") return fail(404, "not_found", "Playback id not found");
      const source = asset.file ?? assets.get(asset.source_asset_id ?? "")?.file ?? null;
      if (kind === ".m3u8") {
        const token = url.searchParams.get("token")!;
        res.writeHead(200, { "Content-Type": "application/vnd.apple.mpegurl" });
        const seconds = Math.ceil(asset.duration ?? 1);
        return res.end(
          `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:${seconds}\n#EXTINF:${asset.duration ?? 1},\n/${playbackId}/highest.mp4?token=${token}\n#EXT-X-ENDLIST\n`,
        );
      }
      if (kind === "/thumbnail.jpg") {
        res.writeHead(200, { "Content-Type": "image/jpeg" });
        return res.end(THUMBNAIL);
      }
      if (!source) return fail(404, "not_found", "No rendition");
      res.writeHead(200, { "Content-Type": "video/mp4" });
      return res.end(await fs.readFile(source));
    }

    // the REST API
    const auth = Buffer.from(req.headers.authorization ?? "");
    if (auth.length !== expectedAuth.length || !timingSafeEqual(auth, expectedAuth)) return fail(401, "unauthorized", "Unauthorized request");
    const raw = await readBody(req, 1024 * 1024);
    let body: Record<string, unknown> = {};
    if (raw && raw.length) {
      try {
        body = JSON.parse(raw.toString("utf8"));
      } catch {
        return fail(400, "invalid_parameters", "Body is not JSON");
      }
    }

    if (route === "POST /video/v1/uploads") {
      const settings = body.new_asset_settings;
      if (!settings || typeof settings !== "object") return fail(400, "invalid_parameters", "new_asset_settings is required");
      const upload: Upload = {
        id: id(),
        status: "waiting",
        timeout: typeof body.timeout === "number" ? body.timeout : 3600,
        cors_origin: typeof body.cors_origin === "string" ? body.cors_origin : null,
        new_asset_settings: settings as Record<string, unknown>,
        signature: id(24),
      };
      uploads.set(upload.id, upload);
      return send(201, { data: uploadData(upload) });
    }
    const getUpload = /^GET \/video\/v1\/uploads\/([\w]+)$/.exec(route);
    if (getUpload) {
      const upload = uploads.get(getUpload[1]!);
      return upload ? send(200, { data: uploadData(upload) }) : fail(404, "not_found", "Upload not found");
    }
    const cancel = /^PUT \/video\/v1\/uploads\/([\w]+)\/cancel$/.exec(route);
    if (cancel) {
      const upload = uploads.get(cancel[1]!);
      if (!upload) return fail(404, "not_found", "Upload not found");
      if (upload.status !== "waiting") return fail(400, "invalid_parameters", `Upload is ${upload.status} and cannot be cancelled`);
      upload.status = "cancelled";
      send(200, { data: uploadData(upload) });
      deliver("video.upload.cancelled", { type: "upload", id: upload.id }, uploadData(upload));
      return;
    }
    if (route === "POST /video/v1/assets") {
      const input = Array.isArray(body.inputs) ? (body.inputs[0] as Record<string, unknown> | undefined) : undefined;
      const source = /^mux:\/\/assets\/([\w]+)$/.exec(String(input?.url ?? ""));
      if (!input || !source) return fail(400, "invalid_parameters", "inputs[0].url must be mux://assets/<asset id> (the stand-in clips existing assets only)");
      const parent = assets.get(source[1]!);
      if (!parent || parent.status !== "ready") return fail(400, "invalid_parameters", "The source asset is not ready");
      const start = Number(input.start_time ?? 0);
      const end = Math.min(Number(input.end_time ?? parent.duration), parent.duration ?? 0);
      if (!(end > start && start >= 0)) return fail(400, "invalid_parameters", "end_time must be after start_time, within the asset");
      const clip = newAsset({
        status: "preparing",
        passthrough: typeof body.passthrough === "string" ? body.passthrough : null,
        source_asset_id: parent.id,
        file: null,
      });
      send(201, { data: assetData(clip) });
      clip.status = "ready";
      clip.duration = Math.round((end - start) * 1000) / 1000;
      deliver("video.asset.ready", { type: "asset", id: clip.id }, assetData(clip));
      return;
    }
    if (route === "GET /video/v1/assets") return send(200, { data: [...assets.values()].reverse().map(assetData) });
    const getAsset = /^GET \/video\/v1\/assets\/([\w]+)$/.exec(route);
    if (getAsset) {
      const asset = assets.get(getAsset[1]!);
      return asset ? send(200, { data: assetData(asset) }) : fail(404, "not_found", "Asset not found");
    }
    if (route === "POST /system/v1/signing-keys") {
      const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
      const keyId = id();
      signingKeys.set(keyId, createPublicKey(publicKey.export({ type: "spki", format: "pem" })));
      const pem = privateKey.export({ type: "pkcs1", format: "pem" }).toString();
      return send(201, { data: { id: keyId, private_key: Buffer.from(pem).toString("base64"), created_at: String(Math.floor(Date.now() / 1000)) } });
    }
    fail(404, "not_found", "Not found");
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      log(`mux stand-in: ${error.message}`);
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { type: "internal", messages: ["Internal error"] } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  base = `http://${options.host ?? "127.0.0.1"}:${(server.address() as AddressInfo).port}`;
  const idle = async () => {
    while (inFlight.size) await Promise.all([...inFlight]);
  };
  return {
    url: base,
    deliveries,
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    idle,
    async close() {
      await idle();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      if (!options.dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** a 1×1 grey JPEG: the stand-in's poster for every asset */
const THUMBNAIL = Buffer.from(
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=",
  "base64",
);
