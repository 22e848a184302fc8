// The Mux provider: playback tokens checked with jose against the public half of an RSA
// key pair made here (and compared with the token Mux's own SDK signs), and direct uploads
// against a local HTTP server that speaks Mux's documented REST protocol
// (POST /video/v1/uploads, PUT /video/v1/uploads/<id>/cancel, POST /video/v1/assets for
// preview clips, HTTP Basic with the token).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt, decodeProtectedHeader, importSPKI, jwtVerify } from "jose";
import Mux from "@mux/mux-node";
import { createMuxProvider, parseSigningKey } from "./mux";
import { VideoProviderError } from "./provider";
import { PLAYBACK_URL_TTL_SEC, PREVIEW_URL_TTL_SEC } from "./media";

const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const privatePem = privateKey.export({ type: "pkcs1", format: "pem" }).toString();
const publicPem = publicKey.export({ type: "spki", format: "pem" }).toString();
const KEY_ID = "testSigningKeyId01";

type Seen = { method: string; url: string; authorization: string | undefined; body: unknown };
const seen: Seen[] = [];
/** answers this many requests with 500 (the client retries once) */
let failing = 0;
let muxApi: http.Server;
let apiBaseUrl: string;

beforeAll(async () => {
  // the parts of Mux's Video API the provider uses, as documented (responses wrap `data`)
  muxApi = http.createServer(async (req, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body: raw ? JSON.parse(raw) : null });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Basic ${Buffer.from("token-id:token-secret").toString("base64")}`) {
      return send(401, { error: { type: "unauthorized", messages: ["Unauthorized request"] } });
    }
    if (failing > 0) {
      failing--;
      return send(500, { error: { type: "internal", messages: ["boom"] } });
    }
    if (req.method === "POST" && req.url === "/video/v1/uploads") {
      const body = JSON.parse(raw);
      return send(201, {
        data: {
          id: "upl_0123456789abcdef",
          url: "https://storage.googleapis.com/video-storage-gcp-us-east4-vop1-uploads/upl_0123456789abcdef?signature=xyz",
          timeout: body.timeout ?? 3600,
          status: "waiting",
          new_asset_settings: body.new_asset_settings,
          cors_origin: body.cors_origin,
        },
      });
    }
    if (req.method === "POST" && req.url === "/video/v1/assets") {
      // Mux creates the asset at once (status preparing) and reports it with video.asset.ready later
      const body = JSON.parse(raw);
      if (!Array.isArray(body.inputs) || !body.inputs[0]?.url) return send(400, { error: { type: "invalid_parameters", messages: ["inputs is required"] } });
      return send(201, {
        data: {
          id: "clipAsset0123456789",
          status: "preparing",
          passthrough: body.passthrough,
          playback_ids: [{ id: "clipPlayback0123456789", policy: "signed" }],
          source_asset_id: String(body.inputs[0].url).replace("mux://assets/", ""),
          created_at: "1777881600",
        },
      });
    }
    const cancel = /^\/video\/v1\/uploads\/([^/]+)\/cancel$/.exec(req.url!);
    if (req.method === "PUT" && cancel) return send(200, { data: { id: cancel[1], status: "cancelled", timeout: 3600 } });
    send(404, { error: { type: "not_found", messages: ["Not found"] } });
  });
  await new Promise<void>((resolve) => muxApi.listen(0, "127.0.0.1", resolve));
  apiBaseUrl = `http://127.0.0.1:${(muxApi.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => muxApi.close(() => resolve())));

function provider(overrides: Partial<Parameters<typeof createMuxProvider>[0]> = {}) {
  return createMuxProvider({
    tokenId: "token-id",
    tokenSecret: "token-secret",
    signingKeyId: KEY_ID,
    signingKeyPrivate: Buffer.from(privatePem).toString("base64"),
    apiBaseUrl,
    ...overrides,
  });
}

const now = new Date("2026-05-04T08:00:00Z");
const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

describe("Mux playback tokens", () => {
  it("signs the video with RS256, the key id in the payload, sub = playback id, aud v, valid 6 hours", async () => {
    const p = provider().playback("pbSecretId123", now);
    expect(p.url).toMatch(/^https:\/\/stream\.mux\.com\/pbSecretId123\.m3u8\?token=[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(p.expiresAt).toEqual(new Date(now.getTime() + PLAYBACK_URL_TTL_SEC * 1000));
    expect(p.mimeType).toBe("application/vnd.apple.mpegurl");
    const key = await importSPKI(publicPem, "RS256");
    const { payload, protectedHeader } = await jwtVerify(tokenOf(p.url), key, {
      algorithms: ["RS256"],
      currentDate: now,
      audience: "v",
      subject: "pbSecretId123",
    });
    expect(protectedHeader).toEqual({ alg: "RS256", typ: "JWT" });
    expect(payload).toEqual({ kid: KEY_ID, sub: "pbSecretId123", aud: "v", exp: Math.floor(now.getTime() / 1000) + PLAYBACK_URL_TTL_SEC });
    // expired an hour after the 6 hours
    await expect(jwtVerify(tokenOf(p.url), key, { currentDate: new Date(now.getTime() + 7 * 3600_000) })).rejects.toThrow(/exp/);
  });

  it("the poster carries its own thumbnail token (aud t) for image.mux.com", async () => {
    const p = provider().playback("pbSecretId123", now);
    expect(p.posterUrl).toMatch(/^https:\/\/image\.mux\.com\/pbSecretId123\/thumbnail\.jpg\?token=/);
    const { payload } = await jwtVerify(tokenOf(p.posterUrl!), await importSPKI(publicPem, "RS256"), { currentDate: now });
    expect(payload).toMatchObject({ aud: "t", sub: "pbSecretId123", kid: KEY_ID });
  });

  it("a token from another key does not verify", async () => {
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const p = provider({ signingKeyPrivate: other.privateKey.export({ type: "pkcs8", format: "pem" }).toString() }).playback("pb", now);
    await expect(jwtVerify(tokenOf(p.url), await importSPKI(publicPem, "RS256"), { currentDate: now })).rejects.toThrow(/signature/);
  });

  it("writes the same header and claims as Mux's SDK (mux.jwt.signPlaybackId)", async () => {
    const sdk = new Mux({
      tokenId: "x",
      tokenSecret: "y",
      jwtSigningKey: KEY_ID,
      jwtPrivateKey: Buffer.from(privatePem).toString("base64"),
      webhookSecret: null,
      authorizationToken: null,
      baseURL: apiBaseUrl,
    });
    const theirs = await sdk.jwt.signPlaybackId("pbSecretId123", { type: "video", expiration: "6h" });
    const ours = tokenOf(provider().playback("pbSecretId123", new Date()).url);
    expect(decodeProtectedHeader(ours)).toEqual(decodeProtectedHeader(theirs));
    const a = decodeJwt(ours);
    const b = decodeJwt(theirs);
    expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
    expect({ ...a, exp: 0 }).toEqual({ ...b, exp: 0 });
    expect(Math.abs((a.exp ?? 0) - (b.exp ?? 0))).toBeLessThanOrEqual(2);
    // and the SDK's token verifies against the same public key, like ours
    await jwtVerify(theirs, await importSPKI(publicPem, "RS256"));
  });

  it("the preview clip plays as the MP4 static rendition with a short-lived token", async () => {
    const p = provider().preview("pbPreview", now);
    expect(p.url).toMatch(/^https:\/\/stream\.mux\.com\/pbPreview\/highest\.mp4\?token=/);
    expect(p.expiresAt).toEqual(new Date(now.getTime() + PREVIEW_URL_TTL_SEC * 1000));
    const { payload } = await jwtVerify(tokenOf(p.url), await importSPKI(publicPem, "RS256"), { currentDate: now });
    expect(payload).toMatchObject({ aud: "v", sub: "pbPreview" });
  });

  it("reads the private key as PEM (PKCS#1, PKCS#8) or base64 of PEM, and refuses anything else", () => {
    expect(parseSigningKey(privatePem).asymmetricKeyType).toBe("rsa");
    expect(parseSigningKey(privateKey.export({ type: "pkcs8", format: "pem" }).toString()).asymmetricKeyType).toBe("rsa");
    expect(parseSigningKey(Buffer.from(privatePem).toString("base64")).asymmetricKeyType).toBe("rsa");
    expect(() => parseSigningKey("not a key")).toThrow(/PEM/);
    const ec = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    expect(() => parseSigningKey(ec)).toThrow(/RSA/);
  });
});

describe("Mux direct uploads (REST API)", () => {
  it("creates a direct upload with the signed playback policy, the passthrough and the CORS origin", async () => {
    seen.length = 0;
    const passthrough = JSON.stringify({ partId: "0123456789abcdef01234567", blockId: "b1" });
    const upload = await provider().createUpload({ passthrough, corsOrigin: "https://admin.kurzy.example.sk" }, now);
    expect(upload).toEqual({
      uploadId: "upl_0123456789abcdef",
      uploadUrl: "https://storage.googleapis.com/video-storage-gcp-us-east4-vop1-uploads/upl_0123456789abcdef?signature=xyz",
      expiresAt: new Date(now.getTime() + 3600_000),
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: "POST",
      url: "/video/v1/uploads",
      body: { cors_origin: "https://admin.kurzy.example.sk", timeout: 3600, new_asset_settings: { playback_policies: ["signed"], passthrough } },
    });
  });

  it("cancels an upload with PUT …/cancel", async () => {
    seen.length = 0;
    await provider().cancelUpload("upl_0123456789abcdef", "{}");
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(["PUT /video/v1/uploads/upl_0123456789abcdef/cancel"]);
  });

  it("a failing API (after the client's one retry) or wrong credentials become VideoProviderError", async () => {
    failing = 2;
    await expect(provider().createUpload({ passthrough: "{}", corsOrigin: "https://a.sk" }, now)).rejects.toBeInstanceOf(VideoProviderError);
    await expect(provider({ tokenSecret: "wrong" }).createUpload({ passthrough: "{}", corsOrigin: "https://a.sk" }, now)).rejects.toBeInstanceOf(
      VideoProviderError,
    );
    await expect(provider({ apiBaseUrl: "http://127.0.0.1:1" }).cancelUpload("x", "{}")).rejects.toBeInstanceOf(VideoProviderError);
    // one 500 is retried and the upload still opens
    failing = 1;
    await expect(provider().createUpload({ passthrough: "{}", corsOrigin: "https://a.sk" }, now)).resolves.toMatchObject({ uploadId: "upl_0123456789abcdef" });
  });
});

describe("Mux preview clips (REST API)", () => {
  it("creates a clip asset from the block's asset: mux://assets/<id> with start_time/end_time, signed, the preview passthrough, an MP4 rendition", async () => {
    seen.length = 0;
    const passthrough = JSON.stringify({ partId: "0123456789abcdef01234567", blockId: "b1", kind: "preview", cutId: "pc_0123" });
    const clip = await provider().createClip({ assetId: "srcAsset42", playbackId: "srcPlayback42", startSec: 12.5, endSec: 42, passthrough }, now);
    expect(clip).toEqual({ assetId: "clipAsset0123456789" });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: "POST",
      url: "/video/v1/assets",
      authorization: `Basic ${Buffer.from("token-id:token-secret").toString("base64")}`,
    });
    expect(seen[0].body).toEqual({
      inputs: [{ url: "mux://assets/srcAsset42", start_time: 12.5, end_time: 42 }],
      playback_policies: ["signed"],
      passthrough,
      static_renditions: [{ resolution: "highest" }],
      video_quality: "basic",
    });
  });

  it("a refusing API becomes VideoProviderError", async () => {
    failing = 2;
    const refused = await provider()
      .createClip({ assetId: "a", playbackId: "p", startSec: 0, endSec: 10, passthrough: "{}" }, now)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(VideoProviderError);
    failing = 0;
  });
});
