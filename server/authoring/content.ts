// Levels, topics, the module of a topic and parts of a draft course: create, update,
// delete, reorder. Every write locks the course and refuses one that is not a draft
// (409 `course_not_editable`), and writes an audit row in the same transaction. Refusals
// are returned (an Outcome: thrown inside the transaction, returned by editTransaction).
// spec: Endpoints > Admin: courses and content; Resources > Level, Topic, Module, Part.
import { and, asc, eq, inArray, max } from "drizzle-orm";
import { z } from "zod";
import { newId, schema, type Database, type Tx } from "../db";
import { DomainError } from "../kernel/errors";
import type { Outcome } from "../kernel/outcome";
import type { Attachment, ContentBlock } from "../db/schema";
import { fileSummaries, storedFilePath, SLIDE_PX, type FileSummary } from "../files";
import type {
  AdminLevel,
  AdminModule,
  AdminPart,
  AdminTopic,
  AttachmentInput,
  BlockInput,
  LevelCreateRequest,
  LevelPatchRequest,
  ModuleCreateRequest,
  ModulePatchRequest,
  PartCreateRequest,
  PartPatchRequest,
  TopicCreateRequest,
  TopicPatchRequest,
} from "./contract";
import { audit, editTransaction, forgetPrerequisites, invalid, lockDraftCourse, notFound, renumber, slugConflictsAs409, type Actor } from "./editing";
import { toAdminLevel, toAdminModule, toAdminPart, toAdminTopic } from "./serialize";

type LevelCreate = z.infer<typeof LevelCreateRequest>;
type LevelPatch = z.infer<typeof LevelPatchRequest>;
type TopicCreate = z.infer<typeof TopicCreateRequest>;
type TopicPatch = z.infer<typeof TopicPatchRequest>;
type ModuleCreate = z.infer<typeof ModuleCreateRequest>;
type ModulePatch = z.infer<typeof ModulePatchRequest>;

async function findLevel(tx: Tx, levelId: string) {
  const [level] = await tx.select().from(schema.levels).where(eq(schema.levels.id, levelId));
  if (!level) throw notFound("Level");
  return level;
}
async function findTopic(tx: Tx, topicId: string) {
  const [topic] = await tx.select().from(schema.topics).where(eq(schema.topics.id, topicId));
  if (!topic) throw notFound("Téma");
  return topic;
}
async function findModule(tx: Tx, moduleId: string) {
  const [module] = await tx.select().from(schema.modules).where(eq(schema.modules.id, moduleId));
  if (!module) throw notFound("Modul");
  return module;
}
async function findPart(tx: Tx, partId: string) {
  const [part] = await tx.select().from(schema.parts).where(eq(schema.parts.id, partId));
  if (!part) throw notFound("Časť");
  return part;
}

/** Deletes tests (their questions cascade); what pointed at them is gone or detached by the caller. */
async function deleteTests(tx: Tx, testIds: (string | null)[]): Promise<void> {
  const ids = testIds.filter((id): id is string => id !== null);
  if (ids.length) await tx.delete(schema.tests).where(inArray(schema.tests.id, ids));
}

/** The parts (with their tests) under some modules: what goes when those modules go. */
async function partsOfModules(tx: Tx, moduleIds: string[]) {
  if (moduleIds.length === 0) return [];
  return tx.select({ id: schema.parts.id, partTestId: schema.parts.partTestId }).from(schema.parts).where(inArray(schema.parts.moduleId, moduleIds));
}

/** Checks a reorder body: every current id exactly once. */
function assertPermutation(current: string[], ids: string[]): void {
  const same = ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => current.includes(id));
  if (!same) throw invalid("ids", "Pošlite každý identifikátor práve raz a žiadny iný.");
}

// ---------- levels ----------

export async function createLevel(db: Database, actor: Actor, courseId: string, input: LevelCreate): Promise<Outcome<AdminLevel>> {
  return editTransaction(db, async (tx) => {
    const course = await lockDraftCourse(tx, courseId);
    const [last] = await tx
      .select({ n: max(schema.levels.orderIndex) })
      .from(schema.levels)
      .where(eq(schema.levels.courseId, course.id));
    const [level] = await slugConflictsAs409(() =>
      tx
        .insert(schema.levels)
        .values({ ...input, id: newId(), courseId: course.id, orderIndex: (last?.n ?? 0) + 1 })
        .returning(),
    );
    await audit(tx, actor, "level.create", { type: "level", id: level.id }, { courseId: course.id, slug: level.slug });
    return toAdminLevel(level);
  });
}

