// Public catalog reads (spec: Endpoints > Public catalog; Versioning 5: the public slug
// resolves to the newest published version). Only `published` rows are ever read here;
// the partial unique index `courses_one_published_per_slug` guarantees at most one
// published version per slug, and publishing archives the previous one.
import { and, arrayContains, asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "../db";
import { schema } from "../db";
import { vatFractionFromBasisPoints } from "../money";
import { accreditationView, instructorProfileView } from "./snapshots";
import { attachImages, avatarPicture, coverPicture, type CourseImages } from "./images";
import type { MediaUrls } from "../video";
import { serializeAttachment, serializeBlock } from "../learning";
import type { Accreditation, InstructorProfile } from "../db/schema";
import type { CourseEnrollmentSummary } from "../enrollments";
import type { CatalogLevel, CatalogTopic, CourseDetailResponse, CourseListItem, CoursePreview, Pagination } from "./contract";

const { courses, levels, topics, modules, parts } = schema;

const published = eq(courses.state, "published");

/** Fields the catalog reads for every course (list and detail). */
const summaryColumns = {
  _id: courses.id,
  slug: courses.slug,
  title: courses.title,
  subtitle: courses.subtitle,
  shortDescription: courses.shortDescription,
  coverImageUrl: courses.coverImageUrl,
  coverFileId: courses.coverFileId,
  priceCents: courses.priceCents,
  currency: courses.currency,
  vatRateBp: courses.vatRateBp,
  vatIncluded: courses.vatIncluded,
  durationHours: courses.durationHours,
  language: courses.language,
  tags: courses.tags,
  instructorProfiles: courses.instructorProfiles,
  accreditation: courses.accreditation,
};

export type CourseSummary = {
  _id: string;
  slug: string;
  title: string;
  subtitle: string | null;
  shortDescription: string;
  coverImageUrl: string | null;
  /** an uploaded cover (server/files), shown instead of coverImageUrl */
  coverFileId: string | null;
  /** the uploaded pictures the course references (cover, share image, lecturer photos) with their sizes */
  images: CourseImages;
  priceCents: number;
  currency: string;
  /** basis points (2000 = 20 %); the API answers the fraction */
  vatRateBp: number;
  vatIncluded: boolean;
  durationHours: number;
  language: string;
  tags: string[];
  instructorProfiles: InstructorProfile[];
  accreditation: Accreditation | null;
};

/** The catalog API's item; an uploaded cover is answered as its signed URL (MediaUrls.publicFile). */
export function toCourseListItem(c: CourseSummary, media: Pick<MediaUrls, "publicFile">, now: Date): CourseListItem {
  return {
    _id: c._id,
    slug: c.slug,
    title: c.title,
    shortDescription: c.shortDescription,
    coverImageUrl: coverPicture(c, media, now)?.url ?? null,
    priceCents: c.priceCents,
    currency: c.currency,
    vatIncluded: c.vatIncluded,
    durationHours: c.durationHours,
    language: c.language,
    tags: c.tags,
    instructorProfiles: c.instructorProfiles.map((p) => ({ displayName: p.displayName, affiliation: p.affiliation ?? null })),
    accreditation: c.accreditation ? { partnerName: c.accreditation.partnerName } : null,
  };
}

/**
 * One page of published courses, newest publication first (slug breaks ties, so pages
 * never overlap). The total comes from a window count in the same query; a second
 * count runs only when the page is past the end and returned no row to carry it.
 */
export async function listPublishedCourses(
  db: Database,
  query: { tag?: string; page: number; pageSize: number },
): Promise<{ items: CourseSummary[]; pagination: Pagination }> {
  const where = query.tag ? and(published, arrayContains(courses.tags, [query.tag])) : published;
  const rows = await db
    .select({ ...summaryColumns, totalItems: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(courses)
    .where(where)
    .orderBy(sql`${courses.publishedAt} desc nulls last`, asc(courses.slug))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);

  let totalItems = rows[0]?.totalItems ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const [row] = await db.select({ n: count() }).from(courses).where(where);
    totalItems = row?.n ?? 0;
  }
  const items: CourseSummary[] = await attachImages(
    db,
    rows.map(({ totalItems: _, ...course }) => course),
  );
  return {
    items,
    pagination: {
      page: query.page,
      pageSize: query.pageSize,
      totalItems,
      totalPages: Math.ceil(totalItems / query.pageSize),
    },
  };
}

/**
 * Every published course in the catalog's order (newest publication first, slug breaks
 * ties), for the in-process cache (server/catalog/cache.ts), which pages and filters it.
 */
export async function allPublishedCourses(db: Database): Promise<CourseSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(courses)
    .where(published)
    .orderBy(sql`${courses.publishedAt} desc nulls last`, asc(courses.slug));
  return attachImages(db, rows);
}

