// HMAC-signed, expiring URLs for files the app serves itself: course files (presentation
// PDFs, images, attachments) in every mode, and the local video stand-in's videos and
// posters. docs/decisions/video/signed-media-urls.md > Signed media URLs.
//
// A URL is `<base><path>?exp=<unix seconds>&sig=<hex>` with
//   sig = HMAC-SHA256(key, "<scope>\n<path>\n<exp>")
// `path` is the decoded path below the mount (`/slides/dotacie.pdf`), so a signature made
// for one file opens no other; `scope` keeps the URL families apart even under one key.
// The key is derived from the session secret per purpose (`deriveKey`), like the sandbox
// gateway's webhook secret, so several instances with one SESSION_SECRET accept each
// other's URLs and nothing extra needs configuring.
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from "node:crypto";

export type UrlSigner = {
  /** `<base><encoded path>?exp=…&sig=…`, valid until `expiresAt` (whole seconds, rounded down) */
  sign(path: string, expiresAt: Date): string;
  /** checks a request's decoded path and query */
  verify(path: string, query: URLSearchParams, now: Date): SignatureCheck;
};

export type SignatureCheck = { ok: true; expiresAt: Date } | { ok: false; reason: "expired" | "invalid" };

/** A key for one purpose, derived from the session secret (HMAC-SHA256 as a KDF). */
export function deriveKey(secret: string, purpose: string): Buffer {
  return createHmac("sha256", secret).update(`media-url-key:${purpose}`, "utf8").digest();
}

/** Percent-encodes each segment of a path, keeping the slashes. */
export function encodePath(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

function mac(key: KeyObject, scope: string, path: string, exp: string): Buffer {
  return createHmac("sha256", key).update(`${scope}\n${path}\n${exp}`, "utf8").digest();
}

export function createUrlSigner(options: { key: Buffer; scope: string; base: string }): UrlSigner {
  const base = options.base.replace(/\/$/, "");
  // made once: a Buffer key would become a KeyObject on every signature
  const key = createSecretKey(options.key);
  return {
    sign(path, expiresAt) {
      if (!path.startsWith("/")) throw new Error(`a signed path starts with "/": ${path}`);
      const exp = String(Math.floor(expiresAt.getTime() / 1000));
      const sig = mac(key, options.scope, path, exp).toString("hex");
      return `${base}${encodePath(path)}?exp=${exp}&sig=${sig}`;
    },
    verify(path, query, now) {
      const exp = query.get("exp") ?? "";
      const sig = query.get("sig") ?? "";
      if (!/^\d{1,12}$/.test(exp) || !/^[0-9a-f]{64}$/.test(sig)) return { ok: false, reason: "invalid" };
      const expected = mac(key, options.scope, path, exp);
      // the signature first (constant time): an expired URL with a forged signature is invalid
      if (!timingSafeEqual(expected, Buffer.from(sig, "hex"))) return { ok: false, reason: "invalid" };
      const expiresAt = new Date(Number(exp) * 1000);
      if (now.getTime() >= expiresAt.getTime()) return { ok: false, reason: "expired" };
      return { ok: true, expiresAt };
    },
  };
}
