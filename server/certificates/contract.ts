// Request and response shapes of the certificates area (spec: Resources > Certificate;
// Endpoints > Public catalog: the verification endpoint; docs/api.md > Certificates).
import { z } from "zod";
import { Id } from "../kernel/contract";
import type { ApiArea } from "../http/openapi";
import { Accreditation } from "../catalog";

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const CertificateType = z.enum(["final", "intermediate"]);

/** The course's accreditation as it stood at issue time: catalog's Accreditation shape, under its own name in the OpenAPI document. */
export const IssuedBy = Accreditation.describe("the course's accreditation at issue time");

/** The Certificate resource as its owner sees it, plus where to verify and download it. */
export const Certificate = z.strictObject({
  _id: Id,
  type: CertificateType,
  studentId: z.string(),
  studentDisplayName: z.string().describe("snapshot at issue time"),
  studentBirthDate: IsoDate.nullable().describe("snapshot at issue time, when the partner needs it"),
  courseId: Id.describe("the course chain's first version (docs/decisions/authoring/course-identity-across-versions.md > Course identity across versions)"),
  courseVersionId: Id,
  courseTitle: z.string(),
  levelId: Id.nullable().describe("null for a final certificate"),
  levelTitle: z.string().nullable(),
  enrollmentId: Id,
  issuedAt: z.string(),
  issuedBy: IssuedBy,
  registrationNumber: z.string(),
  verificationHash: z.string().regex(/^[0-9a-f]{64}$/),
  pdfUrl: z.string().nullable().describe("the partner's certificate, when given"),
  certificateTitle: z.string(),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  verificationUrl: z.string().describe("the public verification page"),
  confirmationPdfUrl: z.string().describe("the platform's confirmation of completion (PDF, owner only)"),
});
export type Certificate = z.infer<typeof Certificate>;

export const CertificateListResponse = z.strictObject({ data: z.array(Certificate) });

/** spec: GET /api/verify/<registrationNumber>?h=<verificationHash> */
export const VerificationResponse = z.strictObject({
  registrationNumber: z.string(),
  type: CertificateType,
  courseTitle: z.string(),
  levelTitle: z.string().nullable().describe("null for final"),
  issuedAt: IsoDate.describe("the day of issue in Europe/Bratislava"),
  issuedBy: z.string().describe("the partner's name"),
  valid: z.boolean().describe("false once revoked"),
  verificationHash: z.string(),
});
export type VerificationResponse = z.infer<typeof VerificationResponse>;

export const VerificationQuery = z.object({ h: z.string().describe("the certificate's verificationHash (required; without it 404)") });

export const CertificateRequestState = z.enum(["pending", "issued"]);

export const CertificateDraft = z.strictObject({
  studentId: z.string(),
  studentDisplayName: z.string(),
  studentBirthDate: IsoDate.nullable(),
  courseId: Id,
  courseVersionId: Id,
  courseTitle: z.string(),
  levelTitle: z.string().nullable(),
  issuedBy: IssuedBy,
  certificateTitle: z.string(),
});

