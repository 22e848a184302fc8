// An admin's reset of a student's attempts at one test (spec: Endpoints > Admin:
// enrollments > reset-test-attempts; docs/decisions/quizzes/tests.md > Tests: an admin reset voids
// attempts (kept, marked void) rather than deleting them). A voided attempt counts nowhere:
// not towards maxAttempts, not for the cooldown, not as a passed test (results.ts, what
// learning reads, skips voided attempts), and its owner can no longer open it. Attempt numbers keep
// counting over voided ones, so the history stays unambiguous.
import { and, asc, eq, isNull } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";

const { testAttempts } = schema;

export type AttemptRecord = typeof testAttempts.$inferSelect;

/**
 * Voids every attempt of the enrollment at the test that is not void yet (in progress
 * ones too) in the caller's transaction; the caller holds the enrollment's row lock.
 * Returns the ids it voided (none on a repeat).
 */
export async function voidAttempts(tx: DbOrTx, input: { enrollmentId: string; testId: string; reason: string; now: Date }): Promise<string[]> {
  const rows = await tx
    .update(testAttempts)
    .set({ voidedAt: input.now, voidReason: input.reason })
    .where(and(eq(testAttempts.enrollmentId, input.enrollmentId), eq(testAttempts.testId, input.testId), isNull(testAttempts.voidedAt)))
    .returning({ id: testAttempts.id });
  return rows.map((r) => r.id);
}

/** Every attempt of an enrollment, voided ones included, by test and number (the admin's raw view). */
export async function listEnrollmentAttempts(db: DbOrTx, enrollmentId: string): Promise<AttemptRecord[]> {
  return db.select().from(testAttempts).where(eq(testAttempts.enrollmentId, enrollmentId)).orderBy(asc(testAttempts.testId), asc(testAttempts.attemptNumber));
}
