// One course's learning statistics over every version of its chain (the versions share
// the slug): enrollments by state, the drop-off curve (how many of a version's enrolled
// students completed each level, topic, module and part), the median time to complete,
// test pass rates and attempts used, and the students who may need a nudge. Every figure
// is an SQL aggregate; the structure (a course's levels and parts) is read as it is.
import { asc, eq, inArray, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";
import { DomainError } from "../kernel/errors";
import { num, numOrNull, rows } from "./sql";

/** Days without activity after which a student counts as inactive, and the look-ahead for expiring access. */
export const NUDGE_DAYS = 14;
/** How many students each nudge list names (the count says how many there are). */
export const NUDGE_LIST_LIMIT = 100;

type EnrollmentState = (typeof schema.enrollmentState.enumValues)[number];

export type CourseVersionInfo = { id: string; version: number; state: string; title: string; enrolled: number };

export type DropOffStep = {
  kind: "level" | "topic" | "part";
  id: string;
  /** "1", "1.2", "1.2.3": the position in the version */
  position: string;
  title: string;
  /** how many of the version's enrolled students completed it */
  completed: number;
  /** parts: whether it counts for completion */
  required: boolean;
};

export type TestPassRate = {
  testId: string;
  courseVersionId: string;
  version: number;
  title: string;
  placement: string;
  maxAttempts: number;
  attempts: number;
  takers: number;
  passed: number;
  passedFirstTime: number;
  averageScore: number | null;
};

export type NudgeStudent = { enrollmentId: string; name: string; email: string | null; version: number; at: string };

export type CourseInsights = {
  course: { id: string; slug: string; title: string; version: number; state: string };
  versions: CourseVersionInfo[];
  byState: Record<EnrollmentState, number>;
  total: number;
  dropOff: { versionId: string; version: number; enrolled: number; steps: DropOffStep[] }[];
  completion: { completed: number; medianDays: number | null };
  tests: TestPassRate[];
  inactive: { count: number; students: NudgeStudent[] };
  expiring: { count: number; students: NudgeStudent[] };
};

export async function getCourseInsights(db: DbOrTx, courseId: string, now: Date): Promise<CourseInsights> {
  const [course] = await db
    .select({ id: schema.courses.id, slug: schema.courses.slug, title: schema.courses.title, version: schema.courses.version, state: schema.courses.state })
    .from(schema.courses)
    .where(eq(schema.courses.id, courseId));
  if (!course) throw new DomainError("not_found", "Kurz sa nenašiel.");
  const versionRows = await db
    .select({ id: schema.courses.id, version: schema.courses.version, state: schema.courses.state, title: schema.courses.title })
    .from(schema.courses)
    .where(eq(schema.courses.slug, course.slug))
    .orderBy(asc(schema.courses.version));
  const ids = versionRows.map((v) => v.id);
  const idList = sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;
  const versionOf = new Map(versionRows.map((v) => [v.id, v.version]));
  const inVersions = sql`e.course_version_id = any(${idList})`;

  const [stateRows, levelDone, moduleDone, partDone, median, testRows, inactiveRows, expiringRows, structure] = await Promise.all([
    rows<{ course_version_id: string; state: EnrollmentState; n: unknown }>(
      db,
      sql`
      select e.course_version_id, e.state, count(*) as n from enrollments e where ${inVersions} group by 1, 2`,
    ),
    // a version's levels, modules and parts are completed only by its own enrollments (moving
    // an enrollment to another version moves its progress: server/learning migrate), so the
    // completions of the chain's nodes are counted without a join (partial indexes)
    rows<{ id: string; n: unknown }>(
      db,
      sql`
      select c.level_id as id, count(*) as n from level_completions c
      where c.level_id = any(array(select id from levels where course_id = any(${idList}))) group by 1`,
    ),
    rows<{ id: string; n: unknown }>(
      db,
      sql`
      select c.module_id as id, count(*) as n from module_completions c
      where c.module_id = any(array(select id from modules where course_id = any(${idList}))) group by 1`,
    ),
    rows<{ id: string; n: unknown }>(
      db,
      sql`
      select p.part_id as id, count(*) as n from part_progress p
      where p.part_id = any(array(select id from parts where course_id = any(${idList}))) and p.state = 'completed' group by 1`,
    ),
    rows<{ n: unknown; median_seconds: unknown }>(
      db,
      sql`
      select count(*) as n, percentile_cont(0.5) within group (order by extract(epoch from e.completed_at - e.enrolled_at)) as median_seconds
      from enrollments e where ${inVersions} and e.state = 'completed' and e.completed_at is not null`,
    ),
    // per student first (the counted-attempts index answers it), then per test
    rows<Record<string, unknown>>(
      db,
      sql`
      with per as (
        select a.test_id, a.enrollment_id, count(*) as n, bool_or(a.passed) as passed,
          bool_or(a.passed and a.attempt_number = 1) as passed_first, sum(a.score) as score_sum
        from test_attempts a
        where a.test_id = any(array(select id from tests where course_id = any(${idList}))) and a.submitted_at is not null and a.voided_at is null
        group by 1, 2
      )
      select t.id, t.course_id, t.title, t.placement, t.max_attempts,
        coalesce(sum(per.n), 0) as attempts, count(per.enrollment_id) as takers,
        count(*) filter (where per.passed) as passed, count(*) filter (where per.passed_first) as passed_first,
        sum(per.score_sum) / nullif(sum(per.n), 0) as average_score
      from tests t left join per on per.test_id = t.id
      where t.course_id = any(${idList})
      group by t.id order by t.course_id, t.placement, t.title`,
    ),
    nudgeList(
      db,
      idList,
      sql`coalesce((e.progress->>'lastActivityAt')::timestamptz, e.enrolled_at)`,
      sql`< ${now.toISOString()}::timestamptz - make_interval(days => ${NUDGE_DAYS})`,
      "asc",
    ),
    nudgeList(
      db,
      idList,
      sql`e.access_expires_at`,
      sql`between ${now.toISOString()}::timestamptz and ${now.toISOString()}::timestamptz + make_interval(days => ${NUDGE_DAYS})`,
      "asc",
    ),
    loadStructure(db, ids),
  ]);

  const byState = Object.fromEntries(schema.enrollmentState.enumValues.map((s) => [s, 0])) as Record<EnrollmentState, number>;
  const enrolledOf = new Map<string, number>();
  for (const r of stateRows) {
    byState[r.state] += num(r.n);
    enrolledOf.set(r.course_version_id, (enrolledOf.get(r.course_version_id) ?? 0) + num(r.n));
  }
  const doneOf = new Map<string, number>([...levelDone, ...moduleDone, ...partDone].map((r) => [r.id, num(r.n)]));
  const m = median[0];
  return {
    course,
    versions: versionRows.map((v) => ({ ...v, enrolled: enrolledOf.get(v.id) ?? 0 })),
    byState,
    total: Object.values(byState).reduce((a, b) => a + b, 0),
    dropOff: versionRows.map((v) => ({
      versionId: v.id,
      version: v.version,
      enrolled: enrolledOf.get(v.id) ?? 0,
      steps: (structure.get(v.id) ?? []).map((s) => ({ ...s, completed: doneOf.get(s.countId) ?? 0 })).map(({ countId: _, ...s }) => s),
    })),
    completion: { completed: num(m?.n), medianDays: numOrNull(m?.median_seconds) === null ? null : num(m?.median_seconds) / 86_400 },
    tests: testRows.map((r) => ({
      testId: String(r.id),
      courseVersionId: String(r.course_id),
      version: versionOf.get(String(r.course_id)) ?? 0,
      title: String(r.title),
      placement: String(r.placement),
      maxAttempts: num(r.max_attempts),
      attempts: num(r.attempts),
      takers: num(r.takers),
      passed: num(r.passed),
      passedFirstTime: num(r.passed_first),
      averageScore: numOrNull(r.average_score),
    })),
    inactive: inactiveRows,
    expiring: expiringRows,
  };

  async function nudgeList(db: DbOrTx, list: ReturnType<typeof sql>, at: ReturnType<typeof sql>, condition: ReturnType<typeof sql>, order: "asc") {
    const where = sql`e.course_version_id = any(${list}) and e.state = 'active' and ${at} ${condition}`;
    const [[counted], students] = await Promise.all([
      rows<{ n: unknown }>(db, sql`select count(*) as n from enrollments e where ${where}`),
      rows<Record<string, unknown>>(
        db,
        sql`
        select e.id, e.student_display_name, e.student_email, e.course_version_id, to_json(${at})#>>'{}' as at
        from enrollments e where ${where} order by ${at} ${sql.raw(order)}, e.id limit ${NUDGE_LIST_LIMIT}`,
      ),
    ]);
    return {
      count: num(counted?.n),
      students: students.map((r) => ({
        enrollmentId: String(r.id),
        name: String(r.student_display_name),
        email: r.student_email === null ? null : String(r.student_email),
        version: versionOf.get(String(r.course_version_id)) ?? 0,
        at: new Date(String(r.at)).toISOString(),
      })),
    };
  }
}

type StructureStep = Omit<DropOffStep, "completed"> & { countId: string };

/** The levels, topics (counted by their module's completion) and parts of each version, in order. */
async function loadStructure(db: DbOrTx, versionIds: string[]): Promise<Map<string, StructureStep[]>> {
  const [levels, topics, modules, parts] = await Promise.all([
    db.select().from(schema.levels).where(inArray(schema.levels.courseId, versionIds)).orderBy(asc(schema.levels.orderIndex)),
    db.select().from(schema.topics).where(inArray(schema.topics.courseId, versionIds)).orderBy(asc(schema.topics.orderIndex)),
    db.select({ id: schema.modules.id, topicId: schema.modules.topicId }).from(schema.modules).where(inArray(schema.modules.courseId, versionIds)),
    db
      .select({
        id: schema.parts.id,
        moduleId: schema.parts.moduleId,
        title: schema.parts.title,
        required: schema.parts.requiredForCompletion,
        orderIndex: schema.parts.orderIndex,
      })
      .from(schema.parts)
      .where(inArray(schema.parts.courseId, versionIds))
      .orderBy(asc(schema.parts.orderIndex)),
  ]);
  const moduleOfTopic = new Map(modules.map((m) => [m.topicId, m.id]));
  const out = new Map<string, StructureStep[]>();
  for (const versionId of versionIds) {
    const steps: StructureStep[] = [];
    for (const [li, level] of levels.filter((l) => l.courseId === versionId).entries()) {
      steps.push({ kind: "level", id: level.id, countId: level.id, position: `${li + 1}`, title: level.title, required: true });
      for (const [ti, topic] of topics.filter((t) => t.levelId === level.id).entries()) {
        const moduleId = moduleOfTopic.get(topic.id);
        steps.push({ kind: "topic", id: topic.id, countId: moduleId ?? topic.id, position: `${li + 1}.${ti + 1}`, title: topic.title, required: true });
        for (const [pi, part] of parts.filter((p) => p.moduleId === moduleId).entries()) {
          steps.push({ kind: "part", id: part.id, countId: part.id, position: `${li + 1}.${ti + 1}.${pi + 1}`, title: part.title, required: part.required });
        }
      }
    }
    out.set(versionId, steps);
  }
  return out;
}

/** The ids of every version of the chain a course version belongs to (404 for an unknown id). */
export async function courseChainIds(db: DbOrTx, courseId: string): Promise<string[]> {
  const list = await rows<{ id: string }>(
    db,
    sql`
    select c.id from courses c where c.slug = (select slug from courses where id = ${courseId}) order by c.version`,
  );
  if (!list.length) throw new DomainError("not_found", "Kurz sa nenašiel.");
  return list.map((r) => r.id);
}
