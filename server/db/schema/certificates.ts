// spec: Resources > Certificate.
import { index, pgEnum, pgTable, serial, text, jsonb, unique, date } from "drizzle-orm/pg-core";
import { createdAt, idPk, idRef, ts, updatedAt } from "./columns";
import type { Accreditation } from "./catalog";

export const certificateType = pgEnum("certificate_type", ["final", "intermediate"]);

/** The course's accreditation as it stood when the certificate was issued: the same keys as Accreditation. */
export type IssuedBy = Accreditation;

export const certificates = pgTable(
  "certificates",
  {
    id: idPk(),
    type: certificateType("type").notNull(),
    studentId: text("student_id").notNull(),
    studentDisplayName: text("student_display_name").notNull(),
    studentBirthDate: date("student_birth_date"),
    courseId: idRef("course_id").notNull(),
    courseVersionId: idRef("course_version_id").notNull(),
    courseTitle: text("course_title").notNull(),
    levelId: idRef("level_id"),
    levelTitle: text("level_title"),
    enrollmentId: idRef("enrollment_id").notNull(),
    issuedAt: ts("issued_at").notNull(),
    issuedBy: jsonb("issued_by").$type<IssuedBy>().notNull(),
    registrationNumber: text("registration_number").notNull().unique("certificates_registration_uq"),
    verificationHash: text("verification_hash").notNull(),
    pdfUrl: text("pdf_url"),
    certificateTitle: text("certificate_title").notNull(),
    revokedAt: ts("revoked_at"),
    revokedReason: text("revoked_reason"),
    /**
     * the certificate's bit in the Open Badges revocation status list: drawn from a
     * sequence when the row is inserted (existing rows got theirs when the column was
     * added), so it is unique and never changes (docs/decisions/certificates/open-badges.md > Open Badges)
     */
    statusListIndex: serial("status_list_index").notNull().unique("certificates_status_list_index_uq"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // one final and one intermediate per level and enrollment; levelId is null for
    // final certificates, so NULLs must count as equal here
    unique("certificates_enrollment_type_level_uq").on(t.enrollmentId, t.type, t.levelId).nullsNotDistinct(),
    index("certificates_student_idx").on(t.studentId),
  ],
);

/** What a certificate will carry, prepared by the issuing job (server/certificates). */
export type CertificateDraft = {
  studentId: string;
  studentDisplayName: string;
  /** YYYY-MM-DD, when the partner needs it and the provider knows it */
  studentBirthDate: string | null;
  courseId: string;
  courseVersionId: string;
  courseTitle: string;
  levelTitle: string | null;
  issuedBy: IssuedBy;
  certificateTitle: string;
};

export const certificateRequestState = pgEnum("certificate_request_state", ["pending", "issued"]);

/**
 * Issuing tasks of the manual partner (phase 1): the job prepares the certificate's
 * fields and waits here for an admin to enter the partner's registration number.
 * One task per (enrollment, type, level), like the certificates themselves.
 */
export const certificateRequests = pgTable(
  "certificate_requests",
  {
    id: idPk(),
    enrollmentId: idRef("enrollment_id").notNull(),
    type: certificateType("type").notNull(),
    levelId: idRef("level_id"),
    state: certificateRequestState("state").notNull().default("pending"),
    draft: jsonb("draft").$type<CertificateDraft>().notNull(),
    certificateId: idRef("certificate_id"),
    /** person id of the admin who entered the registration number */
    completedBy: text("completed_by"),
    completedAt: ts("completed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("certificate_requests_enrollment_type_level_uq").on(t.enrollmentId, t.type, t.levelId).nullsNotDistinct(),
    index("certificate_requests_state_idx").on(t.state, t.createdAt),
  ],
);
