// Money received by bank transfer (docs/decisions/payments/pay-by-bank-transfer.md > Pay by bank transfer): an admin
// records a credit on the order's page, or uploads the bank's CAMT.053 statement. Each
// credit is matched to an order by its variable symbol (a recorded one names its order)
// and its amount; a match pays the order through the gateway's path (webhook.ts payOrder:
// the paying Payment, enrollment, tax invoice with the booking date as supply date,
// e-mails, a company's e-invoice), exactly once: the bank's reference is unique in
// bank_transfers (and the Payment's transaction id in payments), so recording the same
// credit twice or uploading the same statement again adds nothing. A wrong amount, or
// money for an order that cannot be paid (paid already, a course the buyer holds), is
// flagged and the admins alerted; it is never accepted silently.
import { desc, eq, inArray } from "drizzle-orm";
import { schema, type Database, type Tx } from "../db";
import { ok, refusalOf, refused, type Outcome } from "../kernel/outcome";
import { writeAudit, type AuditActor } from "../audit";
import { heldEnrollment, lockOrder, lockPurchaseOfOrder, orderIdByVariableSymbol } from "../orders";
import { bratislavaDay, issuingSupplier } from "../invoices";
import { startOfDayInBratislava } from "../../shared/calendar";
import type { Queue } from "../queue";
import { insertPayment, payOrder } from "./webhook";
import { parseCamt053 } from "./camt053";

const { bankTransfers } = schema;

/** The Payment records' gateway name for money received by bank transfer. */
export const BANK_TRANSFER_GATEWAY = "bank_transfer";

export type BankTransferState = "paid" | "amount_mismatch" | "order_not_payable" | "unmatched";

export type BankCredit = {
  bankReference: string;
  amountCents: number;
  currency: string;
  /** YYYY-MM-DD */
  bookingDate: string;
  variableSymbol: string | null;
  counterparty: string | null;
};

export type CreditOutcome = {
  bankReference: string;
  /** `duplicate`: this reference was recorded before; nothing was done */
  result: BankTransferState | "duplicate";
  transferId: string;
  orderId: string | null;
  amountCents: number;
  variableSymbol: string | null;
};

export type TransferDeps = { db: Database; queue: Queue; now: Date };

/** Noon of the booking day in Bratislava, never later than now: the paying time whose day is the supply date. */
function paidAtOf(bookingDate: string, now: Date): Date {
  const noon = new Date(startOfDayInBratislava(bookingDate).getTime() + 12 * 60 * 60 * 1000);
  return noon.getTime() > now.getTime() ? now : noon;
}

/**
 * One received credit, in the caller's transaction: matched, recorded and (a match) the
 * order paid. `orderId` when an admin records it on an order's page, else found by the
 * variable symbol. The purchase lock, then the order's row lock, as every payment path
 * takes them, so two records of the same credit serialize and the second is a duplicate.
 */
