// Revoking a certificate. The spec gives the move into revoked no
// endpoint, but admins need it (plagiarism, test fraud): revokedAt and revokedReason are
// set once, the audit log records who and why, and verification then answers valid: false.
import { eq } from "drizzle-orm";
import { writeAudit } from "../audit";
import { schema, type Database } from "../db";
import { DomainError } from "../http/errors";
import type { AdminActor } from "./manual";
import { isId } from "../db";

const { certificates } = schema;

export async function revokeCertificate(db: Database, actor: AdminActor, certificateId: string, reason: string, now: Date): Promise<{ revokedAt: Date }> {
  if (!isId(certificateId)) throw new DomainError("not_found", "Certifikát neexistuje.");
  return db.transaction(async (tx) => {
    const [certificate] = await tx.select().from(certificates).where(eq(certificates.id, certificateId)).for("update");
    if (!certificate) throw new DomainError("not_found", "Certifikát neexistuje.");
    if (certificate.revokedAt) {
      throw new DomainError("conflict", "Certifikát je už zrušený.", { revokedAt: certificate.revokedAt.toISOString(), revokedReason: certificate.revokedReason });
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
    return { revokedAt: now };
  });
}
