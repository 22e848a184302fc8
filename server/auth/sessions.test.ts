// Session rows behind the sealed cookie: lookup rules (forged, expired, revoked, user
// gone), sliding expiry, secret rotation with its grace period and reuse detection,
// back-channel revocation by sid/sub, CSRF tokens, purge. Real database (PostgreSQL when
// TEST_DATABASE_URL is set, else PGlite).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../db";
import { upsertUserFromClaims } from "../identity";
import { openTestDatabase, type OpenTestDatabase } from "../../tests/support/db";
import { seal, unseal, deriveKey } from "./crypto";
import {
  createSession,
  csrfTokenFor,
  openTokens,
  purgeOldSessions,
  resolveSession,
  revokeSession,
  revokeSessionsFor,
  rotateSession,
  ROTATION_GRACE_MS,
  sessionKeys,
  SESSION_TTL_MS,
  verifyCsrfToken,
} from "./sessions";

const names = { claimPrefix: "sportup", rolePrefix: "academy" };
const keys = sessionKeys("unit-test-secret-with-enough-entropy-000");
const tokens = { accessToken: "at-1", refreshToken: "rt-1", idToken: "id-1" };
let t: OpenTestDatabase;

beforeAll(async () => {
  t = await openTestDatabase();
  for (const [sub, name] of [
    ["p-1", "Jana"],
    ["p-2", "Peter"],
  ]) {
    await upsertUserFromClaims(t.db, { sub, name, email: `${sub}@demo.sk`, sportup_roles: ["user"] }, names);
  }
});
afterAll(async () => {
  await t?.close();
});

const newSession = (userId = "p-1", idpSid: string | null = "sid-a", now = new Date()) =>
  createSession(t.db, keys, { userId, idpSid, tokens, accessExpiresAt: new Date(now.getTime() + 900_000), authTime: now, acr: null }, now);
const row = async (id: string) => (await t.db.select().from(schema.sessions).where(eq(schema.sessions.id, id)))[0];

describe("crypto", () => {
  it("seals and opens; another key or one changed byte opens to null", () => {
    const key = deriveKey("s1", "session-cookie");
    const sealed = seal(key, "hello");
    expect(unseal(key, sealed)).toBe("hello");
    expect(unseal(deriveKey("s2", "session-cookie"), sealed)).toBeNull();
    expect(unseal(deriveKey("s1", "csrf"), sealed)).toBeNull();
    const bytes = Buffer.from(sealed, "base64url");
    bytes[14] ^= 1;
    expect(unseal(key, bytes.toString("base64url"))).toBeNull();
    expect(unseal(key, "short")).toBeNull();
  });
});

describe("resolveSession", () => {
  it("finds the session and its user; the stored tokens are sealed", async () => {
    const { session, cookieValue } = await newSession();
    const lookup = await resolveSession(t.db, keys, cookieValue);
    expect(lookup).toMatchObject({ status: "active", session: { id: session.id }, user: { id: "p-1", roles: ["student"] }, slid: false });
    expect(session.tokens).not.toContain("rt-1");
    expect(openTokens(keys, session)).toEqual(tokens);
    expect(session.tokenHash).not.toContain(cookieValue);
  });

  it("ignores a missing, forged or foreign-key cookie", async () => {
    const { cookieValue } = await newSession();
    expect(await resolveSession(t.db, keys, null)).toEqual({ status: "none" });
    expect(await resolveSession(t.db, keys, "Zm9yZ2Vk")).toEqual({ status: "none" });
    expect(await resolveSession(t.db, sessionKeys("another-secret"), cookieValue)).toEqual({ status: "none" });
  });

  it("ends on expiry, revocation and a deleted user", async () => {
    const expired = await newSession("p-1", null, new Date(Date.now() - SESSION_TTL_MS - 1000));
    expect(await resolveSession(t.db, keys, expired.cookieValue)).toEqual({ status: "ended", reason: "expired" });

    const revoked = await newSession();
    expect(await revokeSession(t.db, revoked.session.id, "logout")).toBe(true);
    expect(await revokeSession(t.db, revoked.session.id, "logout")).toBe(false);
    expect(await resolveSession(t.db, keys, revoked.cookieValue)).toEqual({ status: "ended", reason: "logout" });

    await upsertUserFromClaims(t.db, { sub: "p-gone", name: "Gone", email: "g@demo.sk", sportup_roles: ["user"] }, names);
    const orphan = await newSession("p-gone");
    await t.db.delete(schema.users).where(eq(schema.users.id, "p-gone"));
    expect(await resolveSession(t.db, keys, orphan.cookieValue)).toEqual({ status: "ended", reason: "user_missing" });
    expect((await row(orphan.session.id)).revokedReason).toBe("user_missing");
  });

  it("slides the expiry after 5 minutes of activity, not on every request", async () => {
    const start = new Date(Date.now() - 60 * 60 * 1000);
    const { session, cookieValue } = await newSession("p-1", null, start);
    const soon = await resolveSession(t.db, keys, cookieValue, { now: new Date(start.getTime() + 60_000) });
    expect(soon).toMatchObject({ status: "active", slid: false });
    const later = new Date(start.getTime() + 10 * 60_000);
    const slid = await resolveSession(t.db, keys, cookieValue, { now: later });
    expect(slid).toMatchObject({ status: "active", slid: true });
    expect((await row(session.id)).expiresAt.getTime()).toBe(later.getTime() + SESSION_TTL_MS);
  });
});

