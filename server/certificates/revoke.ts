// Revoking a certificate. The spec gives the move into revoked no
// endpoint, but admins need it (plagiarism, test fraud): revokedAt and revokedReason are
// set once, the audit log records who and why, and verification then answers valid: false.
import { and, eq, inArray, isNull } from "drizzle-orm";
import { writeAudit } from "../audit";
import { schema, type Database, type DbOrTx } from "../db";
import type { Queue } from "../queue";
import { ok, refused, type Outcome } from "../kernel/outcome";
import type { AdminActor } from "./manual";
import { isId } from "../../shared/ids";

const { certificates } = schema;

/** Revokes a certificate; refused: not_found, or conflict when it is revoked already (nothing written). */
export async function revokeCertificate(
  db: Database,
  actor: AdminActor,
  certificateId: string,
  reason: string,
  now: Date,
): Promise<Outcome<{ revokedAt: Date }>> {
  if (!isId(certificateId)) return refused("not_found", "Certifikát neexistuje.");
  return db.transaction(async (tx) => {
    const [certificate] = await tx.select().from(certificates).where(eq(certificates.id, certificateId)).for("update");
    if (!certificate) return refused("not_found", "Certifikát neexistuje.");
    if (certificate.revokedAt) {
      return refused("conflict", "Certifikát je už odvolaný.", {
        revokedAt: certificate.revokedAt.toISOString(),
        revokedReason: certificate.revokedReason,
      });
    }
    await tx.update(certificates).set({ revokedAt: now, revokedReason: reason, updatedAt: now }).where(eq(certificates.id, certificate.id));
    await writeAudit(tx, {
      actorId: actor.actorId,
      actorRoles: actor.actorRoles,
      action: "certificate.revoke",
      targetType: "certificate",
      targetId: certificate.id,
      details: { registrationNumber: certificate.registrationNumber, enrollmentId: certificate.enrollmentId, type: certificate.type, reason },
      ip: actor.ip ?? null,
    });
    return ok({ revokedAt: now });
  });
}

/** Why money going back revokes a certificate (the reason stored and shown on verification). */
export const MONEY_BACK_REVOCATION_REASONS = {
  refund: "Platba za kurz bola vrátená.",
  dispute: "Platba za kurz bola vrátená bankou (reklamácia platby).",
} as const;

/**
 * Money went back for the enrollments (a refund that ends them, a lost dispute): every
 * certificate issued for them and still valid is revoked in the caller's transaction, with
 * an audit row each and the student's e-mail queued (docs/decisions/payments/money-back-ends-what-it-paid-for.md > Money back ends what
 * it paid for). The Open Badges status bit follows `revokedAt` (open-badge.ts). Returns the
 * revoked certificates' ids.
 */
export async function revokeCertificatesOfEnrollments(
  tx: DbOrTx,
  deps: { queue: Queue; now: Date },
  input: { enrollmentIds: string[]; cause: keyof typeof MONEY_BACK_REVOCATION_REASONS; actorId: string; orderId: string },
): Promise<string[]> {
  if (input.enrollmentIds.length === 0) return [];
  const reason = MONEY_BACK_REVOCATION_REASONS[input.cause];
  const revoked = await tx
    .update(certificates)
    .set({ revokedAt: deps.now, revokedReason: reason, updatedAt: deps.now })
    .where(and(inArray(certificates.enrollmentId, input.enrollmentIds), isNull(certificates.revokedAt)))
    .returning({ id: certificates.id, registrationNumber: certificates.registrationNumber, enrollmentId: certificates.enrollmentId, type: certificates.type });
  for (const c of revoked) {
    await writeAudit(tx, {
      actorId: input.actorId,
      action: "certificate.revoke",
      targetType: "certificate",
      targetId: c.id,
      reason,
      details: { registrationNumber: c.registrationNumber, enrollmentId: c.enrollmentId, type: c.type, cause: input.cause, orderId: input.orderId },
    });
    await deps.queue.enqueue(tx, "mail.send", { kind: "certificate_revoked", certificateId: c.id });
  }
  return revoked.map((c) => c.id);
}

/** How many certificates of these enrollments are valid (the refund form says they will be revoked). */
export async function countValidCertificates(db: DbOrTx, enrollmentIds: string[]): Promise<number> {
  if (enrollmentIds.length === 0) return 0;
  const rows = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(inArray(certificates.enrollmentId, enrollmentIds), isNull(certificates.revokedAt)));
  return rows.length;
}
