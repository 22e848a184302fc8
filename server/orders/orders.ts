// Orders: creation with the price snapshot, the student's reads, retry-payment and the
// pending-order expiry. spec: Resources > Order and Payment; States and transitions >
// Order; Endpoints > Orders (student). docs/decisions/payments/orders-and-payments.md > Orders and payments.
import { and, count, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";
import { DomainError } from "../kernel/errors";
import { priceBreakdown } from "../money";
import { creditNotesForOrders } from "../invoices";
import { HOLDING_STATES } from "../enrollments";
import { orderNumber } from "./number";
import type { Queue } from "../queue";
import type { CreateOrderBody, CreateOrderResponse, OrderDetail, OrderListItem } from "./contract";
import { isId } from "../../shared/ids";
import { issueTransferRequest, paymentRequestView, TRANSFER_CARD_PENDING_FILTER, mayPayByTransfer, transferNotAllowed } from "./transfer";

const { orders, courses, enrollments, payments } = schema;

/** Pending orders expire after 24 h (docs/decisions/payments/orders-and-payments.md > Orders and payments). */
export const ORDER_PENDING_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * How long a gateway session is handed out again to a repeated purchase; an older one may
 * have ended at the gateway, so the same order gets a new session (docs/decisions/payments/one-order-per-course.md > One
 * order per course).
 */
export const PAYMENT_SESSION_REUSE_MS = 30 * 60 * 1000;

export type OrderRow = typeof orders.$inferSelect;

/** What the gateway needs to open a payment session for an order. */
export type PaymentSessionRequest = {
  orderId: string;
  amountCents: number;
  currency: string;
  description: string;
  /** where the gateway sends the browser back: /objednavky/<id>/return */
  returnUrl: string;
  /** where the gateway posts its signed events: /api/webhooks/payment */
  notifyUrl: string;
  payerEmail: string | null;
};

/**
 * The payment gateway as orders see it; server/payments implements it (the adapter that
 * speaks the gateway contract), AppServices carry it.
 */
export type PaymentSessions = {
  /** the gateway's name stored on Payment records */
  readonly gateway: string;
  createSession(request: PaymentSessionRequest): Promise<{ sessionId: string; redirectUrl: string }>;
};

export type Buyer = { id: string; displayName: string; email: string | null };

/** The sponsoring organization as cached by the identity area (checked by the caller). */
/** The buying organization as the provider knows it (spec: organization data snapshotted into billingDetails). */
export type SponsorOrganization = {
  id: string;
  name: string;
  legalName: string | null;
  ico: string | null;
  dic?: string | null;
  icDph?: string | null;
  address?: { street: string; city: string; postalCode: string; country: string } | null;
};

/** `queue`: the payment request's e-mail of an order paid by bank transfer (docs/decisions/payments/pay-by-bank-transfer.md > Pay by bank transfer) */
export type OrderDeps = { sessions: PaymentSessions; publicUrl: string; now: Date; queue?: Queue };

export function returnUrlOf(publicUrl: string, orderId: string): string {
  return `${publicUrl}/objednavky/${orderId}/return`;
}

/**
 * The version a new order buys: the newest published version of the course whose id
 * (the catalog's `_id`, or any version's id) is given. Refusals: docs/decisions/payments/orders-and-payments.md > Orders and
 * payments (409 codes), unknown or never-published course → 404. `studentId` is the person
 * whose own enrollment refuses the purchase (`already_enrolled`): the buyer of a personal
 * order; null (or empty) for a club order, which enrolls nobody on payment, and for a
 * visitor (docs/decisions/clubs/club-admins-buy-what-they-hold.md > Club admins buy what they hold).
 */
export async function purchasableCourse(db: DbOrTx, courseId: string, studentId: string | null, now: Date) {
  const [named] = await db.select({ slug: courses.slug }).from(courses).where(eq(courses.id, courseId)).limit(1);
  if (!named) throw new DomainError("not_found", "Kurz sa nenašiel.", { courseId });
  const chain = await db.select().from(courses).where(eq(courses.slug, named.slug)).orderBy(desc(courses.version));
  const published = chain.find((c) => c.state === "published");
  if (!published) {
    if (chain.some((c) => c.state === "archived")) throw new DomainError("course_not_available", undefined, { courseId });
    throw new DomainError("not_found", "Kurz sa nenašiel.", { courseId });
  }
  const rootId = chain.reduce((a, b) => (a.version <= b.version ? a : b)).id;
  const held = studentId ? await heldEnrollment(db, studentId, rootId) : null;
  if (held) throw new DomainError("already_enrolled", undefined, { enrollmentId: held.id, state: held.state });
  if (published.enrollmentDeadline && published.enrollmentDeadline.getTime() < now.getTime()) {
    throw new DomainError("enrollment_deadline_passed", undefined, { enrollmentDeadline: published.enrollmentDeadline.toISOString() });
  }
  if (published.enrollmentLimit !== null) {
    // spec: enrollmentLimit is the maximum of active enrollments (completed, cancelled and
    // expired ones free their seat)
    const [{ taken }] = await db
      .select({ taken: count() })
      .from(enrollments)
      .where(and(eq(enrollments.courseVersionId, published.id), eq(enrollments.state, "active")));
    if (taken >= published.enrollmentLimit) {
      throw new DomainError("enrollment_limit_reached", undefined, { enrollmentLimit: published.enrollmentLimit });
    }
  }
  return { course: published, rootId };
}

// a student who holds the course (server/enrollments HOLDING_STATES) is never sold it again
// (docs/decisions/payments/one-order-per-course.md > One order per course)
/** The student's enrollment that holds the course (chain root id), or null. */
export async function heldEnrollment(db: DbOrTx, studentId: string, rootCourseId: string, options: { exceptOrderId?: string } = {}) {
  const [held] = await db
    .select({ id: enrollments.id, state: enrollments.state, orderId: enrollments.orderId })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.studentId, studentId),
        eq(enrollments.courseId, rootCourseId),
        inArray(enrollments.state, [...HOLDING_STATES]),
        options.exceptOrderId ? sql`${enrollments.orderId} is distinct from ${options.exceptOrderId}` : undefined,
      ),
    )
    .limit(1);
  return held ?? null;
}

