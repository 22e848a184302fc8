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
import { ensureInvoicePdfForOrder, invoiceFileName } from "../invoices";
import type { Logger } from "../log";
import { formatDate, formatMoney } from "../money";
import type { MailJob } from "../queue";
import type { Mailer, OutgoingMail } from "./mailer";
import { purchaseConfirmation, sponsorshipNotice } from "./templates";

const { mailDeliveries, orders, enrollments, organizations, courses } = schema;

export const CLAIM_TIMEOUT_MS = 10 * 60_000;

export type MailDeps = {
  db: Database;
  log: Logger;
  mailer: Mailer;
  /** PUBLIC_URL: links in the e-mails, and the Message-ID's domain */
  publicUrl: string;
  /** the invoice PDF is rendered inline when its job has not run yet */
  supplier: InvoiceSupplier;
  clock?: { now(): Date };
};

export type MailResult =
  | { status: "sent"; key: string; messageId: string; transport: "smtp" | "outbox" }
  | { status: "already_done"; key: string }
  | { status: "skipped"; key: string; reason: string };

/** A kind whose area does not exist yet: the job fails (and stays in pg-boss) instead of being lost. */
export class MailKindNotReadyError extends Error {
  override readonly name = "MailKindNotReadyError";
  constructor(readonly kind: string, area: string) {
    super(`mail.send kind "${kind}" cannot be sent yet: the ${area} area it reads does not exist; the job fails and can be retried once it does`);
  }
}

/** Another worker is sending the same e-mail right now: try again later. */
export class MailInProgressError extends Error {
  override readonly name = "MailInProgressError";
}

/** The logical e-mail a job stands for. */
export function deliveryKey(job: MailJob): string {
  switch (job.kind) {
    case "purchase_confirmation":
      return `purchase_confirmation:${job.orderId}`;
    case "sponsorship":
      return `sponsorship:${job.enrollmentId}`;
    case "certificate_issued":
      return `certificate_issued:${job.certificateId}`;
    case "completion_notice":
      return `completion_notice:${job.enrollmentId}:${job.levelId ?? "course"}`;
    case "video_ready":
      return `video_ready:${job.partId}:${job.blockId}:${job.adminId}`;
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
  const billing = order.billingDetails as Record<string, unknown>;
  const to = order.studentEmail ?? (typeof billing.email === "string" ? billing.email : null) ?? (typeof billing.contactEmail === "string" ? billing.contactEmail : null);
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
  });
  return { mail: { to: enrollment.studentEmail, ...content } };
}

function compose(deps: MailDeps, job: MailJob): Promise<Composed> {
  switch (job.kind) {
    case "purchase_confirmation":
      return composePurchaseConfirmation(deps, job.orderId);
    case "sponsorship":
      return composeSponsorship(deps, job.enrollmentId);
    case "certificate_issued":
      throw new MailKindNotReadyError(job.kind, "certificates");
    case "completion_notice":
      throw new MailKindNotReadyError(job.kind, "learning progress (course/level completion)");
    case "video_ready":
      throw new MailKindNotReadyError(job.kind, "video");
  }
}

/** Claims the key; "done" when it was sent or skipped before. Throws MailInProgressError on a fresh foreign claim. */
async function claim(db: Database, key: string, kind: string, now: Date): Promise<"claimed" | "done"> {
  const inserted = await db
    .insert(mailDeliveries)
    .values({ key, kind, state: "sending", claimedAt: now })
    .onConflictDoNothing()
    .returning({ key: mailDeliveries.key });
  if (inserted.length === 1) return "claimed";
  const [row] = await db.select().from(mailDeliveries).where(eq(mailDeliveries.key, key));
  if (!row) return claim(db, key, kind, now); // released in between
  if (row.state !== "sending") return "done";
  // a claim left behind by a worker that died mid-send is taken over
  const taken = await db
    .update(mailDeliveries)
    .set({ claimedAt: now })
    .where(and(eq(mailDeliveries.key, key), eq(mailDeliveries.state, "sending"), lt(mailDeliveries.claimedAt, new Date(now.getTime() - CLAIM_TIMEOUT_MS))))
    .returning({ key: mailDeliveries.key });
  if (taken.length === 1) return "claimed";
  throw new MailInProgressError(`e-mail ${key} is being sent by another worker`);
}

async function release(db: Database, key: string) {
  await db.delete(mailDeliveries).where(and(eq(mailDeliveries.key, key), inArray(mailDeliveries.state, ["sending"])));
}

/** Sends the job's e-mail unless it was sent before. */
export async function sendMail(deps: MailDeps, job: MailJob): Promise<MailResult> {
  const key = deliveryKey(job);
  const now = (deps.clock ?? { now: () => new Date() }).now();
  // kinds whose areas are missing fail before claiming anything
  if (job.kind === "certificate_issued" || job.kind === "completion_notice" || job.kind === "video_ready") {
    await compose(deps, job);
  }
  if ((await claim(deps.db, key, job.kind, now)) === "done") return { status: "already_done", key };
  try {
    const composed = await compose(deps, job);
    if ("skip" in composed) {
      await deps.db.update(mailDeliveries).set({ state: "skipped", note: composed.skip, sentAt: new Date() }).where(eq(mailDeliveries.key, key));
      return { status: "skipped", key, reason: composed.skip };
    }
    const messageId = messageIdFor(key, deps.publicUrl);
    await deps.mailer.send({ ...composed.mail, messageId });
    await deps.db
      .update(mailDeliveries)
      .set({ state: "sent", transport: deps.mailer.transport, messageId, recipient: composed.mail.to, sentAt: new Date() })
      .where(eq(mailDeliveries.key, key));
    return { status: "sent", key, messageId, transport: deps.mailer.transport };
  } catch (error) {
    await release(deps.db, key);
    throw error;
  }
}

/** The handler of the `mail.send` job (jobs/ registers it). */
export function sendMailJob(deps: MailDeps) {
  return async (data: MailJob) => {
    const result = await sendMail(deps, data);
    if (result.status === "sent") deps.log.info("e-mail sent", { key: result.key, transport: result.transport });
    else if (result.status === "skipped") deps.log.warn("e-mail skipped", { key: result.key, reason: result.reason });
    else deps.log.debug("e-mail already sent", { key: result.key });
    return result;
  };
}