/** An issuing task of the manual partner (phase 1). */
export const CertificateRequest = z.strictObject({
  _id: Id,
  enrollmentId: Id,
  type: CertificateType,
  levelId: Id.nullable(),
  state: CertificateRequestState,
  draft: CertificateDraft.describe("what the certificate will carry; send it to the partner"),
  studentEmail: z.string().nullable(),
  certificateId: Id.nullable(),
  completedBy: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CertificateRequest = z.infer<typeof CertificateRequest>;

export const CertificateRequestListResponse = z.strictObject({ data: z.array(CertificateRequest) });

export const CertificateRequestListQuery = z.object({
  state: CertificateRequestState.optional().describe("pending (oldest first) or issued (newest first); all when absent"),
});

/** The partner's registration number: letters, digits and . _ / - (it becomes part of a URL). */
export const RegistrationNumber = z
  .string()
  .trim()
  .min(1, "Zadajte registračné číslo od partnera.")
  .max(64, "Registračné číslo môže mať najviac 64 znakov.")
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, "Registračné číslo môže obsahovať iba písmená bez diakritiky, číslice a znaky . _ / -");

/** POST /api/admin/certificate-requests/<id>/issue and the admin page's form. */
export const IssueCertificateBody = z.strictObject({
  registrationNumber: RegistrationNumber,
  pdfUrl: z
    .url({ protocol: /^https?$/, error: "Zadajte platnú adresu PDF, napríklad https://partner.sk/certifikat.pdf." })
    .max(2000)
    .nullish()
    .describe("the partner's certificate PDF, if it has one"),
});
export type IssueCertificateBody = z.infer<typeof IssueCertificateBody>;

/** POST /api/admin/certificates/<id>/revoke (the spec has no endpoint for it). */
export const RevokeCertificateBody = z.strictObject({
  reason: z.string().trim().min(3, "Uveďte dôvod zrušenia (aspoň 3 znaky).").max(500, "Dôvod môže mať najviac 500 znakov."),
});
export type RevokeCertificateBody = z.infer<typeof RevokeCertificateBody>;
export const RevokeCertificateResponse = z.strictObject({ ok: z.literal(true), revokedAt: z.string() });

const certificateId = Id;

// ---- Open Badges 3.0 (docs/decisions/certificates/open-badges.md > Open Badges) ----

export const CredentialFormat = z.enum(["jwt", "json", "svg", "png"]);
export const CredentialQuery = z.object({
  format: CredentialFormat.optional().describe(
    "absent: this JSON; jwt: the VC-JWT file; json: the VCDM 2.0 enveloped credential file; svg/png: the baked badge image",
  ),
});
export const CredentialResponse = z.strictObject({
  jwt: z.string().describe("the OpenBadgeCredential secured as VC-JWT (compact JWS)"),
  credential: z.looseObject({ id: z.string(), type: z.array(z.string()) }).describe("the credential the JWT carries (its payload without the JWT claims)"),
  linkedInUrl: z.string().describe("LinkedIn's add-to-profile link with the certification prefilled"),
});
export const CredentialVerdictCode = z.enum(["valid", "revoked", "not_ours", "tampered", "expired", "not_yet_valid", "unreadable"]);
export const CredentialCheckBody = z.strictObject({
  credential: z.string().min(1, "Vložte overiteľný certifikát.").max(600_000).describe("a VC-JWT, the enveloped .json, or a baked SVG as text"),
});
export const CredentialCheckResponse = z.strictObject({
  verdict: CredentialVerdictCode,
  message: z.string().describe("the verdict in Slovak"),
  certificate: VerificationResponse.nullable().describe("the certificate's public facts when the credential is ours (valid or revoked)"),
});
const OpenBadgeDocument = z.looseObject({}).describe("JSON-LD (Open Badges 3.0)");

export const certificatesApi: ApiArea = {
  schemas: {
    CertificateType,
    IssuedBy,
    Certificate,
    CertificateListResponse,
    VerificationResponse,
    CertificateRequestState,
    CertificateDraft,
    CertificateRequest,
    CertificateRequestListResponse,
    IssueCertificateBody,
    RevokeCertificateBody,
    RevokeCertificateResponse,
    CredentialResponse,
    CredentialCheckBody,
    CredentialCheckResponse,
  },
  operations: [
    {
      method: "get",
      path: "/api/certificates/me",
      operationId: "listMyCertificates",
      summary: "The caller's certificates, newest first",
      tags: ["certificates"],
      auth: { kind: "session" },
      responses: { 200: { description: "the caller's certificates", schema: CertificateListResponse } },
      errors: ["unauthorized"],
    },
    {
      method: "get",
      path: "/api/certificates/{certificateId}",
      operationId: "getMyCertificate",
      summary: "One of the caller's certificates (anyone else's is 404)",
      tags: ["certificates"],
      auth: { kind: "session" },
      pathParams: { certificateId },
      responses: { 200: { description: "the certificate", schema: Certificate } },
      errors: ["unauthorized", "not_found"],
    },
    {
      method: "get",
      path: "/api/certificates/{certificateId}/pdf",
      operationId: "getMyCertificateConfirmation",
      summary: "The platform's confirmation of completion as PDF, with the verification URL and its QR code (not the partner's certificate)",
      tags: ["certificates"],
      auth: { kind: "session" },
      pathParams: { certificateId },
      responses: { 200: { description: "the confirmation", contentType: "application/pdf" } },
      errors: ["unauthorized", "not_found"],
    },
    {
      method: "get",
      path: "/api/verify/{registrationNumber}",
      operationId: "verifyCertificate",
      summary: "Public verification of a certificate by its registration number and hash (60 per minute per IP)",
      tags: ["certificates"],
      auth: { kind: "public" },
      rateLimit: "public",
      pathParams: { registrationNumber: z.string() },
      query: VerificationQuery,
      responses: { 200: { description: "the certificate's public facts; valid is false once revoked", schema: VerificationResponse } },
      errors: ["not_found", "rate_limited"],
    },
    {
      method: "get",
      path: "/api/certificates/{certificateId}/credential",
      operationId: "getMyCertificateCredential",
      summary: "The certificate as an Open Badges 3.0 credential (VC-JWT); with format a file: .jwt, .json (enveloped), or a baked badge image (.svg, .png)",
      tags: ["certificates", "open-badges"],
      auth: { kind: "session" },
      pathParams: { certificateId },
      query: CredentialQuery,
      responses: { 200: { description: "the credential (JSON without format; the file with format)", schema: CredentialResponse } },
      errors: ["unauthorized", "not_found", "validation"],
    },
    {
      method: "post",
      path: "/api/verify/{registrationNumber}",
      operationId: "checkCertificateCredential",
      summary:
        "Checks a presented Open Badges credential of this certificate: valid, revoked, not ours, tampered, expired or not yet valid (60 per minute per IP)",
      tags: ["certificates", "open-badges"],
      auth: { kind: "public" },
      rateLimit: "public",
      pathParams: { registrationNumber: z.string() },
      body: { contentType: "application/json", schema: CredentialCheckBody },
      responses: { 200: { description: "the verdict", schema: CredentialCheckResponse } },
      errors: ["validation", "rate_limited"],
    },
    {
      method: "get",
      path: "/api/openbadges/issuer",
      operationId: "getOpenBadgesIssuer",
      summary: "The issuer Profile of every credential (Open Badges 3.0)",
      tags: ["open-badges"],
      auth: { kind: "public" },
      rateLimit: "public",
      responses: { 200: { description: "the Profile", schema: OpenBadgeDocument } },
      errors: ["rate_limited"],
    },
    {
      method: "get",
      path: "/api/openbadges/jwks",
      operationId: "getOpenBadgesKeys",
      summary: "The issuer's public keys (JWK set): the signing key and the retired ones",
      tags: ["open-badges"],
      auth: { kind: "public" },
      rateLimit: "public",
      responses: { 200: { description: "the JWK set", schema: z.strictObject({ keys: z.array(z.looseObject({ kid: z.string(), kty: z.string() })) }) } },
      errors: ["rate_limited"],
    },
    {
      method: "get",
      path: "/api/openbadges/keys/{thumbprint}",
      operationId: "getOpenBadgesKey",
      summary: "One public key (the kid of a credential)",
      tags: ["open-badges"],
      auth: { kind: "public" },
      rateLimit: "public",
      pathParams: { thumbprint: z.string() },
      responses: { 200: { description: "the public JWK", schema: z.looseObject({ kid: z.string(), kty: z.string() }) } },
      errors: ["not_found", "rate_limited"],
    },
    {
      method: "get",
      path: "/api/openbadges/achievements/{courseVersionId}",
      operationId: "getOpenBadgesCourseAchievement",
      summary: "The Achievement of a course version's final certificate: a published version, or one that issued it (else 404)",
      tags: ["open-badges"],
      auth: { kind: "public" },
      rateLimit: "public",
      pathParams: { courseVersionId: Id },
      responses: { 200: { description: "the Achievement", schema: OpenBadgeDocument } },
      errors: ["not_found", "rate_limited"],
    },
    {
      method: "get",
      path: "/api/openbadges/achievements/{courseVersionId}/levels/{levelId}",
      operationId: "getOpenBadgesLevelAchievement",
      summary: "The Achievement of a level's intermediate certificate: a published version, or one that issued it (else 404)",
      tags: ["open-badges"],
      auth: { kind: "public" },
      rateLimit: "public",
      pathParams: { courseVersionId: Id, levelId: Id },
      responses: { 200: { description: "the Achievement", schema: OpenBadgeDocument } },
      errors: ["not_found", "rate_limited"],
    },
    {
      method: "get",
      path: "/api/openbadges/status/{list}",
      operationId: "getOpenBadgesStatusList",
      summary: "A revocation status list (Bitstring Status List credential as VC-JWT), re-signed on request, max-age 60 s",
      tags: ["open-badges"],
      auth: { kind: "public" },
      rateLimit: "public",
      pathParams: { list: z.string().regex(/^\d+$/) },
      responses: { 200: { description: "the status list credential", contentType: "application/vc+jwt" } },
      errors: ["not_found", "rate_limited"],
    },
    {
      method: "get",
      path: "/api/admin/certificate-requests",
      operationId: "listCertificateRequests",
      summary: "Issuing tasks of the manual partner (phase 1)",
      tags: ["admin", "certificates"],
      auth: { kind: "session", roles: ["admin"] },
      query: CertificateRequestListQuery,
      responses: { 200: { description: "the tasks", schema: CertificateRequestListResponse } },
      errors: ["unauthorized", "forbidden", "validation"],
    },
    {
      method: "post",
      path: "/api/admin/certificate-requests/{requestId}/issue",
      operationId: "issueCertificateManually",
      summary: "Completes a task with the partner's registration number (and PDF URL): the certificate is stored, the student e-mailed, the audit log written",
      tags: ["admin", "certificates"],
      auth: { kind: "session", roles: ["admin"] },
      pathParams: { requestId: Id },
      body: { contentType: "application/json", schema: IssueCertificateBody },
      responses: { 201: { description: "the certificate", schema: Certificate } },
      errors: [
        "unauthorized",
        "reauthentication_required",
        "forbidden",
        "not_found",
        "validation",
        "registration_number_taken",
        "certificate_request_not_pending",
      ],
    },
    {
      method: "post",
      path: "/api/admin/certificates/{certificateId}/revoke",
      operationId: "revokeCertificate",
      summary: "Revokes a certificate (plagiarism, test fraud): revokedAt and revokedReason set, audit log written; verification then answers valid: false",
      tags: ["admin", "certificates"],
      auth: { kind: "session", roles: ["admin"] },
      pathParams: { certificateId: Id },
      body: { contentType: "application/json", schema: RevokeCertificateBody },
      responses: { 200: { description: "when it was revoked", schema: RevokeCertificateResponse } },
      errors: ["unauthorized", "reauthentication_required", "forbidden", "not_found", "validation", "conflict"],
    },
  ],
};
