// Where a student stands with each test of an enrollment (issue 29, item 1; pages only):
// passed (by any attempt that counts), attempts used of the test's maxAttempts, and an
// attempt in progress. One grouped read of the enrollment's attempts that are not void.
import { and, eq, isNull, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";
import { attemptsLeft } from "./rules";

const { testAttempts, tests } = schema;

export type TestStanding = { passed: boolean; used: number; maxAttempts: number; left: number; inProgressAttemptId: string | null };

export async function testStandings(db: DbOrTx, enrollmentId: string): Promise<Map<string, TestStanding>> {
  const rows = await db
    .select({
      testId: testAttempts.testId,
      passed: sql<boolean>`coalesce(bool_or(${testAttempts.passed}), false)`,
      used: sql<number>`count(*)::int`,
      maxAttempts: tests.maxAttempts,
      inProgressAttemptId: sql<string | null>`max(case when ${testAttempts.state} = 'in_progress' then ${testAttempts.id} end)`,
    })
    .from(testAttempts)
    .innerJoin(tests, eq(tests.id, testAttempts.testId))
    .where(and(eq(testAttempts.enrollmentId, enrollmentId), isNull(testAttempts.voidedAt)))
    .groupBy(testAttempts.testId, tests.maxAttempts);
  return new Map(rows.map(({ testId, ...standing }) => [testId, { ...standing, left: attemptsLeft(standing.maxAttempts, standing.used) }]));
}
