// Course states and versions: publish (with every rule of the spec's Course table),
// re-publish an archived version, archive, new version (deep clone).
// spec: States and transitions > Course; Versioning 3-7.
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { newId, schema, type Database, type DbOrTx, type Tx } from "../db";
import { DomainError } from "../kernel/errors";
import { ok, refusalOf, refused, type Outcome } from "../kernel/outcome";
import type { IdpApi } from "../identity";
import type { ContentBlock, InstructorProfile } from "../db/schema";
import type { PublishProblem } from "./contract";
import { readCourseTree, type CourseTreeRows } from "./courses";
import { audit, databaseError, editTransaction, lockCourse, type Actor, type CourseRow } from "./editing";

type Clock = { now(): Date };

const quoted = (title: string) => `„${title}“`;

/**
 * Every rule a draft must meet to be published (spec: Course states, draft → published),
 * one problem per failing item with its id: at least one level; every level at least one
 * topic; every topic exactly one module; every module at least one part and at least one
 * part with requiredForCompletion; a price (priceCents > 0: the platform sells courses;
 * free access is an admin grant); a filled accreditation; a course test, if set, of this
 * course with placement `course`. Beyond the table: an attached test has questions (and
 * enough of them for its random subset), since a student could never pass an empty one;
 * every video block is ready (uploaded, processed, with a duration to judge watching) and
 * no preview clip is still being cut, since the provider's late result is not applied to a
 * course that is no longer a draft. Without a video provider (production without MUX_*;
 * docs/decisions/video/video-providers-are-configuration.md > Video providers are configuration) no video block publishes.
 */
export function publishProblems(course: CourseRow, tree: CourseTreeRows, options: { videoProvider?: boolean } = {}): PublishProblem[] {
  const problems: PublishProblem[] = [];
  const add = (code: string, id: string, path: string, message: string) => problems.push({ code, id, path, message });

  if (tree.levels.length === 0) add("level_required", course.id, "levels", "Kurz potrebuje aspoň jednu úroveň.");
  for (const [li, level] of tree.levels.entries()) {
    const topics = tree.topics.filter((t) => t.levelId === level.id);
    if (topics.length === 0) add("level_without_topics", level.id, `levels.${li}`, `Úroveň ${quoted(level.title)} nemá žiadnu tému.`);
    for (const [ti, topic] of topics.entries()) {
      const modules = tree.modules.filter((m) => m.topicId === topic.id);
      const path = `levels.${li}.topics.${ti}`;
      if (modules.length !== 1) {
        add("topic_module_count", topic.id, `${path}.module`, `Téma ${quoted(topic.title)} musí mať práve jeden modul (má ${modules.length}).`);
        continue;
      }
      const module = modules[0];
      const parts = tree.parts.filter((p) => p.moduleId === module.id);
      if (parts.length === 0) {
        add("module_without_parts", module.id, `${path}.module.parts`, `Modul ${quoted(module.title)} nemá žiadnu časť.`);
      } else if (!parts.some((p) => p.requiredForCompletion)) {
        add("module_without_required_part", module.id, `${path}.module.parts`, `Modul ${quoted(module.title)} nemá žiadnu časť povinnú na dokončenie.`);
      }
      for (const [pi, part] of parts.entries()) {
        for (const [bi, block] of part.contentBlocks.entries()) {
          if (block.type !== "video") continue;
          const at = `${path}.module.parts.${pi}.contentBlocks.${bi}`;
          if (options.videoProvider === false) {
            add(
              "video_provider_not_configured",
              block.id,
              at,
              `Video v časti ${quoted(part.title)} sa nedá zverejniť: na tomto webe nie je nastavený poskytovateľ videa (Mux). Blok odstráňte alebo požiadajte prevádzkovateľa, aby poskytovateľa nastavil.`,
            );
          } else if (block.state !== "ready" || !block.videoPlaybackId || !(Number(block.durationSec) > 0)) {
            const why = block.state === "errored" ? "jeho spracovanie zlyhalo" : "ešte nie je nahraté a spracované";
            add("video_not_ready", block.id, at, `Video v časti ${quoted(part.title)} ${why}; nahrajte ho alebo blok odstráňte.`);
          } else if (block.previewCut?.status === "waiting") {
            add(
              "video_preview_pending",
              block.id,
              `${at}.previewCut`,
              `Ukážka z videa v časti ${quoted(part.title)} sa ešte strihá; počkajte, kým bude hotová.`,
            );
          }
        }
      }
    }
  }
  if (!(course.priceCents > 0)) add("price_missing", course.id, "priceCents", "Zadajte cenu kurzu.");
  const a = course.accreditation;
  if (!a || !a.partnerOrgId?.trim() || !a.partnerName?.trim() || !a.certificateType?.trim()) {
    add("accreditation_missing", course.id, "accreditation", "Vyplňte akreditáciu (partner, jeho názov a typ osvedčenia).");
  }
  if (course.courseTestId) {
    const test = tree.tests.find((t) => t.id === course.courseTestId);
    if (!test || test.placement !== "course") {
      add("course_test_invalid", course.courseTestId, "courseTestId", "Záverečný test musí byť test tohto kurzu s umiestnením „course“.");
    }
  }
  const attached = new Set([
    ...(course.courseTestId ? [course.courseTestId] : []),
    ...tree.levels.flatMap((l) => (l.levelTestId ? [l.levelTestId] : [])),
    ...tree.parts.flatMap((p) => (p.partTestId ? [p.partTestId] : [])),
  ]);
  for (const test of tree.tests.filter((t) => attached.has(t.id))) {
    const count = tree.questions.filter((q) => q.testId === test.id).length;
    if (count === 0) add("test_without_questions", test.id, `tests.${test.id}`, `Test ${quoted(test.title)} nemá žiadnu otázku.`);
    else if (test.selectionMode === "random_subset" && (test.questionCount ?? 0) > count) {
      add(
        "test_question_count",
        test.id,
        `tests.${test.id}.questionCount`,
        `Test ${quoted(test.title)} má vyberať ${test.questionCount} otázok, no má ich len ${count}.`,
      );
    }
  }
  return problems;
}

