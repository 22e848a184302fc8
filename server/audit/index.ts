// Audit log: who did what to which target, when and why (spec: Authentication 8;
// Versioning 8). Written inside the transaction of the action it records.
import { and, count, desc, eq, inArray, isNull, like, sql, type SQL } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";
import { currentRequestId } from "../log/context";

export type AuditEntry = {
  /** person id of the actor, or a system actor such as "system:idp" */
  actorId: string;
  actorRoles?: string[];
  /** dotted verb, e.g. "enrollment.grant", "user.erase" */
  action: string;
  targetType: string;
  targetId?: string | null;
  reason?: string | null;
  details?: Record<string, unknown> | null;
  ip?: string | null;
};

export type AuditRecord = typeof schema.auditLog.$inferSelect;

/**
 * Who did it, as every privileged operation takes it: the person's id, their roles at the
 * time and the client's IP. The one actor shape of the platform (app/lib/auth.server.ts
 * actorOf builds it for the signed-in person of a request).
 */
export type AuditActor = { actorId: string; actorRoles: string[]; ip?: string | null };

/** Actor id used for actions the identity provider asked for (e.g. erasure). */
export const SYSTEM_IDP_ACTOR = "system:idp";
/** Actor id used for scheduled jobs. */
export const SYSTEM_JOB_ACTOR = "system:job";

export async function writeAudit(db: DbOrTx, entry: AuditEntry): Promise<AuditRecord> {
  // the id of the HTTP request that did it (its log lines carry the same id)
  const requestId = currentRequestId();
  const details = requestId ? { ...(entry.details ?? {}), requestId } : (entry.details ?? null);
  const [row] = await db
    .insert(schema.auditLog)
    .values({
      actorId: entry.actorId,
      actorRoles: entry.actorRoles ?? null,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId ?? null,
      reason: entry.reason ?? null,
      details,
      ip: entry.ip ?? null,
    })
    .returning();
  return row;
}

/** Entries for one target (or every entry of a type when targetId is null), newest first. */
export async function listAudit(db: DbOrTx, query: { targetType: string; targetId?: string | null; limit?: number }): Promise<AuditRecord[]> {
  const target =
    query.targetId === undefined ? undefined : query.targetId === null ? isNull(schema.auditLog.targetId) : eq(schema.auditLog.targetId, query.targetId);
  return db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.targetType, query.targetType), target))
    .orderBy(desc(schema.auditLog.createdAt), desc(schema.auditLog.id))
    .limit(Math.min(Math.max(query.limit ?? 100, 1), 1000));
}

export type AuditFilter = {
  targetType?: string;
  /** a target id; null: rows without one */
  targetId?: string | null;
  actorId?: string;
  /** any of these actors (a filter by name or e-mail resolved to person ids) */
  actorIds?: string[];
  /** an action, or a prefix of dotted actions ending in "." or "*" ("order." finds order.refund.request) */
  action?: string;
};

/** Filtered audit rows, newest first, a page at a time, with the total (the audit viewer, the order audit). */
export async function listAuditPage(db: DbOrTx, query: AuditFilter & { limit: number; offset: number }): Promise<{ rows: AuditRecord[]; total: number }> {
  const { auditLog } = schema;
  const action = query.action?.endsWith("*") ? query.action.slice(0, -1) : query.action;
  const prefix = action !== undefined && (query.action!.endsWith("*") || action.endsWith("."));
  const escaped = action?.replace(/[\\%_]/g, (c) => `\\${c}`);
  const conditions: (SQL | undefined)[] = [
    query.targetType !== undefined ? eq(auditLog.targetType, query.targetType) : undefined,
    query.targetId === undefined ? undefined : query.targetId === null ? isNull(auditLog.targetId) : eq(auditLog.targetId, query.targetId),
    query.actorId !== undefined ? eq(auditLog.actorId, query.actorId) : undefined,
    query.actorIds !== undefined ? (query.actorIds.length ? inArray(auditLog.actorId, query.actorIds) : sql`false`) : undefined,
    action === undefined ? undefined : prefix ? like(auditLog.action, `${escaped}%`) : eq(auditLog.action, action),
  ];
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: count() }).from(auditLog).where(where);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(Math.min(Math.max(query.limit, 1), 1000))
    .offset(Math.max(query.offset, 0));
  return { rows, total: Number(total) };
}

/** The target types and actions the log holds (the audit viewer's filter choices). */
export async function auditFacets(db: DbOrTx): Promise<{ targetTypes: string[]; actions: string[] }> {
  const { auditLog } = schema;
  const [types, actions] = await Promise.all([
    db.selectDistinct({ v: auditLog.targetType }).from(auditLog).orderBy(auditLog.targetType),
    db.selectDistinct({ v: auditLog.action }).from(auditLog).orderBy(auditLog.action),
  ]);
  return { targetTypes: types.map((t) => t.v), actions: actions.map((a) => a.v) };
}
