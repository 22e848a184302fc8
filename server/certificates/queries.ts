// Reading certificates: the owner's list and detail, the public verification (spec:
// Endpoints > verification; docs/decisions/certificates/certificates.md > Certificates), and their JSON shapes.
import { timingSafeEqual } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { prepared, schema, type DbOrTx } from "../db";
import { DomainError } from "../kernel/errors";
import { ok, refused, type Outcome } from "../kernel/outcome";
import { bratislavaDay } from "../../shared/calendar";
import type { Certificate, CertificateRequest, VerificationResponse } from "./contract";
import { hashMatches } from "./hash";
import type { CertificateRow } from "./issue";
import type { CertificateRequestItem } from "./manual";
import { isId } from "../../shared/ids";

const { certificates } = schema;

/** The calendar day of `at` in Europe/Bratislava (YYYY-MM-DD): the date printed on certificates. */
export function issueDay(at: Date): string {
  return bratislavaDay(at);
}

/** The public verification page of a certificate: `/verify/<number>?h=<hash>`. */
export function verificationUrl(publicUrl: string, registrationNumber: string, hash: string): string {
  return `${publicUrl}/verify/${encodeURIComponent(registrationNumber)}?h=${hash}`;
}

/** Hex characters of the verification hash a short link carries (40 bits: unguessable behind the read limits). */
export const SHORT_LINK_HASH_CHARS = 10;

/**
 * The short verification link the certificate page shows with its QR code:
 * `/v/<number>/<first 10 hex of the hash>`; it answers with a redirect to the full
 * verification URL (docs/decisions/student-ui/student-pages-on-a-phone.md > Finishing a course).
 */
export function shortVerificationUrl(publicUrl: string, registrationNumber: string, hash: string): string {
  return `${publicUrl}/v/${encodeURIComponent(registrationNumber)}/${hash.slice(0, SHORT_LINK_HASH_CHARS)}`;
}

/**
 * The short verification code printed on the certificate, its PDF and its page beside the
 * registration number: the short link's 10 hex digits, upper-case in two groups of five
 * ("3F9AC-2B17D"); /verify takes it (or the full 64-digit code) with the number.
 */
