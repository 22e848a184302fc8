// Snapshots of the identity provider's data and the app's own sessions.
// spec: External person and organization data; Authentication.
import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idPk, ts, updatedAt } from "./columns";

export type OrgMembership = { orgId: string; roles: string[] };

/** Thin user cache, keyed by the provider's person id. */
export const users = pgTable("users", {
  id: text("id").primaryKey(),
  displayName: text("display_name").notNull(),
  email: text("email"),
  avatarUrl: text("avatar_url"),
  roles: text("roles").array().notNull(),
  organizations: jsonb("organizations").$type<OrgMembership[]>().notNull().default([]),
  lastSyncedAt: ts("last_synced_at").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const organizations = pgTable("organizations", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  legalName: text("legal_name"),
  ico: text("ico"),
  type: text("type"),
  lastSyncedAt: ts("last_synced_at").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Server-side session row; the cookie holds an encrypted reference to it. */
export const sessions = pgTable(
  "sessions",
  {
    id: idPk(),
    userId: text("user_id").notNull(),
    idpSid: text("idp_sid"),
    expiresAt: ts("expires_at").notNull(),
    lastSeenAt: ts("last_seen_at").notNull().defaultNow(),
    revokedAt: ts("revoked_at"),
    revokedReason: text("revoked_reason"),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_sid_idx").on(t.idpSid)],
);
