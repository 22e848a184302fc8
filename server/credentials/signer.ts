// VC-JWT (OB 3.0 §8.2; VC-JOSE-COSE): signing a credential and checking one that someone
// presents. The credential's members stay at the top of the payload, with the registered
// claims OB 3.0 requires beside them: iss = issuer.id, jti = id, nbf = validFrom,
// exp = validUntil (when present), sub = credentialSubject.id. The JOSE header carries
// alg, kid (the key's URL) and typ "JWT" only (no other headers are allowed).
import { calculateJwkThumbprint, createLocalJWKSet, decodeProtectedHeader, errors as joseErrors, jwtVerify, SignJWT, type JWK, type JWTPayload } from "jose";
import { algOfJwk, type SigningKey } from "./keys";

export type Credential = Record<string, unknown> & {
  id: string;
  issuer: ({ id: string } & Record<string, unknown>) | string;
  validFrom: string;
  validUntil?: string;
  credentialSubject: { id?: string } & Record<string, unknown>;
};

export type PublishedKey = JWK & { kid: string; alg: string; use: "sig" };

export type CredentialSigner = {
  /** the key's URL, the `kid` of every credential signed now */
  kid: string;
  alg: string;
  /** the signing key and the retired ones, public halves with their kids (the JWKS) */
  publishedKeys: PublishedKey[];
  sign(credential: Credential): Promise<string>;
  /** checks a compact JWS against the published keys (see CheckResult) */
  check(jwt: string, options: { issuer: string; now: Date }): Promise<CheckResult>;
};

/**
 * - `unreadable`: not a compact JWS whose payload is a JSON object
 * - `unknown_key`: no kid of ours (someone else's credential, or a key never published)
 * - `bad_signature`: one of our kids, but the signature does not match the bytes (tampered)
 * - `wrong_claims`: signed by us, yet iss/jti/nbf/sub disagree with the credential inside
 * - `not_yet_valid` / `expired`: outside nbf/exp (60 s of clock tolerance)
 */
export type CheckResult =
  | { ok: true; payload: JWTPayload & Credential; kid: string }
  | { ok: false; reason: "unreadable" | "unknown_key" | "bad_signature" | "wrong_claims" | "not_yet_valid" | "expired"; payload?: Record<string, unknown> };

const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export async function createCredentialSigner(input: {
  current: SigningKey;
  previous: JWK[];
  keyUrl: (thumbprint: string) => string;
}): Promise<CredentialSigner> {
  const { current } = input;
  const kid = input.keyUrl(current.thumbprint);
  const publishedKeys: PublishedKey[] = [{ ...current.publicJwk, kid, alg: current.alg, use: "sig" }];
  for (const jwk of input.previous) {
    const previousKid = input.keyUrl(await calculateJwkThumbprint(jwk, "sha256"));
    if (!publishedKeys.some((k) => k.kid === previousKid)) publishedKeys.push({ ...jwk, kid: previousKid, alg: algOfJwk(jwk), use: "sig" });
  }
  const keySet = createLocalJWKSet({ keys: publishedKeys });
  const known = new Set(publishedKeys.map((k) => k.kid));

  return {
    kid,
    alg: current.alg,
    publishedKeys,
    async sign(credential) {
      const issuer = typeof credential.issuer === "string" ? credential.issuer : credential.issuer.id;
      const claims: JWTPayload = { ...credential, iss: issuer, jti: credential.id, nbf: seconds(credential.validFrom) };
      if (credential.validUntil) claims.exp = seconds(credential.validUntil);
      if (credential.credentialSubject.id) claims.sub = credential.credentialSubject.id;
      return new SignJWT(claims).setProtectedHeader({ alg: current.alg, kid, typ: "JWT" }).sign(current.privateKey);
    },
    async check(jwt, options) {
      const text = jwt.trim();
      if (!COMPACT_JWS.test(text)) return { ok: false, reason: "unreadable" };
      let header: ReturnType<typeof decodeProtectedHeader>;
      let payload: Record<string, unknown>;
      try {
        header = decodeProtectedHeader(text);
        payload = JSON.parse(Buffer.from(text.split(".")[1], "base64url").toString("utf8")) as Record<string, unknown>;
        if (!payload || typeof payload !== "object" || Array.isArray(payload)) return { ok: false, reason: "unreadable" };
      } catch {
        return { ok: false, reason: "unreadable" };
      }
      if (typeof header.kid !== "string" || !known.has(header.kid)) return { ok: false, reason: "unknown_key", payload };
      try {
        const verified = await jwtVerify(text, keySet, { issuer: options.issuer, currentDate: options.now, clockTolerance: 60, typ: "JWT" });
        const body = verified.payload as JWTPayload & Credential;
        const issuerId = typeof body.issuer === "string" ? body.issuer : body.issuer?.id;
        const claimsAgree =
          issuerId === body.iss &&
          body.jti === body.id &&
          typeof body.validFrom === "string" &&
          body.nbf === seconds(body.validFrom) &&
          (body.credentialSubject?.id === undefined || body.sub === body.credentialSubject.id) &&
          (body.validUntil === undefined ? body.exp === undefined : body.exp === seconds(body.validUntil));
        if (!claimsAgree) return { ok: false, reason: "wrong_claims", payload };
        return { ok: true, payload: body, kid: header.kid };
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: "expired", payload };
        if (error instanceof joseErrors.JWTClaimValidationFailed) {
          if (error.claim === "nbf" || error.claim === "iat") return { ok: false, reason: "not_yet_valid", payload };
          return { ok: false, reason: "wrong_claims", payload };
        }
        if (error instanceof joseErrors.JWSSignatureVerificationFailed) return { ok: false, reason: "bad_signature", payload };
        if (error instanceof joseErrors.JWKSNoMatchingKey || error instanceof joseErrors.JWKSMultipleMatchingKeys)
          return { ok: false, reason: "unknown_key", payload };
        if (error instanceof joseErrors.JOSEError) return { ok: false, reason: "bad_signature", payload };
        throw error;
      }
    },
  };
}
