// Insights area: read-only statistics for the administration (the dashboard's sales and
// learning figures, a course's and a test's statistics) and the CSV exports. It writes no
// business table, only its own store of precomputed question statistics
// (test_question_stats); every figure is an SQL aggregate (docs/decisions/admin-ui/admin-insights.md > Admin insights).
export { parsePeriod, periodOutcome, bratislavaDay, PERIOD_KINDS, MAX_PERIOD_DAYS, type Period, type PeriodKind, type DayRange } from "./period";
export {
  getDashboard,
  type Dashboard,
  type PeriodFigures,
  type SalesFigures,
  type Funnel,
  type LearningFigures,
  type SeriesPoint,
  type CourseCompletion,
} from "./dashboard";
export {
  getCourseInsights,
  courseChainIds,
  NUDGE_DAYS,
  NUDGE_LIST_LIMIT,
  type CourseInsights,
  type DropOffStep,
  type TestPassRate,
  type NudgeStudent,
} from "./course";
export {
  getTestInsights,
  findTest,
  refreshTestQuestionStats,
  testQuestionStatsJob,
  LIVE_ATTEMPTS_LIMIT,
  TOO_EASY,
  TOO_HARD,
  POOR_DISCRIMINATION,
  type TestInsights,
  type QuestionStat,
  type QuestionFlag,
  type QuestionFigures,
  type FiguresSource,
} from "./questions";
export { invoiceBookCsv, creditNotesCsv, enrollmentsCsv, attemptsCsv, PAGE_SIZE } from "./exports";
export { csvLine, BOM, type Cell } from "./csv";
// the dashboard's "Vyžaduje pozornosť" (docs/decisions/admin-ui/screens-that-lead-with-what-to-act.md > Screens that lead with what to act on)
export { learningAttention, IDLE_DAYS, type LearningAttention, type IdleCourse } from "./attention";
// the admin's course list, one row per course (docs/decisions/admin-ui/course-list-by-course.md)
export { listCourseSummaries, type CourseListRow, type CourseListQuery } from "./course-list";
