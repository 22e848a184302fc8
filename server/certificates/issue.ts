// The `certificates.issue` job (spec: Course completion; docs/decisions/certificates/certificates.md > Certificates). The
// learning engine enqueues it in the transaction that completes a level (with
// issuesIntermediateCertificate) or the course. The job prepares the certificate's fields
// (snapshots of name, birth date, course and level titles, IssuedBy from the course
// version's accreditation) and hands them to the configured partner: the sandbox assigns
// a number and the certificate is stored at once; the manual partner leaves a task for an
// admin (manual.ts).
//
// Delivery is at least once and a completion may enqueue twice, so everything is keyed by
// (enrollment, type, level): the database's unique keys on certificates and on
// certificate_requests make a repeated or parallel run find the work done.
import { and, eq, isNull } from "drizzle-orm";
import { schema, type Database, type DbOrTx } from "../db";
import type { CertificateDraft, IssuedBy } from "../db/schema";
import { recordIssuedCertificate } from "../enrollments";
import type { IdpApi } from "../identity";
import type { Logger } from "../log";
import type { Queue, QueuePayloads } from "../queue";
import { verificationHash } from "./hash";
import { sandboxRegistrationNumber, type CertificatePartnerKind } from "./partners";

const { certificates, certificateRequests, enrollments, courses, levels, levelCompletions, users } = schema;

export type CertificateRow = typeof certificates.$inferSelect;
export type IssueJob = QueuePayloads["certificates.issue"];

export type IssueDeps = {
  db: Database;
  log: Logger;
  /** the student's e-mail is queued in the issuing transaction */
  queue: Queue;
  /** the provider's person API (birth date); without it the birth date stays empty */
  idpApi?: IdpApi;
  partner: CertificatePartnerKind;
  /** CERTIFICATE_BIRTH_DATE: the partner needs the holder's birth date */
  birthDate: boolean;
  clock?: { now(): Date };
};

export type IssueResult =
  | { status: "issued"; certificateId: string; registrationNumber: string }
  | { status: "already_issued"; certificateId: string }
  | { status: "awaiting_admin"; requestId: string }
  | { status: "skipped"; reason: string };

/** What identifies one certificate of an enrollment (the unique triple). */
export type CertificateKey = { enrollmentId: string; type: "final" | "intermediate"; levelId: string | null };

const sameKey = (table: typeof certificates | typeof certificateRequests, key: CertificateKey) =>
  and(eq(table.enrollmentId, key.enrollmentId), eq(table.type, key.type), key.levelId === null ? isNull(table.levelId) : eq(table.levelId, key.levelId));

/** The certificate of (enrollment, type, level), if issued. */
export async function findIssuedCertificate(db: DbOrTx, key: CertificateKey): Promise<CertificateRow | null> {
  const [row] = await db.select().from(certificates).where(sameKey(certificates, key));
  return row ?? null;
}

/** The title printed on the certificate: the accreditation's certificate type (and the level). */
export function certificateTitleFor(certificateType: string, levelTitle: string | null): string {
  return levelTitle ? `${certificateType} – ${levelTitle}` : certificateType;
}

/**
 * The certificate's fields as of now, or why none is due: the enrollment must exist and
 * not be cancelled, the level (or course) must be completed, the course version must have
 * its accreditation (spec: Course > accreditation "required to issue a final certificate").
 */
