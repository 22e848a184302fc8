// The mail.send job (spec: Events > Notifications triggered by domain changes): one
// logical e-mail per job, e.g. the purchase confirmation of one order. Delivery is at
// least once, so each e-mail has a key (`<kind>:<id>`) and a row in mail_deliveries:
// claimed (state `sending`) before sending, `sent` after. A rerun finds `sent` and stops;
// a run that meets a fresh claim of another worker fails so pg-boss retries it later; a
// claim older than CLAIM_TIMEOUT_MS (a worker that died mid-send) is taken over. The
// Message-ID is derived from the key, so even a send repeated after such a crash carries
// the same Message-ID (and the outbox keeps one row per Message-ID).
import { and, eq, inArray, lt } from "drizzle-orm";
import type { InvoiceSupplier } from "../config";
import { schema, type Database } from "../db";
import { certificatePageUrl, verificationUrl } from "../certificates";
import {
  creditNoteFileName,
  creditNotePdf,
  ensureInvoicePdfForOrder,
  invoiceFileName,
  paymentRequestFileName,
  paymentRequestOf,
  renderCreditNotePdf,
  renderPaymentRequestPdf,
} from "../invoices";
import type { Logger } from "../log";
import { formatMoney } from "../money";
import { formatDate, formatMinutes } from "../../shared/format";
import type { MailJob } from "../queue";
import type { Mailer, OutgoingAttachment, OutgoingMail } from "./mailer";
import {
  adminOrderAlert,
  certificateIssued,
  certificateRevoked,
  completionNotice,
  disputeAccessEnded,
  disputeAccessRestored,
  duplicatePayment,
  enrollmentGranted,
  paymentAmountMismatch,
  paymentRequest,
  paymentRequestExpired,
  purchaseConfirmation,
  refundCompleted,
  seatInvitation,
  sponsorshipNotice,
  videoFailed,
  videoReady,
  webinarNotice,
} from "./templates";
import { webinarMail, type WebinarMailJob } from "../webinars";

const {
  mailDeliveries,
  orders,
  enrollments,
  organizations,
  courses,
  levels,
  parts,
  users,
  certificates,
  refunds,
  payments,
  creditNotes,
  auditLog,
  bankTransfers,
} = schema;

/**
 * A claim this old belongs to a worker that died mid-send (a live one gives up within the
 * SMTP timeouts of mailer.ts): the job's retry takes it over, about a minute after the kill
 * (docs/decisions/platform/jobs-keep-up.md > Jobs keep up).
 */
export const CLAIM_TIMEOUT_MS = 45_000;

export type MailDeps = {
  db: Database;
  log: Logger;
  mailer: Mailer;
  /** PUBLIC_URL: links in the e-mails, and the Message-ID's domain */
  publicUrl: string;
  /** ADMIN_URL: links in e-mails to admins (default PUBLIC_URL) */
  adminUrl?: string;
  /** the invoice PDF is rendered inline when its job has not run yet */
  supplier: InvoiceSupplier;
  clock?: { now(): Date };
  /**
   * who gets the admins' notices (course or level completed: spec: Events > Notifications);
   * ADMIN_NOTIFY_EMAIL, else every cached user with the admin role and an e-mail address
   */
  adminRecipients?: string[];
};

export type MailResult =
  | { status: "sent"; key: string; messageId: string; transport: "smtp" | "outbox" }
  | { status: "already_done"; key: string }
  | { status: "skipped"; key: string; reason: string };

/** Another worker is sending the same e-mail right now: try again later. */
export class MailInProgressError extends Error {
  override readonly name = "MailInProgressError";
}

/** The logical e-mail a job stands for. */
export function deliveryKey(job: MailJob): string {
  switch (job.kind) {
    case "purchase_confirmation":
      return `purchase_confirmation:${job.orderId}`;
    case "payment_request":
    case "payment_request_expired":
      return `${job.kind}:${job.orderId}`;
    case "sponsorship":
      return `sponsorship:${job.enrollmentId}`;
    case "seat_invitation":
      return `seat_invitation:${job.assignmentId}`;
    case "enrollment_granted":
      return `enrollment_granted:${job.enrollmentId}`;
    case "certificate_issued":
      return `certificate_issued:${job.certificateId}`;
    case "refund_completed":
      return `refund_completed:${job.refundId}`;
    case "duplicate_payment":
      return `duplicate_payment:${job.refundId}`;
    case "completion_notice":
      return `completion_notice:${job.enrollmentId}:${job.levelId ?? "course"}`;
    case "certificate_revoked":
      return `certificate_revoked:${job.certificateId}`;
    case "payment_amount_mismatch":
      return `payment_amount_mismatch:${job.refundId}`;
    case "admin_order_alert":
      return `admin_order_alert:${job.alert}:${job.ref}`;
    case "dispute_access_restored":
    case "dispute_access_ended":
      return `${job.kind}:${job.enrollmentId}:${job.auditId}`;
    case "video_ready":
      return `video_ready:${job.uploadId}:${job.adminId}`;
    case "video_failed":
      return `video_failed:${job.uploadId}:${job.reason}:${job.adminId}`;
    case "webinar_reminder":
      return `webinar_reminder:${job.webinarId}:${job.enrollmentId}:${job.reminder}:${job.sequence}`;
    case "webinar_changed":
      return `webinar_changed:${job.webinarId}:${job.enrollmentId}:${job.sequence}`;
    case "webinar_cancelled":
      return `webinar_cancelled:${job.webinarId}:${job.enrollmentId}`;
  }
}