export type CourseDetail = CourseSummary & {
  description: string;
  seoTitle: string | null;
  seoDescription: string | null;
  ogImageUrl: string | null;
  /** an uploaded share image (server/files), used instead of ogImageUrl */
  ogImageFileId: string | null;
  enrollmentDeadline: Date | null;
  /** seats on this version (null: no limit); the course page's buy button needs it */
  enrollmentLimit: number | null;
};

/** GET /api/courses/<slug>: exactly the contract's keys (instructor profiles and accreditation whitelisted too). */
export function toCourseDetailResponse(
  found: { course: CourseDetail; levels: CatalogLevel[] },
  enrollment: CourseEnrollmentSummary | null,
  media: Pick<MediaUrls, "publicFile">,
  now: Date,
): CourseDetailResponse {
  const { course, levels } = found;
  return {
    course: {
      _id: course._id,
      slug: course.slug,
      title: course.title,
      subtitle: course.subtitle,
      description: course.description,
      shortDescription: course.shortDescription,
      coverImageUrl: coverPicture(course, media, now)?.url ?? null,
      priceCents: course.priceCents,
      currency: course.currency,
      vatRate: vatFractionFromBasisPoints(course.vatRateBp),
      vatIncluded: course.vatIncluded,
      durationHours: course.durationHours,
      language: course.language,
      tags: course.tags,
      instructorProfiles: course.instructorProfiles.map((p) => instructorProfileView(p, avatarPicture(course.images, p, media, now)?.url)),
      accreditation: accreditationView(course.accreditation),
    },
    levels,
    enrollment,
  };
}

/** Slugs are short URL words; anything longer cannot exist and skips the database. */
export const MAX_SLUG_LENGTH = 200;

/** The published version behind a slug, or null (unknown, draft-only, archived-only). */
export async function findPublishedCourse(db: Database, slug: string): Promise<CourseDetail | null> {
  if (!slug || slug.length > MAX_SLUG_LENGTH) return null;
  const [course] = await db
    .select({
      ...summaryColumns,
      description: courses.description,
      seoTitle: courses.seoTitle,
      seoDescription: courses.seoDescription,
      ogImageUrl: courses.ogImageUrl,
      ogImageFileId: courses.ogImageFileId,
      enrollmentDeadline: courses.enrollmentDeadline,
      enrollmentLimit: courses.enrollmentLimit,
    })
    .from(courses)
    .where(and(published, eq(courses.slug, slug)))
    .limit(1);
  if (!course) return null;
  const [withImages] = await attachImages(db, [course]);
  return withImages;
}

/**
 * The course page and GET /api/courses/<slug>: the course and its levels with topics,
 * in three queries (course; levels; topics joined with their module), whatever the size.
 */
export async function getPublishedCourseWithLevels(db: Database, slug: string): Promise<{ course: CourseDetail; levels: CatalogLevel[] } | null> {
  const course = await findPublishedCourse(db, slug);
  if (!course) return null;
  const [levelRows, topicRows] = await Promise.all([
    db
      .select({
        _id: levels.id,
        orderIndex: levels.orderIndex,
        slug: levels.slug,
        title: levels.title,
        subtitle: levels.subtitle,
        estimatedHours: levels.estimatedHours,
        topicSequencing: levels.topicSequencing,
        issuesIntermediateCertificate: levels.issuesIntermediateCertificate,
      })
      .from(levels)
      .where(eq(levels.courseId, course._id))
      .orderBy(asc(levels.orderIndex), asc(levels.id)),
    db
      .select({
        _id: topics.id,
        levelId: topics.levelId,
        slug: topics.slug,
        title: topics.title,
        iconName: topics.iconName,
        moduleId: modules.id,
        moduleEstimatedMinutes: modules.estimatedMinutes,
      })
      .from(topics)
      .leftJoin(modules, eq(modules.topicId, topics.id))
      .where(eq(topics.courseId, course._id))
      .orderBy(asc(topics.orderIndex), asc(topics.id)),
  ]);

  const topicsByLevel = new Map<string, CatalogTopic[]>();
  for (const { levelId, ...topic } of topicRows) {
    const list = topicsByLevel.get(levelId) ?? [];
    list.push(topic);
    topicsByLevel.set(levelId, list);
  }
  return {
    course,
    levels: levelRows.map((level) => {
      const levelTopics = topicsByLevel.get(level._id) ?? [];
      return { ...level, topicCount: levelTopics.length, topics: levelTopics };
    }),
  };
}

