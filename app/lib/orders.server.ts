// Placing an order, shared by POST /api/orders and the checkout page's action (STYLE.md:
// an HTML action and its /api twin call the same domain function; only the answer
// differs). Sponsorship is checked live with the provider (server/orders sponsorOfOrder;
// docs/decisions.md > Provider roles), the rate limit is spent only when the request
// really executes (a replayed double click spends nothing), and the order and its stored
// idempotent answer commit together. Returns the answer as a value: the /api route wraps
// it in JSON, the page redirects to the gateway.
import { createOrder, sponsorOfOrder, type CreateOrderBody, type CreateOrderResponse } from "#server/orders";
import type { CachedUser } from "#server/identity";
import { withIdempotency, type IdempotentAnswer } from "#server/http/idempotency";
import type { AppServices } from "#server/services";

export async function placeOrder(
  services: AppServices,
  user: CachedUser,
  body: CreateOrderBody,
  idempotency: { route: string; key: string | null | undefined; rawBody: unknown },
): Promise<IdempotentAnswer<CreateOrderResponse>> {
  const sponsor = await sponsorOfOrder(services, user.id, body);
  return withIdempotency(
    {
      db: services.db,
      userId: user.id,
      route: idempotency.route,
      key: idempotency.key,
      body: idempotency.rawBody,
      required: false,
      beforeExecute: (tx) => services.rateLimits.consume({ name: "orders", userId: user.id }, { tx }),
    },
    async (tx) => {
      const created = await createOrder(
        tx,
        { sessions: services.payments.sessions, publicUrl: services.site.publicUrl, now: services.clock.now() },
        { buyer: { id: user.id, displayName: user.displayName, email: user.email }, body, sponsor },
      );
      return { status: 201, body: created, headers: { "Cache-Control": "no-store" } };
    },
  );
}