export async function updateLevel(db: Database, actor: Actor, levelId: string, input: LevelPatch): Promise<Outcome<AdminLevel>> {
  return editTransaction(db, async (tx) => {
    const found = await findLevel(tx, levelId);
    await lockDraftCourse(tx, found.courseId);
    const [level] = await slugConflictsAs409(() => tx.update(schema.levels).set(input).where(eq(schema.levels.id, levelId)).returning());
    await audit(tx, actor, "level.update", { type: "level", id: levelId }, { courseId: level.courseId, fields: Object.keys(input).sort() });
    return toAdminLevel(level);
  });
}

export async function deleteLevel(db: Database, actor: Actor, levelId: string): Promise<Outcome<{ ok: true }>> {
  return editTransaction(db, async (tx) => {
    const level = await findLevel(tx, levelId);
    await lockDraftCourse(tx, level.courseId);
    const topics = await tx.select({ id: schema.topics.id }).from(schema.topics).where(eq(schema.topics.levelId, levelId));
    const modules = topics.length
      ? await tx
          .select({ id: schema.modules.id })
          .from(schema.modules)
          .where(
            inArray(
              schema.modules.topicId,
              topics.map((t) => t.id),
            ),
          )
      : [];
    const parts = await partsOfModules(
      tx,
      modules.map((m) => m.id),
    );
    // topics, modules and parts cascade from the level; tests hang on the course, so go explicitly
    await tx.delete(schema.levels).where(eq(schema.levels.id, levelId));
    await deleteTests(tx, [level.levelTestId, ...parts.map((p) => p.partTestId)]);
    await forgetPrerequisites(
      tx,
      level.courseId,
      parts.map((p) => p.id),
    );
    const rest = await tx
      .select({ id: schema.levels.id })
      .from(schema.levels)
      .where(eq(schema.levels.courseId, level.courseId))
      .orderBy(asc(schema.levels.orderIndex));
    await renumber(
      tx,
      schema.levels,
      rest.map((r) => r.id),
      1,
    );
    await audit(tx, actor, "level.delete", { type: "level", id: levelId }, { courseId: level.courseId, slug: level.slug, parts: parts.length });
    return { ok: true as const };
  });
}

export async function reorderLevels(db: Database, actor: Actor, courseId: string, ids: string[]): Promise<Outcome<AdminLevel[]>> {
  return editTransaction(db, async (tx) => {
    const course = await lockDraftCourse(tx, courseId);
    const current = await tx.select({ id: schema.levels.id }).from(schema.levels).where(eq(schema.levels.courseId, course.id));
    assertPermutation(
      current.map((r) => r.id),
      ids,
    );
    await renumber(tx, schema.levels, ids, 1);
    await audit(tx, actor, "level.reorder", { type: "course", id: course.id }, { ids });
    const rows = await tx.select().from(schema.levels).where(eq(schema.levels.courseId, course.id)).orderBy(asc(schema.levels.orderIndex));
    return rows.map(toAdminLevel);
  });
}

// ---------- topics ----------

export async function createTopic(db: Database, actor: Actor, levelId: string, input: TopicCreate): Promise<Outcome<AdminTopic>> {
  return editTransaction(db, async (tx) => {
    const level = await findLevel(tx, levelId);
    await lockDraftCourse(tx, level.courseId);
    const [last] = await tx
      .select({ n: max(schema.topics.orderIndex) })
      .from(schema.topics)
      .where(eq(schema.topics.levelId, levelId));
    const [topic] = await slugConflictsAs409(() =>
      tx
        .insert(schema.topics)
        .values({ ...input, id: newId(), courseId: level.courseId, levelId, orderIndex: (last?.n ?? 0) + 1 })
        .returning(),
    );
    await audit(tx, actor, "topic.create", { type: "topic", id: topic.id }, { courseId: level.courseId, levelId, slug: topic.slug });
    return toAdminTopic(topic);
  });
}

