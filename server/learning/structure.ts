// The shape of one course version as the progress engine sees it: levels in order, their
// topics, each topic's module, the module's parts with prerequisites and tests, and the
// level and course tests. Published and archived versions never change (spec: Versioning
// 3-4), so their structure is kept in memory once read; a draft is always read fresh.
import { asc, eq } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";
import type { ContentBlock, Attachment } from "../db/schema/catalog";

const { courses, levels, topics, modules, parts, tests } = schema;

export type TestRef = { id: string; required: boolean; title: string; maxAttempts: number };

export type PartNode = {
  id: string;
  slug: string;
  title: string;
  summary: string | null;
  orderIndex: number;
  moduleId: string;
  topicId: string;
  levelId: string;
  contentBlocks: ContentBlock[];
  attachments: Attachment[];
  prerequisites: string[];
  requiredForCompletion: boolean;
  partTest: TestRef | null;
};

export type ModuleNode = { id: string; title: string; estimatedMinutes: number; topicId: string; levelId: string; parts: PartNode[] };
export type TopicNode = { id: string; slug: string; title: string; iconName: string | null; levelId: string; module: ModuleNode | null };
export type LevelNode = {
  id: string;
  slug: string;
  title: string;
  subtitle: string | null;
  orderIndex: number;
  estimatedHours: number;
  issuesIntermediateCertificate: boolean;
  topics: TopicNode[];
  levelTest: TestRef | null;
};

export type CourseStructure = {
  course: {
    id: string;
    slug: string;
    title: string;
    subtitle: string | null;
    version: number;
    state: (typeof schema.courseState.enumValues)[number];
    previousVersionId: string | null;
    courseTest: TestRef | null;
  };
  levels: LevelNode[];
  /** every part, in course order (level, topic, part) */
  parts: PartNode[];
  partById: Map<string, PartNode>;
  moduleById: Map<string, ModuleNode>;
  levelById: Map<string, LevelNode>;
  topicById: Map<string, TopicNode>;
};

const cache = new Map<string, CourseStructure>();
const CACHE_LIMIT = 200;
/** part id → its course version, for the parts of the cached (immutable) versions */
const versionOfCachedPart = new Map<string, string>();

/** Reads under way, per database handle: the requests that miss the cache at once share one read. */
const reading = new WeakMap<object, Map<string, Promise<CourseStructure | null>>>();

/** The structure of a course version, or null when there is no such version. */
export async function loadCourseStructure(db: DbOrTx, courseVersionId: string): Promise<CourseStructure | null> {
  const cached = cache.get(courseVersionId);
  if (cached) return cached;
  let reads = reading.get(db);
  if (!reads) {
    reads = new Map();
    reading.set(db, reads);
  }
  let read = reads.get(courseVersionId);
  if (!read) {
    const own = reads;
    read = readCourseStructure(db, courseVersionId).finally(() => own.delete(courseVersionId));
    reads.set(courseVersionId, read);
  }
  return read;
}

