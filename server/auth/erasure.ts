// Erasure request relayed by the identity provider (spec: External person and organization
// data; Limits: invoices and certificates are retained 10 years, never deleted on erasure).
// Each area forgets its own part through its door, all in the caller's transaction.
import type { DbOrTx } from "../db";
import { SYSTEM_IDP_ACTOR, writeAudit } from "../audit";
import { forgetCachedUser } from "../identity";
import { anonymizeStudentEnrollments } from "../enrollments";
import { revokeSessionsFor } from "./sessions";

export type ErasureResult = {
  personId: string;
  userCacheDeleted: boolean;
  enrollmentsAnonymized: number;
  sessionsRevoked: number;
};

/**
 * In one transaction: deletes the user cache row (identity), replaces the name snapshot on
 * the person's enrollments with a fixed label and clears their e-mail (enrollments),
 * revokes the person's sessions (auth), and writes an audit row. Orders, invoices,
 * certificates and test attempts are left untouched (legal retention). Safe to repeat.
 */
export async function eraseUser(
  db: DbOrTx,
  personId: string,
  options: { actorId?: string; reason?: string; ip?: string | null; details?: Record<string, unknown> } = {},
): Promise<ErasureResult> {
  return db.transaction(async (tx) => {
    const userCacheDeleted = await forgetCachedUser(tx, personId);
    const enrollmentsAnonymized = await anonymizeStudentEnrollments(tx, personId);
    const revoked = await revokeSessionsFor(tx, { sid: null, sub: personId }, "erasure");
    const result: ErasureResult = { personId, userCacheDeleted, enrollmentsAnonymized, sessionsRevoked: revoked.length };
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