/** "<purchase_confirmation.65f…@kurzy.example.sk>" */
export function messageIdFor(key: string, publicUrl: string): string {
  return `<${key.replace(/[^A-Za-z0-9._-]/g, ".")}@${new URL(publicUrl).hostname}>`;
}

type Composed = { mail: Omit<OutgoingMail, "messageId"> } | { skip: string };

async function composePurchaseConfirmation(deps: MailDeps, orderId: string): Promise<Composed> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return { skip: "order not found" };
  if (!order.paidAt) return { skip: `order not paid (state ${order.state})` };
  const to = orderRecipient(order);
  if (!to) return { skip: "no e-mail address on the order" };
  const invoice = await ensureInvoicePdfForOrder(deps.db, orderId, deps.supplier);
  // the paying transaction assigns the invoice; until it exists, wait (pg-boss retries)
  if (!invoice) throw new Error(`the invoice of order ${orderId} does not exist yet; the job is retried`);
  const [course] = await deps.db.select({ slug: courses.slug }).from(courses).where(eq(courses.id, order.courseVersionId));
  const accountUrl = `${deps.publicUrl}/ucet`;
  const content = purchaseConfirmation({
    name: order.studentDisplayName,
    courseTitle: order.courseTitle,
    amount: formatMoney(order.amountCents, order.currency),
    paidOn: formatDate(order.paidAt),
    invoiceNumber: invoice.number,
    courseUrl: course ? `${deps.publicUrl}/kurzy/${course.slug}` : accountUrl,
    accountUrl,
  });
  return {
    mail: {
      to,
      ...content,
      attachments: [{ filename: invoiceFileName(invoice.number), contentType: "application/pdf", content: invoice.pdf }],
    },
  };
}

/** An order paid by bank transfer: the payment request (Výzva na úhradu) as PDF. */
async function composePaymentRequest(deps: MailDeps, orderId: string): Promise<Composed> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return { skip: "order not found" };
  const request = paymentRequestOf(order, deps.supplier);
  if (!request) return { skip: "the order has no payment request" };
  if (order.state !== "pending") return { skip: `order not pending (state ${order.state})` };
  const to = orderRecipient(order);
  if (!to) return { skip: "no e-mail address on the order" };
  const pdf = await renderPaymentRequestPdf(request, order, deps.supplier);
  const content = paymentRequest({
    name: order.studentDisplayName,
    courseTitle: order.courseTitle,
    amount: formatMoney(request.amountCents, request.currency),
    iban: request.iban,
    variableSymbol: request.variableSymbol,
    dueOn: formatDate(request.dueDate),
    orderUrl: `${deps.publicUrl}/objednavky/${order.id}/return`,
  });
  return {
    mail: { to, ...content, attachments: [{ filename: paymentRequestFileName(request.variableSymbol), contentType: "application/pdf", content: pdf }] },
  };
}

/** A payment request's due date passed unpaid: the order expired. */
async function composePaymentRequestExpired(deps: MailDeps, orderId: string): Promise<Composed> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return { skip: "order not found" };
  if (order.state !== "expired" || !order.transferVariableSymbol || !order.transferDueDate)
    return { skip: `order not an expired payment request (state ${order.state})` };
  const to = orderRecipient(order);
  if (!to) return { skip: "no e-mail address on the order" };
  const [course] = await deps.db.select({ slug: courses.slug }).from(courses).where(eq(courses.id, order.courseVersionId));
  const content = paymentRequestExpired({
    name: order.studentDisplayName,
    courseTitle: order.courseTitle,
    variableSymbol: order.transferVariableSymbol,
    dueOn: formatDate(order.transferDueDate),
    courseUrl: course ? `${deps.publicUrl}/kurzy/${course.slug}` : `${deps.publicUrl}/`,
  });
  return { mail: { to, ...content } };
}

