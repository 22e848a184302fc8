// The admin authoring pages' form schemas (browser and server alike: no secrets, nothing
// from server/). A form speaks the editor's language (a price "49,90", VAT "20" %, one
// tag per comma, a pass mark in percent, a time limit in minutes); the action turns the
// parsed values into the API body (server/authoring contract.ts) and checks that again
// with the contract's own schema, so the pages and /api/admin/* validate alike.
// Every form carries `intent` (which submit) and `_form` (which form on the page, so the
// errors come back to the form that was sent).
import { z } from "zod";
import { ID_HEX, ID_PATTERN } from "#shared/ids";
import { SLUG_PATTERN, slugify } from "#shared/slugs";

const ID = ID_PATTERN;
const SLUG = SLUG_PATTERN;

export const REQUIRED = "Toto pole je povinné.";

const text = (max: number) => z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max);
const optionalText = (max: number) => z.string().trim().max(max).optional();
const id = z.string({ error: REQUIRED }).regex(ID, "Neplatný identifikátor.");
/** An unticked checkbox sends nothing. */
const checkbox = z.boolean().default(false);
const slug = z.string().trim().max(120).regex(SLUG, "Len malé písmená bez diakritiky, číslice a pomlčky (napr. uvod-do-kurzu).").optional();
const direction = z.enum(["up", "down"]);

/** "1,5" or "1.5" → 1.5 (a Slovak keyboard writes a comma). */
const decimal = (message: string) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .regex(/^\d{1,7}(?:[.,]\d{1,4})?$/, message)
    .transform((v) => Number(v.replace(",", ".")));
const whole = (message: string) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .regex(/^\d{1,9}$/, message)
    .transform(Number);

/** "49,90" → 4990 cents, computed on the digits (no floating point). */
export function centsFromText(value: string): number {
  const [units, fraction = ""] = value.trim().split(/[.,]/);
  return Number(units) * 100 + Number(fraction.padEnd(2, "0"));
}
/** 4990 → "49,90" (what the price field shows). */
export function textFromCents(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
}
const price = z
  .string({ error: REQUIRED })
  .trim()
  .regex(/^\d{1,6}(?:[.,]\d{1,2})?$/, "Zadajte sumu v eurách, napríklad 49,90.")
  .transform(centsFromText);
const currency = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, "Mena je trojpísmenový kód, napríklad EUR.")
  .transform((v) => v.toUpperCase())
  .default("EUR");

// a URL identifier from a title: "Úvod do kurzu" → "uvod-do-kurzu" (shared/slugs.ts)
export { slugify };

/** One item per line (or comma), blanks dropped. */
export function lines(value: string | undefined, separator: RegExp = /\r?\n/): string[] {
  return (value ?? "")
    .split(separator)
    .map((s) => s.trim())
    .filter(Boolean);
}

const withForm = { _form: z.string().optional() };

// ---------- the course list ----------

export const createCourseForm = z.object({
  ...withForm,
  intent: z.literal("createCourse"),
  title: text(300),
  slug,
  shortDescription: text(500),
  price,
  currency,
});

// ---------- the course's fields ----------

export const TARGET_AUDIENCE_VALUES = ["executive_director", "manager", "founder", "secretary"] as const;

