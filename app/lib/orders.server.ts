// Placing an order, shared by POST /api/orders and the checkout page's action (STYLE.md:
// an HTML action and its /api twin call the same domain function; only the answer
// differs). Sponsorship is checked live with the provider (docs/decisions.md > Provider
// roles), the rate limit is spent only when the request really executes (a replayed
// double click spends nothing), and the order and its stored idempotent answer commit
// together.
import { createOrder, type CreateOrderBody } from "#server/orders";
import { ensureOrganization, hasOrgAdminRole, type CachedUser } from "#server/identity";
import { DomainError, json } from "#server/http/errors";
import { withIdempotency } from "#server/http/idempotency";
import type { AppServices } from "#server/services";

export async function placeOrder(
  services: AppServices,
  user: CachedUser,
  body: CreateOrderBody,
  idempotency: { route: string; key: string | null | undefined; rawBody: unknown },
): Promise<Response> {
  let sponsor = null;
  if (body.sponsorOrgId) {
    if (body.billingType !== "company") {
      throw new DomainError("validation", undefined, [
        { path: "billingType", message: "A purchase for an organization uses billingType company.", code: "custom" },
      ]);
    }
    const allowed = await hasOrgAdminRole(services.idpApi, user.id, body.sponsorOrgId);
    const org = allowed ? await ensureOrganization(services.db, services.idpApi, body.sponsorOrgId) : null;
    if (!org) throw new DomainError("forbidden", "Za túto organizáciu nemôžete nakupovať.", { sponsorOrgId: body.sponsorOrgId });
    // DIČ, IČ DPH and address are not in the cache (spec: its fields): one lookup per club order
    const details = await services.idpApi.getOrganization(org.id).catch(() => null);
    sponsor = { id: org.id, name: org.name, legalName: org.legalName, ico: org.ico, dic: details?.dic ?? null, icDph: details?.icDph ?? null, address: details?.address ?? null };
  }
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
      return json(created, { status: 201, headers: { "Cache-Control": "no-store" } });
    },
  );
}
