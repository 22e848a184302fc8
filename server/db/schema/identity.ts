// Snapshots of the identity provider's data and the app's own sessions.
// spec: External person and organization data; Authentication.
import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idPk, ts, updatedAt } from "./columns";

export type OrgMembership = { orgId: string; roles: string[] };

/** Thin user cache, keyed by the provider's person id. */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    displayName: text("display_name").notNull(),
    email: text("email"),
    avatarUrl: text("avatar_url"),
    /** application roles (student, instructor, content_manager, admin) mapped from the provider's */
    roles: text("roles").array().notNull(),
    /** the provider's role values as last seen (login claims or REST API) */
    providerRoles: text("provider_roles")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    organizations: jsonb("organizations").$type<OrgMembership[]>().notNull().default([]),
    /** orgs the person may sponsor enrollments for / buy on behalf of (spec: Authentication 7) */
    sponsorOrgIds: text("sponsor_org_ids")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    purchaseOrgIds: text("purchase_org_ids")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    lastSyncedAt: ts("last_synced_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("users_last_synced_idx").on(t.lastSyncedAt)],
);

export const organizations = pgTable(
  "organizations",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    legalName: text("legal_name"),
    ico: text("ico"),
    type: text("type"),
    lastSyncedAt: ts("last_synced_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("organizations_last_synced_idx").on(t.lastSyncedAt)],
);

/**
 * Server-side session row; the cookie holds an encrypted reference to it (id + a secret
 * whose hash is kept here). The secret rotates whenever the provider tokens are
 * refreshed; presenting a rotated-out secret after a short grace revokes the session
 * (reuse detection). `tokens` is the provider's access, refresh and ID token, sealed
 * with AES-GCM. See server/auth/sessions.ts.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: idPk(),
    userId: text("user_id").notNull(),
    /** the provider's session id (ID token `sid`), for back-channel logout */
    idpSid: text("idp_sid"),
    tokenHash: text("token_hash").notNull(),
    previousTokenHash: text("previous_token_hash"),
    rotatedAt: ts("rotated_at"),
    tokens: text("tokens").notNull(),
    accessExpiresAt: ts("access_expires_at").notNull(),
    authTime: ts("auth_time"),
    acr: text("acr"),
    expiresAt: ts("expires_at").notNull(),
    lastSeenAt: ts("last_seen_at").notNull().defaultNow(),
    revokedAt: ts("revoked_at"),
    revokedReason: text("revoked_reason"),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_sid_idx").on(t.idpSid)],
);

/** Ids (jti) of one-time tokens already accepted: back-channel logout and erasure tokens. */
export const consumedTokens = pgTable(
  "consumed_tokens",
  {
    /** `${iss} ${jti}` */
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    expiresAt: ts("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("consumed_tokens_expires_idx").on(t.expiresAt)],
);

/**
 * What an admin typed into a sensitive form when the sign-in was too old for it
 * (docs/decisions/identity/step-up-for-sensitive-admin-actions.md > Step-up for sensitive admin actions): kept under a short-lived id
 * while the person signs in again, read back by the same person on the same page to fill
 * the form in again. Never used to perform the action; rows expire after minutes.
 */
export const stepUpForms = pgTable(
  "step_up_forms",
  {
    id: idPk(),
    userId: text("user_id").notNull(),
    /** the page (path only) the form was sent from and is shown on again */
    path: text("path").notNull(),
    /** the form's text fields as [name, value] pairs, in the order sent */
    fields: jsonb("fields").$type<[string, string][]>().notNull(),
    expiresAt: ts("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("step_up_forms_expires_idx").on(t.expiresAt)],
);