/** Where each module and test sits, by slugs: what stays "the same" between two versions. */
function structure(course: CourseRow, tree: CourseTreeRows) {
  const levelSlug = new Map(tree.levels.map((l) => [l.id, l.slug]));
  const topicKey = new Map(tree.topics.map((t) => [t.id, `${levelSlug.get(t.levelId)}/${t.slug}`]));
  const moduleKey = new Map(tree.modules.map((m) => [m.id, topicKey.get(m.topicId)!]));
  const tests = new Map<string, string>();
  const criteria = (testId: string, required: boolean) => {
    const t = tree.tests.find((x) => x.id === testId);
    return t ? JSON.stringify([t.passingScore, t.timeLimitSec, t.maxAttempts, t.cooldownMinutes, t.selectionMode, t.questionCount, required]) : "missing";
  };
  if (course.courseTestId) tests.set("course", criteria(course.courseTestId, course.courseTestRequired));
  for (const l of tree.levels) if (l.levelTestId) tests.set(`level ${l.slug}`, criteria(l.levelTestId, l.levelTestRequired));
  for (const p of tree.parts) if (p.partTestId) tests.set(`part ${moduleKey.get(p.moduleId)}/${p.slug}`, criteria(p.partTestId, p.partTestRequired));
  return {
    modules: new Set(moduleKey.values()),
    tests,
    hours: new Map([["course", course.durationHours], ...tree.levels.map((l): [string, number] => [`level ${l.slug}`, l.estimatedHours])]),
  };
}

/**
 * The significant changes of spec Versioning 7 between the previous version and this one:
 * modules added or removed, test criteria (pass mark, time, attempts, cooldown,
 * selection, required) changed, added or removed, hours changed. Text edits are minor.
 */
export function significantChanges(before: { course: CourseRow; tree: CourseTreeRows }, after: { course: CourseRow; tree: CourseTreeRows }): string[] {
  const a = structure(before.course, before.tree);
  const b = structure(after.course, after.tree);
  const changes: string[] = [];
  for (const m of b.modules) if (!a.modules.has(m)) changes.push(`pridaný modul ${m}`);
  for (const m of a.modules) if (!b.modules.has(m)) changes.push(`odobratý modul ${m}`);
  for (const [k, v] of b.tests) if (a.tests.get(k) !== v) changes.push(a.tests.has(k) ? `zmenené kritériá testu (${k})` : `pridaný test (${k})`);
  for (const k of a.tests.keys()) if (!b.tests.has(k)) changes.push(`odobratý test (${k})`);
  for (const [k, v] of b.hours) if (a.hours.has(k) && a.hours.get(k) !== v) changes.push(`zmenený rozsah hodín (${k})`);
  return changes;
}

