// The checkout form's schema (browser and server alike: no secrets). One flat form whose
// billingType radio chooses which fields count; it maps onto the API body
// (server/orders CreateOrderBody), whose schema the action checks again.
import { z } from "zod";

const text = (max = 200) => z.string({ error: "Toto pole je povinné." }).trim().min(1, "Toto pole je povinné.").max(max);
const optionalText = (max = 200) => z.string().trim().max(max).optional();
// a checkbox sends "on" when ticked and nothing otherwise
const agreed = (message: string) => z.literal("on", { error: message });

const shared = {
  street: text(),
  city: text(100),
  postalCode: text(20),
  country: text(60),
  agreedTos: agreed("Na dokončenie objednávky musíte súhlasiť s obchodnými podmienkami."),
  agreedRefundPolicy: agreed("Na dokončenie objednávky musíte súhlasiť s podmienkami vrátenia peňazí."),
  idempotencyKey: z.string().optional(),
};

export const checkoutSchema = z.discriminatedUnion(
  "billingType",
  [
    z.object({
      billingType: z.literal("personal"),
      firstName: text(100),
      lastName: text(100),
      email: z.email("Zadajte platnú e-mailovú adresu, napríklad meno@klub.sk.").max(254),
      phone: optionalText(40),
      ...shared,
    }),
    z.object({
      billingType: z.literal("company"),
      companyName: text(),
      ico: text(20).regex(/^\d{6,8}$/, "IČO má 6 až 8 číslic."),
      dic: optionalText(20),
      icDph: optionalText(20),
      contactEmail: z.email("Zadajte platnú e-mailovú adresu, napríklad meno@klub.sk.").max(254),
      contactPerson: optionalText(200),
      ...shared,
    }),
  ],
  { error: "Vyberte, či kupujete ako osoba alebo firma." },
);
export type CheckoutForm = z.infer<typeof checkoutSchema>;

/** The API body of POST /api/orders for a valid form. */
export function orderBodyFromForm(courseId: string, form: CheckoutForm) {
  const address = { street: form.street, city: form.city, postalCode: form.postalCode, country: form.country };
  const common = { courseId, agreedTos: true as const, agreedRefundPolicy: true as const };
  if (form.billingType === "personal") {
    return {
      ...common,
      billingType: "personal" as const,
      billingAddress: { firstName: form.firstName, lastName: form.lastName, email: form.email, ...(form.phone ? { phone: form.phone } : {}), ...address },
    };
  }
  return {
    ...common,
    billingType: "company" as const,
    billingAddress: {
      companyName: form.companyName,
      ico: form.ico,
      ...(form.dic ? { dic: form.dic } : {}),
      ...(form.icDph ? { icDph: form.icDph } : {}),
      contactEmail: form.contactEmail,
      ...(form.contactPerson ? { contactPerson: form.contactPerson } : {}),
      ...address,
    },
  };
}

/**
 * The club checkout (/kurzy/<slug>/kupit-pre-klub; docs/decisions/clubs/club-seats.md > Club seats): the club,
 * the seats (1–200) and the club's billing, prefilled from the provider or the last purchase.
 */
export const clubCheckoutSchema = z.object({
  orgId: text(100),
  seats: z.coerce
    .number({ error: "Zadajte počet miest." })
    .int("Počet miest je celé číslo.")
    .min(1, "Kúpte aspoň 1 miesto.")
    .max(200, "Naraz sa dá kúpiť najviac 200 miest."),
  companyName: text(),
  ico: text(20).regex(/^\d{6,8}$/, "IČO má 6 až 8 číslic."),
  dic: optionalText(20),
  icDph: optionalText(20),
  contactEmail: z.email("Zadajte platnú e-mailovú adresu, napríklad meno@klub.sk.").max(254),
  contactPerson: optionalText(200),
  ...shared,
});
export type ClubCheckoutForm = z.infer<typeof clubCheckoutSchema>;

/** The API body of POST /api/orders for a valid club form. */
export function clubOrderBodyFromForm(courseId: string, form: ClubCheckoutForm) {
  const { billingAddress } = orderBodyFromForm(courseId, { ...form, billingType: "company" });
  return {
    courseId,
    sponsorOrgId: form.orgId,
    seats: form.seats,
    billingType: "company" as const,
    billingAddress,
    agreedTos: true as const,
    agreedRefundPolicy: true as const,
  };
}