async function applyCredit(
  tx: Tx,
  deps: { queue: Queue; now: Date },
  credit: BankCredit,
  source: { kind: "manual" | "camt053"; statementId: string | null; actorId: string; orderId?: string },
): Promise<CreditOutcome> {
  const orderId = source.orderId ?? (credit.variableSymbol ? await orderIdByVariableSymbol(tx, credit.variableSymbol) : null);
  if (orderId) await lockPurchaseOfOrder(tx, orderId);
  const order = orderId ? await lockOrder(tx, orderId) : null;

  let state: BankTransferState;
  if (!order) state = "unmatched";
  else if (order.state !== "pending" && order.state !== "failed" && order.state !== "expired") state = "order_not_payable";
  else if (credit.amountCents !== order.amountCents || credit.currency.toUpperCase() !== order.currency.toUpperCase()) state = "amount_mismatch";
  else if (!order.sponsorOrgId && (await heldEnrollment(tx, order.studentId, order.courseId, { exceptOrderId: order.id }))) state = "order_not_payable";
  else state = "paid";

  const [row] = await tx
    .insert(bankTransfers)
    .values({
      bankReference: credit.bankReference,
      orderId: order?.id ?? null,
      variableSymbol: credit.variableSymbol ?? order?.transferVariableSymbol ?? null,
      amountCents: credit.amountCents,
      currency: credit.currency.toUpperCase(),
      bookingDate: credit.bookingDate,
      counterparty: credit.counterparty,
      source: source.kind,
      statementId: source.statementId,
      state,
      recordedBy: source.actorId,
    })
    .onConflictDoNothing({ target: bankTransfers.bankReference })
    .returning({ id: bankTransfers.id });
  if (!row) {
    // recorded before (the same statement again, the same reference typed twice): nothing more
    const [known] = await tx.select().from(bankTransfers).where(eq(bankTransfers.bankReference, credit.bankReference));
    return {
      bankReference: credit.bankReference,
      result: "duplicate",
      transferId: known.id,
      orderId: known.orderId,
      amountCents: known.amountCents,
      variableSymbol: known.variableSymbol,
    };
  }
  const outcome: CreditOutcome = {
    bankReference: credit.bankReference,
    result: state,
    transferId: row.id,
    orderId: order?.id ?? null,
    amountCents: credit.amountCents,
    variableSymbol: credit.variableSymbol,
  };
  if (!order) return outcome;

  if (state === "paid") {
    const paidAt = paidAtOf(credit.bookingDate, deps.now);
    const paymentId = await insertPayment(tx, {
      orderId: order.id,
      gateway: BANK_TRANSFER_GATEWAY,
      transactionId: credit.bankReference,
      amountCents: credit.amountCents,
      currency: credit.currency,
      method: "bank_transfer",
      settledAt: paidAt,
    });
    await tx.update(bankTransfers).set({ paymentId }).where(eq(bankTransfers.id, row.id));
    const paid = await payOrder(tx, deps, order, { paymentId, paidAt, heldEnrollmentId: null });
    // an enrollment of the course appeared after all (a race with a card payment): a person must return the money
    if (paid.heldEnrollmentId)
      await deps.queue.enqueue(tx, "mail.send", { kind: "admin_order_alert", orderId: order.id, alert: "transfer_not_payable", ref: row.id });
    await writeAudit(tx, {
      actorId: source.actorId,
      action: "order.transfer.paid",
      targetType: "order",
      targetId: order.id,
      details: {
        bankTransferId: row.id,
        bankReference: credit.bankReference,
        amountCents: credit.amountCents,
        bookingDate: credit.bookingDate,
        paymentId,
        invoiceNumber: paid.invoice.number,
        source: source.kind,
        statementId: source.statementId,
      },
    });
    return outcome;
  }
  // flagged: the admins are told, the order stays as it is
  await deps.queue.enqueue(tx, "mail.send", {
    kind: "admin_order_alert",
    orderId: order.id,
    alert: state === "amount_mismatch" ? "transfer_amount_mismatch" : "transfer_not_payable",
    ref: row.id,
  });
  await writeAudit(tx, {
    actorId: source.actorId,
    action: `order.transfer.${state}`,
    targetType: "order",
    targetId: order.id,
    details: {
      bankTransferId: row.id,
      bankReference: credit.bankReference,
      amountCents: credit.amountCents,
      expectedCents: order.amountCents,
      orderState: order.state,
      source: source.kind,
      statementId: source.statementId,
    },
  });
  return outcome;
}

export type RecordTransferInput = { orderId: string; amountCents: number; bookingDate: string; bankReference: string };

/** An admin records a credit seen on the account for the order (its variable symbol); refused (nothing written): a future date, an unknown order, one without a payment request. */
export async function recordBankTransfer(deps: TransferDeps, actor: AuditActor, input: RecordTransferInput): Promise<Outcome<CreditOutcome>> {
  const today = bratislavaDay(deps.now);
  if (input.bookingDate > today) {
    const message = "Dátum pripísania nemôže byť v budúcnosti.";
    return refused("validation", message, [{ path: "bookingDate", message, code: "in_future" }]);
  }
  return deps.db.transaction(async (tx) => {
    // the purchase lock first, then the order's row (the order every payment path takes them in)
    await lockPurchaseOfOrder(tx, input.orderId);
    const order = await lockOrder(tx, input.orderId);
    if (!order) return refused("not_found", "Objednávka sa nenašla.");
    if (!order.transferVariableSymbol) {
      return refused("validation", "Objednávka nemá výzvu na úhradu prevodom.", [
        { path: "orderId", message: "Objednávka nemá výzvu na úhradu prevodom.", code: "no_payment_request" },
      ]);
    }
    const outcome = await applyCredit(
      tx,
      deps,
      {
        bankReference: input.bankReference,
        amountCents: input.amountCents,
        currency: order.currency,
        bookingDate: input.bookingDate,
        variableSymbol: order.transferVariableSymbol,
        counterparty: null,
      },
      { kind: "manual", statementId: null, actorId: actor.actorId, orderId: order.id },
    );
    await writeAudit(tx, {
      actorId: actor.actorId,
      actorRoles: actor.actorRoles,
      ip: actor.ip ?? null,
      action: "order.transfer.record",
      targetType: "order",
      targetId: order.id,
      details: {
        bankReference: input.bankReference,
        amountCents: input.amountCents,
        bookingDate: input.bookingDate,
        result: outcome.result,
        bankTransferId: outcome.transferId,
      },
    });
    return ok(outcome);
  });
}