/** The buyer's address: the order's e-mail snapshot, else the billing e-mail. */
function orderRecipient(order: typeof orders.$inferSelect): string | null {
  const billing = order.billingDetails as Record<string, unknown>;
  return (
    order.studentEmail ?? (typeof billing.email === "string" ? billing.email : null) ?? (typeof billing.contactEmail === "string" ? billing.contactEmail : null)
  );
}

/** The order and the buyer's address, or why the e-mail is skipped. */
async function orderAndRecipient(deps: MailDeps, orderId: string): Promise<{ order: typeof orders.$inferSelect; to: string } | { skip: string }> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return { skip: "order not found" };
  const to = orderRecipient(order);
  if (!to) return { skip: "no e-mail address on the order" };
  return { order, to };
}

/** A refund completed: the buyer learns the amount, whether access ended, and gets the credit note. */
/** Money arrived for a course the student holds already: it goes back in full. */
async function composeDuplicatePayment(deps: MailDeps, refundId: string): Promise<Composed> {
  const [refund] = await deps.db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!refund) return { skip: "refund not found" };
  const found = await orderAndRecipient(deps, refund.orderId);
  if ("skip" in found) return found;
  const { order, to } = found;
  const [course] = await deps.db.select({ slug: courses.slug }).from(courses).where(eq(courses.id, order.courseVersionId));
  const content = duplicatePayment({
    name: order.studentDisplayName,
    courseTitle: order.courseTitle,
    amount: formatMoney(refund.amountCents, order.currency),
    estimatedOn: refund.estimatedSettlementDate ? formatDate(new Date(`${refund.estimatedSettlementDate}T12:00:00Z`)) : null,
    orderUrl: `${deps.publicUrl}/objednavky/${order.id}/return`,
    courseUrl: course ? `${deps.publicUrl}/kurzy/${course.slug}/studium` : `${deps.publicUrl}/ucet`,
  });
  return { mail: { to, ...content } };
}

async function composeRefundCompleted(deps: MailDeps, refundId: string): Promise<Composed> {
  const [refund] = await deps.db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!refund) return { skip: "refund not found" };
  if (refund.state !== "completed" || !refund.settledAt) return { skip: `refund not completed (state ${refund.state})` };
  const found = await orderAndRecipient(deps, refund.orderId);
  if ("skip" in found) return found;
  const { order, to } = found;
  // the credit note (an order with an invoice has one); its render job may not have run
  // yet, so it is rendered here (rendering never replaces stored bytes)
  const [note] = await deps.db.select({ id: creditNotes.id }).from(creditNotes).where(eq(creditNotes.refundId, refund.id));
  if (note) await renderCreditNotePdf(deps.db, note.id, deps.supplier);
  const stored = note ? await creditNotePdf(deps.db, order.id, note.id) : null;
  const attachments: OutgoingAttachment[] = stored?.pdf
    ? [{ filename: creditNoteFileName(stored.number), contentType: "application/pdf", content: stored.pdf }]
    : [];
  const cancelled = await deps.db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.orderId, order.id), eq(enrollments.state, "cancelled")));
  const content = refundCompleted({
    name: order.studentDisplayName,
    courseTitle: order.courseTitle,
    amount: formatMoney(refund.amountCents, order.currency),
    settledOn: formatDate(refund.settledAt),
    creditNoteNumber: stored?.number ?? null,
    accessEnded: cancelled.length > 0,
    accountUrl: `${deps.publicUrl}/ucet`,
  });
  return { mail: { to, ...content, attachments } };
}

async function composeSponsorship(deps: MailDeps, enrollmentId: string): Promise<Composed> {
  const [enrollment] = await deps.db.select().from(enrollments).where(eq(enrollments.id, enrollmentId));
  if (!enrollment) return { skip: "enrollment not found" };
  if (!enrollment.studentEmail) return { skip: "no e-mail address on the enrollment" };
  const [org] = enrollment.sponsorOrgId
    ? await deps.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, enrollment.sponsorOrgId))
    : [];
  const content = sponsorshipNotice({
    name: enrollment.studentDisplayName,
    organization: org?.name ?? "vaša organizácia",
    courseTitle: enrollment.courseTitle,
    courseUrl: `${deps.publicUrl}/kurzy/${enrollment.courseSlug}`,
    accountUrl: `${deps.publicUrl}/ucet`,
    // a club's seat (an order's): the club sees this course's progress
    clubSeat: enrollment.orderId !== null,
  });
  return { mail: { to: enrollment.studentEmail, ...content } };
}