/**
 * Serializes everything that buys one course for one student and buyer (a new order, a
 * retry) until the transaction ends, on every instance: a transaction-scoped advisory lock.
 */
async function lockPurchase(tx: DbOrTx, studentId: string, rootCourseId: string, sponsorOrgId: string | null) {
  const name = `purchase\u001f${studentId}\u001f${rootCourseId}\u001f${sponsorOrgId ?? ""}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
}

/**
 * The purchase lock of an order's student, course and buyer (payment.completed takes it
 * before the order's row lock: every path takes the purchase lock first, so none waits for
 * another in a circle). An unknown order takes none.
 */
export async function lockPurchaseOfOrder(tx: DbOrTx, orderId: string): Promise<void> {
  if (!isId(orderId)) return;
  const [order] = await tx
    .select({ studentId: orders.studentId, courseId: orders.courseId, sponsorOrgId: orders.sponsorOrgId })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (order) await lockPurchase(tx, order.studentId, order.courseId, order.sponsorOrgId);
}

/** The student's pending order for the course and buyer (locked), or null. */
async function pendingOrderOf(tx: DbOrTx, studentId: string, rootCourseId: string, sponsorOrgId: string | null): Promise<OrderRow | null> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.studentId, studentId),
        eq(orders.courseId, rootCourseId),
        eq(orders.state, "pending"),
        sponsorOrgId ? eq(orders.sponsorOrgId, sponsorOrgId) : isNull(orders.sponsorOrgId),
      ),
    )
    .for("update")
    .limit(1);
  return order ?? null;
}

/**
 * The same verdict for a visitor who is not signed in, from the published course the
 * caller already holds (the catalog's): no enrollment to find, so only a seat limit needs
 * the database. Signed in, the buy page and the order check again with `purchasableCourse`.
 */
export async function visitorPurchaseBlocker(db: DbOrTx, course: { _id: string; enrollmentDeadline: Date | null; enrollmentLimit: number | null }, now: Date) {
  if (course.enrollmentLimit !== null) return purchaseBlocker(db, course._id, "", now);
  if (course.enrollmentDeadline && course.enrollmentDeadline.getTime() < now.getTime()) {
    const error = new DomainError("enrollment_deadline_passed");
    return { code: error.code, message: error.message };
  }
  return null;
}

/** Why a course cannot be bought by this student now, or null (for the course page's button). */
export async function purchaseBlocker(db: DbOrTx, courseId: string, studentId: string, now: Date) {
  try {
    await purchasableCourse(db, courseId, studentId, now);
    return null;
  } catch (e) {
    if (e instanceof DomainError) return { code: e.code, message: e.message };
    throw e;
  }
}

/**
 * The immutable billing snapshot (spec: Order.billingDetails; club purchases: type organization).
 * A club's form is prefilled from the provider's organization data and may be edited, so
 * the form's values are invoiced; the provider fills what the form leaves empty, and the
 * IČO the provider knows stays (it names the organization; docs/decisions/clubs/club-seats.md > Club seats).
 */
function billingSnapshot(body: CreateOrderBody, sponsor: SponsorOrganization | null): Record<string, unknown> {
  if (sponsor && body.billingType === "company") {
    const a = body.billingAddress;
    return {
      type: "organization",
      orgId: sponsor.id,
      orgName: a.companyName || (sponsor.legalName ?? sponsor.name),
      ico: sponsor.ico ?? a.ico,
      dic: a.dic ?? sponsor.dic ?? null,
      icDph: a.icDph ?? sponsor.icDph ?? null,
      address: { street: a.street, city: a.city, postalCode: a.postalCode, country: a.country },
      billingAddress: a,
    };
  }
  return { type: body.billingType, ...body.billingAddress };
}

/** Seats of an order body: 1 unless a club order names more; seats without sponsorOrgId → 422. */
export function seatsOfOrder(body: CreateOrderBody): number {
  if (body.seats !== undefined && !body.sponsorOrgId) {
    throw new DomainError("validation", undefined, [
      { path: "seats", message: "Počet miest sa uvádza len pri nákupe pre klub (sponsorOrgId).", code: "custom" },
    ]);
  }
  return body.seats ?? 1;
}

/**
 * Creates a pending order for the newest published version at today's price and opens a
 * payment session for it. Runs in the caller's transaction (with the idempotency record);
 * a gateway that does not answer throws 503 and nothing is kept.
 */
export async function createOrder(
  tx: DbOrTx,
  deps: OrderDeps,
  input: { buyer: Buyer; body: CreateOrderBody; sponsor: SponsorOrganization | null },
): Promise<CreateOrderResponse> {
  const { buyer, body, sponsor } = input;
  const seats = seatsOfOrder(body);
  const transfer = body.paymentMethod === "transfer";
  // a bank transfer is for a company or club buyer only (docs/decisions/payments/pay-by-bank-transfer.md > Pay by bank transfer)
  if (transfer && !mayPayByTransfer(body, sponsor)) throw transferNotAllowed();
  // the buyer's own enrollment refuses a personal order only: a club order enrolls nobody
  const { course, rootId } = await purchasableCourse(tx, body.courseId, sponsor ? null : buyer.id, deps.now);
  await lockPurchase(tx, buyer.id, rootId, sponsor?.id ?? null);
  // one pending order per course and buyer: a second request answers with it
  // (docs/decisions/payments/one-order-per-course.md > One order per course)
  const pending = await pendingOrderOf(tx, buyer.id, rootId, sponsor?.id ?? null);
  if (pending) {
    if (pending.courseVersionId === course.id && pending.seats === seats && pending.expiresAt && pending.expiresAt.getTime() > deps.now.getTime()) {
      if (transfer) {
        // the same order gets (or keeps) its payment request: one variable symbol per order
        await tx
          .update(orders)
          .set({ billingDetails: billingSnapshot(body, sponsor), billingType: body.billingType })
          .where(eq(orders.id, pending.id));
        return issueTransferRequest(tx, deps, pending);
      }
      return reusePendingOrder(tx, deps, pending, billingSnapshot(body, sponsor), body.billingType);
    }
    // bought at another version's price, for another number of seats, or past its 24 h: replaced by a new order
    await tx.update(orders).set({ state: "expired" }).where(eq(orders.id, pending.id));
  }
  const price = priceBreakdown({ priceCents: course.priceCents, vatRateBp: course.vatRateBp, vatIncluded: course.vatIncluded, currency: course.currency });
  const [order] = await tx
    .insert(orders)
    .values({
      courseId: rootId,
      courseVersionId: course.id,
      courseTitle: course.title,
      studentId: buyer.id,
      studentDisplayName: buyer.displayName,
      studentEmail: buyer.email,
      sponsorOrgId: sponsor?.id ?? null,
      billingType: body.billingType,
      billingDetails: billingSnapshot(body, sponsor),
      // one seat's price with VAT times the seats: the invoice line is `seats` × that price
      amountCents: price.withVatCents * seats,
      seats,
      currency: price.currency,
      vatRateBp: price.vatRateBp,
      state: "pending",
      expiresAt: new Date(deps.now.getTime() + ORDER_PENDING_TTL_MS),
    })
    .returning();
  // paid by bank transfer: a payment request instead of a gateway session
  if (transfer) return issueTransferRequest(tx, deps, order);
  const session = await openSession(deps, order, await orderNumber(tx, order.id));
  await tx
    .update(orders)
    .set({ paymentSessionId: session.sessionId, paymentRedirectUrl: session.redirectUrl, paymentSessionOpenedAt: deps.now })
    .where(eq(orders.id, order.id));
  return { orderId: order.id, amount: order.amountCents, currency: order.currency, redirectUrl: session.redirectUrl };
}

/**
 * The pending order answers a repeated purchase: its price stays, the billing details are
 * the latest form's (nothing is invoiced before payment), and the buyer goes back to the
 * same gateway session, so one order can never be paid through two sessions.
 */
async function reusePendingOrder(
  tx: DbOrTx,
  deps: OrderDeps,
  order: OrderRow,
  billingDetails: Record<string, unknown>,
  billingType: CreateOrderBody["billingType"],
): Promise<CreateOrderResponse> {
  let redirectUrl = order.paymentRedirectUrl;
  const set: Partial<typeof orders.$inferInsert> = { billingDetails, billingType };
  const fresh = order.paymentSessionOpenedAt !== null && deps.now.getTime() - order.paymentSessionOpenedAt.getTime() < PAYMENT_SESSION_REUSE_MS;
  if (!redirectUrl || !fresh) {
    // no session kept (an older order), or one the gateway may have ended: a new session
    // for the same order (should the old one still be paid, duplicates.ts refunds it)
    const session = await openSession(deps, order, await orderNumber(tx, order.id));
    redirectUrl = session.redirectUrl;
    Object.assign(set, { paymentSessionId: session.sessionId, paymentRedirectUrl: session.redirectUrl, paymentSessionOpenedAt: deps.now });
  }
  await tx.update(orders).set(set).where(eq(orders.id, order.id));
  return { orderId: order.id, amount: order.amountCents, currency: order.currency, redirectUrl };
}

/** The gateway's session; its description names the order's number (docs/decisions/payments/order-numbers.md > Order numbers). */
async function openSession(deps: OrderDeps, order: OrderRow, number: string | null) {
  try {
    return await deps.sessions.createSession({
      orderId: order.id,
      amountCents: order.amountCents,
      currency: order.currency,
      description: `${number ? `Objednávka ${number}: ` : ""}${order.courseTitle}${order.seats > 1 ? ` (${order.seats} miest)` : ""}`,
      returnUrl: returnUrlOf(deps.publicUrl, order.id),
      notifyUrl: `${deps.publicUrl}/api/webhooks/payment`,
      payerEmail: order.studentEmail,
    });
  } catch (e) {
    throw new DomainError("payment_gateway_unavailable", undefined, {}, { cause: e });
  }
}

/** spec: States > Order: failed or expired → a new payment session, state unchanged. */
export async function retryOrderPayment(tx: DbOrTx, deps: OrderDeps, studentId: string, orderId: string): Promise<{ redirectUrl: string }> {
  // the purchase lock first, then the order's row (the order every path takes them in)
  const owned = await assertOrderOwner(tx, studentId, orderId);
  await lockPurchase(tx, studentId, owned.courseId, owned.sponsorOrgId);
  const order = await ownOrderForUpdate(tx, studentId, orderId);
  if (order.state !== "failed" && order.state !== "expired") {
    throw new DomainError("order_not_retryable", undefined, { state: order.state });
  }
  // every check a new order runs: held (a personal order only), archived, past the deadline, full
  const { course } = await purchasableCourse(tx, order.courseId, order.sponsorOrgId ? null : studentId, deps.now);
  if (course.id !== order.courseVersionId) {
    // a newer version is on sale (at its own price): the student buys that one
    throw new DomainError("course_not_available", "Kurz medzičasom vyšiel v novej verzii. Kúpte ho, prosím, znova.", {
      courseVersionId: order.courseVersionId,
    });
  }
  const pending = await pendingOrderOf(tx, studentId, order.courseId, order.sponsorOrgId);
  if (pending) throw new DomainError("order_pending", undefined, { orderId: pending.id });
  const session = await openSession(deps, order, await orderNumber(tx, order.id));
  await tx
    .update(orders)
    .set({ paymentSessionId: session.sessionId, paymentRedirectUrl: session.redirectUrl, paymentSessionOpenedAt: deps.now })
    .where(eq(orders.id, order.id));
  return { redirectUrl: session.redirectUrl };
}

async function ownOrderForUpdate(tx: DbOrTx, studentId: string, orderId: string): Promise<OrderRow> {
  if (!isId(orderId)) throw notFound();
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update").limit(1);
  // another person's order answers like a missing one (docs/decisions/platform/errors-and-auth.md > Errors and auth)
  if (!order || order.studentId !== studentId) throw notFound();
  return order;
}

function notFound() {
  return new DomainError("not_found", "Objednávka sa nenašla.");
}

function invoiceUrlOf(order: Pick<OrderRow, "id" | "state" | "paidAt">, hasInvoice: boolean): string | null {
  return hasInvoice ? `/api/orders/${order.id}/invoice` : null;
}

async function invoicedOrderIds(db: DbOrTx, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db.select({ orderId: schema.invoices.orderId }).from(schema.invoices).where(inArray(schema.invoices.orderId, orderIds));
  return new Set(rows.map((r) => r.orderId));
}

/** GET /api/orders/me: newest first. */
export async function listStudentOrders(db: DbOrTx, studentId: string): Promise<OrderListItem[]> {
  const rows = await db.select().from(orders).where(eq(orders.studentId, studentId)).orderBy(desc(orders.createdAt), desc(orders.id));
  const invoiced = await invoicedOrderIds(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((o) => ({
    _id: o.id,
    courseId: o.courseId,
    courseTitle: o.courseTitle,
    amountCents: o.amountCents,
    currency: o.currency,
    state: o.state,
    createdAt: o.createdAt.toISOString(),
    paidAt: o.paidAt?.toISOString() ?? null,
    invoiceUrl: invoiceUrlOf(o, invoiced.has(o.id)),
  }));
}

/**
 * The Order record's own fields (spec: Resources > Order), one mapping for the student's
 * and the admin's views; each view adds what it shows beyond them.
 */
export function orderRecord(order: OrderRow) {
  return {
    _id: order.id,
    courseId: order.courseId,
    courseVersionId: order.courseVersionId,
    courseTitle: order.courseTitle,
    studentId: order.studentId,
    studentDisplayName: order.studentDisplayName,
    studentEmail: order.studentEmail,
    sponsorOrgId: order.sponsorOrgId,
    billingType: order.billingType,
    billingDetails: order.billingDetails,
    amountCents: order.amountCents,
    seats: order.seats,
    currency: order.currency,
    state: order.state,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    expiresAt: order.expiresAt?.toISOString() ?? null,
  };
}

/** GET /api/orders/<id>: the owner's order with its latest Payment; anyone else → 404. */
export async function getStudentOrder(db: DbOrTx, studentId: string, orderId: string): Promise<OrderDetail> {
  if (!isId(orderId)) throw notFound();
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order || order.studentId !== studentId) throw notFound();
  const [version] = await db.select({ slug: courses.slug }).from(courses).where(eq(courses.id, order.courseVersionId)).limit(1);
  const [payment] = await db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(desc(payments.createdAt), desc(payments.id)).limit(1);
  const invoiced = await invoicedOrderIds(db, [order.id]);
  const notes = await creditNotesForOrders(db, [order.id]);
  return {
    ...orderRecord(order),
    courseSlug: version?.slug ?? "",
    invoiceUrl: invoiceUrlOf(order, invoiced.has(order.id)),
    paymentRequest: paymentRequestView(order),
    payment: payment
      ? {
          orderId: payment.orderId,
          gateway: payment.gateway,
          transactionId: payment.transactionId,
          amountCents: payment.amountCents,
          currency: payment.currency,
          state: payment.state,
          method: payment.method,
          settledAt: payment.settledAt?.toISOString() ?? null,
        }
      : null,
    creditNotes: notes.map((n) => ({
      number: n.number,
      issueDate: n.issueDate,
      amountCents: n.amountCents,
      url: `/api/orders/${order.id}/credit-notes/${n.creditNoteId}`,
    })),
  };
}

/** The owner's order id check for the invoice download; anyone else → 404. */
export async function assertOrderOwner(db: DbOrTx, studentId: string, orderId: string): Promise<OrderRow> {
  if (!isId(orderId)) throw notFound();
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order || order.studentId !== studentId) throw notFound();
  return order;
}

// ---------------------------------------------------------------------------------------
// State changes driven by payment events (called by server/payments in its transaction)

/** The order for a payment event, locked for the rest of the transaction; null when unknown. */
export async function lockOrder(tx: DbOrTx, orderId: string): Promise<OrderRow | null> {
  if (!isId(orderId)) return null;
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update").limit(1);
  return order ?? null;
}

/**
 * pending, failed or expired → paid (docs/decisions/payments/orders-and-payments.md > Orders and payments: so a retried
 * payment can succeed), recording the Payment that paid it (docs/decisions/payments/the-paying-payment-is-recorded.md > The paying
 * payment is recorded). The caller holds the purchase lock and the order's row lock.
 */
export async function markOrderPaid(tx: DbOrTx, orderId: string, paidAt: Date, payingPaymentId: string): Promise<void> {
  await tx
    .update(orders)
    .set({ state: "paid", paidAt, payingPaymentId })
    .where(and(eq(orders.id, orderId), inArray(orders.state, ["pending", "failed", "expired"])));
}

/** payment.failed: pending → failed; any other state stays. Returns whether it moved. */
export async function markOrderFailed(tx: DbOrTx, orderId: string): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ state: "failed" })
    .where(and(eq(orders.id, orderId), eq(orders.state, "pending")))
    .returning({ id: orders.id });
  return rows.length > 0;
}

export async function markOrderRefunded(tx: DbOrTx, orderId: string): Promise<void> {
  await tx
    .update(orders)
    .set({ state: "refunded" })
    .where(and(eq(orders.id, orderId), inArray(orders.state, ["paid", "disputed"])));
}

export async function markOrderDisputed(tx: DbOrTx, orderId: string): Promise<void> {
  await tx
    .update(orders)
    .set({ state: "disputed" })
    .where(and(eq(orders.id, orderId), eq(orders.state, "paid")));
}

/**
 * The expiry job: pending orders past expiresAt → expired. Returns how many. An order with a
 * bank transfer payment request expires after its due date in its own job (transfer.ts).
 */
export async function expirePendingOrders(db: DbOrTx, now: Date = new Date()): Promise<number> {
  const rows = await db
    .update(orders)
    .set({ state: "expired" })
    .where(and(eq(orders.state, "pending"), lt(orders.expiresAt, now), TRANSFER_CARD_PENDING_FILTER))
    .returning({ id: orders.id });
  return rows.length;
}

/** Every 15 minutes, Europe/Bratislava cron. */
export const EXPIRE_PENDING_CRON = "*/15 * * * *";
