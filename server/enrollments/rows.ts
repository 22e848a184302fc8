// The enrollment row and its lock: the one place that reads an enrollment for a change.
// Every writer of an enrollment's data (progress, tests, admin changes) takes the row lock
// first and holds it for its transaction, so changes of one enrollment run one after
// another (docs/decisions.md > Learning).
import { eq } from "drizzle-orm";
import { schema, isId, type DbOrTx } from "../db";

export type EnrollmentRow = typeof schema.enrollments.$inferSelect;
export type EnrollmentStateValue = EnrollmentRow["state"];

/** Takes the enrollment's row lock for the rest of the transaction; null when there is none. */
export async function lockEnrollment(tx: DbOrTx, enrollmentId: string): Promise<EnrollmentRow | null> {
  if (!isId(enrollmentId)) return null;
  const [row] = await tx.select().from(schema.enrollments).where(eq(schema.enrollments.id, enrollmentId)).for("update").limit(1);
  return row ?? null;
}

/** The enrollment, read plainly (no lock); null when there is none. */
export async function findEnrollment(db: DbOrTx, enrollmentId: string): Promise<EnrollmentRow | null> {
  if (!isId(enrollmentId)) return null;
  const [row] = await db.select().from(schema.enrollments).where(eq(schema.enrollments.id, enrollmentId)).limit(1);
  return row ?? null;
}