export function shortVerificationCode(hash: string): string {
  const code = hash.slice(0, SHORT_LINK_HASH_CHARS).toUpperCase();
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A typed code without its spaces and dashes, lower-case: "3f9a c-2B17D" → "3f9ac2b17d". */
function typedCode(presented: string): string {
  return presented.replace(/[\s-]+/g, "").toLowerCase();
}

async function certificateByNumber(db: DbOrTx, registrationNumber: string): Promise<CertificateRow | undefined> {
  const query = prepared(db, "certificate_by_number", (name) =>
    db
      .select()
      .from(certificates)
      .where(eq(certificates.registrationNumber, sql.placeholder("number")))
      .prepare(name),
  );
  const [row] = await query.execute({ number: registrationNumber });
  return row;
}

/**
 * The full verification URL a short link stands for; 404 `not_found` alike for an unknown
 * number and a wrong prefix (compared in constant time, as the full hash is).
 */
export async function resolveShortVerificationLink(
  db: DbOrTx,
  publicUrl: string,
  registrationNumber: string | undefined,
  prefix: string | undefined,
): Promise<string> {
  // made only when refused: an error captures its stack, which a verified answer need not pay for
  const notFound = () => new DomainError("not_found", "Certifikát s týmto registračným číslom a overovacím kódom neexistuje.");
  if (!registrationNumber || registrationNumber.length > 200 || !prefix || !/^[0-9a-f]+$/.test(prefix) || prefix.length !== SHORT_LINK_HASH_CHARS)
    throw notFound();
  const row = await certificateByNumber(db, registrationNumber);
  const known = (row?.verificationHash ?? "0".repeat(64)).slice(0, SHORT_LINK_HASH_CHARS);
  const matches = timingSafeEqual(Buffer.from(known), Buffer.from(prefix));
  if (!row || !matches) throw notFound();
  return verificationUrl(publicUrl, row.registrationNumber, row.verificationHash);
}

/** The owner's page of a certificate (the e-mail's detail link). */
export function certificatePageUrl(publicUrl: string, certificateId: string): string {
  return `${publicUrl}/ucet/certifikaty/${certificateId}`;
}

export function confirmationPdfPath(certificateId: string): string {
  return `/api/certificates/${certificateId}/pdf`;
}

export function toCertificateResponse(row: CertificateRow, publicUrl: string): Certificate {
  return {
    _id: row.id,
    type: row.type,
    studentId: row.studentId,
    studentDisplayName: row.studentDisplayName,
    studentBirthDate: row.studentBirthDate ?? null,
    courseId: row.courseId,
    courseVersionId: row.courseVersionId,
    courseTitle: row.courseTitle,
    levelId: row.levelId ?? null,
    levelTitle: row.levelTitle ?? null,
    enrollmentId: row.enrollmentId,
    issuedAt: row.issuedAt.toISOString(),
    issuedBy: {
      partnerOrgId: row.issuedBy.partnerOrgId,
      partnerName: row.issuedBy.partnerName,
      certificateType: row.issuedBy.certificateType,
      ...(row.issuedBy.accreditationNumber ? { accreditationNumber: row.issuedBy.accreditationNumber } : {}),
      ...(row.issuedBy.signatoryName ? { signatoryName: row.issuedBy.signatoryName } : {}),
      ...(row.issuedBy.signatoryRole ? { signatoryRole: row.issuedBy.signatoryRole } : {}),
    },
    registrationNumber: row.registrationNumber,
    verificationHash: row.verificationHash,
    pdfUrl: row.pdfUrl ?? null,
    certificateTitle: row.certificateTitle,
    revokedAt: row.revokedAt ? row.revokedAt.toISOString() : null,
    revokedReason: row.revokedReason ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    verificationUrl: verificationUrl(publicUrl, row.registrationNumber, row.verificationHash),
    confirmationPdfUrl: confirmationPdfPath(row.id),
  };
}

export function toVerificationResponse(row: CertificateRow): VerificationResponse {
  return {
    registrationNumber: row.registrationNumber,
    type: row.type,
    courseTitle: row.courseTitle,
    levelTitle: row.type === "final" ? null : (row.levelTitle ?? null),
    issuedAt: issueDay(row.issuedAt),
    issuedBy: row.issuedBy.partnerName,
    valid: row.revokedAt === null,
    verificationHash: row.verificationHash,
  };
}

export function toCertificateRequestResponse(item: CertificateRequestItem): CertificateRequest {
  return {
    _id: item.id,
    enrollmentId: item.enrollmentId,
    type: item.type,
    levelId: item.levelId,
    state: item.state,
    draft: item.draft,
    studentEmail: item.studentEmail,
    certificateId: item.certificateId,
    completedBy: item.completedBy,
    completedAt: item.completedAt ? item.completedAt.toISOString() : null,
    createdAt: item.createdAt.toISOString(),
  };
}

/** The student's certificates, newest first. */
export async function listStudentCertificates(db: DbOrTx, studentId: string): Promise<CertificateRow[]> {
  const query = prepared(db, "certificates_of_student", (name) =>
    db
      .select()
      .from(certificates)
      .where(eq(certificates.studentId, sql.placeholder("studentId")))
      .orderBy(desc(certificates.issuedAt), desc(certificates.id))
      .prepare(name),
  );
  return query.execute({ studentId });
}

/** The newest certificates of every student (the admin's overview), at most `limit`. */
export async function listRecentCertificates(db: DbOrTx, limit = 20): Promise<CertificateRow[]> {
  return db
    .select()
    .from(certificates)
    .orderBy(desc(certificates.issuedAt), desc(certificates.id))
    .limit(Math.min(Math.max(limit, 1), 200));
}

/** One of the student's certificates; anyone else's (or an unknown id) is 404 `not_found`. */
export async function getStudentCertificate(db: DbOrTx, studentId: string, certificateId: string | undefined): Promise<CertificateRow> {
  if (!certificateId || !isId(certificateId)) throw new DomainError("not_found", "Certifikát neexistuje.");
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.id, certificateId), eq(certificates.studentId, studentId)));
  if (!row) throw new DomainError("not_found", "Certifikát neexistuje.");
  return row;
}

/**
 * The certificate a verification request names: 404 `not_found` alike for an unknown
 * number, a missing `h` and a wrong one (spec: Errors 2), so neither numbers nor hashes
 * can be probed apart. `h` is the full hash or the short code printed on the certificate
 * (its first 10 hex digits; spaces and dashes ignored): 40 bits behind the public read
 * limit, as the short link (docs/decisions/certificates/a-certificate-page-that-says-what-it.md > A certificate page that says what it is). The hash is compared in constant time; a revoked certificate is
 * found (the answer says `valid: false`).
 */
export async function verifyCertificate(db: DbOrTx, registrationNumber: string | undefined, presentedHash: string | null): Promise<Outcome<CertificateRow>> {
  // made only when refused: an error captures its stack, which a verified answer need not pay for
  const notFound = () => refused("not_found", "Certifikát s týmto registračným číslom a overovacím kódom neexistuje.");
  if (!registrationNumber || registrationNumber.length > 200) return notFound();
  const row = await certificateByNumber(db, registrationNumber.trim());
  // compare even when the number is unknown, so both failures take the same time; the
  // short code (10 hex digits, as typed from paper) is compared with the hash's prefix
  const stored = row?.verificationHash ?? "0".repeat(64);
  const typed = presentedHash ? typedCode(presentedHash) : "";
  const matches = typed.length === SHORT_LINK_HASH_CHARS ? hashMatches(stored.slice(0, SHORT_LINK_HASH_CHARS), typed) : hashMatches(stored, presentedHash);
  if (!row || !matches) return notFound();
  return ok(row);
}
