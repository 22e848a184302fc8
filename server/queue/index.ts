// Background jobs as every area sees them: the names of all queues with the payload each
// carries, and `queue.enqueue(tx, name, data)`, which writes the job inside the caller's
// transaction (docs/decisions/platform/stack.md > Stack: pg-boss `fromDrizzle(tx)`), so a rolled-back change
// never leaves a job behind and a committed one never loses its job.
//
// This module sits below the areas: it imports no area and not jobs/ (the worker
// registry, which imports the areas' handlers and creates the queues at start-up).
// Delivery is at least once, so every handler must find its work done on a rerun.
import { sql } from "drizzle-orm";
import { fromDrizzle, type PgBoss, type SendOptions } from "pg-boss";
import type { DbOrTx } from "../db";

/** Sent by a schedule, carries nothing. */
type Scheduled = null;

/**
 * Every queue and the data its jobs carry. Names are `<area>.<what>`. Payloads hold ids,
 * never copies of rows: the handler reads the current state and stops when the work is
 * already done.
 */
export type QueuePayloads = {
  // nightly refresh of the user and organization caches (server/identity)
  "identity.refresh-caches": Scheduled;
  // ended sessions and remembered one-time token ids (server/auth)
  "auth.purge-sessions": Scheduled;
  // idempotency keys older than their 24 h (server/http/idempotency.ts)
  "platform.purge-idempotency-keys": Scheduled;
  // expired rate-limit counters (server/http/rate-limit.ts)
  "platform.purge-rate-limits": Scheduled;
  // pending orders past `expiresAt` (24 h) become expired (DESIGN: Orders and payments)
  "orders.expire-pending": Scheduled;
  // unpaid bank transfer payment requests past their due date: the order expires, the buyer
  // is told (server/orders transfer.ts)
  "orders.expire-transfer-requests": Scheduled;
  // the invoice row is written with the payment; its PDF is rendered once and stored
  "invoices.render-pdf": { invoiceId: string };
  // a refund recorded as pending (a duplicate payment) is asked of the gateway; a rerun
  // finds it requested (server/payments/duplicates.ts)
  "payments.request-refund": { refundId: string };
  // a credit note (refund of an invoiced order) is numbered with the refund; its PDF likewise
  "invoices.render-credit-note": { creditNoteId: string };
  // e-invoices due for delivery are validated and handed to the Peppol access point, or
  // asked about (server/einvoices delivery.ts); every minute
  "einvoices.deliver": Scheduled;
  // issue (or, with the manual partner, ask an admin to issue) a certificate; unique per
  // (enrollment, type, level), so a rerun finds it issued
  "certificates.issue": { enrollmentId: string; type: "final" | "intermediate"; levelId: string | null };
  // one e-mail; `kind` says which template and the ids what it is about (spec: Events >
  // Notifications triggered by domain changes)
  "mail.send": MailJob;
  // enrollments past `accessExpiresAt` become expired (DESIGN: Unlocking and progress)
  "enrollments.expire-access": Scheduled;
  // attempts whose deadline + 60 s passed are submitted with their saved answers
  "tests.expire-attempts": Scheduled;
  // archived course versions 5 years old without active enrollments become deleted
  // (server/authoring; spec: Course states, soft delete)
  "authoring.soft-delete-versions": Scheduled;
  // a test's question statistics, when it has too many attempts to compute them while the
  // admin's page waits (server/insights)
  "insights.test-question-stats": { testId: string };
  // webinars starting within a day or an hour: each active enrollment's reminder, once
  // (a unique row per webinar, enrollment, kind and sequence; server/webinars)
  "webinars.remind": Scheduled;
  // a meeting's recording (phase 2): download it from the meeting provider, upload it to
  // the video provider (server/webinars imports.ts); one per webinar and recording
  "webinars.import-recording": { importId: string };
  // keeps the meeting provider's recordings subscription alive (renews or creates it)
  "webinars.meetings-subscription": Scheduled;
  // an uploaded PDF's slide images or an image's resized widths (server/files); a rerun
  // finds the variants stored
  "files.derive": { fileId: string };
  // daily: uploads nothing references, older than 30 days, are removed (server/files)
  "files.purge-unreferenced": Scheduled;
};

