// The admin's webinar forms (browser and server alike). A time is entered as the day and
// the wall-clock times in Bratislava; the action turns them into UTC instants and checks
// the body again with the API's own schema (server/webinars contract.ts).
import { z } from "zod";
import { ID_PATTERN } from "#shared/ids";

const REQUIRED = "Toto pole je povinné.";
const ID = ID_PATTERN;

const fields = {
  _form: z.string().optional(),
  title: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(300),
  description: z.string().trim().max(20_000).optional(),
  day: z.string({ error: REQUIRED }).regex(/^\d{4}-\d{2}-\d{2}$/, "Dátum v tvare RRRR-MM-DD."),
  startTime: z.string({ error: REQUIRED }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Čas v tvare HH:MM."),
  endTime: z.string({ error: REQUIRED }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Čas v tvare HH:MM."),
  joinUrl: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(2000),
  lecturer: z.string().trim().max(200).optional(),
  levelId: z.string().regex(ID, "Neplatná úroveň.").optional(),
  attendanceRequired: z.boolean().default(false),
  // the Teams meeting whose recording the meetings webhook imports (server/webinars/imports.ts)
  onlineMeetingId: z.string().trim().max(500).optional(),
};

export const createWebinarForm = z.object({ ...fields, intent: z.literal("createWebinar") });
export const editWebinarForm = z.object({ ...fields, intent: z.literal("editWebinar"), webinarId: z.string().regex(ID) });
export const cancelWebinarForm = z.object({
  _form: z.string().optional(),
  intent: z.literal("cancelWebinar"),
  webinarId: z.string().regex(ID),
  reason: z.string().trim().max(500).optional(),
});
