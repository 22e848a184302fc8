// The admin enrollment pages' form schemas (browser and server alike: nothing from
// server/). A form speaks the admin's language (a person id or an e-mail address, a day
// for the end of access); the action turns the values into the API body and checks it
// with the contract's own schema (server/enrollments admin-contract.ts), so the pages and
// /api/admin/enrollments validate alike. Every form carries `intent` and `_form`.
import { z } from "zod";
import { ID_PATTERN } from "#shared/ids";

export const REQUIRED = "Toto pole je povinné.";
const ID = ID_PATTERN;

const id = z.string({ error: REQUIRED }).regex(ID, "Neplatný identifikátor.");
const reason = z.string({ error: "Uveďte dôvod." }).trim().min(1, "Uveďte dôvod.").max(1000);
const day = z.string({ error: "Zadajte dátum." }).regex(/^\d{4}-\d{2}-\d{2}$/, "Zadajte dátum.");

export const cancelForm = z.object({ enrollmentId: id, reason, note: z.string().trim().max(2000).optional() });
export const extendForm = z.object({ enrollmentId: id, newExpiresOn: day });
export const resetForm = z.object({ enrollmentId: id, testId: z.string({ error: "Vyberte test." }).regex(ID, "Vyberte test."), reason });
export const resyncForm = z.object({ enrollmentId: id });

export const GRANT_REASONS = [
  { value: "admin_grant", label: "Udelenie administrátorom" },
  { value: "sponsor", label: "Hradí organizácia (sponzor)" },
] as const;

export const grantForm = z
  .object({
    person: z.string({ error: "Zadajte ID osoby alebo jej e-mail." }).trim().min(1, "Zadajte ID osoby alebo jej e-mail.").max(320),
    courseId: z.string({ error: "Vyberte kurz." }).regex(ID, "Vyberte kurz."),
    reason: z.enum(["admin_grant", "sponsor"], { error: "Vyberte dôvod zápisu." }),
    grantReason: z.string().trim().max(1000).optional(),
    sponsorOrgId: z.string().trim().max(100).optional(),
    accessExpiresOn: day.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.reason === "admin_grant" && !v.grantReason)
      ctx.addIssue({ code: "custom", path: ["grantReason"], message: "Pri udelení administrátorom uveďte dôvod." });
    if (v.reason === "sponsor" && !v.sponsorOrgId)
      ctx.addIssue({ code: "custom", path: ["sponsorOrgId"], message: "Zadajte ID organizácie, ktorá zápis hradí." });
  });
export type GrantForm = z.infer<typeof grantForm>;

/** Slovak labels of the enrollment states, reasons and test placements. */
export const ENROLLMENT_STATE_LABELS = { active: "Aktívny", completed: "Dokončený", cancelled: "Zrušený", expired: "Vypršaný" } as const;
export const ENROLLMENT_REASON_LABELS = { paid: "Zaplatený", admin_grant: "Udelený administrátorom", sponsor: "Hradí organizácia" } as const;
export const PLACEMENT_LABELS = { part: "test časti", level: "test úrovne", course: "záverečný test" } as const;
export const PART_STATE_LABELS = { locked: "Zamknutá", available: "Dostupná", in_progress: "Rozpracovaná", completed: "Dokončená" } as const;

/** The query parameters of the enrollment pickers' search without JavaScript (docs/decisions/admin-ui/pickers-by-name.md > Pickers by name). */
export const ENROLLMENT_PICKER_PARAMS = { student: "student-hladat", club: "klub" } as const;
