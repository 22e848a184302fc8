// Placing an order, shared by POST /api/orders and the checkout page's action (STYLE.md:
// an HTML action and its /api twin call the same domain function; only the answer
// differs). Sponsorship is checked live with the provider (server/orders sponsorOfOrder;
// docs/decisions/identity/provider-roles-application-roles.md > Provider roles), the rate limit is spent only when the request
// really executes (a replayed double click spends nothing), and the order and its stored
// idempotent answer commit together. Returns the answer as a value: the /api route wraps
// it in JSON, the page redirects to the gateway. Retry-payment goes the same way
// (POST /api/orders/<id>/retry-payment and the return page's "Zaplatiť znova").
// A refusal (already enrolled, not the club's admin, a limit, the key reused or still in
// use) is returned, not thrown (docs/decisions/platform/use-cases-return-values.md): one
// found inside the idempotency transaction is thrown there, so it rolls back and frees the
// key, and becomes the Outcome here at the boundary.
import { createOrder, retryOrderPayment, sponsorOfOrder, type CreateOrderBody, type CreateOrderResponse, type RetryPaymentResponse } from "#server/orders";
import type { CachedUser } from "#server/identity";
import { idempotentRequest, withIdempotency, type IdempotentAnswer, type RequestIdempotency } from "#server/http/idempotency";
import { inputRefusalOf } from "#server/kernel/errors";
import { ok, outcomeOf, refusalOf, type Outcome } from "#server/kernel/outcome";
import type { AppServices } from "#server/services";

export async function placeOrder(
  services: AppServices,
  user: CachedUser,
  body: CreateOrderBody,
  idempotency: RequestIdempotency,
): Promise<Outcome<IdempotentAnswer<CreateOrderResponse>>> {
  try {
    const sponsor = await sponsorOfOrder(services, user.id, body);
    return ok(
      await withIdempotency(
        {
          ...idempotentRequest(services.db, user.id, idempotency, false),
          beforeExecute: (tx) => services.rateLimits.consume({ name: "orders", userId: user.id }, { tx }),
        },
        async (tx) => {
          const created = await createOrder(
            tx,
            { sessions: services.payments.sessions, publicUrl: services.site.publicUrl, now: services.clock.now(), queue: services.queue },
            { buyer: { id: user.id, displayName: user.displayName, email: user.email }, body, sponsor },
          );
          return { status: 201, body: created, headers: { "Cache-Control": "no-store" } };
        },
      ),
    );
  } catch (error) {
    // a value the database cannot hold (NUL, out of range) is the order's 422 too, with the
    // warning every such refusal leaves in the log (app/lib/api.server.ts)
    const input = inputRefusalOf(error);
    if (input) services.log.warn("input refused by the database", { route: idempotency.route, reason: input.message });
    return refusalOf(input ?? error);
  }
}

/**
 * Retry-payment of a failed or expired order, shared by POST /api/orders/<id>/retry-payment
 * and the return page's action: the same Idempotency-Key machinery as placeOrder (a replay
 * answers the first answer, another body with the key is 422, a request whose first copy
 * is still running is 409), so a double click opens one gateway session. The session and
 * the stored answer commit together; a gateway that does not answer (503) keeps nothing
 * and frees the key. No rate limit: a retry creates no order.
 */
export async function retryPayment(
  services: AppServices,
  user: CachedUser,
  orderId: string,
  idempotency: RequestIdempotency,
): Promise<Outcome<IdempotentAnswer<RetryPaymentResponse>>> {
  return outcomeOf(() =>
    withIdempotency(idempotentRequest(services.db, user.id, idempotency, false), async (tx) => {
      const answer = await retryOrderPayment(
        tx,
        { sessions: services.payments.sessions, publicUrl: services.site.publicUrl, now: services.clock.now() },
        user.id,
        orderId,
      );
      return { status: 200, body: answer, headers: { "Cache-Control": "no-store" } };
    }),
  );
}
