// Admin orders, shared by the /api/admin/orders routes and the /admin/objednavky pages (an
// HTML action and its /api twin call the same domain function; only the answer differs).
// Every entry checks role admin first (a content manager gets 403), with roles read from
// the user cache for this very request.
import type { RouterContextProvider } from "react-router";
import { requestRefund, resolveDispute, retryFailedRefund, type DisputeResolutionInput, type RefundActor, type RefundInput } from "#server/payments";
import { DomainError } from "#server/kernel/errors";
import { idempotentRequest, withIdempotency, type IdempotentAnswer, type RequestIdempotency } from "#server/http/idempotency";
import { creditNoteFileName, creditNotePdf, invoiceFileName, storedInvoicePdf } from "#server/invoices";
import { outcomeOf, valueOrThrow, type Outcome } from "#server/kernel/outcome";
import type { AppServices } from "#server/services";
import { requireRole, actorOf } from "./auth.server";
import { contentDisposition, PRIVATE_FILE_HEADERS } from "./download.server";
import { servicesContext } from "../context";
import { isId } from "#shared/ids";

/** The signed-in admin (requireRole) with the services and the actor of audit rows; 401/403 otherwise. */
export function adminOf(context: Readonly<RouterContextProvider>): { services: AppServices; actor: RefundActor } {
  const { user } = requireRole(context, "admin");
  return { services: context.get(servicesContext), actor: actorOf(context, user) };
}

/**
 * Starts a refund once per Idempotency-Key (required): the refund, its audit row and the
 * stored 202 answer commit together, so the same key twice is one refund. A refusal (more
 * than is left, not paid, a dispute open, the key missing, reused or still in use) is
 * returned: thrown inside the transaction, so the refund and its audit row roll back and
 * the key is freed, and returned from here (docs/decisions/platform/use-cases-return-values.md).
 */
export async function refundOrder(
  services: AppServices,
  actor: RefundActor,
  input: RefundInput,
  idempotency: RequestIdempotency,
): Promise<Outcome<IdempotentAnswer>> {
  return outcomeOf(() =>
    withIdempotency(idempotentRequest(services.db, actor.actorId, idempotency, true), async (tx) => {
      const accepted = await requestRefund(
        tx,
        { refunds: services.payments.refunds, publicUrl: services.site.publicUrl, now: services.clock.now() },
        actor,
        input,
      );
      return { status: 202, body: accepted, headers: { "Cache-Control": "no-store" } };
    }),
  );
}

/**
 * Ends a dispute (restore or cancel) in one transaction. The Idempotency-Key is optional
 * (the state machine refuses a second decision anyway): with one, a repeat answers the
 * first answer instead of 409. A refusal (no longer disputed, nothing suspended to restore)
 * is returned, thrown inside the transaction first so that nothing of it stays.
 */
export async function resolveOrderDispute(
  services: AppServices,
  actor: RefundActor,
  input: DisputeResolutionInput,
  idempotency: RequestIdempotency,
): Promise<Outcome<IdempotentAnswer>> {
  return outcomeOf(() =>
    withIdempotency(idempotentRequest(services.db, actor.actorId, idempotency, false), async (tx) => {
      const resolved = await resolveDispute(tx, { queue: services.queue, now: services.clock.now() }, actor, input);
      return { status: 200, body: resolved, headers: { "Cache-Control": "no-store" } };
    }),
  );
}

/** "Skúsiť vrátenie znova": a failed refund is pending again and its job asks the gateway anew. */
export async function retryRefund(services: AppServices, actor: RefundActor, input: { orderId: string; refundId: string }) {
  return services.db.transaction((tx) => retryFailedRefund(tx, { queue: services.queue }, actor, input));
}

function pdfResponse(pdf: Uint8Array, filename: string): Response {
  return new Response(Buffer.from(pdf), {
    headers: { "Content-Type": "application/pdf", "Content-Disposition": contentDisposition("attachment", filename), ...PRIVATE_FILE_HEADERS },
  });
}

/** The stored invoice PDF of any order; 404 before payment and until the render job stored it. */
export async function invoicePdfResponse(services: AppServices, orderId: string) {
  if (!isId(orderId)) throw new DomainError("not_found", "Objednávka nemá faktúru.");
  const invoice = valueOrThrow(await storedInvoicePdf(services.db, orderId, "Objednávka nemá faktúru."));
  return pdfResponse(invoice.pdf, invoiceFileName(invoice.number));
}

/** A credit note PDF of an order; 404 when the order has no such note, or until its PDF is stored. */
export async function creditNotePdfResponse(services: AppServices, orderId: string, creditNoteId: string) {
  const note = await creditNotePdf(services.db, orderId, creditNoteId);
  if (!note) throw new DomainError("not_found", "Dobropis sa nenašiel.");
  if (!note.pdf)
    throw new DomainError("not_found", "Dobropis sa ešte pripravuje. Skúste to o chvíľu.", { number: note.number }, { headers: { "Retry-After": "5" } });
  return pdfResponse(note.pdf, creditNoteFileName(note.number));
}