async function composeSeatInvitation(deps: MailDeps, assignmentId: string): Promise<Composed> {
  const [seat] = await deps.db.select().from(schema.seatAssignments).where(eq(schema.seatAssignments.id, assignmentId));
  if (!seat) return { skip: "seat assignment not found" };
  if (seat.state !== "pending" || !seat.email) return { skip: `seat no longer waits for an address (state ${seat.state})` };
  const [order] = await deps.db.select({ courseTitle: orders.courseTitle }).from(orders).where(eq(orders.id, seat.orderId));
  const [org] = await deps.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, seat.orgId));
  const content = seatInvitation({
    organization: org?.name ?? "vaša organizácia",
    courseTitle: order?.courseTitle ?? "kurz",
    email: seat.email,
    signInUrl: `${deps.publicUrl}/prihlasenie`,
  });
  return { mail: { to: seat.email, ...content } };
}

async function composeEnrollmentGranted(deps: MailDeps, enrollmentId: string): Promise<Composed> {
  const [enrollment] = await deps.db.select().from(enrollments).where(eq(enrollments.id, enrollmentId));
  if (!enrollment) return { skip: "enrollment not found" };
  if (!enrollment.studentEmail) return { skip: "no e-mail address on the enrollment" };
  const content = enrollmentGranted({
    name: enrollment.studentDisplayName,
    courseTitle: enrollment.courseTitle,
    accessUntil: enrollment.accessExpiresAt ? formatDate(enrollment.accessExpiresAt) : null,
    courseUrl: `${deps.publicUrl}/kurzy/${enrollment.courseSlug}/studium`,
    accountUrl: `${deps.publicUrl}/ucet`,
  });
  return { mail: { to: enrollment.studentEmail, ...content } };
}

/** An admin ended a dispute: the student hears whether access is back or has ended, and the admin's note. */
async function composeDisputeDecision(deps: MailDeps, job: Extract<MailJob, { kind: "dispute_access_restored" | "dispute_access_ended" }>): Promise<Composed> {
  const [enrollment] = await deps.db.select().from(enrollments).where(eq(enrollments.id, job.enrollmentId));
  if (!enrollment) return { skip: "enrollment not found" };
  const [decision] = await deps.db.select({ reason: auditLog.reason }).from(auditLog).where(eq(auditLog.id, job.auditId));
  if (!decision) return { skip: "the decision's audit row not found" };
  const [cached] = enrollment.studentEmail ? [] : await deps.db.select({ email: users.email }).from(users).where(eq(users.id, enrollment.studentId));
  const to = enrollment.studentEmail ?? cached?.email ?? null;
  if (!to) return { skip: "no e-mail address for the student" };
  const common = {
    name: enrollment.studentDisplayName,
    courseTitle: enrollment.courseTitle,
    reason: decision.reason ?? "",
    accountUrl: `${deps.publicUrl}/ucet`,
  };
  const content =
    job.kind === "dispute_access_restored"
      ? disputeAccessRestored({ ...common, courseUrl: `${deps.publicUrl}/kurzy/${enrollment.courseSlug}/studium` })
      : disputeAccessEnded(common);
  return { mail: { to, ...content } };
}

/** The uploading admin, the part and its course, for the video e-mails. */
async function videoContext(deps: MailDeps, job: { partId: string; blockId: string; adminId: string }) {
  const [admin] = await deps.db.select({ name: users.displayName, email: users.email }).from(users).where(eq(users.id, job.adminId));
  const [part] = await deps.db
    .select({ title: parts.title, blocks: parts.contentBlocks, courseTitle: courses.title })
    .from(parts)
    .innerJoin(courses, eq(courses.id, parts.courseId))
    .where(eq(parts.id, job.partId));
  const block = part?.blocks.find((b) => b.id === job.blockId);
  const pageUrl = `${deps.adminUrl ?? deps.publicUrl}/admin/video/${job.partId}/${encodeURIComponent(job.blockId)}`;
  return { admin, part, block: block?.type === "video" ? block : undefined, pageUrl };
}

async function composeVideoReady(deps: MailDeps, job: Extract<MailJob, { kind: "video_ready" }>): Promise<Composed> {
  const { admin, part, block, pageUrl } = await videoContext(deps, job);
  if (!admin?.email) return { skip: "the uploading admin has no e-mail address in the user cache" };
  if (!part || !block) return { skip: "the part or its video block no longer exists" };
  const seconds = block.durationSec ?? 0;
  const duration = seconds >= 60 ? formatMinutes(Math.round(seconds / 60)) : `${Math.round(seconds)}\u00a0s`;
  return { mail: { to: admin.email, ...videoReady({ name: admin.name, partTitle: part.title, courseTitle: part.courseTitle, duration, pageUrl }) } };
}

