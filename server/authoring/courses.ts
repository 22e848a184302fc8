// Course versions for the admin: list, detail with the whole tree, create a draft, update
// a draft, delete. spec: Endpoints > Admin: courses and content; Course states. The writes
// return their refusals (an Outcome, editTransaction); the detail's 404 is thrown (loaders).
import { and, asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { newId, schema, type Database, type DbOrTx, type Tx } from "../db";
import { DomainError } from "../kernel/errors";
import { basisPointsFromFraction } from "../money";
import { countEnrollmentsOfCourseVersion } from "../enrollments";
import type { AdminCourse, AdminCourseDetail, AdminCourseListQuery, AdminCourseListResponse, CourseCreateRequest, CoursePatchRequest } from "./contract";
import { audit, editTransaction, invalid, lockCourse, lockDraftCourse, type Actor, type CourseRow } from "./editing";
import type { Outcome } from "../kernel/outcome";
import { SOFT_DELETE_AFTER_YEARS } from "./retention";
import { fileSummaries, type FileKind } from "../files";
import { toAdminCourse, toAdminCourseListItem, toAdminLevel, toAdminModule, toAdminPart, toAdminTest, toAdminTopic } from "./serialize";

type CourseInsert = typeof schema.courses.$inferInsert;
type Profile = (typeof schema.courses.$inferSelect)["instructorProfiles"][number];

export async function listAdminCourses(db: DbOrTx, query: AdminCourseListQuery): Promise<AdminCourseListResponse> {
  const where = and(
    // soft-deleted versions show only when asked for (the "Zmazané" filter, state=deleted)
    query.state ? eq(schema.courses.state, query.state) : ne(schema.courses.state, "deleted"),
    query.slug ? eq(schema.courses.slug, query.slug) : undefined,
  );
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(schema.courses).where(where),
    db
      .select()
      .from(schema.courses)
      .where(where)
      .orderBy(asc(schema.courses.slug), desc(schema.courses.version))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  ]);
  const totalItems = Number(total?.n ?? 0);
  return {
    data: rows.map(toAdminCourseListItem),
    pagination: { page: query.page, pageSize: query.pageSize, totalItems, totalPages: Math.ceil(totalItems / query.pageSize) },
  };
}

async function levelIdsOf(db: DbOrTx, courseId: string): Promise<string[]> {
  const rows = await db.select({ id: schema.levels.id }).from(schema.levels).where(eq(schema.levels.courseId, courseId)).orderBy(asc(schema.levels.orderIndex));
  return rows.map((r) => r.id);
}

export async function adminCourseOf(db: DbOrTx, course: CourseRow): Promise<AdminCourse> {
  return toAdminCourse(course, await levelIdsOf(db, course.id));
}

/** Every row of one course version's tree, in order (one query per table). */
export async function readCourseTree(db: DbOrTx, courseId: string) {
  // one after another: inside a transaction these share one connection
  const levels = await db.select().from(schema.levels).where(eq(schema.levels.courseId, courseId)).orderBy(asc(schema.levels.orderIndex));
  const topics = await db.select().from(schema.topics).where(eq(schema.topics.courseId, courseId)).orderBy(asc(schema.topics.orderIndex));
  const modules = await db.select().from(schema.modules).where(eq(schema.modules.courseId, courseId));
  const parts = await db.select().from(schema.parts).where(eq(schema.parts.courseId, courseId)).orderBy(asc(schema.parts.orderIndex));
  const tests = await db.select().from(schema.tests).where(eq(schema.tests.courseId, courseId)).orderBy(asc(schema.tests.createdAt), asc(schema.tests.id));
  const questions = tests.length
    ? await db
        .select()
        .from(schema.questions)
        .where(
          inArray(
            schema.questions.testId,
            tests.map((t) => t.id),
          ),
        )
        .orderBy(asc(schema.questions.orderIndex))
    : [];
  return { levels, topics, modules, parts, tests, questions };
}
export type CourseTreeRows = Awaited<ReturnType<typeof readCourseTree>>;

/** Which part or level a test hangs on (null for the course test and detached tests). */
export function testAttachments(tree: Pick<CourseTreeRows, "levels" | "parts">) {
  const partOf = new Map(tree.parts.filter((p) => p.partTestId).map((p) => [p.partTestId!, p.id]));
  const levelOf = new Map(tree.levels.filter((l) => l.levelTestId).map((l) => [l.levelTestId!, l.id]));
  return (testId: string) => ({ partId: partOf.get(testId) ?? null, levelId: levelOf.get(testId) ?? null });
}