const accreditationKey = (a: CourseRow["accreditation"]) =>
  a ? JSON.stringify([a.partnerOrgId, a.partnerName, a.certificateType, a.accreditationNumber ?? null]) : "none";

async function versioningProblems(db: DbOrTx, course: CourseRow, tree: CourseTreeRows): Promise<PublishProblem[]> {
  if (course.version < 2 || !course.previousVersionId) return [];
  const [previous] = await db.select().from(schema.courses).where(eq(schema.courses.id, course.previousVersionId));
  if (!previous) return [];
  const changes = significantChanges({ course: previous, tree: await readCourseTree(db, previous.id) }, { course, tree });
  if (changes.length === 0 || accreditationKey(previous.accreditation) !== accreditationKey(course.accreditation)) return [];
  return [
    {
      code: "accreditation_renewal_required",
      id: course.id,
      path: "accreditation",
      message: `Podstatné zmeny oproti verzii ${previous.version} (${changes.join("; ")}) vyžadujú novú akreditáciu partnera; zmeňte údaje akreditácie.`,
    },
  ];
}

/**
 * The instructors' profiles at publication (spec: Course.instructorProfiles, snapshot at
 * publication): name and avatar from the provider's person API, title, bio and
 * affiliation from what the editor wrote. An unknown person is a publish problem.
 */
async function snapshotInstructors(idpApi: IdpApi, course: CourseRow): Promise<{ profiles: InstructorProfile[]; problems: PublishProblem[] }> {
  const profiles: InstructorProfile[] = [];
  const problems: PublishProblem[] = [];
  for (const [i, personId] of course.instructors.entries()) {
    let person;
    try {
      person = await idpApi.getPerson(personId);
    } catch (error) {
      throw new DomainError(
        "identity_provider_unavailable",
        "Údaje lektorov sa nepodarilo načítať od poskytovateľa identity. Skúste to o chvíľu.",
        {},
        { cause: error },
      );
    }
    if (!person) {
      problems.push({ code: "instructor_unknown", id: personId, path: `instructors.${i}`, message: `Lektora ${personId} poskytovateľ identity nepozná.` });
      continue;
    }
    const extras = course.instructorProfiles.find((p) => p.personId === personId);
    profiles.push({
      personId,
      displayName: person.displayName,
      ...(extras?.title ? { title: extras.title } : {}),
      ...(extras?.bio ? { bio: extras.bio } : {}),
      ...(person.avatarUrl ? { avatarUrl: person.avatarUrl } : {}),
      // a photo uploaded for this course wins over the provider's on the public pages
      ...(extras?.avatarFileId ? { avatarFileId: extras.avatarFileId } : {}),
      ...(extras?.affiliation ? { affiliation: extras.affiliation } : {}),
    });
  }
  return { profiles, problems };
}

/**
 * POST /api/admin/courses/<id>/publish (admin). A draft is validated (422 with a detail
 * per failing item), gets publishedAt/publishedBy and its instructors' snapshot, and the
 * version published before it is archived, in one transaction. An archived version is
 * published again while its enrollmentDeadline has not passed, unless another version of
 * the slug is published (409). The partial unique index stays the last word: a race that
 * slips through is a 409 too, never a 500. Refusals are returned (the ones found under the
 * course lock are thrown inside the transaction and returned at its boundary); the identity
 * provider down is thrown (a failure; the editor's form says it too).
 */
