// What happens around a session's life: it starts after a checked login (user cache
// refreshed from the claims in the same transaction), its provider tokens are refreshed
// when the access token runs out (rotating the cookie secret), and the provider can end
// it (back-channel logout) or ask for the person's erasure.
import { eq, sql } from "drizzle-orm";
import { schema, type Database, type DbOrTx } from "../db";
import { fetchUserInfo, IdpApiError, upsertUserFromClaims, type CachedUser, type ClaimNames, type UserInfo } from "../identity";
import { SYSTEM_IDP_ACTOR, writeAudit } from "../audit";
import type { Logger } from "../log";
import { RefreshRejectedError, type LoginResult, type OidcClient } from "./oidc";
import { createSession, needsRefresh, openTokens, revokeSession, revokeSessionsFor, rotateSession, type SessionKeys, type SessionRow } from "./sessions";
import { eraseUser } from "./erasure";
import { verifyErasureToken, verifyLogoutToken } from "./tokens";
import type { PublicUser } from "./contract";

export type Auth = {
  client: OidcClient;
  keys: SessionKeys;
  names: ClaimNames;
  /** the age (seconds) a sign-in may have for sensitive admin actions (server/auth/step-up.ts) */
  stepUpMaxAgeSec: number;
};

/** After a successful login: user cache upsert and a new session, in one transaction. */
export async function establishSession(db: Database, auth: Auth, login: LoginResult, context: { ip?: string | null; now?: Date } = {}) {
  const { claims } = login;
  const now = context.now ?? new Date();
  return db.transaction(async (tx) => {
    const { user } = await upsertUserFromClaims(tx, claims, auth.names, { now });
    const staffRoles = user.roles.filter((role) => role !== "student");
    const { session, cookieValue } = await createSession(
      tx,
      auth.keys,
      {
        userId: user.id,
        idpSid: typeof claims.sid === "string" ? claims.sid : null,
        tokens: login.tokens,
        accessExpiresAt: login.accessExpiresAt,
        authTime: typeof claims.auth_time === "number" ? new Date(claims.auth_time * 1000) : null,
        acr: typeof claims.acr === "string" ? claims.acr : null,
      },
      now,
    );
    if (staffRoles.length > 0) {
      // sign-ins with privileges are part of the audit trail
      await writeAudit(tx, {
        actorId: user.id,
        actorRoles: user.roles,
        action: "session.create",
        targetType: "session",
        targetId: session.id,
        details: { idpSid: session.idpSid, acr: session.acr, authTime: session.authTime?.toISOString() ?? null },
        ip: context.ip ?? null,
      });
    }
    return { user, session, cookieValue };
  });
}

export type RefreshOutcome = { status: "unchanged" } | { status: "rotated"; cookieValue: string } | { status: "ended"; reason: string };

/**
 * Refreshes the provider tokens of a session whose access token has run out. The row is
 * locked for the exchange, so parallel requests never present the same refresh token
 * twice (which the provider would take for theft). A refresh token the provider refuses
 * (reused, revoked) ends the session; a provider that cannot be reached does not.
 */
export async function refreshSessionIfDue(
  db: Database,
  auth: Auth,
  session: SessionRow,
  options: { log?: Logger; ip?: string | null; now?: Date } = {},
): Promise<RefreshOutcome> {
  const now = options.now ?? new Date();
  if (!needsRefresh(session, now)) return { status: "unchanged" };
  try {
    return await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(schema.sessions).where(eq(schema.sessions.id, session.id)).for("update");
      if (!locked || locked.revokedAt) return { status: "ended", reason: locked?.revokedReason ?? "unknown" } as const;
      // another request refreshed while this one waited for the lock
      if (!needsRefresh(locked, now) || locked.tokenHash !== session.tokenHash) return { status: "unchanged" } as const;
      const stored = openTokens(auth.keys, locked);
      if (!stored?.refreshToken) return { status: "unchanged" } as const;
      let refreshed;
      try {
        refreshed = await auth.client.refresh(stored.refreshToken);
      } catch (error) {
        if (!(error instanceof RefreshRejectedError)) throw error;
        await revokeSession(tx, locked.id, "refresh_rejected", now);
        await writeAudit(tx, {
          actorId: SYSTEM_IDP_ACTOR,
          action: "session.revoke",
          targetType: "session",
          targetId: locked.id,
          reason: "the provider refused the session's refresh token (reused or revoked)",
          details: { userId: locked.userId, revokedReason: "refresh_rejected", provider: error.message },
          ip: options.ip ?? null,
        });
        return { status: "ended", reason: "refresh_rejected" } as const;
      }
      const tokens = { ...refreshed.tokens, idToken: refreshed.tokens.idToken ?? stored.idToken };
      const cookieValue = await rotateSession(tx, auth.keys, locked, { tokens, accessExpiresAt: refreshed.accessExpiresAt }, now);
      return cookieValue ? ({ status: "rotated", cookieValue } as const) : ({ status: "unchanged" } as const);
    });
  } catch (error) {
    options.log?.warn("session token refresh failed; the session continues", {
      session: session.id,
      error: error instanceof Error ? error.message : String(error),
    });
    return { status: "unchanged" };
  }
}

