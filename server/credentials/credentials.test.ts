// The credential machinery without a database: keys (PEM and JWK, Ed25519 and P-256; RSA
// refused), the DATA_DIR default, VC-JWT signing and checking with its refusals, the
// Bitstring Status List encoding and the baked PNG/SVG round trips.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateKeyPairSync } from "node:crypto";
import { decodeProtectedHeader, SignJWT } from "jose";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import {
  bakePng,
  bakeSvg,
  createCredentialSigner,
  developmentSigningKey,
  encodeStatusList,
  envelope,
  extractFromPng,
  extractFromSvg,
  parsePreviousKeys,
  parseSigningKey,
  presentedJwt,
  statusBit,
  statusListOf,
  STATUS_LIST_SIZE,
  type Credential,
} from "./index";

const ISSUER = "https://akademia.example/api/openbadges/issuer";
const keyUrl = (t: string) => `https://akademia.example/api/openbadges/keys/${t}`;
const credential = (over: Partial<Credential> = {}): Credential => ({
  "@context": ["https://www.w3.org/ns/credentials/v2"],
  id: "urn:uuid:0123abcd-0123-8012-8012-012345000000",
  type: ["VerifiableCredential", "OpenBadgeCredential"],
  issuer: { id: ISSUER, type: ["Profile"] },
  validFrom: "2026-01-02T03:04:05Z",
  credentialSubject: { id: "urn:uuid:subject", type: ["AchievementSubject"] },
  ...over,
});

