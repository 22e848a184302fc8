// The admin refund form (/admin/objednavky/<id>/refundacia): amount in euros ("12,50"),
// reason, whether the enrollment ends with the refund, and the hidden Idempotency-Key
// the loader made (so a double click on "Potvrdiť" is one refund). Shared by the action
// and, with JavaScript, the browser's validation.
import { z } from "zod";
import { centsFromEuroText } from "./admin-order-labels";

export const refundFormSchema = z.object({
  intent: z.enum(["review", "confirm", "edit"]),
  amount: z
    .string({ error: "Zadajte sumu na vrátenie." })
    .trim()
    .regex(/^\d{1,6}(?:[.,]\d{1,2})?$/, "Zadajte sumu v eurách, napríklad 12,50.")
    .transform(centsFromEuroText)
    .pipe(z.number().int().min(1, "Suma musí byť aspoň 0,01 €.")),
  reason: z.string({ error: "Uveďte dôvod refundácie." }).trim().min(1, "Uveďte dôvod refundácie.").max(500, "Dôvod môže mať najviac 500 znakov."),
  alsoCancelEnrollment: z.boolean().default(false),
  // a club order's unassigned seats: the amount becomes seats × the seat price (docs/decisions/clubs/club-seats.md > Club seats)
  seats: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int("Počet miest je celé číslo.").min(1, "Aspoň 1 miesto.").max(200).optional()),
  idempotencyKey: z.uuid("Formulár je neplatný. Obnovte stránku."),
});
export type RefundForm = z.output<typeof refundFormSchema>;
