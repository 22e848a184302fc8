// The insights area's one table: a test's question statistics, precomputed by the
// `insights.test-question-stats` job when a test has too many attempts to compute them
// while the page waits (docs/decisions/admin-ui/admin-insights.md > Admin insights). Not business data: it can be
// emptied at any time and is recomputed on demand.
import { integer, jsonb, pgTable } from "drizzle-orm/pg-core";
import { idRef, ts } from "./columns";
import { tests } from "./catalog";

export const testQuestionStats = pgTable("test_question_stats", {
  testId: idRef("test_id")
    .primaryKey()
    .references(() => tests.id, { onDelete: "cascade" }),
  /** what the figures were computed over: the counted attempts and the latest submission among them */
  attempts: integer("attempts").notNull(),
  lastSubmittedAt: ts("last_submitted_at"),
  computedAt: ts("computed_at").notNull(),
  /** the computed figures (server/insights QuestionFigures) */
  result: jsonb("result").$type<unknown>().notNull(),
});
