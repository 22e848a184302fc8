// Server-side sessions behind the `__Secure-app.session` cookie (spec: Authentication 1;
// DESIGN: 14 days, sliding). The cookie carries AES-GCM sealed "<session id>.<secret>";
// the row keeps only a hash of the secret. The secret rotates with every provider token
// refresh; the previous one stays valid for a short grace (parallel requests), after
// which presenting it again is treated as a stolen cookie and revokes the session.
import type { KeyObject } from "node:crypto";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { prepared, schema, type DbOrTx } from "../db";
import type { CachedUser } from "../identity";
import { writeAudit, SYSTEM_IDP_ACTOR } from "../audit";
import { deriveKey, hmac, randomToken, safeEqual, seal, sha256, unseal } from "./crypto";

export const SESSION_COOKIE = "__Secure-app.session";
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** how long a rotated-out cookie secret is still accepted (requests already in flight) */
export const ROTATION_GRACE_MS = 60 * 1000;
/** sliding expiry is written at most this often per session */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export type SessionRow = typeof schema.sessions.$inferSelect;
export type ProviderTokens = { accessToken: string; refreshToken: string | null; idToken: string };
export type SessionKeys = { cookie: KeyObject; tokens: KeyObject; csrf: KeyObject };

export type SessionRevokeReason =
  | "logout"
  | "backchannel_logout"
  | "token_reuse"
  | "refresh_rejected"
  | "user_missing"
  | "erasure"
  /** the browser signed in again: the session in its old cookie ends */
  | "replaced";

export function sessionKeys(secret: string): SessionKeys {
  return { cookie: deriveKey(secret, "session-cookie"), tokens: deriveKey(secret, "session-tokens"), csrf: deriveKey(secret, "csrf") };
}

export type NewSession = {
  userId: string;
  idpSid: string | null;
  tokens: ProviderTokens;
  accessExpiresAt: Date;
  authTime: Date | null;
  acr: string | null;
};

/** Inserts a session row; returns it with the cookie value that refers to it. */
export async function createSession(db: DbOrTx, keys: SessionKeys, input: NewSession, now = new Date()) {
  const secret = randomToken();
  const [session] = await db
    .insert(schema.sessions)
    .values({
      userId: input.userId,
      idpSid: input.idpSid,
      tokenHash: sha256(secret),
      tokens: seal(keys.tokens, JSON.stringify(input.tokens)),
      accessExpiresAt: input.accessExpiresAt,
      authTime: input.authTime,
      acr: input.acr,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      lastSeenAt: now,
      createdAt: now,
    })
    .returning();
  return { session, cookieValue: seal(keys.cookie, `${session.id}.${secret}`) };
}

export type SessionLookup =
  /** no cookie, or one this server did not seal */
  | { status: "none" }
  /** the cookie named a session that is over (revoked, expired, reused): clear it */
  | { status: "ended"; reason: string }
  /** `slid`: the expiry moved, so the cookie's Max-Age should be renewed */
  | { status: "active"; session: SessionRow; user: CachedUser; slid: boolean };

function parseCookieValue(keys: SessionKeys, cookieValue: string | null | undefined) {
  if (!cookieValue) return null;
  const opened = unseal(keys.cookie, cookieValue);
  const dot = opened?.indexOf(".") ?? -1;
  if (!opened || dot < 1) return null;
  return { id: opened.slice(0, dot), secret: opened.slice(dot + 1) };
}

/**
 * The session a cookie refers to, with the user cache row (roles are read from there on
 * every request, never from the cookie). Revokes the session when a rotated-out secret
 * comes back after the grace period.
 */