export async function getAdminCourseDetail(db: DbOrTx, courseId: string): Promise<AdminCourseDetail> {
  const [course] = await db.select().from(schema.courses).where(eq(schema.courses.id, courseId));
  // a soft-deleted version is gone for the editor and the API (docs/decisions/authoring/course-versions-are-only-soft-deleted.md > Course versions are only soft-deleted)
  if (!course || course.state === "deleted") throw new DomainError("not_found", "Kurz sa nenašiel.");
  const tree = await readCourseTree(db, courseId);
  const attachedTo = testAttachments(tree);
  return {
    course: toAdminCourse(
      course,
      tree.levels.map((l) => l.id),
    ),
    levels: tree.levels.map((level) => ({
      ...toAdminLevel(level),
      topics: tree.topics
        .filter((t) => t.levelId === level.id)
        .map((topic) => {
          const module = tree.modules.find((m) => m.topicId === topic.id);
          return {
            ...toAdminTopic(topic),
            module: module ? { ...toAdminModule(module), parts: tree.parts.filter((p) => p.moduleId === module.id).map(toAdminPart) } : null,
          };
        }),
    })),
    tests: tree.tests.map((t) =>
      toAdminTest(
        t,
        tree.questions.filter((q) => q.testId === t.id),
        attachedTo(t.id),
      ),
    ),
  };
}

async function assertSlugFree(tx: Tx, slug: string, exceptCourseId?: string): Promise<void> {
  const taken = await tx
    .select({ id: schema.courses.id, state: schema.courses.state })
    .from(schema.courses)
    .where(and(eq(schema.courses.slug, slug), exceptCourseId ? ne(schema.courses.id, exceptCourseId) : undefined));
  if (taken.length === 0) return;
  // a soft-deleted version keeps its slug (versions are kept, and the slug names the chain)
  if (taken.every((t) => t.state === "deleted")) {
    throw new DomainError("slug_taken", "Tento identifikátor do adresy patrí zmazanému kurzu (zostáva v záznamoch). Zvoľte iný.", { slug, deleted: true });
  }
  throw new DomainError("slug_taken", "Kurz s týmto identifikátorom do adresy už existuje.", { slug });
}

/** Editor extras per instructor; the name and avatar are filled from the provider at publish. */
function profilesFrom(input: NonNullable<CourseCreateRequest["instructorProfiles"]>, existing: Profile[], instructors: string[]): Profile[] {
  for (const [i, p] of input.entries()) {
    if (!instructors.includes(p.personId)) {
      throw invalid(`instructorProfiles.${i}.personId`, "Profil patrí len lektorovi uvedenému v zozname lektorov.");
    }
  }
  return input.map((p) => ({ ...p, displayName: existing.find((e) => e.personId === p.personId)?.displayName ?? "" }));
}

/** The kinds of upload each picture field takes (a picture uploaded as a plain image fits all). */
const PICTURE_KINDS: Record<"coverFileId" | "ogImageFileId" | "avatarFileId", readonly FileKind[]> = {
  coverFileId: ["cover", "image"],
  ogImageFileId: ["cover", "image"],
  avatarFileId: ["avatar", "image"],
};

/** The pictures a create or update references exist and were uploaded as pictures of their kind (422 otherwise). */
async function checkPictures(tx: Tx, input: Partial<CourseCreateRequest & CoursePatchRequest>): Promise<void> {
  const refs: { path: string; id: string; kinds: readonly FileKind[] }[] = [];
  if (input.coverFileId) refs.push({ path: "coverFileId", id: input.coverFileId, kinds: PICTURE_KINDS.coverFileId });
  if (input.ogImageFileId) refs.push({ path: "ogImageFileId", id: input.ogImageFileId, kinds: PICTURE_KINDS.ogImageFileId });
  for (const [i, p] of (input.instructorProfiles ?? []).entries()) {
    if (p.avatarFileId) refs.push({ path: `instructorProfiles.${i}.avatarFileId`, id: p.avatarFileId, kinds: PICTURE_KINDS.avatarFileId });
  }
  if (refs.length === 0) return;
  const files = await fileSummaries(
    tx,
    refs.map((r) => r.id),
  );
  for (const r of refs) {
    const file = files.get(r.id);
    if (!file) throw invalid(r.path, "Obrázok sa nenašiel; nahrajte ho znova.");
    if (!r.kinds.includes(file.kind)) throw invalid(r.path, `Súbor bol nahraný ako „${file.kind}“; sem patrí obrázok nahraný ako ${r.kinds.join(" alebo ")}.`);
  }
}

function courseValues(input: Partial<CourseCreateRequest & CoursePatchRequest>): Partial<CourseInsert> {
  const { vatRate, enrollmentDeadline, instructorProfiles: _profiles, courseTestId: _test, ...rest } = input;
  return {
    ...rest,
    ...(vatRate !== undefined ? { vatRateBp: basisPointsFromFraction(vatRate) } : {}),
    ...(enrollmentDeadline !== undefined ? { enrollmentDeadline: enrollmentDeadline === null ? null : new Date(enrollmentDeadline) } : {}),
  } as Partial<CourseInsert>;
}

