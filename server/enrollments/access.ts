// The access rules of an enrollment: which enrollment a learning request acts on, and
// what each state allows. active: learn and take tests; completed: keep reading and take
// tests (a graduate keeps the course); suspended (a disputed payment), cancelled and
// expired: nothing (403 no_enrollment). Every learning read and write resolves the
// enrollment's own course version (spec: Versioning 5), so a student on an archived
// version keeps learning that version. spec: Endpoints > Learning (403 without an active
// enrollment); docs/decisions/learning/learning.md > Learning (expired when accessExpiresAt passes, checked
// on every access).
import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { prepared, schema, type DbOrTx } from "../db";
import { ok, refused, valueOrThrow, type Outcome } from "../kernel/outcome";
import type { EnrollmentRow } from "./rows";

const { enrollments } = schema;

/**
 * The states in which a student holds a course, defined once: active (a suspended one too: it
 * waits for an admin) and completed (a graduate keeps reading it and holds its certificates).
 * A holder may open the course when not suspended, is never sold it again, and money going
 * back acts on the enrollment (docs/decisions/payments/one-order-per-course.md,
 * docs/decisions/payments/money-back-ends-what-it-paid-for.md).
 */
export const HOLDING_STATES = ["active", "completed"] as const;
export type HoldingState = (typeof HOLDING_STATES)[number];

/** Whether an enrollment in this state holds its course (active or completed). */
export function holdsCourse(enrollment: { state: string }): enrollment is { state: HoldingState } {
  return (HOLDING_STATES as readonly string[]).includes(enrollment.state);
}

/** Whether the enrollment (as locked for a change) may learn: it holds the course and is not suspended. */
export function mayLearn(enrollment: Pick<EnrollmentRow, "state" | "suspendedAt"> | null): enrollment is EnrollmentRow {
  return !!enrollment && holdsCourse(enrollment) && !enrollment.suspendedAt;
}

type Where = { studentId: string } & ({ courseSlug: string } | { courseVersionId: string });

/** The student's enrollment that may learn (learningEnrollmentOf below), or its refusal thrown: for use cases inside a transaction. */
export async function requireLearningEnrollment(db: DbOrTx, where: Where, now: Date, options: { forUpdate?: boolean } = {}): Promise<EnrollmentRow> {
  return valueOrThrow(await learningEnrollmentOf(db, where, now, options));
}

/**
 * The student's enrollment for a slug or a course version that may learn, or the
 * refusal: 403 `no_enrollment` when there is none, or it is cancelled, expired or
 * suspended (a disputed payment). An active enrollment whose `accessExpiresAt` has passed
 * becomes expired here (in its own statement, so the refusal does not roll it back).
 * `forUpdate` takes the enrollment's row lock in the same statement (inside a transaction:
 * the lock lockEnrollment would take, one round trip fewer).
 */
export async function learningEnrollmentOf(db: DbOrTx, where: Where, now: Date, options: { forUpdate?: boolean } = {}): Promise<Outcome<EnrollmentRow>> {
  const bySlug = "courseSlug" in where;
  const forUpdate = options.forUpdate === true;
  const name = `learning_enrollment_by_${bySlug ? "slug" : "version"}${forUpdate ? "_for_update" : ""}`;
  const query = prepared(db, name, (name) => {
    const select = db
      .select()
      .from(enrollments)
      .where(
        and(
          eq(enrollments.studentId, sql.placeholder("studentId")),
          bySlug ? eq(enrollments.courseSlug, sql.placeholder("course")) : eq(enrollments.courseVersionId, sql.placeholder("course")),
          inArray(enrollments.state, [...HOLDING_STATES]),
        ),
      )
      // active first, then the newest
      .orderBy(sql`${enrollments.state} = 'active' desc`, desc(enrollments.enrolledAt))
      .limit(1);
    return (forUpdate ? select.for("update") : select).prepare(name);
  });
  const [enrollment] = await query.execute({ studentId: where.studentId, course: "courseSlug" in where ? where.courseSlug : where.courseVersionId });
  if (!enrollment) return refused("no_enrollment");
  if (enrollment.suspendedAt) return refused("no_enrollment", "Prístup ku kurzu je pozastavený, kým administrátor nevyrieši reklamáciu platby.");
  if (enrollment.state === "active" && enrollment.accessExpiresAt && enrollment.accessExpiresAt <= now) {
    await expireEnrollment(db, enrollment.id, now);
    return refused("no_enrollment", "Prístup ku kurzu vypršal.");
  }
  return ok(enrollment);
}

async function expireEnrollment(db: DbOrTx, enrollmentId: string, now: Date) {
  await db
    .update(enrollments)
    .set({ state: "expired", updatedAt: now })
    .where(and(eq(enrollments.id, enrollmentId), eq(enrollments.state, "active"), lte(enrollments.accessExpiresAt, now)));
}

/**
 * The scheduled sweep (queue `enrollments.expire-access`): every active enrollment past
 * its `accessExpiresAt` becomes expired. Returns how many changed; a rerun finds none.
 */
export async function expireEnrollmentAccess(db: DbOrTx, now: Date = new Date()): Promise<number> {
  const rows = await db
    .update(enrollments)
    .set({ state: "expired", updatedAt: now })
    .where(and(eq(enrollments.state, "active"), lte(enrollments.accessExpiresAt, now)))
    .returning({ id: enrollments.id });
  return rows.length;
}
