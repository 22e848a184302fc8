// Delivery (docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md > E-invoices: delivery): the einvoices.deliver job (every
// minute) takes the e-invoices that are due, validates each once (off the request path),
// hands the valid ones to the access point and asks it later about accepted ones.
// - čaká (pending) → invalid: a fatal rule; not sent; the admin order page names the rules
// - čaká → odoslaná (sent): the access point accepted it → doručená / odmietnutá later
// - čaká → doručená (delivered) / odmietnutá (rejected): the access point's final answer
// - no answer, a timeout or a 5xx: stays čaká, tried again after a backoff (1 min doubling
//   up to 6 h); it shows on the admin dashboard once it is a day old.
// Each e-invoice is claimed by moving its next attempt a lease ahead (an UPDATE … RETURNING
// over FOR UPDATE SKIP LOCKED), so two workers never send the same one at once and a
// worker that dies leaves it to the next run after the lease. A repeated send carries the
// same Idempotency-Key (the document's SHA-256): at least once, deduplicated by the access point.
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { schema, type Database } from "../db";
import type { Logger } from "../log";
import { AccessPointUnavailable, type AccessPoint, type ApReceipt } from "./access-point";
import { eInvoiceDeliveries, eInvoiceRuleFailures, eInvoiceValidationSeconds } from "./metrics";
import { validateUbl } from "./validate";
import { first, readXml } from "./xml";

const { eInvoices } = schema;

export const DELIVER_CRON = "* * * * *";
/** How long a claimed e-invoice is left alone by other workers. */
export const LEASE_MS = 5 * 60_000;
const BACKOFF_BASE_MS = 60_000;
const BACKOFF_MAX_MS = 6 * 60 * 60_000;

/** The wait before attempt `attempts + 1`: 1 min, 2, 4 … at most 6 h. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

export type DeliveryOutcome = "invalid" | "sent" | "delivered" | "rejected" | "retry";
export type DeliveryRun = { processed: number; outcomes: Partial<Record<DeliveryOutcome, number>> };

/** The Peppol participant ids ("0245:2021234567") of a document's seller and buyer. */
function participants(xml: Uint8Array): { sender: string; receiver: string } {
  const root = readXml(new TextDecoder().decode(xml));
  const id = (path: string) => {
    const endpoint = first(root, path);
    return endpoint ? `${endpoint.attrs.schemeID ?? ""}:${endpoint.text}` : "";
  };
  return { sender: id("AccountingSupplierParty/Party/EndpointID"), receiver: id("AccountingCustomerParty/Party/EndpointID") };
}

/** Claims up to `limit` due e-invoices (pending, or sent and waiting for the final word). */
async function claimDue(db: Database, now: Date, limit: number) {
  const due = db
    .select({ id: eInvoices.id })
    .from(eInvoices)
    .where(and(inArray(eInvoices.state, ["pending", "sent"]), lte(eInvoices.nextAttemptAt, now)))
    .orderBy(eInvoices.nextAttemptAt)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(eInvoices)
    .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
    .where(inArray(eInvoices.id, due))
    .returning({
      id: eInvoices.id,
      number: eInvoices.number,
      state: eInvoices.state,
      xml: eInvoices.xml,
      sha256: eInvoices.sha256,
      validatedAt: eInvoices.validatedAt,
      attempts: eInvoices.attempts,
      providerMessageId: eInvoices.providerMessageId,
    });
}

type Claimed = Awaited<ReturnType<typeof claimDue>>[number];

async function applyReceipt(db: Database, row: Claimed, receipt: ApReceipt, now: Date): Promise<DeliveryOutcome> {
  const base = { attempts: row.attempts + 1, lastError: null, providerMessageId: receipt.messageId ?? row.providerMessageId };
  if (receipt.status === "delivered") {
    await db
      .update(eInvoices)
      .set({ ...base, state: "delivered", sentAt: sql`coalesce(${eInvoices.sentAt}, ${now})`, deliveredAt: now })
      .where(eq(eInvoices.id, row.id));
    return "delivered";
  }
  if (receipt.status === "rejected") {
    await db
      .update(eInvoices)
      .set({ ...base, state: "rejected", rejectedAt: now, rejectionReason: receipt.reason ?? "Prístupový bod dokument odmietol bez udania dôvodu." })
      .where(eq(eInvoices.id, row.id));
    return "rejected";
  }
  // accepted: ask again after the backoff
  await db
    .update(eInvoices)
    .set({
      ...base,
      state: "sent",
      sentAt: sql`coalesce(${eInvoices.sentAt}, ${now})`,
      nextAttemptAt: new Date(now.getTime() + backoffMs(row.state === "sent" ? row.attempts : 1)),
    })
    .where(eq(eInvoices.id, row.id));
  return "sent";
}

async function deliverOne(db: Database, accessPoint: AccessPoint, row: Claimed, now: Date): Promise<DeliveryOutcome> {
  if (row.state === "pending" && !row.validatedAt) {
    const started = performance.now();
    const result = validateUbl(row.xml);
    eInvoiceValidationSeconds.observe((performance.now() - started) / 1000);
    const fatal = result.findings.filter((f) => f.flag === "fatal");
    await db
      .update(eInvoices)
      .set({ findings: result.findings, validatedAt: now, ...(fatal.length > 0 ? { state: "invalid" as const } : {}) })
      .where(eq(eInvoices.id, row.id));
    if (fatal.length > 0) {
      for (const ruleId of new Set(fatal.map((f) => f.ruleId))) eInvoiceRuleFailures.inc({ rule: ruleId });
      return "invalid";
    }
  }
  try {
    const receipt =
      row.state === "sent" && row.providerMessageId
        ? await accessPoint.status(row.providerMessageId)
        : await accessPoint.send({ number: row.number, xml: row.xml, sha256: row.sha256, ...participants(row.xml) });
    return await applyReceipt(db, row, receipt, now);
  } catch (error) {
    if (!(error instanceof AccessPointUnavailable)) throw error;
    await db
      .update(eInvoices)
      .set({ attempts: row.attempts + 1, lastError: error.message.slice(0, 1000), nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts + 1)) })
      .where(eq(eInvoices.id, row.id));
    return "retry";
  }
}

/** Delivers what is due now; returns how each claimed e-invoice ended this run. */
export async function deliverDueEInvoices(db: Database, accessPoint: AccessPoint, options: { now?: Date; limit?: number } = {}): Promise<DeliveryRun> {
  const now = options.now ?? new Date();
  const claimed = await claimDue(db, now, options.limit ?? 20);
  const run: DeliveryRun = { processed: claimed.length, outcomes: {} };
  for (const row of claimed) {
    const outcome = await deliverOne(db, accessPoint, row, now);
    eInvoiceDeliveries.inc({ outcome });
    run.outcomes[outcome] = (run.outcomes[outcome] ?? 0) + 1;
  }
  return run;
}

/** The handler of the scheduled `einvoices.deliver` job (jobs/ registers it). */
export function deliverEInvoicesJob(deps: { db: Database; log: Logger; accessPoint: AccessPoint }) {
  return async () => {
    const run = await deliverDueEInvoices(deps.db, deps.accessPoint);
    if (run.processed > 0) deps.log.info("e-invoices delivered", run.outcomes);
    return run;
  };
}