// ---------------------------------------------------------------------------------
// Preview (spec: GET /api/courses/<slug>/preview): the first parts of the first module
// in the parts route's format, with everything that needs an enrollment withheld.

/** How many parts of the first module a preview shows (spec: "the first 1-2 parts"). */
export const PREVIEW_PART_COUNT = 2;

/** The learning area's part serializer in its public mode: what a preview may show. */
const PREVIEW = { kind: "preview" } as const;

export async function getCoursePreview(db: Database, slug: string): Promise<CoursePreview | null> {
  if (!slug || slug.length > MAX_SLUG_LENGTH) return null;
  // course and its first module (lowest level, then lowest topic) in one query
  const [first] = await db
    .select({
      courseId: courses.id,
      courseSlug: courses.slug,
      courseTitle: courses.title,
      moduleId: modules.id,
      moduleTitle: modules.title,
      topicTitle: topics.title,
      levelTitle: levels.title,
    })
    .from(courses)
    .leftJoin(levels, eq(levels.courseId, courses.id))
    .leftJoin(topics, eq(topics.levelId, levels.id))
    .leftJoin(modules, eq(modules.topicId, topics.id))
    .where(and(published, eq(courses.slug, slug)))
    .orderBy(sql`${modules.id} is null`, asc(levels.orderIndex), asc(topics.orderIndex))
    .limit(1);
  if (!first) return null;
  const course = { _id: first.courseId, slug: first.courseSlug, title: first.courseTitle };
  if (!first.moduleId) return { course, parts: [] };

  const module = {
    _id: first.moduleId,
    title: first.moduleTitle ?? "",
    topicTitle: first.topicTitle ?? "",
    levelTitle: first.levelTitle ?? "",
  };
  const partRows = await db
    .select({
      _id: parts.id,
      slug: parts.slug,
      title: parts.title,
      summary: parts.summary,
      contentBlocks: parts.contentBlocks,
      attachments: parts.attachments,
      prerequisites: parts.prerequisites,
    })
    .from(parts)
    .where(eq(parts.moduleId, first.moduleId))
    .orderBy(asc(parts.orderIndex), asc(parts.id))
    .limit(PREVIEW_PART_COUNT);

  return {
    course,
    parts: partRows.map((p) => ({
      _id: p._id,
      slug: p.slug,
      title: p.title,
      summary: p.summary,
      module,
      contentBlocks: p.contentBlocks.map((b) => serializeBlock(b, PREVIEW)),
      attachments: p.attachments.map((a) => serializeAttachment(a, PREVIEW)),
      prerequisites: p.prerequisites,
      partTest: null,
      progress: null,
    })),
  };
}

// ---------------------------------------------------------------------------------
// What a buyer gets (docs/decisions/catalog/what-a-buyer-must-know.md > What a buyer must know): the course page's
// "what's included", counted from the version's parts, levels and course row (the tests
// attached to them, as publishing checks them), all three under the catalog trigger.

export type CourseContents = {
  partCount: number;
  videoCount: number;
  /** the summed durationSec of the video blocks (videos without a known duration add 0) */
  videoSeconds: number;
  /** attached tests: after parts, closing a level, the course's final test */
  tests: { part: number; level: number; course: number };
};

export async function getCourseContents(db: Database, courseId: string): Promise<CourseContents> {
  const videoBlocks = (expr: string) => sql.raw(`(select ${expr} from jsonb_array_elements(content_blocks) b where b->>'type' = 'video')`);
  const [[totals], [levelTests], [course]] = await Promise.all([
    db
      .select({
        partCount: count(),
        videoCount: sql<number>`coalesce(sum(${videoBlocks("count(*)")}), 0)::int`,
        videoSeconds: sql<number>`coalesce(sum(${videoBlocks("sum((b->>'durationSec')::numeric)")}), 0)::float8`,
        partTests: sql<number>`count(distinct ${parts.partTestId})::int`,
      })
      .from(parts)
      .where(eq(parts.courseId, courseId)),
    db
      .select({ n: count(levels.levelTestId) })
      .from(levels)
      .where(eq(levels.courseId, courseId)),
    db.select({ courseTestId: courses.courseTestId }).from(courses).where(eq(courses.id, courseId)),
  ]);
  return {
    partCount: Number(totals?.partCount ?? 0),
    videoCount: Number(totals?.videoCount ?? 0),
    videoSeconds: Number(totals?.videoSeconds ?? 0),
    tests: { part: Number(totals?.partTests ?? 0), level: Number(levelTests?.n ?? 0), course: course?.courseTestId ? 1 : 0 },
  };
}
