// Small cryptographic helpers for sessions and CSRF: keys derived from SESSION_SECRET
// per purpose (HKDF), AES-256-GCM sealing, HMAC, constant-time comparison.
import { createCipheriv, createDecipheriv, createHash, createHmac, createSecretKey, hkdfSync, randomBytes, timingSafeEqual, type KeyObject } from "node:crypto";

export type Purpose = "session-cookie" | "session-tokens" | "csrf";

/**
 * A 32-byte key for one purpose, so a key never serves two uses. A KeyObject, made once:
 * a Buffer key would be turned into one on every cipher and HMAC (every signed-in request).
 */
export function deriveKey(secret: string, purpose: Purpose): KeyObject {
  return createSecretKey(Buffer.from(hkdfSync("sha256", secret, "learning-platform", purpose, 32)));
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM: base64url(iv | ciphertext | tag). */
export function seal(key: KeyObject, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url");
}

/** The plaintext, or null when the value was not sealed with this key or was altered. */
export function unseal(key: KeyObject, sealed: string): string | null {
  const raw = Buffer.from(sealed, "base64url");
  if (raw.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

export function hmac(key: KeyObject, value: string): string {
  return createHmac("sha256", key).update(value).digest("base64url");
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("base64url");
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** Constant-time string comparison (lengths are compared first, which leaks only length). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