export async function updateTopic(db: Database, actor: Actor, topicId: string, input: TopicPatch): Promise<Outcome<AdminTopic>> {
  return editTransaction(db, async (tx) => {
    const found = await findTopic(tx, topicId);
    await lockDraftCourse(tx, found.courseId);
    const [topic] = await slugConflictsAs409(() => tx.update(schema.topics).set(input).where(eq(schema.topics.id, topicId)).returning());
    await audit(tx, actor, "topic.update", { type: "topic", id: topicId }, { courseId: topic.courseId, fields: Object.keys(input).sort() });
    return toAdminTopic(topic);
  });
}

export async function deleteTopic(db: Database, actor: Actor, topicId: string): Promise<Outcome<{ ok: true }>> {
  return editTransaction(db, async (tx) => {
    const topic = await findTopic(tx, topicId);
    await lockDraftCourse(tx, topic.courseId);
    const modules = await tx.select({ id: schema.modules.id }).from(schema.modules).where(eq(schema.modules.topicId, topicId));
    const parts = await partsOfModules(
      tx,
      modules.map((m) => m.id),
    );
    await tx.delete(schema.topics).where(eq(schema.topics.id, topicId));
    await deleteTests(
      tx,
      parts.map((p) => p.partTestId),
    );
    await forgetPrerequisites(
      tx,
      topic.courseId,
      parts.map((p) => p.id),
    );
    const rest = await tx
      .select({ id: schema.topics.id })
      .from(schema.topics)
      .where(eq(schema.topics.levelId, topic.levelId))
      .orderBy(asc(schema.topics.orderIndex));
    await renumber(
      tx,
      schema.topics,
      rest.map((r) => r.id),
      1,
    );
    await audit(tx, actor, "topic.delete", { type: "topic", id: topicId }, { courseId: topic.courseId, slug: topic.slug, parts: parts.length });
    return { ok: true as const };
  });
}

export async function reorderTopics(db: Database, actor: Actor, levelId: string, ids: string[]): Promise<Outcome<AdminTopic[]>> {
  return editTransaction(db, async (tx) => {
    const level = await findLevel(tx, levelId);
    await lockDraftCourse(tx, level.courseId);
    const current = await tx.select({ id: schema.topics.id }).from(schema.topics).where(eq(schema.topics.levelId, levelId));
    assertPermutation(
      current.map((r) => r.id),
      ids,
    );
    await renumber(tx, schema.topics, ids, 1);
    await audit(tx, actor, "topic.reorder", { type: "level", id: levelId }, { courseId: level.courseId, ids });
    const rows = await tx.select().from(schema.topics).where(eq(schema.topics.levelId, levelId)).orderBy(asc(schema.topics.orderIndex));
    return rows.map(toAdminTopic);
  });
}

// ---------- the module of a topic ----------

export async function createModule(db: Database, actor: Actor, topicId: string, input: ModuleCreate): Promise<Outcome<AdminModule>> {
  return editTransaction(db, async (tx) => {
    const topic = await findTopic(tx, topicId);
    await lockDraftCourse(tx, topic.courseId);
    // spec: every Topic has exactly one Module
    const [existing] = await tx.select({ id: schema.modules.id }).from(schema.modules).where(eq(schema.modules.topicId, topicId));
    if (existing) throw new DomainError("conflict", "Téma už má modul; každá téma má práve jeden.", { moduleId: existing.id });
    const [module] = await tx
      .insert(schema.modules)
      .values({ id: newId(), courseId: topic.courseId, topicId, title: input.title ?? topic.title, estimatedMinutes: input.estimatedMinutes })
      .returning();
    await audit(tx, actor, "module.create", { type: "module", id: module.id }, { courseId: topic.courseId, topicId });
    return toAdminModule(module);
  });
}

export async function updateModule(db: Database, actor: Actor, moduleId: string, input: ModulePatch): Promise<Outcome<AdminModule>> {
  return editTransaction(db, async (tx) => {
    const found = await findModule(tx, moduleId);
    await lockDraftCourse(tx, found.courseId);
    const [module] = await tx.update(schema.modules).set(input).where(eq(schema.modules.id, moduleId)).returning();
    await audit(tx, actor, "module.update", { type: "module", id: moduleId }, { courseId: module.courseId, fields: Object.keys(input).sort() });
    return toAdminModule(module);
  });
}