async function readCourseStructure(db: DbOrTx, courseVersionId: string): Promise<CourseStructure | null> {
  const [course] = await db.select().from(courses).where(eq(courses.id, courseVersionId)).limit(1);
  if (!course) return null;
  // one after another: the caller may be inside a transaction (one connection)
  const levelRows = await db.select().from(levels).where(eq(levels.courseId, course.id)).orderBy(asc(levels.orderIndex), asc(levels.id));
  const topicRows = await db.select().from(topics).where(eq(topics.courseId, course.id)).orderBy(asc(topics.orderIndex), asc(topics.id));
  const moduleRows = await db.select().from(modules).where(eq(modules.courseId, course.id));
  const partRows = await db.select().from(parts).where(eq(parts.courseId, course.id)).orderBy(asc(parts.orderIndex), asc(parts.id));
  const testRows = await db.select({ id: tests.id, title: tests.title, maxAttempts: tests.maxAttempts }).from(tests).where(eq(tests.courseId, course.id));
  const testById = new Map(testRows.map((t) => [t.id, t]));
  const ref = (id: string | null, required: boolean): TestRef | null => {
    const t = id ? testById.get(id) : undefined;
    return t ? { id: t.id, required, title: t.title, maxAttempts: t.maxAttempts } : null;
  };

  const levelById = new Map<string, LevelNode>();
  const levelNodes: LevelNode[] = levelRows.map((l) => {
    const node: LevelNode = {
      id: l.id,
      slug: l.slug,
      title: l.title,
      subtitle: l.subtitle,
      orderIndex: l.orderIndex,
      estimatedHours: l.estimatedHours,
      issuesIntermediateCertificate: l.issuesIntermediateCertificate,
      topics: [],
      levelTest: ref(l.levelTestId, l.levelTestRequired),
    };
    levelById.set(l.id, node);
    return node;
  });
  const topicById = new Map<string, TopicNode>();
  for (const t of topicRows) {
    const level = levelById.get(t.levelId);
    if (!level) continue;
    const node: TopicNode = { id: t.id, slug: t.slug, title: t.title, iconName: t.iconName, levelId: level.id, module: null };
    topicById.set(t.id, node);
    level.topics.push(node);
  }
  const moduleById = new Map<string, ModuleNode>();
  for (const m of moduleRows) {
    const topic = topicById.get(m.topicId);
    if (!topic) continue;
    const node: ModuleNode = { id: m.id, title: m.title, estimatedMinutes: m.estimatedMinutes, topicId: topic.id, levelId: topic.levelId, parts: [] };
    topic.module = node;
    moduleById.set(m.id, node);
  }
  const partById = new Map<string, PartNode>();
  for (const p of partRows) {
    const module = moduleById.get(p.moduleId);
    if (!module) continue;
    const node: PartNode = {
      id: p.id,
      slug: p.slug,
      title: p.title,
      summary: p.summary,
      orderIndex: p.orderIndex,
      moduleId: module.id,
      topicId: module.topicId,
      levelId: module.levelId,
      contentBlocks: p.contentBlocks,
      attachments: p.attachments,
      prerequisites: p.prerequisites,
      requiredForCompletion: p.requiredForCompletion,
      partTest: ref(p.partTestId, p.partTestRequired),
    };
    module.parts.push(node);
    partById.set(p.id, node);
  }
  const ordered: PartNode[] = [];
  for (const level of levelNodes) for (const topic of level.topics) for (const part of topic.module?.parts ?? []) ordered.push(part);

  const structure: CourseStructure = {
    course: {
      id: course.id,
      slug: course.slug,
      title: course.title,
      subtitle: course.subtitle,
      version: course.version,
      state: course.state,
      previousVersionId: course.previousVersionId,
      courseTest: ref(course.courseTestId, course.courseTestId ? course.courseTestRequired : false),
    },
    levels: levelNodes,
    parts: ordered,
    partById,
    moduleById,
    levelById,
    topicById,
  };
  // published and archived content is immutable; a draft may change under us
  if (course.state === "published" || course.state === "archived") {
    if (cache.size >= CACHE_LIMIT) {
      const oldest = cache.keys().next().value!;
      for (const part of cache.get(oldest)!.parts) versionOfCachedPart.delete(part.id);
      cache.delete(oldest);
    }
    cache.set(course.id, structure);
    for (const part of ordered) versionOfCachedPart.set(part.id, course.id);
  }
  return structure;
}

/** The course version a part belongs to (for GET /api/parts/<id>), or null. */
export async function courseVersionOfPart(db: DbOrTx, partId: string): Promise<string | null> {
  // a part never moves to another version, so a part of a cached version is answered from memory
  const known = versionOfCachedPart.get(partId);
  if (known) return known;
  const [row] = await db.select({ courseId: parts.courseId }).from(parts).where(eq(parts.id, partId)).limit(1);
  return row?.courseId ?? null;
}