describe("signing keys", () => {
  it("reads Ed25519 and P-256 keys as JWK or PEM, refuses RSA, public keys and garbage", async () => {
    const ed = generateKeyPairSync("ed25519").privateKey;
    const p256 = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
    expect((await parseSigningKey(JSON.stringify(ed.export({ format: "jwk" })))).alg).toBe("EdDSA");
    expect((await parseSigningKey(ed.export({ format: "pem", type: "pkcs8" }).toString())).alg).toBe("EdDSA");
    const pem = p256.export({ format: "pem", type: "pkcs8" }).toString();
    const fromPem = await parseSigningKey(pem);
    expect(fromPem.alg).toBe("ES256");
    // one line with \n, as environment files hold it
    expect((await parseSigningKey(pem.replace(/\n/g, "\\n"))).thumbprint).toBe(fromPem.thumbprint);
    expect(fromPem.publicJwk).not.toHaveProperty("d");
    const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
    await expect(parseSigningKey(rsa.export({ format: "pem", type: "pkcs8" }).toString())).rejects.toThrow(/Ed25519 or P-256/);
    const { d: _d, ...publicOnly } = ed.export({ format: "jwk" });
    await expect(parseSigningKey(JSON.stringify(publicOnly))).rejects.toThrow(/no d/);
    await expect(parseSigningKey("nie je kľúč")).rejects.toThrow(/PEM or JWK/);
    await expect(parsePreviousKeys("[")).rejects.toThrow(/JSON/);
    await expect(parsePreviousKeys(JSON.stringify([rsa.export({ format: "jwk" })]))).rejects.toThrow(/Ed25519 or P-256/);
    expect(await parsePreviousKeys(undefined)).toEqual([]);
  });

  it("generates one Ed25519 key into DATA_DIR and keeps it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "credential-key-"));
    try {
      const first = await developmentSigningKey(dir);
      const again = await developmentSigningKey(dir);
      expect(first.alg).toBe("EdDSA");
      expect(again.thumbprint).toBe(first.thumbprint);
      const file = path.join(dir, "credential-signing-key.json");
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("VC-JWT", () => {
  it("puts the credential at the top of the payload with iss, jti, nbf, exp, sub, and the kid URL in the header", async () => {
    const key = await parseSigningKey(JSON.stringify(generateKeyPairSync("ed25519").privateKey.export({ format: "jwk" })));
    const signer = await createCredentialSigner({ current: key, previous: [], keyUrl });
    const jwt = await signer.sign(credential({ validUntil: "2030-01-01T00:00:00Z" }));
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: "EdDSA", kid: keyUrl(key.thumbprint), typ: "JWT" });
    const payload = JSON.parse(Buffer.from(jwt.split(".")[1], "base64url").toString()) as Record<string, unknown>;
    expect(payload).toMatchObject({
      iss: ISSUER,
      jti: credential().id,
      sub: "urn:uuid:subject",
      nbf: Date.UTC(2026, 0, 2, 3, 4, 5) / 1000,
      exp: Date.UTC(2030, 0, 1) / 1000,
    });
    expect(await signer.check(jwt, { issuer: ISSUER, now: new Date("2027-01-01") })).toMatchObject({ ok: true });
    expect(await signer.check(jwt, { issuer: ISSUER, now: new Date("2031-01-01") })).toMatchObject({ ok: false, reason: "expired" });
    expect(await signer.check(jwt, { issuer: ISSUER, now: new Date("2025-01-01") })).toMatchObject({ ok: false, reason: "not_yet_valid" });
    expect(await signer.check(jwt, { issuer: "https://other.example", now: new Date("2027-01-01") })).toMatchObject({ ok: false, reason: "wrong_claims" });
    const [h, , s] = jwt.split(".");
    const changed = Buffer.from(JSON.stringify({ ...payload, name: "x" })).toString("base64url");
    expect(await signer.check(`${h}.${changed}.${s}`, { issuer: ISSUER, now: new Date("2027-01-01") })).toMatchObject({ ok: false, reason: "bad_signature" });
    expect(await signer.check("a.b", { issuer: ISSUER, now: new Date() })).toMatchObject({ ok: false, reason: "unreadable" });
    // alg "none" under our kid is no signature at all
    const none = `${Buffer.from(JSON.stringify({ alg: "none", kid: signer.kid })).toString("base64url")}.${changed}.`;
    expect((await signer.check(none, { issuer: ISSUER, now: new Date() })).ok).toBe(false);
  });

  it("keeps verifying credentials of a retired key, which stays published", async () => {
    const oldPrivate = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
    const oldKey = await parseSigningKey(JSON.stringify(oldPrivate.export({ format: "jwk" })));
    const before = await createCredentialSigner({ current: oldKey, previous: [], keyUrl });
    const issued = await before.sign(credential());
    const newKey = await parseSigningKey(JSON.stringify(generateKeyPairSync("ed25519").privateKey.export({ format: "jwk" })));
    const after = await createCredentialSigner({ current: newKey, previous: await parsePreviousKeys(JSON.stringify({ keys: [oldKey.publicJwk] })), keyUrl });
    expect(after.publishedKeys.map((k) => k.kid)).toEqual([keyUrl(newKey.thumbprint), keyUrl(oldKey.thumbprint)]);
    expect(after.publishedKeys[1]).toMatchObject({ alg: "ES256", use: "sig" });
    expect(await after.check(issued, { issuer: ISSUER, now: new Date() })).toMatchObject({ ok: true, kid: keyUrl(oldKey.thumbprint) });
    // without it, the old credential is nobody's
    const forgetful = await createCredentialSigner({ current: newKey, previous: [], keyUrl });
    expect(await forgetful.check(issued, { issuer: ISSUER, now: new Date() })).toMatchObject({ ok: false, reason: "unknown_key" });
    // a key of someone else under a kid of ours
    const other = generateKeyPairSync("ed25519").privateKey;
    const forged = await new SignJWT({ ...credential(), iss: ISSUER, jti: credential().id, nbf: 1, sub: "urn:uuid:subject" })
      .setProtectedHeader({ alg: "EdDSA", kid: after.kid, typ: "JWT" })
      .sign(other);
    expect(await after.check(forged, { issuer: ISSUER, now: new Date() })).toMatchObject({ ok: false, reason: "bad_signature" });
  });
});

describe("Bitstring Status List", () => {
  it("sets exactly the given bits, most significant bit first, in 16 KiB lists", () => {
    const encoded = encodeStatusList([0, 9, STATUS_LIST_SIZE - 1]);
    expect(encoded.startsWith("u")).toBe(true);
    for (const [position, set] of [
      [0, true],
      [1, false],
      [8, false],
      [9, true],
      [STATUS_LIST_SIZE - 2, false],
      [STATUS_LIST_SIZE - 1, true],
    ] as const) {
      expect(statusBit(encoded, position)).toBe(set);
    }
    expect(statusBit(encodeStatusList([]), 5)).toBe(false);
    expect(() => encodeStatusList([STATUS_LIST_SIZE])).toThrow(RangeError);
    expect(statusListOf(5)).toEqual({ list: 0, position: 5 });
    expect(statusListOf(STATUS_LIST_SIZE + 3)).toEqual({ list: 1, position: 3 });
  });
});

describe("baked badges and presented credentials", () => {
  const jwt = "eyJhbGciOiJFZERTQSJ9.eyJpZCI6IngifQ.c2lnbmF0dXJl";

  it("round-trips a credential through a PNG (iTXt, replacing an earlier one) and an SVG", async () => {
    const png = await QRCode.toBuffer("https://akademia.example", { type: "png" });
    const baked = bakePng(png, jwt);
    expect(extractFromPng(baked)).toBe(jwt);
    expect(extractFromPng(png)).toBeNull();
    const rebaked = bakePng(baked, `${jwt}x`);
    expect(extractFromPng(rebaked)).toBe(`${jwt}x`);
    expect(rebaked.toString("latin1").split("openbadgecredential").length).toBe(2);
    // the decoder still reads the image: same chunks otherwise
    expect(rebaked.length).toBe(baked.length + 1);
    expect(() => bakePng(Buffer.from("GIF89a"), jwt)).toThrow(/PNG/);

    const svg = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect/></svg>';
    const bakedSvg = bakeSvg(svg, jwt);
    expect(bakedSvg).toContain(
      `<svg xmlns:openbadges="https://purl.imsglobal.org/ob/v3p0" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><openbadges:credential verify="${jwt}"></openbadges:credential><rect/>`,
    );
    expect(extractFromSvg(bakedSvg)).toBe(jwt);
    expect(extractFromSvg(svg)).toBeNull();
    expect(extractFromSvg(`<svg><openbadges:credential><![CDATA[ {"a":1} ]]></openbadges:credential></svg>`)).toBe('{"a":1}');
  });

  it("finds the JWS in a .jwt, the enveloped .json, a baked image or pasted text", async () => {
    const png = bakePng(await QRCode.toBuffer("x", { type: "png" }), jwt);
    expect(presentedJwt({ bytes: png })).toBe(jwt);
    expect(presentedJwt({ bytes: Buffer.from(`${jwt}\n`) })).toBe(jwt);
    expect(presentedJwt({ bytes: Buffer.from(JSON.stringify(envelope(jwt))) })).toBe(jwt);
    expect(presentedJwt({ text: bakeSvg("<svg></svg>", jwt) })).toBe(jwt);
    expect(presentedJwt({ text: ` ${jwt.slice(0, 10)}\n${jwt.slice(10)} ` })).toBe(jwt);
    expect(presentedJwt({ text: `data:application/vc+jwt,${jwt}` })).toBe(jwt);
    expect(presentedJwt({ text: '{"type":"VerifiableCredential"}' })).toBeNull();
    expect(presentedJwt({ bytes: null, text: null })).toBeNull();
  });
});
