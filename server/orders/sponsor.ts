// Buying on behalf of an organisation (docs/decisions/identity/provider-roles-application-roles.md > Provider roles): the buyer must
// hold the org-admin role at the provider, checked live, and the order is billed to the
// company. The organisation's snapshot (name, IČO, DIČ, IČ DPH, address) goes on the order.
import type { Database } from "../db";
import { DomainError } from "../kernel/errors";
import { ensureOrganization, hasOrgAdminRole, type IdpApi } from "../identity";
import type { CreateOrderBody } from "./contract";
import type { SponsorOrganization } from "./orders";

/**
 * The sponsoring organisation of an order body, or null for a purchase for oneself.
 * 422 when an organisation purchase is not billed to a company; 403 when the buyer may
 * not buy for the organisation.
 */
export async function sponsorOfOrder(deps: { db: Database; idpApi: IdpApi }, buyerId: string, body: CreateOrderBody): Promise<SponsorOrganization | null> {
  if (!body.sponsorOrgId) return null;
  if (body.billingType !== "company") {
    throw new DomainError("validation", undefined, [
      { path: "billingType", message: "Nákup za organizáciu sa fakturuje na firmu (billingType company).", code: "custom" },
    ]);
  }
  const allowed = await hasOrgAdminRole(deps.idpApi, buyerId, body.sponsorOrgId);
  const org = allowed ? await ensureOrganization(deps.db, deps.idpApi, body.sponsorOrgId) : null;
  if (!org) throw new DomainError("forbidden", "Za túto organizáciu nemôžete nakupovať.", { sponsorOrgId: body.sponsorOrgId });
  // DIČ, IČ DPH and address are not in the cache (spec: its fields): one lookup per club order
  const details = await deps.idpApi.getOrganization(org.id).catch(() => null);
  return {
    id: org.id,
    name: org.name,
    legalName: org.legalName,
    ico: org.ico,
    dic: details?.dic ?? null,
    icDph: details?.icDph ?? null,
    address: details?.address ?? null,
  };
}
