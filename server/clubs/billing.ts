// The billing a club buys with (docs/decisions/clubs/club-seats.md > Club seats): the club's last purchase's
// form when there was one, else the provider's organization data (name, legal name, IČO,
// DIČ, IČ DPH, address), so the form shows them and the buyer may edit them.
import { eq } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";
import { IdpApiError, type IdpApi } from "../identity";

const { clubBilling } = schema;

export type ClubBillingForm = {
  companyName: string;
  ico: string;
  dic: string;
  icDph: string;
  street: string;
  city: string;
  postalCode: string;
  country: string;
  contactEmail: string;
  contactPerson: string;
};

const text = (v: unknown) => (typeof v === "string" ? v : "");

export async function clubBillingDefaults(
  db: DbOrTx,
  idpApi: IdpApi,
  orgId: string,
  buyer: { displayName: string; email: string | null },
): Promise<{ form: ClubBillingForm; remembered: boolean }> {
  const [saved] = await db.select().from(clubBilling).where(eq(clubBilling.orgId, orgId)).limit(1);
  if (saved) {
    const b = saved.billing;
    const keys: (keyof ClubBillingForm)[] = ["companyName", "ico", "dic", "icDph", "street", "city", "postalCode", "country", "contactEmail", "contactPerson"];
    return { form: Object.fromEntries(keys.map((k) => [k, text(b[k])])) as ClubBillingForm, remembered: true };
  }
  const org = await idpApi.getOrganization(orgId).catch((e: unknown) => {
    if (e instanceof IdpApiError) return null;
    throw e;
  });
  return {
    form: {
      companyName: org?.legalName ?? org?.name ?? "",
      ico: org?.ico ?? "",
      dic: org?.dic ?? "",
      icDph: org?.icDph ?? "",
      street: org?.address?.street ?? "",
      city: org?.address?.city ?? "",
      postalCode: org?.address?.postalCode ?? "",
      country: org?.address?.country ?? "SK",
      contactEmail: buyer.email ?? "",
      contactPerson: buyer.displayName,
    },
    remembered: false,
  };
}

/** Keeps the form of a placed club order for the club's next purchase. */
export async function rememberClubBilling(db: DbOrTx, orgId: string, personId: string, form: Partial<ClubBillingForm>): Promise<void> {
  await db
    .insert(clubBilling)
    .values({ orgId, billing: form, updatedBy: personId })
    .onConflictDoUpdate({ target: clubBilling.orgId, set: { billing: form, updatedBy: personId, updatedAt: new Date() } });
}