/** Records a one-time token id; false when it was seen before (a replay). */
async function consumeTokenId(db: DbOrTx, kind: string, issuer: string, jti: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(schema.consumedTokens)
    .values({ id: `${issuer} ${jti}`, kind, expiresAt })
    .onConflictDoNothing()
    .returning({ id: schema.consumedTokens.id });
  return rows.length > 0;
}

const ONE_DAY_MS = 24 * 60 * 60 * 1000;

/**
 * OIDC Back-Channel Logout: the token is checked (signature, iss, aud, events, sid/sub,
 * no nonce, jti not seen before) and every session of that sid/sub ends. Throws
 * TokenError when the token is not acceptable.
 */
export async function backchannelLogout(db: Database, auth: Auth, logoutToken: string, ip: string | null) {
  const options = await auth.client.verifierOptions();
  const token = await verifyLogoutToken(logoutToken, options);
  const expires = new Date(Math.max((token.exp ?? token.iat) * 1000, Date.now()) + ONE_DAY_MS);
  return db.transaction(async (tx) => {
    if (!(await consumeTokenId(tx, "logout", options.issuer, token.jti, expires))) return { replay: true, sessionsEnded: 0 };
    const ids = await revokeSessionsFor(tx, { sid: token.sid, sub: token.sub }, "backchannel_logout");
    await writeAudit(tx, {
      actorId: SYSTEM_IDP_ACTOR,
      action: "session.backchannel_logout",
      targetType: "person",
      targetId: token.sub,
      reason: "the identity provider ended the person's session",
      details: { sid: token.sid, sessionsEnded: ids.length, jti: token.jti },
      ip,
    });
    return { replay: false, sessionsEnded: ids.length };
  });
}

/** An erasure request relayed by the provider (signed erasure+jwt). */
export async function erasureRequest(db: Database, auth: Auth, erasureToken: string, ip: string | null) {
  const options = await auth.client.verifierOptions();
  const token = await verifyErasureToken(erasureToken, options);
  const expires = new Date(Math.max((token.exp ?? token.iat) * 1000, Date.now()) + ONE_DAY_MS);
  return db.transaction(async (tx) => {
    if (!(await consumeTokenId(tx, "erasure", options.issuer, token.jti, expires))) return { replay: true, personId: token.sub };
    return { replay: false, ...(await eraseUser(tx, token.sub, { ip, details: { jti: token.jti } })) };
  });
}

/**
 * The provider's UserInfo for the person of a session (birth date for certificates,
 * spec: Authentication 6), with the access token kept in the session. Call it on a
 * request whose middleware has refreshed the session's tokens.
 */
export async function userInfoForSession(auth: Auth, session: Pick<SessionRow, "tokens" | "userId">): Promise<UserInfo> {
  const tokens = openTokens(auth.keys, session);
  if (!tokens) throw new IdpApiError("the session's provider tokens cannot be opened");
  const endpoint = await auth.client.userinfoEndpoint();
  if (!endpoint) throw new IdpApiError("the identity provider publishes no userinfo_endpoint");
  return fetchUserInfo(endpoint, tokens.accessToken, { expectedSub: session.userId });
}

/** A plain view of the signed-in person for pages and /api/me. */
export function publicUser(user: CachedUser): PublicUser {
  return {
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    avatarUrl: user.avatarUrl,
    roles: user.roles,
    organizations: user.organizations,
    sponsorOrgIds: user.sponsorOrgIds,
    purchaseOrgIds: user.purchaseOrgIds,
  };
}

/** Used by tests and the nightly job: how many live sessions a person has. */
export async function countLiveSessions(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.sessions)
    .where(sql`${schema.sessions.userId} = ${userId} and ${schema.sessions.revokedAt} is null and ${schema.sessions.expiresAt} > now()`);
  return row?.n ?? 0;
}