export async function publishCourse(
  db: Database,
  services: { idpApi: IdpApi; clock: Clock; video?: { providerName: string } },
  actor: Actor,
  courseId: string,
): Promise<Outcome<{ ok: true; publishedAt: string }>> {
  const videoProvider = services.video?.providerName !== "none";
  const [peek] = await db.select().from(schema.courses).where(eq(schema.courses.id, courseId));
  if (!peek || peek.state === "deleted") return refused("not_found", "Kurz sa nenašiel.");
  // the provider is asked before the transaction opens (no network wait while holding locks)
  const snapshot = peek.state === "draft" ? await snapshotInstructors(services.idpApi, peek) : null;
  try {
    const published = await db.transaction(async (tx) => {
      const course = await lockCourse(tx, courseId);
      const now = services.clock.now();
      if (course.state === "published") throw new DomainError("conflict", "Kurz je už zverejnený.", { state: course.state });
      const [other] = await tx
        .select({ id: schema.courses.id, version: schema.courses.version })
        .from(schema.courses)
        .where(and(eq(schema.courses.slug, course.slug), eq(schema.courses.state, "published"), ne(schema.courses.id, course.id)));

      if (course.state === "archived") {
        // spec: archived → published while enrollmentDeadline has not passed
        if (course.enrollmentDeadline && course.enrollmentDeadline.getTime() <= now.getTime()) {
          throw new DomainError("enrollment_deadline_passed", "Termín zápisu tejto verzie uplynul; znovu ju zverejniť nemožno.");
        }
        if (other) throw new DomainError("another_version_published", undefined, { publishedCourseId: other.id, version: other.version });
        await tx
          .update(schema.courses)
          .set({ state: "published", publishedAt: now, publishedBy: actor.actorId, archivedAt: null })
          .where(eq(schema.courses.id, course.id));
        await audit(tx, actor, "course.republish", { type: "course", id: course.id }, { slug: course.slug, version: course.version });
        return { ok: true as const, publishedAt: now.toISOString() };
      }

      // draft
      if (!snapshot || JSON.stringify(course.instructors) !== JSON.stringify(peek.instructors)) {
        throw new DomainError("conflict", "Kurz sa počas zverejňovania zmenil. Skúste to znova.");
      }
      const tree = await readCourseTree(tx, course.id);
      const problems = [...publishProblems(course, tree, { videoProvider }), ...snapshot.problems, ...(await versioningProblems(tx, course, tree))];
      if (problems.length) throw new DomainError("validation", "Kurz sa nedá zverejniť: doplňte, čo chýba.", problems);
      // spec: the previous version (if any) becomes archived
      if (other) {
        await tx.update(schema.courses).set({ state: "archived", archivedAt: now }).where(eq(schema.courses.id, other.id));
        await audit(tx, actor, "course.archive", { type: "course", id: other.id }, { slug: course.slug, reason: "newer version published", by: course.id });
      }
      await tx
        .update(schema.courses)
        .set({ state: "published", publishedAt: now, publishedBy: actor.actorId, instructorProfiles: snapshot.profiles })
        .where(eq(schema.courses.id, course.id));
      await audit(
        tx,
        actor,
        "course.publish",
        { type: "course", id: course.id },
        {
          slug: course.slug,
          version: course.version,
          archivedPreviousId: other?.id ?? null,
        },
      );
      return { ok: true as const, publishedAt: now.toISOString() };
    });
    return ok(published);
  } catch (error) {
    const { code, constraint } = databaseError(error);
    if (code === "23505" && (constraint === undefined || constraint === "courses_one_published_per_slug")) return refused("another_version_published");
    return refusalOf(error);
  }
}

/** POST /api/admin/courses/<id>/archive (admin): a published version leaves the catalog; enrollments go on. */
export async function archiveCourse(db: Database, clock: Clock, actor: Actor, courseId: string): Promise<Outcome<{ ok: true; archivedAt: string }>> {
  return editTransaction(db, async (tx) => {
    const course = await lockCourse(tx, courseId);
    if (course.state !== "published") throw new DomainError("conflict", "Archivovať možno len zverejnený kurz.", { state: course.state });
    const now = clock.now();
    await tx.update(schema.courses).set({ state: "archived", archivedAt: now }).where(eq(schema.courses.id, course.id));
    await audit(tx, actor, "course.archive", { type: "course", id: course.id }, { slug: course.slug, version: course.version });
    return { ok: true as const, archivedAt: now.toISOString() };
  });
}

/**
 * POST /api/admin/courses/<id>/new-version (spec: Versioning 3): a draft with the same
 * slug, version = the chain's highest + 1, previousVersionId = the source, and deep
 * clones of levels, topics, modules, parts (blocks get new ids; video playback ids are
 * shared), tests and questions (answers get new ids), every reference remapped, in one
 * transaction. One draft per chain: a second is 409 `draft_exists` (with the draft's id, which
 * the editor opens). Refusals are returned (thrown inside the transaction, returned at its boundary).
 */