async function composeVideoFailed(deps: MailDeps, job: Extract<MailJob, { kind: "video_failed" }>): Promise<Composed> {
  const { admin, part, block, pageUrl } = await videoContext(deps, job);
  if (!admin?.email) return { skip: "the uploading admin has no e-mail address in the user cache" };
  if (!part) return { skip: "the part no longer exists" };
  const message = block?.upload?.id === job.uploadId ? (block.upload.message ?? null) : null;
  return {
    mail: { to: admin.email, ...videoFailed({ name: admin.name, partTitle: part.title, courseTitle: part.courseTitle, reason: job.reason, message, pageUrl }) },
  };
}

/** The certificate holder's address: the enrollment's, else the cached user's. */
async function certificateHolderAddress(deps: MailDeps, certificate: { enrollmentId: string; studentId: string }): Promise<string | null> {
  const [enrollment] = await deps.db.select({ email: enrollments.studentEmail }).from(enrollments).where(eq(enrollments.id, certificate.enrollmentId));
  const [cached] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, certificate.studentId));
  return enrollment?.email ?? cached?.email ?? null;
}

/** A certificate was issued: the student gets its detail link and public verification URL. */
async function composeCertificateIssued(deps: MailDeps, certificateId: string): Promise<Composed> {
  const [certificate] = await deps.db.select().from(certificates).where(eq(certificates.id, certificateId));
  if (!certificate) return { skip: "certificate not found" };
  const to = await certificateHolderAddress(deps, certificate);
  if (!to) return { skip: "no e-mail address for the student" };
  const content = certificateIssued({
    name: certificate.studentDisplayName,
    type: certificate.type,
    courseTitle: certificate.courseTitle,
    levelTitle: certificate.levelTitle,
    certificateTitle: certificate.certificateTitle,
    partnerName: certificate.issuedBy.partnerName,
    registrationNumber: certificate.registrationNumber,
    issuedOn: formatDate(certificate.issuedAt),
    detailUrl: certificatePageUrl(deps.publicUrl, certificate.id),
    verificationUrl: verificationUrl(deps.publicUrl, certificate.registrationNumber, certificate.verificationHash),
    partnerPdfUrl: certificate.pdfUrl,
  });
  return { mail: { to, ...content } };
}

/** The admins' addresses: configured, else the cached admins (those who have signed in). */
async function adminAddresses(deps: MailDeps): Promise<string[]> {
  if (deps.adminRecipients && deps.adminRecipients.length > 0) return deps.adminRecipients;
  const rows = await deps.db.select({ email: users.email, roles: users.roles }).from(users);
  return rows.filter((r) => r.email && r.roles.includes("admin")).map((r) => r.email!);
}

/** A student completed a level (levelId) or the course (null): the admins issue the certificate (phase 1). */
async function composeCompletionNotice(deps: MailDeps, enrollmentId: string, levelId: string | null): Promise<Composed> {
  const [enrollment] = await deps.db.select().from(enrollments).where(eq(enrollments.id, enrollmentId));
  if (!enrollment) return { skip: "enrollment not found" };
  const [level] = levelId
    ? await deps.db.select({ title: levels.title, issuesCertificate: levels.issuesIntermediateCertificate }).from(levels).where(eq(levels.id, levelId))
    : [];
  if (levelId && !level) return { skip: "level not found" };
  const to = await adminAddresses(deps);
  if (to.length === 0) return { skip: "no admin e-mail address (set ADMIN_NOTIFY_EMAIL)" };
  const content = completionNotice({
    studentName: enrollment.studentDisplayName,
    studentEmail: enrollment.studentEmail,
    courseTitle: enrollment.courseTitle,
    levelTitle: level?.title ?? null,
    // the course always ends with the final certificate; a level only when it issues one
    issuesCertificate: level ? level.issuesCertificate : true,
    completedOn: formatDate((deps.clock ?? { now: () => new Date() }).now()),
    enrollmentId: enrollment.id,
    adminUrl: `${deps.publicUrl}/admin/certifikaty`,
  });
  return { mail: { to: to.join(", "), ...content } };
}

