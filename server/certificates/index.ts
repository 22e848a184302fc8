// Certificates area (spec: Resources > Certificate; the verification endpoint; Events >
// Notifications; docs/decisions/certificates/certificates.md > Certificates; docs/decisions/certificates/certificates.md > Certificates).
// - `issueCertificateJob` handles `certificates.issue` (jobs/ registers it): the sandbox
//   partner issues at once, the manual partner leaves a task for an admin.
// - `issueCertificateManually` completes a task with the partner's registration number.
// - `listStudentCertificates`, `getStudentCertificate`, `verifyCertificate` and the
//   serializers serve /api/certificates/*, /api/verify/* and the pages.
// - `renderConfirmationPdf`: the platform's confirmation of completion (not the partner's).
export {
  issueCertificate,
  issueCertificateJob,
  prepareDraft,
  storeCertificate,
  findIssuedCertificate,
  certificateTitleFor,
  type IssueDeps,
  type IssueJob,
  type IssueResult,
  type CertificateRow,
  type CertificateKey,
} from "./issue";
export {
  listCertificateRequests,
  listStudentPendingRequests,
  issueCertificateManually,
  type CertificateRequestItem,
  type CertificateRequestState,
  type ManualIssueInput,
  type AdminActor,
} from "./manual";
export {
  listStudentCertificates,
  listRecentCertificates,
  getStudentCertificate,
  verifyCertificate,
  toCertificateResponse,
  toVerificationResponse,
  toCertificateRequestResponse,
  verificationUrl,
  shortVerificationUrl,
  shortVerificationCode,
  resolveShortVerificationLink,
  certificatePageUrl,
  confirmationPdfPath,
  issueDay,
} from "./queries";
export { verificationHash, hashedText, hashMatches, type HashedFields } from "./hash";
export { sandboxRegistrationNumber, type CertificatePartnerKind } from "./partners";
export { certificateFileName } from "./file-names";
export { renderConfirmationPdf, confirmationFileName, signatory, PLATFORM_NAME } from "./pdf";
export {
  certificatesApi,
  Certificate,
  CertificateListResponse,
  VerificationResponse,
  CertificateRequest,
  CertificateRequestListResponse,
  CertificateRequestListQuery,
  IssueCertificateBody,
  RevokeCertificateBody,
  RegistrationNumber,
  CredentialQuery,
  CredentialResponse,
  CredentialCheckBody,
  CredentialCheckResponse,
} from "./contract";
export { revokeCertificate, revokeCertificatesOfEnrollments, countValidCertificates, MONEY_BACK_REVOCATION_REASONS } from "./revoke";
export {
  VC_CONTEXT,
  OB_CONTEXT,
  OB_SCHEMA,
  issuerUrl,
  jwksUrl,
  credentialKeyUrl,
  achievementUrl,
  statusListUrl,
  credentialPath,
  credentialId,
  certificateIdOfCredential,
  issuerDocument,
  jwksDocument,
  loadAchievement,
  loadPublicAchievement,
  achievementDocument,
  buildOpenBadgeCredential,
  openBadgeJwt,
  statusListJwt,
  highestStatusList,
  badgeSvg,
  bakedBadgeSvg,
  bakedBadgePng,
  badgeFileName,
  badgePng,
  linkedInAddUrl,
  emailIdentityHash,
  checkPresentedCredential,
  VERDICT_MESSAGES,
  type OpenBadgeDeps,
  type CredentialVerdict,
  type Achievement,
} from "./open-badge";
