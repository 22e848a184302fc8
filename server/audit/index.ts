// Audit log: who did what to which target, when and why (spec: Authentication 8;
// Versioning 8). Written inside the transaction of the action it records.
import { and, desc, eq, isNull } from "drizzle-orm";
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
export async function listAudit(
  db: DbOrTx,
  query: { targetType: string; targetId?: string | null; limit?: number },
): Promise<AuditRecord[]> {
  const target =
    query.targetId === undefined
      ? undefined
      : query.targetId === null
        ? isNull(schema.auditLog.targetId)
        : eq(schema.auditLog.targetId, query.targetId);
  return db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.targetType, query.targetType), target))
    .orderBy(desc(schema.auditLog.createdAt), desc(schema.auditLog.id))
    .limit(Math.min(Math.max(query.limit ?? 100, 1), 1000));
}