describe("rotation and reuse detection", () => {
  it("a rotated cookie works; the old one only within the grace period, then it revokes the session", async () => {
    const { session, cookieValue: first } = await newSession();
    const rotatedAt = new Date();
    const second = await rotateSession(
      t.db,
      keys,
      session,
      { tokens: { ...tokens, refreshToken: "rt-2" }, accessExpiresAt: new Date(Date.now() + 900_000) },
      rotatedAt,
    );
    expect(second).toBeTruthy();
    expect(openTokens(keys, await row(session.id))!.refreshToken).toBe("rt-2");
    expect(await resolveSession(t.db, keys, second!, { now: rotatedAt })).toMatchObject({ status: "active" });
    const inGrace = new Date(rotatedAt.getTime() + ROTATION_GRACE_MS - 1000);
    expect(await resolveSession(t.db, keys, first, { now: inGrace })).toMatchObject({ status: "active" });

    const afterGrace = new Date(rotatedAt.getTime() + ROTATION_GRACE_MS + 1000);
    expect(await resolveSession(t.db, keys, first, { now: afterGrace, ip: "203.0.113.9" })).toEqual({ status: "ended", reason: "token_reuse" });
    expect(await resolveSession(t.db, keys, second!, { now: afterGrace })).toEqual({ status: "ended", reason: "token_reuse" });
    const audit = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.targetId, session.id), eq(schema.auditLog.action, "session.revoke")));
    expect(audit).toMatchObject([{ actorId: "system:idp", ip: "203.0.113.9", details: { userId: "p-1", revokedReason: "token_reuse" } }]);
  });

  it("a secret two rotations old is reuse even within the grace period", async () => {
    const { session, cookieValue: first } = await newSession();
    const next = { tokens, accessExpiresAt: new Date(Date.now() + 900_000) };
    await rotateSession(t.db, keys, session, next);
    const afterFirst = await row(session.id);
    expect(await rotateSession(t.db, keys, afterFirst, next)).toBeTruthy();
    expect(await resolveSession(t.db, keys, first)).toEqual({ status: "ended", reason: "token_reuse" });
  });

  it("a rotation based on a stale row loses (parallel refresh)", async () => {
    const { session } = await newSession();
    const next = { tokens, accessExpiresAt: new Date(Date.now() + 900_000) };
    expect(await rotateSession(t.db, keys, session, next)).toBeTruthy();
    expect(await rotateSession(t.db, keys, session, next)).toBeNull();
  });
});

describe("revokeSessionsFor (back-channel logout)", () => {
  it("sid ends only that provider session; sub alone ends all of the person's", async () => {
    const a = await newSession("p-2", "sid-x");
    const b = await newSession("p-2", "sid-y");
    const other = await newSession("p-1", "sid-x-other");
    expect(await revokeSessionsFor(t.db, { sid: "sid-x", sub: "p-2" }, "backchannel_logout")).toEqual([a.session.id]);
    expect((await row(b.session.id)).revokedAt).toBeNull();
    expect(await revokeSessionsFor(t.db, { sid: null, sub: "p-2" }, "backchannel_logout")).toEqual([b.session.id]);
    expect((await row(other.session.id)).revokedAt).toBeNull();
    expect(await revokeSessionsFor(t.db, { sid: null, sub: null }, "backchannel_logout")).toEqual([]);
  });
});

describe("CSRF tokens", () => {
  it("are bound to the session", async () => {
    const a = await newSession();
    const b = await newSession();
    const token = csrfTokenFor(keys, a.session.id);
    expect(verifyCsrfToken(keys, a.session.id, token)).toBe(true);
    expect(verifyCsrfToken(keys, b.session.id, token)).toBe(false);
    expect(verifyCsrfToken(keys, a.session.id, null)).toBe(false);
    expect(verifyCsrfToken(sessionKeys("another-secret"), a.session.id, token)).toBe(false);
  });
});

describe("purgeOldSessions", () => {
  it("deletes sessions ended more than 30 days ago and keeps the rest", async () => {
    const old = await newSession("p-1", null, new Date(Date.now() - 60 * 24 * 3600 * 1000));
    const recent = await newSession();
    await revokeSession(t.db, recent.session.id, "logout");
    const live = await newSession();
    await purgeOldSessions(t.db);
    expect(await row(old.session.id)).toBeUndefined();
    expect(await row(recent.session.id)).toBeDefined();
    expect(await row(live.session.id)).toBeDefined();
  });
});