export async function createCourse(db: Database, actor: Actor, input: CourseCreateRequest): Promise<Outcome<AdminCourse>> {
  return editTransaction(db, async (tx) => {
    await assertSlugFree(tx, input.slug);
    await checkPictures(tx, input);
    const instructors = input.instructors ?? [];
    const values: CourseInsert = {
      ...(courseValues(input) as CourseInsert),
      id: newId(),
      slug: input.slug,
      title: input.title,
      priceCents: input.priceCents,
      instructors,
      instructorProfiles: profilesFrom(input.instructorProfiles ?? [], [], instructors),
      state: "draft",
      version: 1,
      createdBy: actor.actorId,
    };
    const [course] = await tx.insert(schema.courses).values(values).returning();
    await audit(tx, actor, "course.create", { type: "course", id: course.id }, { slug: course.slug, version: 1 });
    return toAdminCourse(course, []);
  });
}

export async function updateCourse(db: Database, actor: Actor, courseId: string, input: CoursePatchRequest): Promise<Outcome<AdminCourse>> {
  return editTransaction(db, async (tx) => {
    const course = await lockDraftCourse(tx, courseId);
    if (input.slug !== undefined && input.slug !== course.slug) {
      // spec: Course.slug is identical across versions of one course
      if (course.version > 1) throw invalid("slug", "Identifikátor do adresy je spoločný pre všetky verzie kurzu; v novej verzii sa nemení.");
      await assertSlugFree(tx, input.slug, course.id);
    }
    await checkPictures(tx, input);
    const values = courseValues(input);
    const instructors = input.instructors ?? course.instructors;
    if (input.instructorProfiles !== undefined) {
      values.instructorProfiles = profilesFrom(input.instructorProfiles, course.instructorProfiles, instructors);
    } else if (input.instructors !== undefined) {
      values.instructorProfiles = course.instructorProfiles.filter((p) => instructors.includes(p.personId));
    }
    if (input.courseTestId !== undefined) {
      if (input.courseTestId !== null) {
        const [test] = await tx
          .select({ placement: schema.tests.placement })
          .from(schema.tests)
          .where(and(eq(schema.tests.id, input.courseTestId), eq(schema.tests.courseId, course.id)));
        if (!test || test.placement !== "course") {
          throw invalid("courseTestId", "Záverečný test musí byť test tohto kurzu s umiestnením „course“.");
        }
        // spec: courseTestRequired defaults to true when courseTestId exists
        if (course.courseTestId === null && input.courseTestRequired === undefined) values.courseTestRequired = true;
      }
      values.courseTestId = input.courseTestId;
    }
    const [updated] = await tx.update(schema.courses).set(values).where(eq(schema.courses.id, course.id)).returning();
    await audit(tx, actor, "course.update", { type: "course", id: course.id }, { fields: Object.keys(input).sort() });
    return adminCourseOf(tx, updated);
  });
}

/**
 * DELETE /api/admin/courses/<id> (admin). Course versions are never hard-deleted (spec:
 * Versioning 10; docs/decisions/authoring/course-versions-are-only-soft-deleted.md > Course versions are only soft-deleted): refused with
 * 409 `course_has_enrollments` while any enrollment points at the version (spec: Course
 * states); a draft becomes `deleted` with its tree kept (it disappears from the editor, the
 * API and the admin list but for the "Zmazané" filter); a published version is refused
 * (archive it) and an archived one too (the `authoring.soft-delete-versions` job deletes it
 * five years after archival): 409 `version_not_deletable`.
 */
export async function deleteCourse(db: Database, actor: Actor, courseId: string): Promise<Outcome<{ ok: true; deleted: "soft" }>> {
  return editTransaction(db, async (tx) => {
    const course = await lockCourse(tx, courseId);
    const enrollments = await countEnrollmentsOfCourseVersion(tx, course.id);
    if (enrollments > 0) throw new DomainError("course_has_enrollments", undefined, { enrollments });
    if (course.state === "published") {
      throw new DomainError(
        "version_not_deletable",
        "Zverejnený kurz sa nemaže. Archivujte ho; archivované verzie sa zmažú automaticky päť rokov po archivácii.",
        { state: course.state },
      );
    }
    if (course.state === "archived") {
      const deletableFrom = course.archivedAt ? yearsAfter(course.archivedAt, SOFT_DELETE_AFTER_YEARS).toISOString() : null;
      throw new DomainError(
        "version_not_deletable",
        "Archivovaná verzia sa ručne nemaže: zostáva pre zapísaných študentov a záznamy a zmaže sa automaticky päť rokov po archivácii.",
        { state: course.state, archivedAt: course.archivedAt?.toISOString() ?? null, deletableFrom },
      );
    }
    await tx
      .update(schema.courses)
      .set({ state: "deleted", deletedAt: sql`now()` })
      .where(eq(schema.courses.id, course.id));
    await audit(
      tx,
      actor,
      "course.delete",
      { type: "course", id: course.id },
      { slug: course.slug, version: course.version, deleted: "soft", previousState: course.state },
    );
    return { ok: true as const, deleted: "soft" as const };
  });
}

/** The moment `years` calendar years after `from` (UTC). */
function yearsAfter(from: Date, years: number): Date {
  const d = new Date(from.getTime());
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
}