export async function prepareDraft(
  deps: Pick<IssueDeps, "db" | "idpApi" | "birthDate">,
  key: CertificateKey,
): Promise<{ draft: CertificateDraft } | { skip: string }> {
  const { db } = deps;
  if (key.type === "intermediate" && !key.levelId) return { skip: "an intermediate certificate needs a level" };
  if (key.type === "final" && key.levelId) return { skip: "a final certificate has no level" };
  const [enrollment] = await db.select().from(enrollments).where(eq(enrollments.id, key.enrollmentId));
  if (!enrollment) return { skip: "enrollment not found" };
  if (enrollment.state === "cancelled") return { skip: "the enrollment is cancelled" };
  const [course] = await db
    .select({ title: courses.title, accreditation: courses.accreditation })
    .from(courses)
    .where(eq(courses.id, enrollment.courseVersionId));
  if (!course) return { skip: "course version not found" };
  let levelTitle: string | null = null;
  if (key.levelId) {
    const [level] = await db
      .select({ title: levels.title })
      .from(levels)
      .where(and(eq(levels.id, key.levelId), eq(levels.courseId, enrollment.courseVersionId)));
    if (!level) return { skip: "the level is not part of the enrollment's course version" };
    const [completion] = await db
      .select({ id: levelCompletions.id })
      .from(levelCompletions)
      .where(and(eq(levelCompletions.enrollmentId, enrollment.id), eq(levelCompletions.levelId, key.levelId)));
    if (!completion) return { skip: "the level is not completed" };
    levelTitle = level.title;
  } else if (!enrollment.completedAt) {
    return { skip: "the course is not completed" };
  }
  const accreditation = course.accreditation;
  if (!accreditation) return { skip: "the course version has no accreditation" };

  // the freshest name: the provider's (when asked), the user cache (each login), else the
  // enrollment's snapshot; the certificate keeps it for ever (spec: Change rules)
  let providerName: string | null = null;
  let birthDate: string | null = null;
  if (deps.birthDate && deps.idpApi) {
    // throws when the provider cannot answer: the job is retried (with backoff)
    const person = await deps.idpApi.getPerson(enrollment.studentId);
    providerName = person?.displayName ?? null;
    birthDate = person?.birthdate && /^\d{4}-\d{2}-\d{2}$/.test(person.birthdate) ? person.birthdate : null;
  }
  const [cached] = await db.select({ displayName: users.displayName }).from(users).where(eq(users.id, enrollment.studentId));
  const issuedBy: IssuedBy = {
    partnerOrgId: accreditation.partnerOrgId,
    partnerName: accreditation.partnerName,
    certificateType: accreditation.certificateType,
    ...(accreditation.accreditationNumber ? { accreditationNumber: accreditation.accreditationNumber } : {}),
    ...(accreditation.signatoryName ? { signatoryName: accreditation.signatoryName } : {}),
    ...(accreditation.signatoryName && accreditation.signatoryRole ? { signatoryRole: accreditation.signatoryRole } : {}),
  };
  return {
    draft: {
      studentId: enrollment.studentId,
      studentDisplayName: providerName ?? cached?.displayName ?? enrollment.studentDisplayName,
      studentBirthDate: birthDate,
      courseId: enrollment.courseId,
      courseVersionId: enrollment.courseVersionId,
      courseTitle: course.title,
      levelTitle,
      issuedBy,
      certificateTitle: certificateTitleFor(accreditation.certificateType, levelTitle),
    },
  };
}

export type StoreInput = CertificateKey & {
  draft: CertificateDraft;
  registrationNumber: string;
  pdfUrl: string | null;
  issuedAt: Date;
};

export type StoreResult = { status: "created"; certificate: CertificateRow } | { status: "exists"; certificate: CertificateRow } | { status: "number_taken" };

/**
 * Stores the certificate in `tx` with its hash, links it from the enrollment and queues
 * the student's e-mail. `insert … on conflict do nothing` meets both unique keys: a row
 * of the same (enrollment, type, level) means another run issued it ("exists", nothing
 * else is done); otherwise the registration number belongs to another certificate.
 */