export async function resolveSession(
  db: DbOrTx,
  keys: SessionKeys,
  cookieValue: string | null | undefined,
  context: { now?: Date; ip?: string | null } = {},
): Promise<SessionLookup> {
  const now = context.now ?? new Date();
  const parsed = parseCookieValue(keys, cookieValue);
  if (!parsed) return { status: "none" };
  const query = prepared(db, "session_with_user", (name) =>
    db
      .select({ session: schema.sessions, user: schema.users })
      .from(schema.sessions)
      .leftJoin(schema.users, eq(schema.users.id, schema.sessions.userId))
      .where(eq(schema.sessions.id, sql.placeholder("id")))
      .limit(1)
      .prepare(name),
  );
  const [row] = await query.execute({ id: parsed.id });
  if (!row) return { status: "ended", reason: "unknown" };
  const { session, user } = row;
  if (session.revokedAt) return { status: "ended", reason: session.revokedReason ?? "revoked" };
  if (session.expiresAt <= now) return { status: "ended", reason: "expired" };

  const hash = sha256(parsed.secret);
  const current = safeEqual(hash, session.tokenHash);
  const inGrace =
    !current &&
    session.previousTokenHash !== null &&
    safeEqual(hash, session.previousTokenHash) &&
    session.rotatedAt !== null &&
    now.getTime() - session.rotatedAt.getTime() <= ROTATION_GRACE_MS;
  if (!current && !inGrace) {
    // a secret this session has rotated away from: the cookie was copied somewhere
    await revokeSessionWithAudit(db, session, "token_reuse", context.ip ?? null);
    return { status: "ended", reason: "token_reuse" };
  }
  if (!user) {
    await revokeSession(db, session.id, "user_missing", now);
    return { status: "ended", reason: "user_missing" };
  }

  if (now.getTime() - session.lastSeenAt.getTime() < TOUCH_INTERVAL_MS) return { status: "active", session, user, slid: false };
  const [touched] = await db
    .update(schema.sessions)
    .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
    .where(eq(schema.sessions.id, session.id))
    .returning();
  return { status: "active", session: touched ?? session, user, slid: true };
}

async function revokeSessionWithAudit(db: DbOrTx, session: SessionRow, reason: SessionRevokeReason, ip: string | null) {
  const revoked = await revokeSession(db, session.id, reason);
  if (!revoked) return;
  await writeAudit(db, {
    actorId: SYSTEM_IDP_ACTOR,
    action: "session.revoke",
    targetType: "session",
    targetId: session.id,
    reason: reason === "token_reuse" ? "a rotated-out session cookie was presented again" : reason,
    details: { userId: session.userId, revokedReason: reason },
    ip,
  });
}

/** Ends one session; false when it had already ended. */
export async function revokeSession(db: DbOrTx, sessionId: string, reason: SessionRevokeReason, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(schema.sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(schema.sessions.id, sessionId), isNull(schema.sessions.revokedAt)))
    .returning({ id: schema.sessions.id });
  return rows.length > 0;
}

/** Ends every live session of a provider session id and/or person (back-channel logout). */
export async function revokeSessionsFor(
  db: DbOrTx,
  target: { sid: string | null; sub: string | null },
  reason: SessionRevokeReason,
  now = new Date(),
): Promise<string[]> {
  // OIDC Back-Channel Logout 2.4: with both, the sessions of that sid (of that person) end;
  // with sub only, all of the person's sessions
  const match =
    target.sid && target.sub
      ? and(eq(schema.sessions.idpSid, target.sid), eq(schema.sessions.userId, target.sub))
      : target.sid
        ? eq(schema.sessions.idpSid, target.sid)
        : target.sub
          ? eq(schema.sessions.userId, target.sub)
          : sql`false`;
  const rows = await db
    .update(schema.sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(match, isNull(schema.sessions.revokedAt)))
    .returning({ id: schema.sessions.id });
  return rows.map((r) => r.id);
}

/** The provider tokens kept with a session. */
export function openTokens(keys: SessionKeys, session: Pick<SessionRow, "tokens">): ProviderTokens | null {
  const opened = unseal(keys.tokens, session.tokens);
  return opened ? (JSON.parse(opened) as ProviderTokens) : null;
}