export type MailJob =
  | { kind: "purchase_confirmation"; orderId: string }
  // an order paid by bank transfer: its payment request (Výzva na úhradu) as PDF, and its expiry
  | { kind: "payment_request"; orderId: string }
  | { kind: "payment_request_expired"; orderId: string }
  | { kind: "sponsorship"; enrollmentId: string }
  // a club's seat given to an address the provider does not know yet (docs/decisions/clubs/club-seats.md > Club seats)
  | { kind: "seat_invitation"; assignmentId: string }
  // an admin granted the enrollment (reason admin_grant; server/enrollments)
  | { kind: "enrollment_granted"; enrollmentId: string }
  | { kind: "certificate_issued"; certificateId: string }
  // a refund completed (the gateway's payment.refunded): the buyer, with the credit note
  | { kind: "refund_completed"; refundId: string }
  // money arrived for a course the student holds already: it goes back (server/payments/duplicates.ts)
  | { kind: "duplicate_payment"; refundId: string }
  | { kind: "completion_notice"; enrollmentId: string; levelId: string | null }
  // money went back for an enrollment: its certificate was revoked (server/certificates)
  | { kind: "certificate_revoked"; certificateId: string }
  // the gateway took another amount than the order's: that payment goes back (server/payments)
  | { kind: "payment_amount_mismatch"; refundId: string }
  // the admins must act on an order (server/payments): a payment of a wrong amount, a
  // refund the gateway kept refusing, a refund and a chargeback of the same money;
  // `ref` names the payment or refund, so each alert is sent once
  | { kind: "admin_order_alert"; orderId: string; alert: AdminOrderAlert; ref: string }
  // an admin ended a dispute (server/payments resolveDispute): access back, or access ended;
  // auditId names the decision (a second dispute of the same order is another e-mail)
  | { kind: "dispute_access_restored"; enrollmentId: string; auditId: string }
  | { kind: "dispute_access_ended"; enrollmentId: string; auditId: string }
  // the uploading admin learns how a direct upload ended (server/video webhook)
  | { kind: "video_ready"; partId: string; blockId: string; adminId: string; uploadId: string }
  | { kind: "video_failed"; partId: string; blockId: string; adminId: string; uploadId: string; reason: "errored" | "cancelled" }
  // webinars (server/webinars): a student's reminder (the day before, an hour before), a
  // changed session (a fresh .ics of that sequence) and a cancelled one
  | { kind: "webinar_reminder"; webinarId: string; enrollmentId: string; reminder: "day" | "hour"; sequence: number }
  | { kind: "webinar_changed"; webinarId: string; enrollmentId: string; sequence: number }
  | { kind: "webinar_cancelled"; webinarId: string; enrollmentId: string };

/** Why the admins get an order alert. */
export type AdminOrderAlert = "amount_mismatch" | "refund_failed" | "dispute_with_refund" | "transfer_amount_mismatch" | "transfer_not_payable";

export type QueueName = keyof QueuePayloads;

/** Every queue name, in one list (the registry creates each at start-up). */
export const QUEUE_NAMES = [
  "identity.refresh-caches",
  "auth.purge-sessions",
  "platform.purge-idempotency-keys",
  "platform.purge-rate-limits",
  "orders.expire-pending",
  "orders.expire-transfer-requests",
  "invoices.render-pdf",
  "invoices.render-credit-note",
  "payments.request-refund",
  "einvoices.deliver",
  "certificates.issue",
  "mail.send",
  "enrollments.expire-access",
  "tests.expire-attempts",
  "authoring.soft-delete-versions",
  "insights.test-question-stats",
  "webinars.remind",
  "webinars.import-recording",
  "webinars.meetings-subscription",
  "files.derive",
  "files.purge-unreferenced",
] as const satisfies readonly QueueName[];

// fails to compile when a name is in QueuePayloads but missing from QUEUE_NAMES
type Missing = Exclude<QueueName, (typeof QUEUE_NAMES)[number]>;
const allNamesListed: Missing extends never ? true : Missing = true;
void allNamesListed;

/** pg-boss's per-job options, without `db` (enqueue supplies the transaction). */
export type EnqueueOptions = Omit<SendOptions, "db">;

export type Queue<P extends Record<string, object | null> = QueuePayloads> = {
  /**
   * Adds a job inside `tx` (pass the business transaction; the job becomes visible to
   * workers only when it commits). Returns the job id, or null when a singleton/throttle
   * option kept the job out.
   *
   * On embedded PGlite (one connection) everything inside a transaction must go through
   * `tx`; this does, provided the queue exists, which the registry guarantees for every
   * name in QueuePayloads before the app serves.
   */
  enqueue<N extends keyof P & string>(tx: DbOrTx, name: N, data: P[N], options?: EnqueueOptions): Promise<string | null>;
};

/** The queue over a started PgBoss (created by jobs/ at start-up). */
export function createQueue<P extends Record<string, object | null> = QueuePayloads>(boss: PgBoss): Queue<P> {
  return {
    async enqueue(tx, name, data, options = {}) {
      return boss.send(name, data, { ...options, db: fromDrizzle(tx as never, sql) });
    },
  };
}