export async function deleteModule(db: Database, actor: Actor, moduleId: string): Promise<Outcome<{ ok: true }>> {
  return editTransaction(db, async (tx) => {
    const module = await findModule(tx, moduleId);
    await lockDraftCourse(tx, module.courseId);
    const parts = await partsOfModules(tx, [moduleId]);
    await tx.delete(schema.modules).where(eq(schema.modules.id, moduleId));
    await deleteTests(
      tx,
      parts.map((p) => p.partTestId),
    );
    await forgetPrerequisites(
      tx,
      module.courseId,
      parts.map((p) => p.id),
    );
    await audit(tx, actor, "module.delete", { type: "module", id: moduleId }, { courseId: module.courseId, parts: parts.length });
    return { ok: true as const };
  });
}

// ---------- parts ----------

/**
 * Blocks as stored. A block sent with the id of one of the part's blocks keeps what the
 * video provider filled in (state, asset and playback ids, duration, poster); an id the
 * part does not have is a 422; a block without id is new (a video waits for its upload).
 */
function storedBlocks(input: BlockInput[], existing: ContentBlock[], files: Map<string, FileSummary>): ContentBlock[] {
  return input.map((block, i): ContentBlock => {
    const before = block.id ? existing.find((b) => b.id === block.id) : undefined;
    if (block.id && !before) throw invalid(`contentBlocks.${i}.id`, "Blok s týmto identifikátorom v tejto časti nie je.");
    if (before && before.type !== block.type) throw invalid(`contentBlocks.${i}.type`, "Typ existujúceho bloku sa nedá zmeniť.");
    const id = block.id ?? newId();
    switch (block.type) {
      case "text":
        return { id, type: "text", markdown: block.markdown };
      case "presentation": {
        if (block.fileId === undefined) return { id, type: "presentation", pdfPath: block.pdfPath!, slideCount: block.slideCount! };
        const file = uploaded(files, block.fileId, ["presentation"], `contentBlocks.${i}.fileId`);
        const slide = slideSize(file.width ?? 842, file.height ?? 595);
        return {
          id,
          type: "presentation",
          pdfPath: storedFilePath(file.id),
          slideCount: file.pages ?? 1,
          fileId: file.id,
          slideWidth: slide.width,
          slideHeight: slide.height,
        };
      }
      case "image": {
        const caption = block.caption !== undefined ? { caption: block.caption } : {};
        if (block.fileId === undefined) return { id, type: "image", imagePath: block.imagePath!, alt: block.alt, ...caption };
        const file = uploaded(files, block.fileId, ["image", "cover"], `contentBlocks.${i}.fileId`);
        return {
          id,
          type: "image",
          imagePath: storedFilePath(file.id),
          alt: block.alt,
          ...caption,
          fileId: file.id,
          width: file.width ?? 0,
          height: file.height ?? 0,
        };
      }
      case "video": {
        const kept = before?.type === "video" ? before : { state: "waiting" as const };
        const stored: ContentBlock = {
          ...kept,
          id,
          type: "video",
          ...(block.transcript !== undefined ? { transcript: block.transcript } : {}),
          ...(block.chapters !== undefined ? { chapters: block.chapters } : {}),
        };
        if (block.captions === undefined) return stored;
        const captions = block.captions.map((c, j) => {
          const file = uploaded(files, c.fileId, ["captions"], `contentBlocks.${i}.captions.${j}.fileId`);
          if (block.captions!.findIndex((o) => o.lang === c.lang) !== j)
            throw invalid(`contentBlocks.${i}.captions.${j}.lang`, "Titulky v tomto jazyku už video má.");
          return { lang: c.lang, label: c.label ?? languageName(c.lang), fileId: file.id, transcript: file.transcript ?? "" };
        });
        const { captions: _was, captionsTranscript: _derived, ...rest } = stored;
        return {
          ...rest,
          ...(captions.length ? { captions: captions.map(({ transcript: _t, ...c }) => c) } : {}),
          ...(captions[0]?.transcript ? { captionsTranscript: captions[0].transcript } : {}),
        };
      }
    }
  });
}

