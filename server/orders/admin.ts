// What admins read about orders (spec: Endpoints > Admin: orders): the filtered, paged list,
// one order with everything that happened to it (payments, refunds, invoice, credit notes,
// enrollments, its audit log and the payment events about it) and the order's audit log.
// Reads only; refunds are server/payments (requestRefund).
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { schema, type Database, type DbOrTx } from "../db";
import { DomainError } from "../kernel/errors";
import { listAuditPage, type AuditRecord } from "../audit";
import { creditNotesForOrders } from "../invoices";
import { vatFractionFromBasisPoints } from "../money";
import type {
  AdminOrderDetail,
  AdminOrderListItem,
  AdminOrderListQuery,
  AdminOrderListResponse,
  AdminPagination,
  AdminPagingQuery,
  AdminWebhookEvent,
  AuditEntry,
  AuditListResponse,
} from "./admin-contract";
import { isId } from "../../shared/ids";
import { orderRecord } from "./orders";
import { orderBalance } from "./balance";
import { seatUsage } from "./seats";

const { orders, payments, refunds, invoices, enrollments, webhookEvents } = schema;

/** How many audit rows the order detail carries (the audit endpoint pages them all). */
export const DETAIL_AUDIT_LIMIT = 200;

export function pagination(page: number, pageSize: number, totalItems: number): AdminPagination {
  return { page, pageSize, totalItems, totalPages: Math.ceil(totalItems / pageSize) };
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function notFound() {
  return new DomainError("not_found", "Objednávka sa nenašla.");
}

/** GET /api/admin/orders: newest first. */
export async function listAdminOrders(db: DbOrTx, query: AdminOrderListQuery, options: { student?: string } = {}): Promise<AdminOrderListResponse> {
  // the admin page's "Študent": an id, a part of the name or the e-mail on the order
  // (docs/decisions/admin-ui/names-beside-ids-in-admin-lists.md > Names beside ids in admin lists)
  const who = options.student?.trim();
  const like = who ? `%${who.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : "";
  const conditions: (SQL | undefined)[] = [
    who ? or(eq(orders.studentId, who), ilike(orders.studentDisplayName, like), eq(sql`lower(${orders.studentEmail})`, who.toLowerCase())) : undefined,
    query.state ? eq(orders.state, query.state) : undefined,
    query.studentId ? eq(orders.studentId, query.studentId) : undefined,
    // the course's id (the chain's first version) or the exact version bought
    query.courseId ? or(eq(orders.courseId, query.courseId), eq(orders.courseVersionId, query.courseId)) : undefined,
    query.createdAfter ? gte(orders.createdAt, query.createdAfter) : undefined,
    query.createdBefore ? lt(orders.createdAt, query.createdBefore) : undefined,
  ];
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: count() }).from(orders).where(where);
  const rows = await db
    .select({
      order: orders,
      invoiceNumber: invoices.number,
      // completed refunds of the paying payment (server/orders balance.ts)
      refundedCents: sql<number>`(select coalesce(sum(${refunds.amountCents}), 0)::int from ${refunds} where ${refunds.orderId} = ${orders.id} and ${refunds.state} = 'completed' and (${refunds.paymentId} is null or ${refunds.paymentId} = ${orders.payingPaymentId}))`,
    })
    .from(orders)
    .leftJoin(invoices, eq(invoices.orderId, orders.id))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const usage = await seatUsage(
    db,
    rows.map((r) => r.order.id),
  );
  const data: AdminOrderListItem[] = rows.map(({ order: o, invoiceNumber, refundedCents }) => ({
    _id: o.id,
    courseId: o.courseId,
    courseVersionId: o.courseVersionId,
    courseTitle: o.courseTitle,
    studentId: o.studentId,
    studentDisplayName: o.studentDisplayName,
    studentEmail: o.studentEmail,
    sponsorOrgId: o.sponsorOrgId,
    amountCents: o.amountCents,
    seats: o.seats,
    seatsAssigned: usage.get(o.id)?.assigned ?? 0,
    refundedCents: Number(refundedCents),
    currency: o.currency,
    state: o.state,
    createdAt: o.createdAt.toISOString(),
    paidAt: iso(o.paidAt),
    invoiceNumber: invoiceNumber ?? null,
  }));
  return { data, pagination: pagination(query.page, query.pageSize, Number(total)) };
}

/** The courses orders name, for the list page's course filter (title of the newest order). */
export async function orderedCourses(db: DbOrTx): Promise<{ courseId: string; courseTitle: string }[]> {
  const rows = await db
    .selectDistinctOn([orders.courseId], { courseId: orders.courseId, courseTitle: orders.courseTitle })
    .from(orders)
    .orderBy(orders.courseId, desc(orders.createdAt));
  return rows.sort((a, b) => a.courseTitle.localeCompare(b.courseTitle, "sk"));
}

export function auditEntry(row: AuditRecord): AuditEntry {
  return {
    _id: row.id,
    actorId: row.actorId,
    actorRoles: row.actorRoles,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    details: row.details,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
  };
}

export function webhookEventView(row: typeof webhookEvents.$inferSelect): AdminWebhookEvent {
  return {
    _id: row.id,
    provider: row.provider,
    eventId: row.eventId,
    eventType: row.eventType,
    payload: row.payload,
    signature: row.signature,
    receivedAt: row.receivedAt.toISOString(),
    processedAt: iso(row.processedAt),
    processingResult: row.processingResult === "success" || row.processingResult === "error" ? row.processingResult : null,
    errorMessage: row.errorMessage,
    relatedOrderId: row.relatedOrderId,
  };
}

async function findOrder(db: DbOrTx, orderId: string) {
  if (!isId(orderId)) throw notFound();
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw notFound();
  return order;
}

/**
 * GET /api/admin/orders/<id>: the order, payments, refunds, invoice, credit notes,
 * enrollments, audit and webhook events read in one repeatable-read snapshot, so a refund
 * settling meanwhile never shows as a completed refund beside an order's old amounts.
 */
export async function getAdminOrder(db: Database, orderId: string): Promise<AdminOrderDetail> {
  return db.transaction((tx) => readAdminOrder(tx, orderId), { isolationLevel: "repeatable read", accessMode: "read only" });
}

async function readAdminOrder(db: DbOrTx, orderId: string): Promise<AdminOrderDetail> {
  const order = await findOrder(db, orderId);
  // one after another: a transaction is one connection, which runs one query at a time
  // (queries sent at once queue in node-postgres, which warns that this is deprecated)
  const paymentRows = await db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(asc(payments.createdAt), asc(payments.id));
  const refundRows = await db.select().from(refunds).where(eq(refunds.orderId, order.id)).orderBy(asc(refunds.createdAt), asc(refunds.id));
  const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, order.id));
  const notes = await creditNotesForOrders(db, [order.id]);
  const enrollmentRows = await db.select().from(enrollments).where(eq(enrollments.orderId, order.id)).orderBy(asc(enrollments.enrolledAt));
  const audit = await listAuditPage(db, { targetType: "order", targetId: order.id, limit: DETAIL_AUDIT_LIMIT, offset: 0 });
  const events = await db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, "payment"), eq(webhookEvents.relatedOrderId, order.id)))
    .orderBy(asc(webhookEvents.receivedAt), asc(webhookEvents.id));
  const paying = paymentRows.find((p) => p.id === order.payingPaymentId);
  const balance = orderBalance(order, paying?.amountCents ?? null, refundRows);
  const noteByRefund = new Map(notes.map((n) => [n.refundId, n.number]));
  const seats = (await seatUsage(db, [order.id])).get(order.id)!;
  return {
    ...orderRecord(order),
    seatsAssigned: seats.assigned,
    seatsReturned: seats.returned,
    seatsFree: seats.free,
    vatRate: vatFractionFromBasisPoints(order.vatRateBp),
    paidCents: balance.paidCents,
    refundedCents: balance.refundedCents,
    pendingRefundCents: balance.pendingCents,
    chargedBackCents: balance.chargedBackCents,
    refundableCents: balance.refundableCents,
    disputeOpen: balance.disputeOpen,
    disputeLostAt: iso(order.disputeLostAt),
    invoice: invoice
      ? {
          number: invoice.number,
          issueDate: invoice.issueDate,
          supplyDate: invoice.supplyDate,
          createdAt: invoice.createdAt.toISOString(),
          pdfUrl: `/api/admin/orders/${order.id}/invoice`,
        }
      : null,
    creditNotes: notes.map((n) => ({
      _id: n.creditNoteId,
      number: n.number,
      refundId: n.refundId,
      invoiceNumber: n.invoiceNumber,
      issueDate: n.issueDate,
      amountCents: n.amountCents,
      currency: n.currency,
      createdAt: n.createdAt.toISOString(),
      pdfUrl: `/api/admin/orders/${order.id}/credit-notes/${n.creditNoteId}`,
    })),
    payments: paymentRows.map((p) => ({
      _id: p.id,
      orderId: p.orderId,
      gateway: p.gateway,
      transactionId: p.transactionId,
      amountCents: p.amountCents,
      currency: p.currency,
      state: p.state,
      method: p.method,
      cardBrand: p.cardBrand,
      cardLast4: p.cardLast4,
      settledAt: iso(p.settledAt),
      createdAt: p.createdAt.toISOString(),
      paying: p.id === order.payingPaymentId,
      amountMatches: p.amountCents === order.amountCents && p.currency.toUpperCase() === order.currency.toUpperCase(),
    })),
    refunds: refundRows.map((r) => ({
      _id: r.id,
      refundId: r.id,
      orderId: r.orderId,
      paymentId: r.paymentId,
      amountCents: r.amountCents,
      reason: r.reason,
      alsoCancelEnrollment: r.alsoCancelEnrollment,
      seats: r.seats,
      state: r.state,
      gatewayRefundId: r.gatewayRefundId,
      requestedBy: r.requestedBy,
      estimatedSettlementDate: r.estimatedSettlementDate,
      settledAt: iso(r.settledAt),
      createdAt: r.createdAt.toISOString(),
      creditNoteNumber: noteByRefund.get(r.id) ?? null,
      failureReason: r.failureReason,
      failedAt: iso(r.failedAt),
    })),
    enrollments: enrollmentRows.map((e) => ({
      _id: e.id,
      state: e.state,
      enrolledAt: e.enrolledAt.toISOString(),
      cancelledAt: iso(e.cancelledAt),
      cancelReason: e.cancelReason,
      suspendedAt: iso(e.suspendedAt),
    })),
    auditLog: audit.rows.map(auditEntry),
    webhookEvents: events.map(webhookEventView),
  };
}

/** GET /api/admin/orders/<id>/audit: the order's audit rows, newest first. */
export async function getAdminOrderAudit(db: DbOrTx, orderId: string, query: AdminPagingQuery): Promise<AuditListResponse> {
  const order = await findOrder(db, orderId);
  const page = await listAuditPage(db, { targetType: "order", targetId: order.id, limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
  return { data: page.rows.map(auditEntry), pagination: pagination(query.page, query.pageSize, page.total) };
}

/** The orders of some ids that exist (for links from the audit and webhook viewers). */
export async function existingOrderIds(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  const wanted = ids.filter((id) => isId(id));
  if (wanted.length === 0) return new Set();
  const rows = await db.select({ id: orders.id }).from(orders).where(inArray(orders.id, wanted));
  return new Set(rows.map((r) => r.id));
}

/**
 * What on the orders needs an admin (the dashboard's "Vyžaduje pozornosť"): orders with a
 * refund the gateway kept refusing, and disputes not decided yet.
 */
export async function ordersNeedingAttention(
  db: DbOrTx,
): Promise<{ failedRefunds: number; failedRefundOrders: { id: string; label: string }[]; openDisputes: number }> {
  const failedIds = sql`(select distinct ${refunds.orderId} from ${refunds} where ${refunds.state} = 'failed')`;
  const [failed] = await db
    .select({ n: count() })
    .from(orders)
    .where(sql`${orders.id} in ${failedIds}`);
  const rows = await db
    .select({ id: orders.id, courseTitle: orders.courseTitle, student: orders.studentDisplayName })
    .from(orders)
    .where(sql`${orders.id} in ${failedIds}`)
    .orderBy(desc(orders.createdAt))
    .limit(10);
  const [disputes] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.state, "disputed"), sql`${orders.disputeLostAt} is null`));
  return {
    failedRefunds: Number(failed?.n ?? 0),
    failedRefundOrders: rows.map((r) => ({ id: r.id, label: `${r.student} · ${r.courseTitle}` })),
    openDisputes: Number(disputes?.n ?? 0),
  };
}
