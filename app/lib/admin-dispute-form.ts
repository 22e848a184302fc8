// The admin's decision on a disputed payment, on the order page (/admin/objednavky/<id>):
// the button pressed (intent restore: "Obnoviť prístup", cancel: "Ukončiť prístup"), the
// reason, and the hidden Idempotency-Key the loader made (a double click is one decision).
// Shared by the action and, with JavaScript, the browser's validation.
import { z } from "zod";

export const disputeFormSchema = z.object({
  intent: z.enum(["restore", "cancel"], "Vyberte, či prístup obnoviť alebo ukončiť."),
  reason: z.string({ error: "Uveďte dôvod rozhodnutia." }).trim().min(1, "Uveďte dôvod rozhodnutia.").max(500, "Dôvod môže mať najviac 500 znakov."),
  idempotencyKey: z.uuid("Formulár je neplatný. Obnovte stránku."),
});
export type DisputeForm = z.output<typeof disputeFormSchema>;