const LANGUAGES: Record<string, string> = {
  sk: "Slovenčina",
  cs: "Čeština",
  en: "English",
  hu: "Magyar",
  de: "Deutsch",
  pl: "Polski",
  uk: "Українська",
  fr: "Français",
  es: "Español",
  it: "Italiano",
};

/** A language's own name for the captions menu (the code itself for one not listed). */
export function languageName(lang: string): string {
  return LANGUAGES[lang.split("-")[0].toLowerCase()] ?? lang;
}

/** An uploaded file a block or attachment names: it exists and is of a kind that fits there (else 422 at `path`). */
function uploaded(files: Map<string, FileSummary>, fileId: string, kinds: FileSummary["kind"][], path: string): FileSummary {
  const file = files.get(fileId);
  if (!file) throw invalid(path, "Nahraný súbor sa nenašiel.");
  if (!kinds.includes(file.kind)) throw invalid(path, "Tento nahraný súbor sem nepatrí (iný druh súboru).");
  return file;
}

/** The pixels of a slide image: the page's aspect with the longest side SLIDE_PX (as pdftoppm -scale-to renders it). */
function slideSize(widthPt: number, heightPt: number): { width: number; height: number } {
  const scale = SLIDE_PX / Math.max(widthPt, heightPt, 1);
  return { width: Math.round(widthPt * scale), height: Math.round(heightPt * scale) };
}

/** The files blocks and attachments name, read once per save. */
async function referencedFiles(tx: Tx, blocks: BlockInput[] | undefined, attachments: AttachmentInput[] | undefined): Promise<Map<string, FileSummary>> {
  const ids = [
    ...(blocks ?? []).flatMap((b) => ("fileId" in b && b.fileId ? [b.fileId] : [])),
    ...(blocks ?? []).flatMap((b) => (b.type === "video" ? (b.captions ?? []).map((c) => c.fileId) : [])),
    ...(attachments ?? []).flatMap((a) => ("fileId" in a ? [a.fileId] : [])),
  ];
  return fileSummaries(tx, ids);
}

/** Attachments as stored: an uploaded one carries its file's name (unless renamed), size and type. */
function storedAttachments(input: AttachmentInput[], files: Map<string, FileSummary>): Attachment[] {
  return input.map((a, i): Attachment => {
    if (!("fileId" in a)) return { name: a.name, path: a.path, sizeBytes: a.sizeBytes, mimeType: a.mimeType };
    const file = uploaded(files, a.fileId, ["attachment", "presentation", "image"], `attachments.${i}.fileId`);
    return { name: a.name ?? file.name, path: storedFilePath(file.id), sizeBytes: file.sizeBytes, mimeType: file.mimeType, fileId: file.id };
  });
}

/**
 * Prerequisites name other parts of the same course, and the prerequisite graph of the
 * course stays without cycles (a cycle would lock its parts forever).
 */
async function checkPrerequisites(tx: Tx, courseId: string, partId: string, prerequisites: string[]): Promise<void> {
  const parts = await tx
    .select({ id: schema.parts.id, prerequisites: schema.parts.prerequisites })
    .from(schema.parts)
    .where(eq(schema.parts.courseId, courseId));
  const known = new Set(parts.map((p) => p.id));
  for (const [i, id] of prerequisites.entries()) {
    if (id === partId) throw invalid(`prerequisites.${i}`, "Časť nemôže byť podmienkou sama sebe.");
    if (!known.has(id)) throw invalid(`prerequisites.${i}`, "Podmienkou môže byť len iná časť toho istého kurzu.");
  }
  if (new Set(prerequisites).size !== prerequisites.length) throw invalid("prerequisites", "Každú podmienku uveďte len raz.");
  const edges = new Map(parts.map((p) => [p.id, p.prerequisites]));
  edges.set(partId, prerequisites);
  // depth-first search from the changed part: reaching it again is a cycle
  const seen = new Set<string>();
  const stack = [...prerequisites];
  while (stack.length) {
    const id = stack.pop()!;
    if (id === partId) throw invalid("prerequisites", "Podmienky by vytvorili kruh: časť by čakala sama na seba.");
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(edges.get(id) ?? []));
  }
}