export const courseSettingsForm = z.object({
  ...withForm,
  intent: z.literal("saveCourse"),
  title: text(300),
  slug,
  subtitle: optionalText(300),
  shortDescription: text(500),
  description: z.string().max(50_000).optional(),
  // pictures (docs/decisions/files/public-images.md): a new one uploaded with JavaScript (its id),
  // or streamed with the form without it (the page's action turns it into the same id)
  newCoverFileId: optionalText(24),
  removeCover: checkbox,
  price,
  currency,
  vatPercent: decimal("Zadajte sadzbu DPH v percentách, napríklad 20."),
  vatIncluded: checkbox,
  language: z
    .string({ error: REQUIRED })
    .trim()
    .regex(/^[a-zA-Z]{2}$/, "Jazyk je dvojpísmenový kód, napríklad sk.")
    .transform((v) => v.toLowerCase()),
  durationHours: decimal("Zadajte počet hodín, napríklad 12 alebo 1,5."),
  targetAudience: z.array(z.enum(TARGET_AUDIENCE_VALUES)).default([]),
  tags: optionalText(2000),
  accreditationPartnerOrgId: optionalText(200),
  accreditationPartnerName: optionalText(300),
  accreditationCertificateType: optionalText(300),
  accreditationNumber: optionalText(200),
  accreditationSignatoryName: optionalText(200),
  accreditationSignatoryRole: optionalText(200),
  // the lecturer picker's checkboxes: provider person ids (docs/decisions/admin-ui/pickers-by-name.md > Pickers by name)
  instructors: z.preprocess(
    (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(100)
          .regex(/^[^\s/?#]+$/, "Neplatný identifikátor osoby."),
      )
      .max(20, "Najviac 20 lektorov."),
  ),
  profiles: z
    .array(
      z.object({
        personId: z.string(),
        title: optionalText(200),
        affiliation: optionalText(200),
        bio: z.string().trim().max(5000).optional(),
        newAvatarFileId: optionalText(24),
        removeAvatar: checkbox,
      }),
    )
    .default([]),
  enrollmentLimit: whole("Zadajte celé číslo, napríklad 30.").optional(),
  enrollmentDeadline: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Zadajte dátum.")
    .optional(),
  seoTitle: optionalText(300),
  seoDescription: optionalText(500),
  newOgImageFileId: optionalText(24),
  removeOgImage: checkbox,
});
export type CourseSettingsForm = z.infer<typeof courseSettingsForm>;

// ---------- the structure tree (course editor) ----------

const levelFields = {
  title: text(300),
  slug,
  subtitle: optionalText(300),
  estimatedHours: decimal("Zadajte počet hodín, napríklad 4 alebo 1,5.").optional(),
};
export const structureForms = {
  addLevel: z.object({ ...withForm, intent: z.literal("addLevel"), ...levelFields }),
  editLevel: z.object({ ...withForm, intent: z.literal("editLevel"), levelId: id, ...levelFields, issuesIntermediateCertificate: checkbox }),
  moveLevel: z.object({ ...withForm, intent: z.literal("moveLevel"), levelId: id, direction }),
  deleteLevel: z.object({ ...withForm, intent: z.literal("deleteLevel"), levelId: id }),
  addTopic: z.object({ ...withForm, intent: z.literal("addTopic"), levelId: id, title: text(300), slug, iconName: optionalText(60) }),
  editTopic: z.object({ ...withForm, intent: z.literal("editTopic"), topicId: id, title: text(300), slug, iconName: optionalText(60) }),
  moveTopic: z.object({ ...withForm, intent: z.literal("moveTopic"), topicId: id, direction }),
  deleteTopic: z.object({ ...withForm, intent: z.literal("deleteTopic"), topicId: id }),
  addModule: z.object({
    ...withForm,
    intent: z.literal("addModule"),
    topicId: id,
    title: optionalText(300),
    estimatedMinutes: whole("Zadajte počet minút, napríklad 45.").optional(),
  }),
  editModule: z.object({
    ...withForm,
    intent: z.literal("editModule"),
    moduleId: id,
    title: text(300),
    estimatedMinutes: whole("Zadajte počet minút, napríklad 45.").optional(),
  }),
  deleteModule: z.object({ ...withForm, intent: z.literal("deleteModule"), moduleId: id }),
  addPart: z.object({ ...withForm, intent: z.literal("addPart"), moduleId: id, title: text(300), slug, requiredForCompletion: checkbox }),
  movePart: z.object({ ...withForm, intent: z.literal("movePart"), partId: id, direction }),
  deletePart: z.object({ ...withForm, intent: z.literal("deletePart"), partId: id }),
  // lifecycle
  publish: z.object({ ...withForm, intent: z.literal("publish") }),
  archive: z.object({ ...withForm, intent: z.literal("archive") }),
  newVersion: z.object({ ...withForm, intent: z.literal("newVersion") }),
  deleteCourse: z.object({ ...withForm, intent: z.literal("deleteCourse") }),
};

// ---------- a part and its blocks ----------

/** "1:30 Úvod" per line → chapters; a line that does not parse is reported by its number. */
export function parseChapters(value: string | undefined): { chapters: { title: string; startSec: number }[]; badLine?: number } {
  const chapters: { title: string; startSec: number }[] = [];
  for (const [i, line] of lines(value).entries()) {
    const m = /^(?:(\d{1,2}):)?(\d{1,3}):(\d{2})\s+(.+)$/.exec(line);
    if (!m || Number(m[3]) > 59) return { chapters, badLine: i + 1 };
    chapters.push({ title: m[4].trim(), startSec: Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) });
  }
  return { chapters };
}
/** Chapters back to their lines ("1:30 Úvod"). */
export function chaptersText(chapters: { title: string; startSec: number }[] | undefined): string {
  return (chapters ?? [])
    .map((c) => {
      const h = Math.floor(c.startSec / 3600);
      const m = Math.floor((c.startSec % 3600) / 60);
      const s = String(Math.floor(c.startSec % 60)).padStart(2, "0");
      return `${h ? `${h}:${String(m).padStart(2, "0")}` : m}:${s} ${c.title}`;
    })
    .join("\n");
}
const chapters = z
  .string()
  .max(20_000)
  .optional()
  .superRefine((v, ctx) => {
    const { badLine } = parseChapters(v);
    if (badLine) ctx.addIssue({ code: "custom", message: `Riadok ${badLine}: napíšte čas a názov kapitoly, napríklad „1:30 Úvod“.` });
  });

const blockId = { blockId: id };
const textBlock = { markdown: z.string().max(100_000).default("") };
const presentationBlock = { pdfPath: text(500), slideCount: whole("Zadajte počet snímok, napríklad 12.") };
const imageBlock = { imagePath: text(500), alt: text(500), caption: optionalText(500) };
const videoBlock = { transcript: z.string().max(200_000).optional(), chapters };

/** One block of the part form, by its kind (its id says which stored block it is). */
const partBlock = z.discriminatedUnion("type", [
  z.object({ id, type: z.literal("text"), ...textBlock }),
  z.object({ id, type: z.literal("video"), ...videoBlock }),
  z.object({ id, type: z.literal("presentation"), ...presentationBlock }),
  z.object({ id, type: z.literal("image"), ...imageBlock }),
]);
/** move:<id>:up|down, delete:<id>, preview:<id>, add:text, add:video, detach:<attachment index>, uncaption:<video id>:<lang> */
const BLOCK_OP = new RegExp(
  `^(move:${ID_HEX}:(up|down)|delete:${ID_HEX}|preview:(${ID_HEX}|new)|add:(text|video)|detach:\\d{1,3}|uncaption:${ID_HEX}:[a-z]{2,3})$`,
);

export const partForms = {
  savePart: z.object({
    ...withForm,
    intent: z.literal("savePart"),
    title: text(300),
    slug,
    summary: optionalText(2000),
    requiredForCompletion: checkbox,
    partTestRequired: checkbox,
    prerequisites: z.array(id).default([]),
    /** every block of the part as typed (docs/decisions/authoring/one-save-for-a-part-and-its.md > One save for a part and its blocks) */
    blocks: z.array(partBlock).default([]),
    /** the list button pressed, if any: it saves everything typed, then moves, deletes, adds or previews */
    blockOp: z.string().regex(BLOCK_OP, "Neznáma akcia s blokom.").optional(),
    /** a new text block typed on the same form: added on any save when not empty */
    newMarkdown: z.string().max(100_000).optional(),
    /** a file added on the same form (docs/decisions/files/one-form-uploads.md): what it becomes */
    kind: z.enum(["presentation", "image", "attachment", "captions"]).optional(),
    /** captions: which video block and which language */
    captionsBlockId: id.optional(),
    captionsLang: z
      .string()
      .regex(/^[a-z]{2,3}$/, "Vyberte jazyk titulkov.")
      .optional(),
    /** with JavaScript the file is uploaded first (POST /api/admin/files) and the form sends its id */
    newFileId: id.optional(),
    /** a new image's alternative text and caption */
    newAlt: optionalText(500),
    newCaption: optionalText(500),
  }),
  addTextBlock: z.object({ ...withForm, intent: z.literal("addTextBlock"), ...textBlock }),
  addVideoBlock: z.object({ ...withForm, intent: z.literal("addVideoBlock") }),
  addPresentationBlock: z.object({ ...withForm, intent: z.literal("addPresentationBlock"), ...presentationBlock }),
  addImageBlock: z.object({ ...withForm, intent: z.literal("addImageBlock"), ...imageBlock }),
  editTextBlock: z.object({ ...withForm, intent: z.literal("editTextBlock"), ...blockId, ...textBlock }),
  /** the Markdown preview: renders, saves nothing */
  previewText: z.object({ ...withForm, intent: z.literal("previewText"), blockId: id.optional(), ...textBlock }),
  editVideoBlock: z.object({ ...withForm, intent: z.literal("editVideoBlock"), ...blockId, ...videoBlock }),
  editPresentationBlock: z.object({ ...withForm, intent: z.literal("editPresentationBlock"), ...blockId, ...presentationBlock }),
  editImageBlock: z.object({ ...withForm, intent: z.literal("editImageBlock"), ...blockId, ...imageBlock }),
  moveBlock: z.object({ ...withForm, intent: z.literal("moveBlock"), ...blockId, direction }),
  deleteBlock: z.object({ ...withForm, intent: z.literal("deleteBlock"), ...blockId }),
  addAttachment: z.object({
    ...withForm,
    intent: z.literal("addAttachment"),
    name: text(300),
    path: text(500),
    sizeBytes: whole("Zadajte veľkosť v bajtoch, napríklad 52000."),
    mimeType: text(200),
  }),
  deleteAttachment: z.object({ ...withForm, intent: z.literal("deleteAttachment"), index: whole("Neplatná príloha.") }),
  createPartTest: z.object({ ...withForm, intent: z.literal("createPartTest"), title: text(300) }),
};
/** In the browser a text block's form is sent by either of its buttons (save or preview). */
export const textBlockClientForm = z.object({
  ...withForm,
  intent: z.enum(["addTextBlock", "editTextBlock", "previewText"]),
  blockId: id.optional(),
  ...textBlock,
});

// ---------- tests and questions ----------

export const SELECTION_MODE_VALUES = ["all", "shuffle", "random_subset"] as const;
export const SHOW_ANSWERS_VALUES = ["never", "submit", "pass", "last_attempt"] as const;
export const QUESTION_TYPE_VALUES = ["single_choice", "multiple_choice", "text"] as const;

export const createTestForm = z.object({
  ...withForm,
  intent: z.literal("createTest"),
  title: text(300),
  /** "course", "level:<id>" or "part:<id>" */
  placement: z.string({ error: "Vyberte, kam test patrí." }).regex(new RegExp(`^(course|level:${ID_HEX}|part:${ID_HEX})$`), "Vyberte, kam test patrí."),
});

const answerSlot = z.object({ id: z.string().regex(ID).optional(), text: optionalText(2000), isCorrect: checkbox });
const questionFields = {
  type: z.enum(QUESTION_TYPE_VALUES, { error: "Vyberte typ otázky." }),
  text: text(5000),
  weight: decimal("Zadajte kladné číslo, napríklad 1.")
    .refine((v) => v > 0, "Váha otázky musí byť kladná.")
    .optional(),
  answers: z.array(answerSlot).default([]),
  acceptedAnswers: z.string().max(20_000).optional(),
  explanation: optionalText(5000),
};

export const testForms = {
  saveTest: z.object({
    ...withForm,
    intent: z.literal("saveTest"),
    title: text(300),
    description: optionalText(5000),
    passingPercent: decimal("Zadajte percento 0 až 100, napríklad 70.").refine((v) => v <= 100, "Zadajte percento 0 až 100."),
    timeLimitMinutes: decimal("Zadajte počet minút, napríklad 30.").refine((v) => v > 0, "Časový limit musí byť kladný."),
    maxAttempts: whole("Zadajte celé číslo, napríklad 3."),
    cooldownMinutes: whole("Zadajte celé číslo minút, napríklad 0."),
    selectionMode: z.enum(SELECTION_MODE_VALUES, { error: "Vyberte spôsob výberu otázok." }),
    questionCount: whole("Zadajte celé číslo, napríklad 10.").optional(),
    randomizeAnswerOrder: checkbox,
    showAnswersAfter: z.enum(SHOW_ANSWERS_VALUES, { error: "Vyberte, kedy sa ukážu správne odpovede." }),
    required: checkbox,
  }),
  deleteTest: z.object({ ...withForm, intent: z.literal("deleteTest") }),
  addQuestion: z.object({ ...withForm, intent: z.literal("addQuestion"), ...questionFields }),
  editQuestion: z.object({ ...withForm, intent: z.literal("editQuestion"), questionId: id, ...questionFields }),
  moveQuestion: z.object({ ...withForm, intent: z.literal("moveQuestion"), questionId: id, direction }),
  deleteQuestion: z.object({ ...withForm, intent: z.literal("deleteQuestion"), questionId: id }),
  moveQuestionToTest: z.object({ ...withForm, intent: z.literal("moveQuestionToTest"), questionId: id, testId: id }),
};

/** The question's API fields from its form (blank answer slots dropped). */
export function questionBody(v: Pick<z.infer<typeof testForms.addQuestion>, "type" | "text" | "weight" | "answers" | "acceptedAnswers" | "explanation">) {
  const answers = v.answers.filter((a) => a.text).map((a) => ({ ...(a.id ? { id: a.id } : {}), text: a.text!, isCorrect: a.isCorrect }));
  return {
    type: v.type,
    text: v.text,
    weight: v.weight ?? 1,
    answers: v.type === "text" ? [] : answers,
    acceptedAnswers: v.type === "text" ? lines(v.acceptedAnswers) : [],
    explanation: v.explanation ?? null,
  };
}