export async function createNewVersion(db: Database, actor: Actor, courseId: string): Promise<Outcome<{ newCourseId: string; version: number }>> {
  try {
    const created = await db.transaction(async (tx) => {
      const source = await lockCourse(tx, courseId);
      if (source.state === "draft") throw new DomainError("conflict", "Z konceptu sa nová verzia nerobí; upravte ho priamo.", { state: source.state });
      const [draft] = await tx
        .select({ id: schema.courses.id })
        .from(schema.courses)
        .where(and(eq(schema.courses.slug, source.slug), eq(schema.courses.state, "draft")));
      if (draft) throw new DomainError("draft_exists", undefined, { draftCourseId: draft.id });
      const [newest] = await tx
        .select({ version: schema.courses.version })
        .from(schema.courses)
        .where(eq(schema.courses.slug, source.slug))
        .orderBy(desc(schema.courses.version))
        .limit(1);
      const version = newest.version + 1;
      const newCourseId = await cloneCourse(tx, source, { version, createdBy: actor.actorId });
      await audit(tx, actor, "course.new_version", { type: "course", id: newCourseId }, { slug: source.slug, version, previousVersionId: source.id });
      return { newCourseId, version };
    });
    return ok(created);
  } catch (error) {
    if (databaseError(error).code === "23505") return refused("draft_exists");
    return refusalOf(error);
  }
}

async function cloneCourse(tx: Tx, source: CourseRow, options: { version: number; createdBy: string }): Promise<string> {
  const tree = await readCourseTree(tx, source.id);
  const ids = new Map<string, string>();
  const remap = (id: string | null) => (id === null ? null : (ids.get(id) ?? null));
  for (const row of [...tree.levels, ...tree.topics, ...tree.modules, ...tree.parts, ...tree.tests, ...tree.questions]) ids.set(row.id, newId());
  const courseId = newId();

  await tx.insert(schema.courses).values({
    ...source,
    id: courseId,
    state: "draft",
    version: options.version,
    previousVersionId: source.id,
    courseTestId: remap(source.courseTestId),
    publishedAt: null,
    archivedAt: null,
    deletedAt: null,
    publishedBy: null,
    createdBy: options.createdBy,
    createdAt: sql`now()` as unknown as Date,
    updatedAt: sql`now()` as unknown as Date,
  });
  const fresh = { createdAt: sql`now()` as unknown as Date, updatedAt: sql`now()` as unknown as Date };
  if (tree.tests.length) {
    await tx.insert(schema.tests).values(tree.tests.map((t) => ({ ...t, ...fresh, id: ids.get(t.id)!, courseId })));
  }
  if (tree.questions.length) {
    await tx.insert(schema.questions).values(
      tree.questions.map((q) => ({
        ...q,
        ...fresh,
        id: ids.get(q.id)!,
        testId: ids.get(q.testId)!,
        answers: q.answers.map((a) => ({ ...a, id: newId() })),
      })),
    );
  }
  if (tree.levels.length) {
    await tx.insert(schema.levels).values(tree.levels.map((l) => ({ ...l, ...fresh, id: ids.get(l.id)!, courseId, levelTestId: remap(l.levelTestId) })));
  }
  if (tree.topics.length) {
    await tx.insert(schema.topics).values(tree.topics.map((t) => ({ ...t, ...fresh, id: ids.get(t.id)!, courseId, levelId: ids.get(t.levelId)! })));
  }
  if (tree.modules.length) {
    await tx.insert(schema.modules).values(tree.modules.map((m) => ({ ...m, ...fresh, id: ids.get(m.id)!, courseId, topicId: ids.get(m.topicId)! })));
  }
  if (tree.parts.length) {
    await tx.insert(schema.parts).values(
      tree.parts.map((p) => ({
        ...p,
        ...fresh,
        id: ids.get(p.id)!,
        courseId,
        moduleId: ids.get(p.moduleId)!,
        partTestId: remap(p.partTestId),
        // a prerequisite outside the course (should not exist) is dropped rather than pointing out of the clone
        prerequisites: p.prerequisites.flatMap((id) => (ids.has(id) ? [ids.get(id)!] : [])),
        // new block ids; the video's asset and playback ids are shared (spec: Versioning 3)
        contentBlocks: p.contentBlocks.map((b): ContentBlock => ({ ...b, id: newId() })),
      })),
    );
  }
  return courseId;
}
