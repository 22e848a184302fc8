// Pay by bank transfer, the orders' side (docs/decisions/payments/pay-by-bank-transfer.md > Pay by bank transfer): a
// company or club buyer's order gets a payment request ("Výzva na úhradu", not a tax
// invoice) instead of a gateway session: a variable symbol given once per order, a due
// date 14 days on, the request e-mailed as PDF. The order stays pending until the money is
// matched (server/payments transfers.ts pays it through the gateway's path) and expires
// after the due date (the orders.expire-transfer-requests job, with an e-mail).
import { and, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { schema, type Database, type DbOrTx } from "../db";
import { DomainError } from "../kernel/errors";
import { endOfDayInBratislava, bratislavaDay } from "../../shared/calendar";
import { paymentRequestOf } from "../invoices";
import type { Queue } from "../queue";
import type { CreateOrderBody, CreateOrderResponse, PaymentRequestView } from "./contract";
import { isId } from "../../shared/ids";

const { orders } = schema;

/** Days from the request to its due date. */
export const TRANSFER_DUE_DAYS = 14;

/** Hourly: unpaid payment requests past their due date expire (Europe/Bratislava cron). */
export const EXPIRE_TRANSFER_REQUESTS_CRON = "10 * * * *";

type OrderRow = typeof orders.$inferSelect;

/** Orders without a payment request (the card orders' 24 h expiry applies to them only). */
export const TRANSFER_CARD_PENDING_FILTER = isNull(orders.transferVariableSymbol);

/** A company (billing on an IČO) or a club (sponsorOrgId) may pay by transfer; a person buying privately may not. */
export function mayPayByTransfer(body: Pick<CreateOrderBody, "billingType" | "sponsorOrgId">, sponsor: { id: string } | null): boolean {
  return body.billingType === "company" || sponsor !== null || !!body.sponsorOrgId;
}

export function transferNotAllowed(): DomainError {
  const message = "Prevodom na účet môže platiť firma alebo klub (nákup na IČO). Ako fyzická osoba zaplaťte, prosím, kartou.";
  return new DomainError("validation", message, [{ path: "paymentMethod", message, code: "transfer_not_allowed" }]);
}

/** "1000000042": ten digits from the order_transfer_vs_seq sequence (never an invoice's eight-digit YYYYNNNN). */
export function transferVariableSymbol(sequence: number): string {
  return String(1_000_000_000 + sequence);
}

/**
 * Gives the pending order its payment request (or keeps the one it has: the variable symbol
 * and due date never change), queues its e-mail (once per order) and answers like a new
 * order, with the order's status page as the place to go.
 */
export async function issueTransferRequest(tx: DbOrTx, deps: { publicUrl: string; now: Date; queue?: Queue }, order: OrderRow): Promise<CreateOrderResponse> {
  let current = order;
  if (!order.transferVariableSymbol) {
    const result = (await tx.execute(sql`select nextval('order_transfer_vs_seq')::int as next`)) as unknown as
      { rows: { next: number }[] } | { next: number }[];
    const [{ next }] = Array.isArray(result) ? result : result.rows;
    const dueDate = bratislavaDay(new Date(deps.now.getTime() + TRANSFER_DUE_DAYS * 24 * 60 * 60 * 1000));
    [current] = await tx
      .update(orders)
      .set({
        transferVariableSymbol: transferVariableSymbol(Number(next)),
        transferDueDate: dueDate,
        transferRequestedAt: deps.now,
        // unpaid, the order expires when its due date has ended
        expiresAt: endOfDayInBratislava(dueDate),
      })
      .where(eq(orders.id, order.id))
      .returning();
    if (!deps.queue) throw new Error("issueTransferRequest needs the queue for the payment request's e-mail");
    await deps.queue.enqueue(tx, "mail.send", { kind: "payment_request", orderId: order.id });
  }
  return {
    orderId: current.id,
    amount: current.amountCents,
    currency: current.currency,
    redirectUrl: `${deps.publicUrl}/objednavky/${current.id}/return`,
    paymentRequest: paymentRequestView(current)!,
  };
}

/** The order's payment request as the API shows it; null for a card order. */
export function paymentRequestView(order: OrderRow): PaymentRequestView | null {
  const request = paymentRequestOf(order);
  if (!request) return null;
  return {
    variableSymbol: request.variableSymbol,
    iban: request.iban,
    bic: request.bic,
    beneficiary: request.beneficiary,
    amountCents: request.amountCents,
    currency: request.currency,
    dueDate: request.dueDate,
    payBySquare: request.payBySquare,
    pdfUrl: `/api/orders/${order.id}/payment-request`,
  };
}

/** The order whose payment request has this variable symbol, or null. */
export async function orderIdByVariableSymbol(db: DbOrTx, variableSymbol: string): Promise<string | null> {
  const digits = variableSymbol.replace(/^0+/, "");
  if (!/^\d{1,10}$/.test(digits)) return null;
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.transferVariableSymbol, digits)).limit(1);
  return row?.id ?? null;
}

/**
 * The orders.expire-transfer-requests job: pending orders whose payment request's due date
 * has ended → expired (the spec's order state; docs/decisions/payments/pay-by-bank-transfer.md > Pay by bank transfer),
 * the buyer told in the same transaction. Money arriving later still pays the order
 * (expired orders may be paid). Returns how many expired.
 */
export async function expireTransferRequests(db: Database, queue: Queue, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(orders)
      .set({ state: "expired" })
      .where(and(eq(orders.state, "pending"), isNotNull(orders.transferVariableSymbol), lt(orders.expiresAt, now)))
      .returning({ id: orders.id });
    for (const row of rows) await queue.enqueue(tx, "mail.send", { kind: "payment_request_expired", orderId: row.id });
    return rows.length;
  });
}

/** The order's payment request and state (the admin's order page); null for a card order or an unknown id. */
export async function orderPaymentRequest(db: DbOrTx, orderId: string): Promise<{ state: OrderRow["state"]; request: PaymentRequestView } | null> {
  if (!isId(orderId)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const request = order ? paymentRequestView(order) : null;
  return order && request ? { state: order.state, request } : null;
}
