// Erasure request relayed by the identity provider (spec: External person and organization
// data; Limits: invoices and certificates are retained 10 years, never deleted on erasure).
import { and, eq, isNull } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";
import { SYSTEM_IDP_ACTOR, writeAudit } from "../audit";

/** The fixed label that replaces the student's name on enrollments. */
export const ANONYMIZED_STUDENT_LABEL = "Anonymizovaný študent";

export type ErasureResult = {
  personId: string;
  userCacheDeleted: boolean;
  enrollmentsAnonymized: number;
  sessionsRevoked: number;
};

/**
 * In one transaction: deletes the user cache row, replaces the name snapshot on the
 * person's enrollments with a fixed label and clears their e-mail, revokes the person's
 * sessions, and writes an audit row. Orders, invoices, certificates and test attempts are
 * left untouched (legal retention). Safe to repeat.
 */
export async function eraseUser(
  db: DbOrTx,
  personId: string,
  options: { actorId?: string; reason?: string; ip?: string | null; details?: Record<string, unknown> } = {},
): Promise<ErasureResult> {
  return db.transaction(async (tx) => {
    const deleted = await tx.delete(schema.users).where(eq(schema.users.id, personId)).returning({ id: schema.users.id });
    const anonymized = await tx
      .update(schema.enrollments)
      .set({ studentDisplayName: ANONYMIZED_STUDENT_LABEL, studentEmail: null })
      .where(eq(schema.enrollments.studentId, personId))
      .returning({ id: schema.enrollments.id });
    const revoked = await tx
      .update(schema.sessions)
      .set({ revokedAt: new Date(), revokedReason: "erasure" })
      .where(and(eq(schema.sessions.userId, personId), isNull(schema.sessions.revokedAt)))
      .returning({ id: schema.sessions.id });
    const result: ErasureResult = {
      personId,
      userCacheDeleted: deleted.length > 0,
      enrollmentsAnonymized: anonymized.length,
      sessionsRevoked: revoked.length,
    };
    await writeAudit(tx, {
      actorId: options.actorId ?? SYSTEM_IDP_ACTOR,
      action: "user.erase",
      targetType: "person",
      targetId: personId,
      reason: options.reason ?? "erasure request relayed by the identity provider",
      details: { ...options.details, ...result },
      ip: options.ip ?? null,
    });
    return result;
  });
}
