// Bank transfers for admins, shared by the /api/admin routes and the admin pages (STYLE.md:
// an HTML action and its /api twin call the same domain function; only the answer differs).
// docs/decisions/payments/pay-by-bank-transfer.md > Pay by bank transfer.
import { importBankStatement, recordBankTransfer, type CreditOutcome, type RecordTransferBody, type StatementImport } from "#server/payments";
import type { Outcome } from "#server/kernel/outcome";
import type { AuditActor } from "#server/audit";
import { DomainError } from "#server/kernel/errors";
import type { AppServices } from "#server/services";
import { depsOf } from "./deps.server";

/** A credit an admin saw on the account for the order: paid, flagged, or a duplicate of one recorded before. */
export function recordTransfer(services: AppServices, actor: AuditActor, orderId: string, body: RecordTransferBody): Promise<Outcome<CreditOutcome>> {
  return recordBankTransfer(depsOf(services), actor, { orderId, ...body });
}

/** An uploaded CAMT.053 statement (its text). */
export function importStatement(services: AppServices, actor: AuditActor, xml: string): Promise<Outcome<StatementImport>> {
  return importBankStatement(depsOf(services), actor, xml);
}

/** The statement's text from a request: an XML body (the API), else 415. */
export async function statementText(request: Request): Promise<string> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/xml" && type !== "text/xml") {
    throw new DomainError("unsupported_media_type", "Výpis pošlite ako application/xml (ISO 20022 CAMT.053).");
  }
  return request.text();
}