/**
 * Stores refreshed provider tokens and rotates the cookie secret in one statement; the
 * update only applies while the row still holds `expectedTokenHash` (a parallel refresh
 * that won keeps its result). Returns the new cookie value, or null when it lost.
 */
export async function rotateSession(
  db: DbOrTx,
  keys: SessionKeys,
  session: Pick<SessionRow, "id" | "tokenHash">,
  update: { tokens: ProviderTokens; accessExpiresAt: Date },
  now = new Date(),
): Promise<string | null> {
  const secret = randomToken();
  const rows = await db
    .update(schema.sessions)
    .set({
      tokens: seal(keys.tokens, JSON.stringify(update.tokens)),
      accessExpiresAt: update.accessExpiresAt,
      previousTokenHash: session.tokenHash,
      tokenHash: sha256(secret),
      rotatedAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    })
    .where(and(eq(schema.sessions.id, session.id), eq(schema.sessions.tokenHash, session.tokenHash), isNull(schema.sessions.revokedAt)))
    .returning({ id: schema.sessions.id });
  return rows.length ? seal(keys.cookie, `${session.id}.${secret}`) : null;
}

/** Sessions whose provider access token has run out and which are still live. */
export function needsRefresh(session: Pick<SessionRow, "accessExpiresAt">, now = new Date()): boolean {
  return session.accessExpiresAt.getTime() <= now.getTime();
}

/** The anti-CSRF token of a session (spec: Authentication 3), bound to its id. */
export function csrfTokenFor(keys: SessionKeys, sessionId: string): string {
  return hmac(keys.csrf, `csrf:${sessionId}`);
}

export function verifyCsrfToken(keys: SessionKeys, sessionId: string, presented: string | null | undefined): boolean {
  return typeof presented === "string" && safeEqual(presented, csrfTokenFor(keys, sessionId));
}

export function sessionCookieHeader(value: string, maxAgeMs = SESSION_TTL_MS): string {
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${Math.floor(maxAgeMs / 1000)}`;
}

export function clearSessionCookieHeader(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0`;
}

/**
 * The "signed out here" marker (docs/decisions/identity/sign-out-that-signs-out.md > Sign-out that signs out): set when a
 * person signs out of the academy, cleared by the next completed sign-in. While a browser
 * carries it, a sign-in asks the provider with `prompt=login`, so a provider session the
 * person chose to keep ("Nie, zostať prihlásený") never signs the next person at a shared
 * computer in without a password. It holds no identity, only "1".
 */
export const SIGNED_OUT_COOKIE = "__Secure-app.signed-out";
const SIGNED_OUT_MAX_AGE_SEC = 400 * 24 * 60 * 60; // the longest a browser keeps a cookie

export function signedOutCookieHeader(): string {
  return `${SIGNED_OUT_COOKIE}=1; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${SIGNED_OUT_MAX_AGE_SEC}`;
}

export function clearSignedOutCookieHeader(): string {
  return `${SIGNED_OUT_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0`;
}

/** Whether this browser signed out of the academy since its last sign-in. */
export function signedOutHere(request: Request): boolean {
  return readCookie(request.headers.get("cookie"), SIGNED_OUT_COOKIE) === "1";
}

/** Reads one cookie from a Cookie header (values are base64url, no decoding needed). */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return null;
}

/** Deletes sessions that ended more than 30 days ago (called by the nightly job). */
export async function purgeOldSessions(db: DbOrTx, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000);
  const rows = await db
    .delete(schema.sessions)
    .where(or(sql`${schema.sessions.expiresAt} < ${cutoff}`, sql`${schema.sessions.revokedAt} < ${cutoff}`))
    .returning({ id: schema.sessions.id });
  await db.delete(schema.consumedTokens).where(sql`${schema.consumedTokens.expiresAt} < ${now}`);
  return rows.length;
}
