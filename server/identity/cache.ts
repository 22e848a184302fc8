// Thin caches of the provider's person and organization data (spec: External person and
// organization data): refreshed at each login, by the nightly job (TTL 7 days) and, for
// organizations, on first use in an order.
import { asc, eq, ilike, inArray, lt, or, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";
import { IdpApiError, type IdpApi, type IdpOrganization, type IdpPerson } from "./idp-api";
import { mapRoles, type ClaimNames, type MappedRoles } from "./roles";

export const CACHE_TTL_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export type CachedUser = typeof schema.users.$inferSelect;
export type CachedOrganization = typeof schema.organizations.$inferSelect;

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

/** The person's display name from claims: name, else given + family name, else e-mail, else sub. */
export function displayNameFromClaims(claims: Record<string, unknown>): string {
  const full = [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(" ");
  return text(claims.name) ?? (full || null) ?? text(claims.email) ?? String(claims.sub);
}

/**
 * Writes the user cache row from ID token claims (called at each login) and returns it
 * with the mapped roles. Claims must have passed ID token validation already.
 */
export async function upsertUserFromClaims(
  db: DbOrTx,
  claims: Record<string, unknown>,
  names: ClaimNames,
  options: { now?: Date } = {},
): Promise<{ user: CachedUser; mapped: MappedRoles }> {
  const sub = text(claims.sub);
  if (!sub) throw new TypeError("ID token claims without sub");
  const mapped = mapRoles(claims, names);
  const rolesClaim = claims[`${names.claimPrefix}_roles`];
  const values = {
    displayName: displayNameFromClaims(claims),
    email: text(claims.email),
    avatarUrl: text(claims.picture),
    roles: mapped.roles,
    providerRoles: Array.isArray(rolesClaim) ? rolesClaim.filter((r): r is string => typeof r === "string") : [],
    organizations: mapped.organizations,
    sponsorOrgIds: mapped.sponsorOrgIds,
    purchaseOrgIds: mapped.purchaseOrgIds,
    lastSyncedAt: options.now ?? new Date(),
  };
  const [user] = await db
    .insert(schema.users)
    .values({ id: sub, ...values })
    .onConflictDoUpdate({ target: schema.users.id, set: values })
    .returning();
  return { user, mapped };
}

/** The same as upsertUserFromClaims for a person read from the provider's REST API. */
export function upsertUserFromPerson(db: DbOrTx, person: IdpPerson, names: ClaimNames, options: { now?: Date } = {}) {
  return upsertUserFromClaims(
    db,
    {
      sub: person.id,
      name: person.displayName,
      email: person.email,
      picture: person.avatarUrl,
      [`${names.claimPrefix}_roles`]: person.roles,
      [`${names.claimPrefix}_orgs`]: person.organizations,
    },
    names,
    options,
  );
}

export async function getCachedUser(db: DbOrTx, personId: string): Promise<CachedUser | null> {
  const [row] = await db.select().from(schema.users).where(eq(schema.users.id, personId));
  return row ?? null;
}

export async function upsertOrganization(db: DbOrTx, org: IdpOrganization, options: { now?: Date } = {}): Promise<CachedOrganization> {
  const values = {
    name: org.name,
    legalName: org.legalName ?? null,
    ico: org.ico ?? null,
    type: org.type ?? null,
    lastSyncedAt: options.now ?? new Date(),
  };
  const [row] = await db
    .insert(schema.organizations)
    .values({ id: org.id, ...values })
    .onConflictDoUpdate({ target: schema.organizations.id, set: values })
    .returning();
  return row;
}

export async function getCachedOrganization(db: DbOrTx, orgId: string): Promise<CachedOrganization | null> {
  const [row] = await db.select().from(schema.organizations).where(eq(schema.organizations.id, orgId));
  return row ?? null;
}

/**
 * Reads the organization from the provider and writes the cache row; an organization the
 * provider no longer knows is dropped from the cache and null is returned.
 */
export async function refreshOrganization(db: DbOrTx, idpApi: IdpApi, orgId: string, options: { now?: Date } = {}): Promise<CachedOrganization | null> {
  const org = await idpApi.getOrganization(orgId);
  if (!org) {
    await db.delete(schema.organizations).where(eq(schema.organizations.id, orgId));
    return null;
  }
  if (org.id !== orgId) throw new IdpApiError(`identity provider returned organization ${org.id} for ${orgId}`);
  return upsertOrganization(db, org, options);
}

/**
 * The cached organization when younger than the TTL, else a fresh copy from the provider
 * (first use in an order). If the provider cannot be reached, a stale row is still returned.
 */
export async function ensureOrganization(
  db: DbOrTx,
  idpApi: IdpApi,
  orgId: string,
  options: { now?: Date; ttlDays?: number } = {},
): Promise<CachedOrganization | null> {
  const now = options.now ?? new Date();
  const cached = await getCachedOrganization(db, orgId);
  if (cached && now.getTime() - cached.lastSyncedAt.getTime() < (options.ttlDays ?? CACHE_TTL_DAYS) * DAY_MS) return cached;
  try {
    return await refreshOrganization(db, idpApi, orgId, { now });
  } catch (e) {
    if (cached && e instanceof IdpApiError) return cached;
    throw e;
  }
}

export type RefreshReport = {
  users: { refreshed: number; removed: number; failed: number };
  organizations: { refreshed: number; removed: number; failed: number };
};

/**
 * Refreshes every user and organization cache row older than the TTL through the REST API
 * (the nightly job). Rows the provider no longer knows are removed from the cache (enrollment
 * and order snapshots stay; erasure is a separate, explicit request). Idempotent: a rerun
 * finds the rows fresh and does nothing. One failing row does not stop the others.
 */
export async function refreshStaleCaches(
  db: DbOrTx,
  idpApi: IdpApi,
  names: ClaimNames,
  options: { now?: Date; ttlDays?: number; limit?: number; onError?: (kind: string, id: string, error: Error) => void } = {},
): Promise<RefreshReport> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - (options.ttlDays ?? CACHE_TTL_DAYS) * DAY_MS);
  const limit = options.limit ?? 5000;
  const report: RefreshReport = {
    users: { refreshed: 0, removed: 0, failed: 0 },
    organizations: { refreshed: 0, removed: 0, failed: 0 },
  };

  const staleUsers = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(lt(schema.users.lastSyncedAt, cutoff))
    .orderBy(asc(schema.users.lastSyncedAt))
    .limit(limit);
  for (const { id } of staleUsers) {
    try {
      const person = await idpApi.getPerson(id);
      if (!person) {
        await db.delete(schema.users).where(eq(schema.users.id, id));
        report.users.removed++;
      } else {
        if (person.id !== id) throw new IdpApiError(`identity provider returned person ${person.id} for ${id}`);
        await upsertUserFromPerson(db, person, names, { now });
        report.users.refreshed++;
      }
    } catch (e) {
      report.users.failed++;
      options.onError?.("user", id, e as Error);
    }
  }

  const staleOrgs = await db
    .select({ id: schema.organizations.id })
    .from(schema.organizations)
    .where(lt(schema.organizations.lastSyncedAt, cutoff))
    .orderBy(asc(schema.organizations.lastSyncedAt))
    .limit(limit);
  for (const { id } of staleOrgs) {
    try {
      const row = await refreshOrganization(db, idpApi, id, { now });
      if (row) report.organizations.refreshed++;
      else report.organizations.removed++;
    } catch (e) {
      report.organizations.failed++;
      options.onError?.("organization", id, e as Error);
    }
  }
  return report;
}

/** Erasure: the person's cache row goes. True when there was one. */
export async function forgetCachedUser(db: DbOrTx, personId: string): Promise<boolean> {
  const rows = await db.delete(schema.users).where(eq(schema.users.id, personId)).returning({ id: schema.users.id });
  return rows.length > 0;
}

/** Names and e-mails of cached people by id (admin lists show them beside ids); unknown ids are absent. */
export async function cachedUserNames(db: DbOrTx, ids: readonly string[]): Promise<Map<string, { displayName: string; email: string | null }>> {
  const wanted = [...new Set(ids)].filter(Boolean);
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: schema.users.id, displayName: schema.users.displayName, email: schema.users.email })
    .from(schema.users)
    .where(inArray(schema.users.id, wanted));
  return new Map(rows.map((r) => [r.id, { displayName: r.displayName, email: r.email }]));
}

/** Ids of cached people whose name contains `query` or whose e-mail is it (case-insensitive; at most 50): admin filters by name or e-mail. */
export async function findCachedUserIds(db: DbOrTx, query: string): Promise<string[]> {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(or(ilike(schema.users.displayName, pattern), eq(sql`lower(${schema.users.email})`, q)))
    .limit(50);
  return rows.map((r) => r.id);
}
