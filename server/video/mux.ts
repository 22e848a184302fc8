// Mux as the video provider (MUX_TOKEN_ID and friends configured). docs/decisions/video/signed-media-urls.md > Signed media URLs.
//
// - Playback: signed playback ids. Tokens are RS256 JWTs with the claims Mux's SDK writes
//   (`mux.jwt.signPlaybackId`: header {alg, typ}, payload {kid, sub: playback id, aud: "v"
//   video | "t" thumbnail, exp}), signed with MUX_SIGNING_KEY_PRIVATE. They are made here
//   synchronously with node:crypto because MediaUrls is synchronous (the SDK's signer is
//   async); a unit test checks them with jose against the key pair's public half and
//   compares the claims with the SDK's own token.
//   Playback (hosts from MUX_STREAM_URL / MUX_IMAGE_URL; Mux's by default):
//   https://stream.mux.com/<id>.m3u8?token=… (HLS, 6 h); poster:
//   https://image.mux.com/<id>/thumbnail.jpg?token=…; the preview clip plays as its MP4
//   static rendition https://stream.mux.com/<id>/highest.mp4?token=… so a plain <video>
//   plays it in every browser (preview assets are created with static renditions).
// - Uploads: POST /video/v1/uploads (direct upload, signed playback policy, passthrough,
//   cors_origin) and PUT /video/v1/uploads/<id>/cancel through @mux/mux-node's REST client.
// - Preview clips: POST /video/v1/assets with input [{url: "mux://assets/<id>", start_time,
//   end_time}] (Mux's clipping of an existing asset), signed playback, the preview
//   passthrough and a "highest" static rendition (the preview plays as highest.mp4).
import { createPrivateKey, sign, type KeyObject } from "node:crypto";
import Mux from "@mux/mux-node";
import { PLAYBACK_URL_TTL_SEC, PREVIEW_URL_TTL_SEC, expiryAfter } from "./media";
import { VideoProviderError, type VideoProvider } from "./provider";

export type MuxSettings = {
  tokenId: string;
  tokenSecret: string;
  signingKeyId: string;
  /** PEM (PKCS#1 or PKCS#8) or its base64, as the Mux dashboard hands it out */
  signingKeyPrivate: string;
  /** the REST API's origin (MUX_API_URL); tests point it at a local server speaking Mux's protocol */
  apiBaseUrl?: string;
  /** the playback host of streams and MP4 renditions (MUX_STREAM_URL, default https://stream.mux.com) */
  streamUrl?: string;
  /** the host of posters (MUX_IMAGE_URL, default https://image.mux.com) */
  imageUrl?: string;
  /** seconds a direct upload URL stays open (Mux default 3600) */
  uploadTimeoutSec?: number;
  /** ms to wait for the REST API */
  requestTimeoutMs?: number;
};

/** Reads MUX_SIGNING_KEY_PRIVATE: a PEM, or the base64 of one. Throws on anything else. */
export function parseSigningKey(value: string): KeyObject {
  let pem = value.trim();
  if (!pem.startsWith("-----BEGIN")) pem = Buffer.from(pem, "base64").toString("utf8").trim();
  if (!pem.startsWith("-----BEGIN")) throw new Error("MUX_SIGNING_KEY_PRIVATE is neither a PEM private key nor its base64");
  const key = createPrivateKey(pem);
  if (key.asymmetricKeyType !== "rsa") throw new Error("MUX_SIGNING_KEY_PRIVATE must be an RSA key");
  return key;
}

const b64url = (value: Buffer | string) => Buffer.from(value).toString("base64url");

/** A Mux playback token: RS256, {kid, sub, aud, exp} like the SDK's signPlaybackId. */
export function signMuxToken(key: KeyObject, keyId: string, playbackId: string, audience: "v" | "t" | "s" | "g", expiresAt: Date): string {
  const header = b64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
  const payload = b64url(JSON.stringify({ kid: keyId, sub: playbackId, aud: audience, exp: Math.floor(expiresAt.getTime() / 1000) }));
  const signature = sign("RSA-SHA256", Buffer.from(`${header}.${payload}`), key);
  return `${header}.${payload}.${b64url(signature)}`;
}