export type StatementImport = {
  statements: { statementId: string; iban: string | null }[];
  credits: CreditOutcome[];
  counts: Record<CreditOutcome["result"], number>;
};

/**
 * An uploaded CAMT.053 statement: every booked credit of the academy's account applied in
 * one transaction (a statement is all or nothing). A statement of another account, or a
 * file that is not one, is refused (422).
 */
export async function importBankStatement(deps: TransferDeps, actor: AuditActor, xml: string): Promise<Outcome<StatementImport>> {
  let statements: ReturnType<typeof parseCamt053>;
  try {
    statements = parseCamt053(xml);
  } catch (error) {
    // a file that is not a CAMT.053 statement (the parser's 422)
    return refusalOf(error);
  }
  const own = issuingSupplier().iban.replace(/\s+/g, "").toUpperCase();
  const foreign = statements.find((s) => s.iban && s.iban !== own);
  if (foreign) {
    const message = `Výpis je z iného účtu (${foreign.iban}), nie z účtu akadémie.`;
    return refused("validation", message, [{ path: "statement", message, code: "foreign_account" }]);
  }
  return deps.db.transaction(async (tx) => {
    const credits: CreditOutcome[] = [];
    for (const statement of statements) {
      for (const credit of statement.credits) {
        credits.push(await applyCredit(tx, deps, credit, { kind: "camt053", statementId: statement.statementId, actorId: actor.actorId }));
      }
    }
    const counts = { paid: 0, amount_mismatch: 0, order_not_payable: 0, unmatched: 0, duplicate: 0 };
    for (const c of credits) counts[c.result]++;
    await writeAudit(tx, {
      actorId: actor.actorId,
      actorRoles: actor.actorRoles,
      ip: actor.ip ?? null,
      action: "bank_statement.import",
      targetType: "bank_statement",
      targetId: statements
        .map((s) => s.statementId)
        .join(",")
        .slice(0, 200),
      details: { counts, credits: credits.length },
    });
    return ok({ statements: statements.map((s) => ({ statementId: s.statementId, iban: s.iban })), credits, counts });
  });
}

export type BankTransferView = {
  id: string;
  bankReference: string;
  orderId: string | null;
  variableSymbol: string | null;
  amountCents: number;
  currency: string;
  bookingDate: string;
  counterparty: string | null;
  source: string;
  statementId: string | null;
  state: BankTransferState;
  recordedBy: string;
  createdAt: string;
};

function view(row: typeof bankTransfers.$inferSelect): BankTransferView {
  const { paymentId: _paymentId, ...rest } = row;
  return { ...rest, state: row.state as BankTransferState, createdAt: row.createdAt.toISOString() };
}

/** The credits recorded for an order (its page), newest first. */
export async function bankTransfersOfOrder(db: Database, orderId: string): Promise<BankTransferView[]> {
  const rows = await db.select().from(bankTransfers).where(eq(bankTransfers.orderId, orderId)).orderBy(desc(bankTransfers.createdAt));
  return rows.map(view);
}

/** Credits that need a person (wrong amount, not payable, unmatched), newest first, and the latest ones. */
export async function bankTransfersForAdmin(db: Database, limit = 50): Promise<{ flagged: BankTransferView[]; latest: BankTransferView[] }> {
  const flagged = await db
    .select()
    .from(bankTransfers)
    .where(inArray(bankTransfers.state, ["amount_mismatch", "order_not_payable", "unmatched"]))
    .orderBy(desc(bankTransfers.createdAt))
    .limit(limit);
  const latest = await db.select().from(bankTransfers).orderBy(desc(bankTransfers.createdAt)).limit(limit);
  return { flagged: flagged.map(view), latest: latest.map(view) };
}