export async function storeCertificate(tx: DbOrTx, queue: Queue, input: StoreInput): Promise<StoreResult> {
  // PostgreSQL keeps microseconds, Date milliseconds: store what toISOString() shows, so
  // the hash recomputed from the stored row is the same
  const issuedAt = new Date(input.issuedAt.getTime());
  const { draft } = input;
  const hash = verificationHash({
    registrationNumber: input.registrationNumber,
    type: input.type,
    studentId: draft.studentId,
    courseId: draft.courseId,
    courseVersionId: draft.courseVersionId,
    levelId: input.levelId,
    issuedAt,
  });
  const [row] = await tx
    .insert(certificates)
    .values({
      type: input.type,
      studentId: draft.studentId,
      studentDisplayName: draft.studentDisplayName,
      studentBirthDate: draft.studentBirthDate,
      courseId: draft.courseId,
      courseVersionId: draft.courseVersionId,
      courseTitle: draft.courseTitle,
      levelId: input.levelId,
      levelTitle: draft.levelTitle,
      enrollmentId: input.enrollmentId,
      issuedAt,
      issuedBy: draft.issuedBy,
      registrationNumber: input.registrationNumber,
      verificationHash: hash,
      pdfUrl: input.pdfUrl,
      certificateTitle: draft.certificateTitle,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    const existing = await findIssuedCertificate(tx, input);
    return existing ? { status: "exists", certificate: existing } : { status: "number_taken" };
  }
  await recordIssuedCertificate(tx, input.enrollmentId, { id: row.id, type: row.type });
  // a manual task for the same certificate is done now, however it was issued (the admin
  // completing it sets who did it; a sandbox run after a change of partner leaves none open)
  await tx
    .update(certificateRequests)
    .set({ state: "issued", certificateId: row.id })
    .where(and(sameKey(certificateRequests, input), eq(certificateRequests.state, "pending")));
  await queue.enqueue(tx, "mail.send", { kind: "certificate_issued", certificateId: row.id });
  return { status: "created", certificate: row };
}

/** One run of the job. */
export async function issueCertificate(deps: IssueDeps, job: IssueJob): Promise<IssueResult> {
  const key: CertificateKey = { enrollmentId: job.enrollmentId, type: job.type, levelId: job.levelId ?? null };
  const issued = await findIssuedCertificate(deps.db, key);
  if (issued) return { status: "already_issued", certificateId: issued.id };
  const prepared = await prepareDraft(deps, key);
  if ("skip" in prepared) return { status: "skipped", reason: prepared.skip };

  if (deps.partner === "manual") {
    const [created] = await deps.db
      .insert(certificateRequests)
      .values({ ...key, draft: prepared.draft })
      .onConflictDoNothing()
      .returning({ id: certificateRequests.id });
    if (created) return { status: "awaiting_admin", requestId: created.id };
    const [request] = await deps.db.select().from(certificateRequests).where(sameKey(certificateRequests, key));
    return request.certificateId ? { status: "already_issued", certificateId: request.certificateId } : { status: "awaiting_admin", requestId: request.id };
  }

  // sandbox: a number of its own; a (rare) collision draws again
  for (let attempt = 0; attempt < 5; attempt++) {
    const issuedAt = (deps.clock ?? { now: () => new Date() }).now();
    const registrationNumber = sandboxRegistrationNumber(issuedAt);
    const stored = await deps.db.transaction((tx) =>
      storeCertificate(tx, deps.queue, { ...key, draft: prepared.draft, registrationNumber, pdfUrl: null, issuedAt }),
    );
    if (stored.status === "created") return { status: "issued", certificateId: stored.certificate.id, registrationNumber };
    if (stored.status === "exists") return { status: "already_issued", certificateId: stored.certificate.id };
  }
  throw new Error("the sandbox partner drew five registration numbers that were all taken");
}

/** The handler of the `certificates.issue` job (jobs/ registers it). */
export function issueCertificateJob(deps: IssueDeps) {
  return async (job: IssueJob) => {
    const result = await issueCertificate(deps, job);
    const fields = { enrollmentId: job.enrollmentId, type: job.type, levelId: job.levelId };
    if (result.status === "issued") deps.log.info("certificate issued", { ...fields, certificateId: result.certificateId, partner: deps.partner });
    else if (result.status === "awaiting_admin")
      deps.log.info("certificate awaits the admin's registration number", { ...fields, requestId: result.requestId });
    else if (result.status === "skipped") deps.log.warn("certificate not issued", { ...fields, reason: result.reason });
    else deps.log.debug("certificate already issued", { ...fields, certificateId: result.certificateId });
    return result;
  };
}