export function createMuxProvider(settings: MuxSettings): VideoProvider {
  const key = parseSigningKey(settings.signingKeyPrivate);
  const client = new Mux({
    tokenId: settings.tokenId,
    tokenSecret: settings.tokenSecret,
    // the webhook secret is checked by our own receiver; the SDK must not read env vars for it
    webhookSecret: null,
    jwtSigningKey: settings.signingKeyId,
    jwtPrivateKey: null,
    authorizationToken: null,
    // failures reach the caller as VideoProviderError; the SDK itself stays quiet
    logLevel: "off",
    baseURL: settings.apiBaseUrl ?? "https://api.mux.com",
    timeout: settings.requestTimeoutMs ?? 5000,
    maxRetries: 1,
  });
  const id = encodeURIComponent;
  const stream = settings.streamUrl ?? "https://stream.mux.com";
  const image = settings.imageUrl ?? "https://image.mux.com";
  return {
    name: "mux",
    playback(playbackId, now) {
      const expiresAt = expiryAfter(now, PLAYBACK_URL_TTL_SEC);
      const video = signMuxToken(key, settings.signingKeyId, playbackId, "v", expiresAt);
      const thumbnail = signMuxToken(key, settings.signingKeyId, playbackId, "t", expiresAt);
      return {
        url: `${stream}/${id(playbackId)}.m3u8?token=${video}`,
        expiresAt,
        mimeType: "application/vnd.apple.mpegurl",
        posterUrl: `${image}/${id(playbackId)}/thumbnail.jpg?token=${thumbnail}`,
      };
    },
    preview(previewPlaybackId, now) {
      const expiresAt = expiryAfter(now, PREVIEW_URL_TTL_SEC);
      const token = signMuxToken(key, settings.signingKeyId, previewPlaybackId, "v", expiresAt);
      return { url: `${stream}/${id(previewPlaybackId)}/highest.mp4?token=${token}`, expiresAt, mimeType: "video/mp4" };
    },
    async createUpload(input, now) {
      const timeout = settings.uploadTimeoutSec ?? 3600;
      try {
        const upload = await client.video.uploads.create({
          cors_origin: input.corsOrigin,
          timeout,
          new_asset_settings: { playback_policies: ["signed"], passthrough: input.passthrough, video_quality: "basic" },
        });
        if (!upload.id || !upload.url) throw new VideoProviderError("Mux answered a direct upload without id or url");
        return { uploadId: upload.id, uploadUrl: upload.url, expiresAt: new Date(now.getTime() + (upload.timeout ?? timeout) * 1000) };
      } catch (error) {
        if (error instanceof VideoProviderError) throw error;
        throw new VideoProviderError(`Mux direct upload failed: ${(error as Error).message}`, { cause: error });
      }
    },
    async createClip(input) {
      try {
        const asset = await client.video.assets.create({
          inputs: [{ url: `mux://assets/${input.assetId}`, start_time: input.startSec, end_time: input.endSec }],
          playback_policies: ["signed"],
          passthrough: input.passthrough,
          static_renditions: [{ resolution: "highest" }],
          video_quality: "basic",
        });
        if (!asset.id) throw new VideoProviderError("Mux answered a clip without an asset id");
        return { assetId: asset.id };
      } catch (error) {
        if (error instanceof VideoProviderError) throw error;
        throw new VideoProviderError(`Mux clip failed: ${(error as Error).message}`, { cause: error });
      }
    },
    async cancelUpload(uploadId) {
      try {
        await client.video.uploads.cancel(uploadId);
      } catch (error) {
        throw new VideoProviderError(`Mux upload cancel failed: ${(error as Error).message}`, { cause: error });
      }
    },
  };
}
