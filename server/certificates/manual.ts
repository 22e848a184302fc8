// The manual partner (phase 1): issuing tasks an admin completes with the partner's
// registration number (spec: What the service does 4; docs/decisions/certificates/certificates.md > Certificates). The
// certificate is stored, linked from the enrollment and e-mailed exactly as the sandbox
// does it (issue.ts storeCertificate), and the audit log records who entered the number.
import { and, desc, eq, type SQL } from "drizzle-orm";
import { writeAudit, type AuditActor } from "../audit";
import { schema, type Database, type Tx } from "../db";
import type { CertificateDraft } from "../db/schema";
import { DomainError } from "../kernel/errors";
import { ok, refusalOf, refused, type Outcome } from "../kernel/outcome";
import type { Queue } from "../queue";
import { storeCertificate, type CertificateRow } from "./issue";
import { isId } from "../../shared/ids";

const { certificateRequests, enrollments } = schema;

export type CertificateRequestState = "pending" | "issued";

export type CertificateRequestItem = {
  id: string;
  enrollmentId: string;
  type: "final" | "intermediate";
  levelId: string | null;
  state: CertificateRequestState;
  draft: CertificateDraft;
  /** the enrollment's e-mail snapshot, for the admin's questions to the student */
  studentEmail: string | null;
  certificateId: string | null;
  completedBy: string | null;
  completedAt: Date | null;
  createdAt: Date;
};

/** Issuing tasks, oldest pending first (or the newest completed ones), at most `limit`. */
export async function listCertificateRequests(
  db: Database,
  query: { state?: CertificateRequestState; limit?: number } = {},
): Promise<CertificateRequestItem[]> {
  const where: SQL | undefined = query.state ? eq(certificateRequests.state, query.state) : undefined;
  const rows = await db
    .select({ request: certificateRequests, studentEmail: enrollments.studentEmail })
    .from(certificateRequests)
    .leftJoin(enrollments, eq(enrollments.id, certificateRequests.enrollmentId))
    .where(where)
    .orderBy(query.state === "pending" ? certificateRequests.createdAt : desc(certificateRequests.createdAt), certificateRequests.id)
    .limit(Math.min(Math.max(query.limit ?? 100, 1), 500));
  return rows.map(({ request: r, studentEmail }) => ({
    id: r.id,
    enrollmentId: r.enrollmentId,
    type: r.type,
    levelId: r.levelId,
    state: r.state,
    draft: r.draft,
    studentEmail: studentEmail ?? null,
    certificateId: r.certificateId,
    completedBy: r.completedBy,
    completedAt: r.completedAt,
    createdAt: r.createdAt,
  }));
}

/** The student's certificates still waiting for the partner's number (shown as "being issued"). */
export async function listStudentPendingRequests(
  db: Database,
  studentId: string,
): Promise<{ id: string; type: "final" | "intermediate"; courseTitle: string; levelTitle: string | null; createdAt: Date }[]> {
  const rows = await db
    .select({ request: certificateRequests })
    .from(certificateRequests)
    .innerJoin(enrollments, eq(enrollments.id, certificateRequests.enrollmentId))
    .where(and(eq(enrollments.studentId, studentId), eq(certificateRequests.state, "pending")))
    .orderBy(desc(certificateRequests.createdAt));
  return rows.map(({ request: r }) => ({ id: r.id, type: r.type, courseTitle: r.draft.courseTitle, levelTitle: r.draft.levelTitle, createdAt: r.createdAt }));
}

export type ManualIssueInput = { registrationNumber: string; pdfUrl?: string | null };

export type AdminActor = AuditActor;

/**
 * Completes a pending task with the partner's registration number (and PDF URL): the
 * certificate is stored with `issuedAt` = now, the task marked issued, an audit row
 * written, all in one transaction. The task's row lock makes a double submit wait for the
 * first and then get 409 `certificate_request_not_pending`; a number another certificate
 * holds is 409 `registration_number_taken` (nothing is stored). These refusals are returned
 * (an Outcome); the ones found after the certificate's insert are thrown inside the
 * transaction, so it rolls back, and returned from here.
 */
export async function issueCertificateManually(
  deps: { db: Database; queue: Queue; clock?: { now(): Date } },
  actor: AdminActor,
  requestId: string,
  input: ManualIssueInput,
): Promise<Outcome<CertificateRow>> {
  if (!isId(requestId)) return refused("not_found", "Úloha na vydanie certifikátu neexistuje.");
  try {
    return await deps.db.transaction((tx) => issueTask(tx, deps, actor, requestId, input));
  } catch (error) {
    return refusalOf(error);
  }
}

async function issueTask(
  tx: Tx,
  deps: { queue: Queue; clock?: { now(): Date } },
  actor: AdminActor,
  requestId: string,
  input: ManualIssueInput,
): Promise<Outcome<CertificateRow>> {
  const [request] = await tx.select().from(certificateRequests).where(eq(certificateRequests.id, requestId)).for("update");
  if (!request) return refused("not_found", "Úloha na vydanie certifikátu neexistuje.");
  if (request.state !== "pending") {
    return refused("certificate_request_not_pending", undefined, { certificateId: request.certificateId });
  }
  const issuedAt = (deps.clock ?? { now: () => new Date() }).now();
  const stored = await storeCertificate(tx, deps.queue, {
    enrollmentId: request.enrollmentId,
    type: request.type,
    levelId: request.levelId,
    draft: request.draft,
    registrationNumber: input.registrationNumber,
    pdfUrl: input.pdfUrl ?? null,
    issuedAt,
  });
  if (stored.status === "number_taken") {
    throw new DomainError("registration_number_taken", undefined, [
      { path: "registrationNumber", message: "Toto registračné číslo už má iný certifikát.", code: "registration_number_taken" },
    ]);
  }
  if (stored.status === "exists") {
    // issued meanwhile by another way (e.g. the sandbox before a change of partner)
    throw new DomainError("certificate_request_not_pending", "Tento certifikát už bol vydaný.", { certificateId: stored.certificate.id });
  }
  const certificate = stored.certificate;
  await tx
    .update(certificateRequests)
    .set({ state: "issued", certificateId: certificate.id, completedBy: actor.actorId, completedAt: issuedAt })
    .where(eq(certificateRequests.id, request.id));
  await writeAudit(tx, {
    actorId: actor.actorId,
    actorRoles: actor.actorRoles,
    action: "certificate.issue_manual",
    targetType: "certificate",
    targetId: certificate.id,
    details: {
      certificateRequestId: request.id,
      enrollmentId: request.enrollmentId,
      type: request.type,
      levelId: request.levelId,
      registrationNumber: certificate.registrationNumber,
      pdfUrl: certificate.pdfUrl,
    },
    ip: actor.ip ?? null,
  });
  return ok(certificate);
}
