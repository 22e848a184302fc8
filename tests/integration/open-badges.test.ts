// Open Badges 3.0 over HTTP against the built app with its job workers (docs/decisions/certificates/open-badges.md >
// Open Badges): the app issues both certificates of a completed course (sandbox partner);
// each certificate's credential is then checked by an independent verifier (jose's
// jwtVerify against the JWKS fetched over HTTP; the Bitstring Status List decoded here;
// the payload validated against 1EdTech's AchievementCredential JSON Schema, kept in
// tests/fixtures with its source), and the app's own check of a presented credential
// refuses a tampered payload, a wrong key, an expired and a not-yet-valid credential and
// a revoked one. The baked SVG and PNG carry the same credential.
import { createHash, generateKeyPairSync } from "node:crypto";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { Ajv2019 } from "ajv/dist/2019.js";
import addFormatsModule from "ajv-formats";
import { createRemoteJWKSet, decodeProtectedHeader, errors as joseErrors, jwtVerify, SignJWT, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "#server/db";
import { extractFromPng, extractFromSvg } from "#server/credentials";
import { startAppWithQueue, type AppWithQueue } from "../support/app-with-queue";
import { startTestServices } from "../support/route-context";
import { createTestDatabase, openTestDatabase } from "../support/db";
import { ConfigError } from "#server/services";
import { signInStudent, type Student } from "../support/commerce";
import { expectApiError, expectMatchesContract } from "../support/contract";
import { enrollIn, writeLearningCourse, type LearningFixture } from "../support/learning-fixtures";
import { certificatesOf, completeCourse, completeLevel1, eventually } from "../support/certificate-fixtures";

type App = AppWithQueue;
type Row = typeof schema.certificates.$inferSelect;

// the issuer's key is handed in, so the test can also sign what the app would never sign
const issuerKey = generateKeyPairSync("ed25519").privateKey;
const issuerJwk = issuerKey.export({ format: "jwk" }) as JWK;
const retired = generateKeyPairSync("ec", { namedCurve: "P-256" });
const retiredPublic = retired.publicKey.export({ format: "jwk" }) as JWK;
// the fixture's partner (org-1) has a LinkedIn organization; another partner's id is not used
const ENV = {
  CREDENTIAL_SIGNING_KEY: JSON.stringify(issuerJwk),
  CREDENTIAL_PREVIOUS_KEYS: JSON.stringify({ keys: [retiredPublic] }),
  LINKEDIN_ORGANIZATION_IDS: "o-9001=1111111,org-1=2345678",
};

const addFormats = addFormatsModule as unknown as (ajv: Ajv2019) => Ajv2019;
const ajv = addFormats(new Ajv2019({ strict: false, allErrors: true }));
const validateAchievementCredential = ajv.compile(
  JSON.parse(readFileSync(new URL("../fixtures/ob-v3p0-achievementcredential.schema.json", import.meta.url), "utf8")),
);

let app: App;
let course: LearningFixture;
let jana: Student;
let peter: Student;
let admin: Student;
let intermediate: Row;
let final: Row;
let issuer: string;
let jwks: ReturnType<typeof createRemoteJWKSet>;

beforeAll(async () => {
  app = await startAppWithQueue(ENV);
  course = await writeLearningCourse(app.db);
  [jana, peter, admin] = await Promise.all([
    signInStudent(app.url),
    signInStudent(app.url, "peter.horvath@demo.sk"),
    signInStudent(app.url, "zuzana.bielikova@demo.sk"),
  ]);
  const janaId = ((await (await jana.get("/api/me")).json()) as { user: { id: string } }).user.id;
  const enrollmentId = await enrollIn(app.db, course, janaId);
  await completeLevel1(app.db, app.queue, course, janaId, enrollmentId);
  await completeCourse(app.db, app.queue, course, janaId, enrollmentId);
  const rows = await eventually(async () => {
    const found = await certificatesOf(app.db, enrollmentId);
    return found.length === 2 ? found : null;
  }, "both certificates from the app's worker");
  intermediate = rows.find((r) => r.type === "intermediate")!;
  final = rows.find((r) => r.type === "final")!;
  issuer = `${app.url}/api/openbadges/issuer`;
  jwks = createRemoteJWKSet(new URL(`${app.url}/api/openbadges/jwks`));
}, 180_000);
afterAll(async () => {
  await app?.stop();
});

async function credentialOf(c: Row, who: Student = jana) {
  const res = await who.get(`/api/certificates/${c.id}/credential`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { jwt: string; credential: Record<string, unknown>; linkedInUrl: string };
  await expectMatchesContract("GET", `/api/certificates/${c.id}/credential`, res, body);
  return body;
}

async function check(registrationNumber: string, credential: string) {
  const res = await fetch(`${app.url}/api/verify/${encodeURIComponent(registrationNumber)}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ credential }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { verdict: string; message: string; certificate: { registrationNumber: string; valid: boolean } | null };
  await expectMatchesContract("POST", `/api/verify/${encodeURIComponent(registrationNumber)}`, res, body);
  return body;
}

/** The revocation bit of a credential, read the way an outside verifier does. */
async function revokedBitOf(payload: Record<string, unknown>): Promise<boolean> {
  const status = payload.credentialStatus as { type: string; statusPurpose: string; statusListIndex: string; statusListCredential: string };
  expect(status).toMatchObject({ type: "BitstringStatusListEntry", statusPurpose: "revocation" });
  const res = await fetch(status.statusListCredential);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/vc+jwt");
  expect(res.headers.get("cache-control")).toBe("public, max-age=60");
  const { payload: list } = await jwtVerify(await res.text(), jwks, { issuer });
  const subject = (list as { credentialSubject: { type: string; statusPurpose: string; encodedList: string } }).credentialSubject;
  expect(list.type).toEqual(["VerifiableCredential", "BitstringStatusListCredential"]);
  expect(subject).toMatchObject({ type: "BitstringStatusList", statusPurpose: "revocation" });
  expect(subject.encodedList.startsWith("u")).toBe(true);
  const bits = gunzipSync(Buffer.from(subject.encodedList.slice(1), "base64url"));
  expect(bits.length).toBe(131_072 / 8);
  const index = Number(status.statusListIndex);
  return (bits[index >> 3] & (0x80 >> (index & 7))) !== 0;
}

/** Re-encodes a JWT's payload and keeps its signature (a forged credential). */
function withPayload(jwt: string, change: (payload: Record<string, unknown>) => void): string {
  const [header, body, signature] = jwt.split(".");
  const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Record<string, unknown>;
  change(payload);
  return [header, Buffer.from(JSON.stringify(payload)).toString("base64url"), signature].join(".");
}

describe("the issuer's public documents", () => {
  it("publishes the issuer Profile, the keys (kids that answer the JWK, the retired key too, no private parts) and the achievements", async () => {
    const profile = (await (await fetch(issuer)).json()) as Record<string, unknown>;
    expect(profile).toMatchObject({
      id: issuer,
      type: ["Profile"],
      name: "Akadémia športového manažmentu",
      url: app.url,
      email: "noreply@localhost",
      image: { id: `${app.url}/favicon.svg`, type: "Image" },
    });
    const set = (await (await fetch(`${app.url}/api/openbadges/jwks`)).json()) as { keys: (JWK & { kid: string })[] };
    expect(set.keys).toHaveLength(2);
    expect(set.keys.map((k) => [k.kty, k.alg])).toEqual([
      ["OKP", "EdDSA"],
      ["EC", "ES256"],
    ]);
    for (const key of set.keys) {
      expect(key).not.toHaveProperty("d");
      expect(key.kid.startsWith(`${app.url}/api/openbadges/keys/`)).toBe(true);
      const one = await fetch(key.kid);
      expect(one.status).toBe(200);
      expect(await one.json()).toEqual(key);
    }
    await expectApiError(await fetch(`${app.url}/api/openbadges/keys/neznamy`), 404, "not_found");

    const finalAchievement = (await (await fetch(`${app.url}/api/openbadges/achievements/${course.courseId}`)).json()) as Record<string, unknown>;
    expect(finalAchievement).toMatchObject({
      id: `${app.url}/api/openbadges/achievements/${course.courseId}`,
      type: ["Achievement"],
      achievementType: "Certificate",
      name: "Testovací kurz učenia",
      inLanguage: "sk",
      creator: { type: ["Profile"], name: "Partner" },
    });
    const narrative = (finalAchievement.criteria as { narrative: string }).narrative;
    // five parts, one of them optional
    expect(narrative).toContain("4 povinné časti");
    expect(narrative).toContain("Záverečný test");
    expect(narrative).toMatch(/hranica úspešnosti \d+ %/);
    const levelUrl = `${app.url}/api/openbadges/achievements/${course.courseId}/levels/${course.structure.levels[0].id}`;
    expect(await (await fetch(levelUrl)).json()).toMatchObject({ id: levelUrl, name: "Testovací kurz učenia – Úroveň 1", achievementType: "Certificate" });
    // level 2 issues no certificate; an unknown version has no achievement
    await expectApiError(await fetch(`${app.url}/api/openbadges/achievements/${course.courseId}/levels/${course.structure.levels[1].id}`), 404, "not_found");
    await expectApiError(await fetch(`${app.url}/api/openbadges/achievements/0123456789abcdef01234567`), 404, "not_found");
    await expectApiError(await fetch(`${app.url}/api/openbadges/status/99`), 404, "not_found");
  });

  it("keeps the achievements of an archived version that issued them: its credentials name them (public means published)", async () => {
    const finalUrl = `${app.url}/api/openbadges/achievements/${course.courseId}`;
    const levelUrl = `${finalUrl}/levels/${course.structure.levels[0].id}`;
    const setState = (state: "archived" | "published") => app.db.update(schema.courses).set({ state }).where(eq(schema.courses.id, course.courseId));
    try {
      await setState("archived");
      expect((await fetch(finalUrl)).status).toBe(200);
      expect((await fetch(levelUrl)).status).toBe(200);
      // its second level issued no certificate: 404 (tests/integration/public-surface.test.ts
      // has the archived, draft and deleted versions that issued nothing)
      await expectApiError(await fetch(`${finalUrl}/levels/${course.structure.levels[1].id}`), 404, "not_found");
    } finally {
      await setState("published");
    }
  });
});

describe("the credential of each certificate", () => {
  it("verifies with jose against the JWKS fetched over HTTP and validates against the OB 3.0 AchievementCredential schema", async () => {
    for (const c of [intermediate, final]) {
      const { jwt, credential, linkedInUrl } = await credentialOf(c);
      const header = decodeProtectedHeader(jwt);
      expect(header.alg).toBe("EdDSA");
      expect(header.typ).toBe("JWT");
      expect(Object.keys(header).sort()).toEqual(["alg", "kid", "typ"]);
      expect(header.kid).toMatch(new RegExp(`^${app.url}/api/openbadges/keys/`));
      const { payload } = await jwtVerify(jwt, jwks, { issuer });
      // OB 3.0 §8.2: the credential's members at the top, the claims derived from them
      expect(payload.jti).toBe(payload.id);
      expect(payload.sub).toBe((payload.credentialSubject as { id: string }).id);
      expect(payload.nbf).toBe(Math.floor(c.issuedAt.getTime() / 1000));
      expect(payload.exp).toBeUndefined();
      const valid = validateAchievementCredential(payload);
      expect(validateAchievementCredential.errors ?? []).toEqual([]);
      expect(valid).toBe(true);
      expect(credential).toEqual(Object.fromEntries(Object.entries(payload).filter(([k]) => !["iss", "jti", "nbf", "sub", "iat", "exp"].includes(k))));
      expect(payload).toMatchObject({
        "@context": ["https://www.w3.org/ns/credentials/v2", "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json"],
        type: ["VerifiableCredential", "OpenBadgeCredential"],
        issuer: { id: issuer, type: ["Profile"] },
        validFrom: c.issuedAt.toISOString().replace(/\.\d{3}Z$/, "Z"),
        credentialSubject: {
          type: ["AchievementSubject"],
          licenseNumber: c.registrationNumber,
          achievement: {
            id: `${app.url}/api/openbadges/achievements/${course.courseId}${c.levelId ? `/levels/${c.levelId}` : ""}`,
            achievementType: "Certificate",
          },
        },
        evidence: [{ id: `${app.url}/verify/${c.registrationNumber}?h=${c.verificationHash}`, type: ["Evidence"] }],
      });
      // the holder: the name, and the e-mail only as a salted hash
      const identifiers = (payload.credentialSubject as { identifier: { identityType: string; hashed: boolean; identityHash: string; salt?: string }[] })
        .identifier;
      expect(identifiers.find((i) => i.identityType === "name")).toMatchObject({ hashed: false, identityHash: "Jana Nováková" });
      const email = identifiers.find((i) => i.identityType === "emailAddress")!;
      expect(email.hashed).toBe(true);
      expect(email.identityHash).toBe(`sha256$${createHash("sha256").update(`jana.novakova@demo.sk${email.salt}`).digest("hex")}`);
      expect(Buffer.from(jwt.split(".")[1], "base64url").toString()).not.toContain("jana.novakova@demo.sk");
      expect(await revokedBitOf(payload)).toBe(false);
      // the same certificate and key give the same credential
      expect((await credentialOf(c)).jwt).toBe(jwt);
      expect(await check(c.registrationNumber, jwt)).toMatchObject({
        verdict: "valid",
        certificate: { registrationNumber: c.registrationNumber, valid: true },
      });
      const linkedIn = new URL(linkedInUrl);
      expect(linkedIn.origin + linkedIn.pathname).toBe("https://www.linkedin.com/profile/add");
      // the partner who issued the certificate under its number is the issuer, by its LinkedIn organization id
      expect(Object.fromEntries(linkedIn.searchParams)).toEqual({
        startTask: "CERTIFICATION_NAME",
        name: `kurz${c.levelTitle ? ` – ${c.levelTitle}` : ""}: Testovací kurz učenia`,
        organizationId: "2345678",
        issueYear: expect.stringMatching(/^\d{4}$/),
        issueMonth: expect.stringMatching(/^([1-9]|1[0-2])$/),
        certId: c.registrationNumber,
        certUrl: `${app.url}/verify/${c.registrationNumber}?h=${c.verificationHash}`,
      });
    }
    // the two certificates have their own bits
    expect(intermediate.statusListIndex).not.toBe(final.statusListIndex);
  });

  it("is the owner's only: someone else's or an unknown id is 404, without a session 401, a wrong format 422", async () => {
    await expectApiError(await peter.get(`/api/certificates/${final.id}/credential`), 404, "not_found");
    await expectApiError(await peter.get(`/api/certificates/${final.id}/credential?format=jwt`), 404, "not_found");
    await expectApiError(await jana.get(`/api/certificates/0123456789abcdef01234567/credential`), 404, "not_found");
    await expectApiError(await fetch(`${app.url}/api/certificates/${final.id}/credential`), 401, "unauthorized");
    await expectApiError(await jana.get(`/api/certificates/${final.id}/credential?format=gif`), 422, "validation");
  });
});

describe("refusals", () => {
  it("a tampered payload, a wrong key, an expired and a not-yet-valid credential are refused by jose and by the app", async () => {
    const { jwt } = await credentialOf(final);
    const n = final.registrationNumber;

    const tampered = withPayload(jwt, (p) => {
      (p.credentialSubject as { identifier: { identityHash: string }[] }).identifier[0].identityHash = "Peter Horváth";
    });
    await expect(jwtVerify(tampered, jwks, { issuer })).rejects.toBeInstanceOf(joseErrors.JWSSignatureVerificationFailed);
    expect(await check(n, tampered)).toMatchObject({ verdict: "tampered", certificate: null, message: expect.stringContaining("pozmenený") });

    const payload = JSON.parse(Buffer.from(jwt.split(".")[1], "base64url").toString()) as Record<string, unknown>;
    const header = decodeProtectedHeader(jwt);
    // another key under our kid: the signature does not match our key
    const stranger = generateKeyPairSync("ed25519").privateKey;
    const underOurKid = await new SignJWT(payload).setProtectedHeader({ alg: "EdDSA", kid: header.kid!, typ: "JWT" }).sign(stranger);
    await expect(jwtVerify(underOurKid, jwks, { issuer })).rejects.toBeInstanceOf(joseErrors.JWSSignatureVerificationFailed);
    expect((await check(n, underOurKid)).verdict).toBe("tampered");
    // another key under its own kid: not ours
    const foreign = await new SignJWT(payload).setProtectedHeader({ alg: "EdDSA", kid: "https://example.org/keys/1", typ: "JWT" }).sign(stranger);
    await expect(jwtVerify(foreign, jwks, { issuer })).rejects.toBeInstanceOf(joseErrors.JWKSNoMatchingKey);
    expect(await check(n, foreign)).toMatchObject({ verdict: "not_ours", message: expect.stringContaining("nevydali") });

    // signed with the issuer's key, but outside its validity
    const now = Math.floor(Date.now() / 1000);
    const iso = (s: number) => new Date(s * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
    const expired = await new SignJWT({ ...payload, validUntil: iso(now - 3600), exp: now - 3600 })
      .setProtectedHeader({ alg: "EdDSA", kid: header.kid!, typ: "JWT" })
      .sign(issuerKey);
    await expect(jwtVerify(expired, jwks, { issuer })).rejects.toBeInstanceOf(joseErrors.JWTExpired);
    expect(await check(n, expired)).toMatchObject({ verdict: "expired", message: "Platnosť certifikátu uplynula." });
    const future = await new SignJWT({ ...payload, validFrom: iso(now + 86_400), nbf: now + 86_400 })
      .setProtectedHeader({ alg: "EdDSA", kid: header.kid!, typ: "JWT" })
      .sign(issuerKey);
    await expect(jwtVerify(future, jwks, { issuer })).rejects.toThrow(joseErrors.JWTClaimValidationFailed);
    expect((await check(n, future)).verdict).toBe("not_yet_valid");
    // the issuer's key over claims that disagree with the credential inside
    const mismatched = await new SignJWT({ ...payload, jti: "urn:uuid:00000000-0000-8000-8000-000000000000" })
      .setProtectedHeader({ alg: "EdDSA", kid: header.kid!, typ: "JWT" })
      .sign(issuerKey);
    expect((await check(n, mismatched)).verdict).toBe("tampered");

    // a valid credential of another certificate is not this number's; garbage is refused
    expect((await check(intermediate.registrationNumber, jwt)).verdict).toBe("not_ours");
    expect((await check(n, "toto nie je certifikát")).verdict).toBe("unreadable");
    await expectApiError(
      await fetch(`${app.url}/api/verify/${n}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }),
      422,
      "validation",
    );
  });

  it("a revoked certificate: the status list bit flips with the revocation (jose-verified list) and the app says revoked", async () => {
    const { jwt, credential } = await credentialOf(intermediate);
    expect(await revokedBitOf(credential)).toBe(false);
    const res = await admin.post(`/api/admin/certificates/${intermediate.id}/revoke`, { reason: "podvod pri teste" });
    expect(res.status).toBe(200);
    try {
      expect(await revokedBitOf(credential)).toBe(true);
      // the other certificate's bit is untouched
      expect(await revokedBitOf((await credentialOf(final)).credential)).toBe(false);
      expect(await check(intermediate.registrationNumber, jwt)).toMatchObject({
        verdict: "revoked",
        certificate: { valid: false },
        message: "Certifikát bol odvolaný a nie je platný.",
      });
    } finally {
      await app.db.update(schema.certificates).set({ revokedAt: null, revokedReason: null }).where(eq(schema.certificates.id, intermediate.id));
    }
    expect(await revokedBitOf(credential)).toBe(false);
  });
});