/** Money went back for an enrollment: the student learns that its certificate is revoked. */
async function composeCertificateRevoked(deps: MailDeps, certificateId: string): Promise<Composed> {
  const [certificate] = await deps.db.select().from(certificates).where(eq(certificates.id, certificateId));
  if (!certificate) return { skip: "certificate not found" };
  if (!certificate.revokedAt) return { skip: "certificate not revoked" };
  const to = await certificateHolderAddress(deps, certificate);
  if (!to) return { skip: "no e-mail address for the student" };
  const content = certificateRevoked({
    name: certificate.studentDisplayName,
    courseTitle: certificate.courseTitle,
    registrationNumber: certificate.registrationNumber,
    reason: certificate.revokedReason ?? "",
    verificationUrl: verificationUrl(deps.publicUrl, certificate.registrationNumber, certificate.verificationHash),
    accountUrl: `${deps.publicUrl}/ucet`,
  });
  return { mail: { to, ...content } };
}

/** A payment of another amount than the order's goes back: the buyer hears of it. */
async function composePaymentAmountMismatch(deps: MailDeps, refundId: string): Promise<Composed> {
  const [refund] = await deps.db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!refund) return { skip: "refund not found" };
  const found = await orderAndRecipient(deps, refund.orderId);
  if ("skip" in found) return found;
  const { order, to } = found;
  const [payment] = refund.paymentId ? await deps.db.select().from(payments).where(eq(payments.id, refund.paymentId)) : [];
  const content = paymentAmountMismatch({
    name: order.studentDisplayName,
    courseTitle: order.courseTitle,
    received: formatMoney(refund.amountCents, payment?.currency ?? order.currency),
    expected: formatMoney(order.amountCents, order.currency),
    estimatedOn: refund.estimatedSettlementDate ? formatDate(new Date(`${refund.estimatedSettlementDate}T12:00:00Z`)) : null,
    orderUrl: `${deps.publicUrl}/objednavky/${order.id}/return`,
  });
  return { mail: { to, ...content } };
}

const ALERT_HEADLINES = {
  amount_mismatch: "platba v nesprávnej sume",
  refund_failed: "vrátenie peňazí zlyhalo",
  dispute_with_refund: "reklamácia platby a refundácia tej istej sumy",
  transfer_amount_mismatch: "prevod v nesprávnej sume",
  transfer_not_payable: "prevod na objednávku, ktorú nemožno zaplatiť",
} as const;

/** The admins must act on an order. */
async function composeAdminOrderAlert(deps: MailDeps, job: Extract<MailJob, { kind: "admin_order_alert" }>): Promise<Composed> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, job.orderId));
  if (!order) return { skip: "order not found" };
  const to = await adminAddresses(deps);
  if (to.length === 0) return { skip: "no admin e-mail address (set ADMIN_NOTIFY_EMAIL)" };
  const money = (cents: number) => formatMoney(cents, order.currency);
  const who = `Objednávka ${order.id}: ${order.studentDisplayName}${order.studentEmail ? ` (${order.studentEmail})` : ""}, kurz „${order.courseTitle}“, ${money(order.amountCents)}.`;
  const details: string[] = [who];
  if (job.alert === "amount_mismatch") {
    const [payment] = await deps.db.select().from(payments).where(eq(payments.id, job.ref));
    details.push(
      `Platobná brána oznámila platbu ${payment ? formatMoney(payment.amountCents, payment.currency) : "v inej sume"} (transakcia ${payment?.transactionId ?? "?"}), objednávka stojí ${money(order.amountCents)}.`,
      "Platbu sme nezapočítali, študenta sme nezapísali a o vrátenie celej platby sme požiadali bránu. Skontrolujte nastavenie brány.",
    );
  } else if (job.alert === "transfer_amount_mismatch" || job.alert === "transfer_not_payable") {
    const [credit] = await deps.db.select().from(bankTransfers).where(eq(bankTransfers.id, job.ref));
    details.push(
      `Na účet prišiel prevod ${credit ? formatMoney(credit.amountCents, credit.currency) : ""} (VS ${credit?.variableSymbol ?? "?"}, referencia banky ${credit?.bankReference ?? "?"}, pripísaný ${credit ? formatDate(credit.bookingDate) : "?"}).`,
      job.alert === "transfer_amount_mismatch"
        ? `Objednávka stojí ${money(order.amountCents)}: prevod sme nezapočítali a objednávka zostala nezaplatená. Dohodnite s kupujúcim doplatenie alebo vráťte peniaze.`
        : `Objednávka je v stave ${order.state} alebo kupujúci kurz už má: prevod sme nezapočítali. Peniaze vráťte kupujúcemu.`,
    );
  } else if (job.alert === "refund_failed") {
    const [refund] = await deps.db.select().from(refunds).where(eq(refunds.id, job.ref));
    details.push(
      `Platobná brána opakovane odmietla vrátenie ${refund ? money(refund.amountCents) : ""} (${refund?.reason ?? ""}). Posledná chyba: ${refund?.failureReason ?? "neznáma"}.`,
      "Na stránke objednávky môžete vrátenie skúsiť znova alebo peniaze vrátiť inak.",
    );
  } else {
    details.push(
      "K platbe tejto objednávky prebieha alebo skončila reklamácia (chargeback), hoci časť peňazí už ide späť refundáciou.",
      "Pri reklamácii banke doložte refundáciu, aby študent nedostal peniaze dvakrát; ďalšiu refundáciu systém nepovolí.",
    );
  }
  const base = deps.adminUrl ?? deps.publicUrl;
  return {
    mail: { to: to.join(", "), ...adminOrderAlert({ headline: ALERT_HEADLINES[job.alert], details, orderUrl: `${base}/admin/objednavky/${order.id}` }) },
  };
}

