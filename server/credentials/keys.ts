// The issuer's signing key for verifiable credentials (docs/decisions/certificates/open-badges.md > Open Badges).
// Ed25519 (JWS alg EdDSA) or P-256 (ES256). In production CREDENTIAL_SIGNING_KEY holds the
// private key as PEM (PKCS #8) or as a JWK; the embedded default generates an Ed25519 key
// into DATA_DIR once, so credentials stay verifiable across restarts. The key id is a URL
// that answers the public JWK (OB 3.0 §8.2: `kid` is dereferenceable), ending in the key's
// RFC 7638 thumbprint; retired public keys (CREDENTIAL_PREVIOUS_KEYS) stay published.
import fs from "node:fs";
import path from "node:path";
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { calculateJwkThumbprint, type JWK } from "jose";

export type SigningAlg = "EdDSA" | "ES256";

export type SigningKey = {
  alg: SigningAlg;
  /** RFC 7638 thumbprint of the public key (the last segment of the key's URL) */
  thumbprint: string;
  privateKey: KeyObject;
  /** the public half as a JWK, without kid/alg/use */
  publicJwk: JWK;
};

export class KeyFormatError extends Error {}

function algOf(key: KeyObject): SigningAlg {
  if (key.asymmetricKeyType === "ed25519") return "EdDSA";
  if (key.asymmetricKeyType === "ec" && key.asymmetricKeyDetails?.namedCurve === "prime256v1") return "ES256";
  throw new KeyFormatError("must be an Ed25519 or P-256 key");
}

async function fromPrivate(privateKey: KeyObject): Promise<SigningKey> {
  const alg = algOf(privateKey);
  const publicJwk = createPublicKey(privateKey).export({ format: "jwk" }) as JWK;
  return { alg, privateKey, publicJwk, thumbprint: await calculateJwkThumbprint(publicJwk, "sha256") };
}

/** Reads a private key given as PEM (PKCS #8 or SEC1) or as a JWK (JSON with `d`). */
export async function parseSigningKey(text: string): Promise<SigningKey> {
  const trimmed = text.trim();
  let key: KeyObject;
  try {
    if (trimmed.startsWith("{")) {
      const jwk = JSON.parse(trimmed) as JWK;
      if (typeof jwk.d !== "string") throw new KeyFormatError("must be a private key (the JWK has no d)");
      key = createPrivateKey({ key: jwk as import("node:crypto").JsonWebKey, format: "jwk" });
    } else {
      // a PEM pasted into one line of an environment file keeps its line breaks as \n
      key = createPrivateKey(trimmed.replace(/\\n/g, "\n"));
    }
  } catch (error) {
    if (error instanceof KeyFormatError) throw error;
    throw new KeyFormatError("must be a private key as PEM or JWK");
  }
  return fromPrivate(key);
}

/** Public keys no longer used for signing but still published: a JWK set, an array of JWKs or one JWK. */
export async function parsePreviousKeys(text: string | undefined): Promise<JWK[]> {
  if (!text?.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new KeyFormatError("must be JSON: a JWK set, an array of JWKs or one JWK");
  }
  const list = Array.isArray(parsed)
    ? parsed
    : parsed && typeof parsed === "object" && Array.isArray((parsed as { keys?: unknown }).keys)
      ? (parsed as { keys: unknown[] }).keys
      : [parsed];
  return list.map((item) => {
    try {
      const key = createPublicKey({ key: item as import("node:crypto").JsonWebKey, format: "jwk" });
      algOf(key);
      return key.export({ format: "jwk" }) as JWK;
    } catch (error) {
      if (error instanceof KeyFormatError) throw error;
      throw new KeyFormatError("must hold public Ed25519 or P-256 keys as JWKs");
    }
  });
}

/**
 * The embedded default: an Ed25519 key kept in `<dataDir>/credential-signing-key.json`,
 * made once (write then link, so instances sharing DATA_DIR agree on one key).
 */
export async function developmentSigningKey(dataDir: string): Promise<SigningKey> {
  if (dataDir === "memory://") return fromPrivate(generateKeyPairSync("ed25519").privateKey);
  const file = path.resolve(dataDir, "credential-signing-key.json");
  try {
    return await parseSigningKey(fs.readFileSync(file, "utf8"));
  } catch {
    // missing or unreadable: make one below
  }
  const { privateKey } = generateKeyPairSync("ed25519");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(privateKey.export({ format: "jwk" })), { mode: 0o600 });
  try {
    fs.linkSync(tmp, file);
  } catch {
    // another instance won the race: use its key
    fs.rmSync(tmp, { force: true });
    return parseSigningKey(fs.readFileSync(file, "utf8"));
  }
  fs.rmSync(tmp, { force: true });
  return fromPrivate(privateKey);
}

/** The alg a published public JWK verifies. */
export function algOfJwk(jwk: JWK): SigningAlg {
  return algOf(createPublicKey({ key: jwk as import("node:crypto").JsonWebKey, format: "jwk" }));
}
