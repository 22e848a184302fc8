// Quizzes' second door, for the learning area: which tests an enrollment has passed (a
// passed attempt that is not void). Learning's progress facts read attempts here, not
// the test_attempts table; this module imports nothing of learning, so learning sits
// on it while quizzes' operations (index.ts) sit on learning (docs/architecture.md).
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { schema } from "../db";

const { testAttempts } = schema;

/**
 * The ids of the tests the enrollment has passed (a passed attempt not voided), as one SQL
 * expression (a JSON array of test ids) that learning folds into its single progress-facts
 * query (docs/decisions.md > The student path at scale).
 */
export function passedTestIdsJson(enrollmentId: string | SQLWrapper): SQL {
  return sql`(select coalesce(json_agg(distinct ${testAttempts.testId}), '[]'::json) from ${testAttempts}
    where ${testAttempts.enrollmentId} = ${enrollmentId} and ${testAttempts.passed} = true and ${testAttempts.voidedAt} is null)`;
}