/** A student's webinar e-mail, with the session's .ics (server/webinars). */
async function composeWebinar(deps: MailDeps, job: WebinarMailJob): Promise<Composed> {
  const view = await webinarMail(deps.db, job, deps.publicUrl, (deps.clock ?? { now: () => new Date() }).now());
  if ("skip" in view) return { skip: view.skip };
  const kind = job.kind === "webinar_reminder" ? job.reminder : job.kind === "webinar_changed" ? "changed" : "cancelled";
  const content = webinarNotice({
    kind,
    name: view.name,
    title: view.webinar.title,
    courseTitle: view.courseTitle,
    when: view.when,
    lecturer: view.webinar.lecturer,
    reason: kind === "cancelled" ? view.webinar.cancelReason : null,
    courseUrl: view.courseUrl,
  });
  const ics: OutgoingAttachment = {
    filename: "webinar.ics",
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content: Buffer.from(view.ics, "utf8"),
  };
  return { mail: { to: view.to, ...content, attachments: [ics] } };
}

function compose(deps: MailDeps, job: MailJob): Promise<Composed> {
  switch (job.kind) {
    case "purchase_confirmation":
      return composePurchaseConfirmation(deps, job.orderId);
    case "payment_request":
      return composePaymentRequest(deps, job.orderId);
    case "payment_request_expired":
      return composePaymentRequestExpired(deps, job.orderId);
    case "sponsorship":
      return composeSponsorship(deps, job.enrollmentId);
    case "seat_invitation":
      return composeSeatInvitation(deps, job.assignmentId);
    case "enrollment_granted":
      return composeEnrollmentGranted(deps, job.enrollmentId);
    case "certificate_issued":
      return composeCertificateIssued(deps, job.certificateId);
    case "refund_completed":
      return composeRefundCompleted(deps, job.refundId);
    case "duplicate_payment":
      return composeDuplicatePayment(deps, job.refundId);
    case "completion_notice":
      return composeCompletionNotice(deps, job.enrollmentId, job.levelId);
    case "certificate_revoked":
      return composeCertificateRevoked(deps, job.certificateId);
    case "payment_amount_mismatch":
      return composePaymentAmountMismatch(deps, job.refundId);
    case "admin_order_alert":
      return composeAdminOrderAlert(deps, job);
    case "dispute_access_restored":
    case "dispute_access_ended":
      return composeDisputeDecision(deps, job);
    case "video_ready":
      return composeVideoReady(deps, job);
    case "video_failed":
      return composeVideoFailed(deps, job);
    case "webinar_reminder":
    case "webinar_changed":
    case "webinar_cancelled":
      return composeWebinar(deps, job);
  }
}

/** The job attempt that sends (pg-boss keeps a job's id across its retries). */
export type MailAttempt = { jobId: string; retryCount: number };

/** Whether `claimedBy` names an earlier attempt of the same job: that attempt is dead (pg-boss retries only a failed or expired attempt). */
function claimedByEarlierAttempt(claimedBy: string | null, attempt: MailAttempt | undefined): boolean {
  if (!claimedBy || !attempt) return false;
  const at = claimedBy.lastIndexOf(":");
  return claimedBy.slice(0, at) === attempt.jobId && Number(claimedBy.slice(at + 1)) < attempt.retryCount;
}