export async function createPart(db: Database, actor: Actor, moduleId: string, input: PartCreateRequest): Promise<Outcome<AdminPart>> {
  return editTransaction(db, async (tx) => {
    const module = await findModule(tx, moduleId);
    await lockDraftCourse(tx, module.courseId);
    const id = newId();
    await checkPrerequisites(tx, module.courseId, id, input.prerequisites);
    const files = await referencedFiles(tx, input.contentBlocks, input.attachments);
    const [last] = await tx
      .select({ n: max(schema.parts.orderIndex) })
      .from(schema.parts)
      .where(eq(schema.parts.moduleId, moduleId));
    const [part] = await slugConflictsAs409(() =>
      tx
        .insert(schema.parts)
        .values({
          id,
          courseId: module.courseId,
          moduleId,
          orderIndex: (last?.n ?? 0) + 1,
          slug: input.slug,
          title: input.title,
          summary: input.summary ?? null,
          contentBlocks: storedBlocks(input.contentBlocks, [], files),
          attachments: storedAttachments(input.attachments, files),
          prerequisites: input.prerequisites,
          requiredForCompletion: input.requiredForCompletion,
          partTestRequired: input.partTestRequired ?? false,
        })
        .returning(),
    );
    await audit(tx, actor, "part.create", { type: "part", id }, { courseId: module.courseId, moduleId, slug: part.slug });
    return toAdminPart(part);
  });
}

/** PATCH of a part (the part editor's forms, /api): its refusals (404, not a draft, slug, prerequisites, files) are returned. */
export async function updatePart(db: Database, actor: Actor, partId: string, input: PartPatchRequest): Promise<Outcome<AdminPart>> {
  return editTransaction(db, async (tx) => {
    const found = await findPart(tx, partId);
    await lockDraftCourse(tx, found.courseId);
    if (input.prerequisites !== undefined) await checkPrerequisites(tx, found.courseId, partId, input.prerequisites);
    const { contentBlocks, attachments, ...rest } = input;
    const values: Partial<typeof schema.parts.$inferInsert> = { ...rest };
    const files = await referencedFiles(tx, contentBlocks, attachments);
    if (contentBlocks !== undefined) values.contentBlocks = storedBlocks(contentBlocks, found.contentBlocks, files);
    if (attachments !== undefined) values.attachments = storedAttachments(attachments, files);
    const [part] = await slugConflictsAs409(() => tx.update(schema.parts).set(values).where(eq(schema.parts.id, partId)).returning());
    await audit(tx, actor, "part.update", { type: "part", id: partId }, { courseId: part.courseId, fields: Object.keys(input).sort() });
    return toAdminPart(part);
  });
}

export async function deletePart(db: Database, actor: Actor, partId: string): Promise<Outcome<{ ok: true }>> {
  return editTransaction(db, async (tx) => {
    const part = await findPart(tx, partId);
    await lockDraftCourse(tx, part.courseId);
    await tx.delete(schema.parts).where(eq(schema.parts.id, partId));
    await deleteTests(tx, [part.partTestId]);
    await forgetPrerequisites(tx, part.courseId, [partId]);
    const rest = await tx
      .select({ id: schema.parts.id })
      .from(schema.parts)
      .where(eq(schema.parts.moduleId, part.moduleId))
      .orderBy(asc(schema.parts.orderIndex));
    await renumber(
      tx,
      schema.parts,
      rest.map((r) => r.id),
      1,
    );
    await audit(tx, actor, "part.delete", { type: "part", id: partId }, { courseId: part.courseId, slug: part.slug });
    return { ok: true as const };
  });
}

export async function reorderParts(db: Database, actor: Actor, moduleId: string, ids: string[]): Promise<Outcome<AdminPart[]>> {
  return editTransaction(db, async (tx) => {
    const module = await findModule(tx, moduleId);
    await lockDraftCourse(tx, module.courseId);
    const current = await tx.select({ id: schema.parts.id }).from(schema.parts).where(eq(schema.parts.moduleId, moduleId));
    assertPermutation(
      current.map((r) => r.id),
      ids,
    );
    await renumber(tx, schema.parts, ids, 1);
    await audit(tx, actor, "part.reorder", { type: "module", id: moduleId }, { courseId: module.courseId, ids });
    const rows = await tx
      .select()
      .from(schema.parts)
      .where(and(eq(schema.parts.moduleId, moduleId)))
      .orderBy(asc(schema.parts.orderIndex));
    return rows.map(toAdminPart);
  });
}