describe("files and baked badges", () => {
  it("downloads the .jwt, the enveloped .json and the baked SVG and PNG; each carries the issued credential and verifies", async () => {
    const { jwt } = await credentialOf(final);
    const download = async (format: string) => {
      const res = await jana.get(`/api/certificates/${final.id}/credential?format=${format}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-disposition")).toContain(
        `-${final.registrationNumber}-${format === "png" || format === "svg" ? "odznak" : "open-badge"}.${format}"`,
      );
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      return res;
    };
    const jwtFile = await download("jwt");
    expect(jwtFile.headers.get("content-type")).toBe("application/vc+jwt");
    expect(await jwtFile.text()).toBe(jwt);
    const json = (await (await download("json")).json()) as { type: string; id: string };
    expect(json).toMatchObject({ type: "EnvelopedVerifiableCredential", id: `data:application/vc+jwt,${jwt}` });

    const svgRes = await download("svg");
    expect(svgRes.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    const svg = await svgRes.text();
    expect(svg).toMatch(
      /<svg xmlns:openbadges="https:\/\/purl\.imsglobal\.org\/ob\/v3p0" xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*><openbadges:credential verify="[^"]+"><\/openbadges:credential>/,
    );
    expect(extractFromSvg(svg)).toBe(jwt);
    expect(/verify="([^"]+)"/.exec(svg)![1]).toBe(jwt);

    const png = new Uint8Array(await (await download("png")).arrayBuffer());
    expect(Buffer.from(png.subarray(1, 4)).toString()).toBe("PNG");
    expect(extractFromPng(png)).toBe(jwt);
    // read independently: the iTXt chunk before IEND, keyword, no compression, the JWS as text
    const raw = Buffer.from(png);
    const at = raw.indexOf("iTXt");
    const length = raw.readUInt32BE(at - 4);
    const data = raw.subarray(at + 4, at + 4 + length);
    expect(data.toString("latin1", 0, 20)).toBe("openbadgecredential\0");
    expect([...data.subarray(20, 24)]).toEqual([0, 0, 0, 0]);
    expect(data.toString("utf8", 24)).toBe(jwt);
    expect(raw.indexOf("IEND")).toBeGreaterThan(at);

    // each file handed to the API as a form upload verifies
    for (const [name, type, body] of [
      ["b.svg", "image/svg+xml", svg],
      ["b.png", "image/png", png],
      ["b.json", "application/json", JSON.stringify(json)],
      ["b.jwt", "application/vc+jwt", jwt],
    ] as const) {
      const form = new FormData();
      form.set("subor", new Blob([body], { type }), name);
      const res = await fetch(`${app.url}/api/verify/${final.registrationNumber}`, { method: "POST", body: form });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { verdict: string }).verdict).toBe("valid");
    }
  });

  it("the verification page takes an uploaded or pasted credential without JavaScript and answers in Slovak", async () => {
    const { jwt } = await credentialOf(final);
    const page = await (await fetch(`${app.url}/verify`)).text();
    expect(page).toMatch(/enctype="multipart\/form-data"/i);
    expect(page).toContain('name="subor"');
    const form = new FormData();
    form.set("subor", new Blob([jwt], { type: "application/octet-stream" }), "badge.jwt");
    const res = await fetch(`${app.url}/verify`, { method: "POST", body: form, headers: { Origin: app.url } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Overiteľný certifikát je platný");
    expect(html).toContain(final.registrationNumber);
    expect(html).toContain("Jana Nováková");

    const pasted = new FormData();
    pasted.set(
      "credential",
      withPayload(jwt, (p) => (p.name = "Iný certifikát")),
    );
    const tampered = await fetch(`${app.url}/verify`, { method: "POST", body: pasted, headers: { Origin: app.url } });
    expect(tampered.status).toBe(200);
    expect(await tampered.text()).toContain("Certifikát bol pozmenený");

    const empty = await fetch(`${app.url}/verify`, { method: "POST", body: new FormData(), headers: { Origin: app.url } });
    expect(empty.status).toBe(422);
    expect(await empty.text()).toContain("nenašli overiteľný certifikát");
  });

  it("the certificate page offers LinkedIn and the badge first, the files for verifiers behind 'Pre overovateľov'", async () => {
    const html = await (await jana.get(`/ucet/certifikaty/${final.id}`)).text();
    for (const format of ["jwt", "json", "svg", "png"]) expect(html).toContain(`/api/certificates/${final.id}/credential?format=${format}`);
    const main = html.slice(html.indexOf("<h1"));
    // the first two links after the heading: LinkedIn, then the badge
    const links = [...main.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]*)/g)].map((m) => [m[1], m[2]]);
    expect(links[0]![0]).toMatch(/^https:\/\/www\.linkedin\.com\/profile\/add\?/);
    expect(links[0]![1]).toBe("Pridať na LinkedIn");
    expect(links[1]).toEqual([`/api/certificates/${final.id}/credential?format=png`, "Stiahnuť odznak"]);
    expect(main).toContain("organizationId=2345678");
    const verifiers = main.slice(main.indexOf("<details"), main.indexOf("</details>"));
    expect(verifiers).toContain("<summary>Pre overovateľov</summary>");
    for (const format of ["jwt", "json", "svg"]) expect(verifiers).toContain(`credential?format=${format}`);
  });

  it("the badge PNG is the drawn seal, not a QR code: a 512 px image with colour, the credential baked in", async () => {
    const res = await jana.get(`/api/certificates/${final.id}/credential?format=png`);
    expect(res.status).toBe(200);
    const png = Buffer.from(await res.arrayBuffer());
    // IHDR: width, height, bit depth, colour type (6: RGBA; a QR code from qrcode is 512 px too, but grey)
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]);
    expect(png[25]).toBe(6);
    expect(extractFromPng(png)).toBe((await credentialOf(final)).jwt);
    // the SVG's text names the course, the holder and the issuing partner
    const svg = await (await jana.get(`/api/certificates/${final.id}/credential?format=svg`)).text();
    for (const text of ["Testovací kurz učenia", "Jana Nováková", "Vydal Partner", final.registrationNumber]) expect(svg).toContain(text);
  });
});