/** Claims the key; "done" when it was sent or skipped before. Throws MailInProgressError on a fresh foreign claim. */
async function claim(db: Database, key: string, kind: string, now: Date, attempt?: MailAttempt): Promise<"claimed" | "done"> {
  const claimedBy = attempt ? `${attempt.jobId}:${attempt.retryCount}` : null;
  const inserted = await db
    .insert(mailDeliveries)
    .values({ key, kind, state: "sending", claimedAt: now, claimedBy })
    .onConflictDoNothing()
    .returning({ key: mailDeliveries.key });
  if (inserted.length === 1) return "claimed";
  const [row] = await db.select().from(mailDeliveries).where(eq(mailDeliveries.key, key));
  if (!row) return claim(db, key, kind, now, attempt); // released in between
  if (row.state !== "sending") return "done";
  if (claimedByEarlierAttempt(row.claimedBy, attempt)) {
    // the worker of the earlier attempt died mid-send: this retry takes over now
    const taken = await db
      .update(mailDeliveries)
      .set({ claimedAt: now, claimedBy })
      .where(and(eq(mailDeliveries.key, key), eq(mailDeliveries.state, "sending"), eq(mailDeliveries.claimedBy, row.claimedBy!)))
      .returning({ key: mailDeliveries.key });
    if (taken.length === 1) return "claimed";
  }
  // a claim left behind by a worker that died mid-send is taken over
  const taken = await db
    .update(mailDeliveries)
    .set({ claimedAt: now, claimedBy })
    .where(and(eq(mailDeliveries.key, key), eq(mailDeliveries.state, "sending"), lt(mailDeliveries.claimedAt, new Date(now.getTime() - CLAIM_TIMEOUT_MS))))
    .returning({ key: mailDeliveries.key });
  if (taken.length === 1) return "claimed";
  throw new MailInProgressError(`e-mail ${key} is being sent by another worker`);
}

async function release(db: Database, key: string) {
  await db.delete(mailDeliveries).where(and(eq(mailDeliveries.key, key), inArray(mailDeliveries.state, ["sending"])));
}

/** Sends the job's e-mail unless it was sent before. */
export async function sendMail(deps: MailDeps, job: MailJob, attempt?: MailAttempt): Promise<MailResult> {
  const key = deliveryKey(job);
  const now = (deps.clock ?? { now: () => new Date() }).now();
  if ((await claim(deps.db, key, job.kind, now, attempt)) === "done") return { status: "already_done", key };
  let sent = false;
  try {
    const composed = await compose(deps, job);
    if ("skip" in composed) {
      await deps.db.update(mailDeliveries).set({ state: "skipped", note: composed.skip, sentAt: new Date() }).where(eq(mailDeliveries.key, key));
      return { status: "skipped", key, reason: composed.skip };
    }
    const messageId = messageIdFor(key, deps.publicUrl);
    await deps.mailer.send({ ...composed.mail, messageId });
    sent = true;
    await markSent(deps, key, { messageId, recipient: composed.mail.to });
    return { status: "sent", key, messageId, transport: deps.mailer.transport };
  } catch (error) {
    // once the server took the message the claim stays: giving it back would send it again
    if (!sent) await release(deps.db, key).catch(() => {});
    throw error;
  }
}

/**
 * Marks a delivery sent, tried a few times over a few seconds: the message is out, and a
 * connection cut now (a restart, a failover) must not make a retry send it again. Only a
 * database away for longer leaves the claim `sending`, which a retry of the job then takes
 * over and sends once more (docs/decisions/platform/jobs-keep-up.md > Jobs keep up).
 */
async function markSent(deps: MailDeps, key: string, sent: { messageId: string; recipient: string }) {
  for (let attempt = 0; ; attempt++) {
    try {
      await deps.db
        .update(mailDeliveries)
        .set({ state: "sent", transport: deps.mailer.transport, messageId: sent.messageId, recipient: sent.recipient, sentAt: new Date() })
        .where(eq(mailDeliveries.key, key));
      return;
    } catch (error) {
      if (attempt >= 4) throw error;
      await new Promise((r) => setTimeout(r, 250 * 2 ** attempt));
    }
  }
}

/** The handler of the `mail.send` job (jobs/ registers it). */
export function sendMailJob(deps: MailDeps) {
  return async (data: MailJob, job?: { id: string; retryCount?: number }) => {
    const result = await sendMail(deps, data, job ? { jobId: job.id, retryCount: job.retryCount ?? 0 } : undefined);
    if (result.status === "sent") deps.log.info("e-mail sent", { key: result.key, transport: result.transport });
    else if (result.status === "skipped") deps.log.warn("e-mail skipped", { key: result.key, reason: result.reason });
    else deps.log.debug("e-mail already sent", { key: result.key });
    return result;
  };
}
