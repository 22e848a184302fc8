// The provider's RS256 signing key. Kept in DATA_DIR (like the development session secret)
// so a restart keeps issued ID tokens and the app's cached key set valid.
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair, type JWK } from "jose";

export type SigningJwk = JWK & { kid: string; alg: "RS256"; use: "sig" };

async function generate(): Promise<SigningJwk> {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true, modulusLength: 2048 });
  return { ...(await exportJWK(privateKey)), kid: `idp-${randomUUID().slice(0, 8)}`, alg: "RS256", use: "sig" };
}

function isSigningJwk(value: unknown): value is SigningJwk {
  const v = value as Record<string, unknown> | null;
  return !!v && v.kty === "RSA" && typeof v.d === "string" && typeof v.kid === "string" && v.alg === "RS256";
}

/** Loads the key from `<dataDir>/idp-signing-key.json`, creating it once; no dataDir → a fresh key. */
export async function loadSigningKey(dataDir?: string): Promise<SigningJwk> {
  if (!dataDir || dataDir === "memory://") return generate();
  const file = path.resolve(dataDir, "idp-signing-key.json");
  try {
    const stored: unknown = JSON.parse(fs.readFileSync(file, "utf8"));
    if (isSigningJwk(stored)) return stored;
  } catch {
    // missing or unreadable: make a new one below
  }
  const key = await generate();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // write then rename, so app instances sharing DATA_DIR never read half a file
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(key), { mode: 0o600 });
  try {
    fs.linkSync(tmp, file); // fails if another instance won the race: use its key
  } catch {
    fs.rmSync(tmp, { force: true });
    const stored: unknown = JSON.parse(fs.readFileSync(file, "utf8"));
    if (isSigningJwk(stored)) return stored;
    throw new Error(`unreadable identity provider key in ${file}`);
  }
  fs.rmSync(tmp, { force: true });
  return key;
}