describe("start-up", () => {
  it("an unreadable CREDENTIAL_SIGNING_KEY or CREDENTIAL_PREVIOUS_KEYS stops the start, naming the variable", async () => {
    const database = await createTestDatabase();
    try {
      const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
      for (const [env, message] of [
        [{ CREDENTIAL_SIGNING_KEY: "nie je kľúč" }, /^Invalid configuration: CREDENTIAL_SIGNING_KEY must be a private key as PEM or JWK$/],
        [{ CREDENTIAL_SIGNING_KEY: rsa }, /^Invalid configuration: CREDENTIAL_SIGNING_KEY must be an Ed25519 or P-256 key$/],
        [{ CREDENTIAL_PREVIOUS_KEYS: "[" }, /^Invalid configuration: CREDENTIAL_PREVIOUS_KEYS must be JSON/],
      ] as const) {
        const start = startTestServices({ database, env });
        await expect(start).rejects.toThrow(ConfigError);
        await expect(start).rejects.toThrow(message);
      }
    } finally {
      await database.drop();
    }
  });
});

describe("migration open_badges", () => {
  it("gives certificates issued before it distinct status list indexes, and later ones the next", async () => {
    const t = await openTestDatabase();
    try {
      // the table as it was before the migration, with three certificates
      await t.db.execute(sql`alter table certificates drop column status_list_index`);
      const insert = (n: number) =>
        t.db.execute(sql`insert into certificates (id, type, student_id, student_display_name, course_id, course_version_id, course_title,
          enrollment_id, issued_at, issued_by, registration_number, verification_hash, certificate_title)
          values (${`00000000000000000000000${n}`}, 'final', 'p-1', 'Jana', ${"a".repeat(24)}, ${"a".repeat(24)}, 'Kurz',
          ${`e000000000000000000000${n}0`}, now(), '{"partnerOrgId":"o","partnerName":"P","certificateType":"k"}', ${`SBX-2026-MIGR000${n}`}, ${"0".repeat(64)}, 'k')`);
      for (const n of [1, 2, 3]) await insert(n);
      const migration = readFileSync(new URL("../../drizzle/0006_open_badges.sql", import.meta.url), "utf8");
      for (const statement of migration.split("--> statement-breakpoint")) await t.db.execute(sql.raw(statement));
      await insert(4);
      const rows = await t.db
        .select({ id: schema.certificates.id, index: schema.certificates.statusListIndex })
        .from(schema.certificates)
        .orderBy(schema.certificates.id);
      const indexes = rows.map((r) => r.index);
      expect(indexes.every((i) => Number.isInteger(i) && i > 0)).toBe(true);
      expect(new Set(indexes).size).toBe(4);
      expect(indexes[3]).toBeGreaterThan(Math.max(...indexes.slice(0, 3)));
    } finally {
      await t.close();
    }
  });
});
