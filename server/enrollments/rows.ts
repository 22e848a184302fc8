// The enrollment row and its lock: the one place that reads an enrollment for a change.
// Every writer of an enrollment's data (progress, tests, admin changes) takes the row lock
// first and holds it for its transaction, so changes of one enrollment run one after
// another (docs/decisions/learning/learning.md > Learning).
import { eq, sql } from "drizzle-orm";
import { schema, prepared, type DbOrTx } from "../db";
import { isId } from "../../shared/ids";

export type EnrollmentRow = typeof schema.enrollments.$inferSelect;
export type EnrollmentStateValue = EnrollmentRow["state"];

/** Takes the enrollment's row lock for the rest of the transaction; null when there is none. */
export async function lockEnrollment(tx: DbOrTx, enrollmentId: string): Promise<EnrollmentRow | null> {
  if (!isId(enrollmentId)) return null;
  const query = prepared(tx, "enrollment_for_update", (name) =>
    tx
      .select()
      .from(schema.enrollments)
      .where(eq(schema.enrollments.id, sql.placeholder("id")))
      .for("update")
      .limit(1)
      .prepare(name),
  );
  const [row] = await query.execute({ id: enrollmentId });
  return row ?? null;
}

/** The enrollment, read plainly (no lock); null when there is none. */
export async function findEnrollment(db: DbOrTx, enrollmentId: string): Promise<EnrollmentRow | null> {
  if (!isId(enrollmentId)) return null;
  const query = prepared(db, "enrollment_by_id", (name) =>
    db
      .select()
      .from(schema.enrollments)
      .where(eq(schema.enrollments.id, sql.placeholder("id")))
      .limit(1)
      .prepare(name),
  );
  const [row] = await query.execute({ id: enrollmentId });
  return row ?? null;
}
