// Learning area: a student's way through a course version: the learn view, parts with
// signed media, block and part progress, unlocking, module/level/course completion and
// the progress it records on the enrollment (spec: Endpoints > Learning (student); States
// and transitions > Part, Course completion; docs/decisions/learning/learning.md > Learning). The progress
// engine (engine.ts) is the one place for those rules. The enrollment itself (row, lock,
// access rules, record) is server/enrollments', below this area.
export { courseShape, preallocatePartProgress, enrollStudent, type CourseShape } from "./preallocate";
export {
  getLearnView,
  getLearnPage,
  getStudyPosition,
  studyPositionOf,
  learnPageOf,
  type StudyPosition,
  getPart,
  getPartPage,
  renewPlaybackUrl,
  reportProgress,
  finishPart,
  startPlayback,
  type FinishAnswer,
  getEnrollmentDetail,
  reconcileEnrollment,
  type LearningDeps,
} from "./learn";
// what a level waits for from outside its content (a required webinar): the port start-up fills
export { installLevelRequirements, type LevelRequirement, type LevelRequirementSource } from "./requirements";
export { judgeWatch, type BlockReport } from "./engine";
export { nextStep, progressMeasure, type NextStep, type ProgressMeasure } from "./next-step";
export { loadCourseStructure, type CourseStructure, type PartNode, type LevelNode, type ModuleNode } from "./structure";
export { WATCH_SLACK_SEC, VIEWING_MAX_SEC, type MissingBlock, type ProgressFacts, type PartState, type LevelState } from "./engine";
// what a test needs from learning, and nothing more (server/quizzes reaches learning only here)
export { testGate, afterAttempt, standingDownstream, reviewScope, type TestGate, type Downstream, type ReviewTopic } from "./tests";
export { PreviewBlock, PreviewAttachment, serializeBlock, serializeAttachment, type SerializeMode } from "./serialize";
export { learningApi, ProgressBody, LearnView, PartView, ProgressAnswer, EnrollmentDetail } from "./contract";
// admin operations on enrollments (server/admin): the raw records, and moving the
// progress to another course version (spec: Versioning 8)
export { enrollmentProgressRecords, type ProgressRecords } from "./records";
export { migrateProgress, stablePartKey, type ProgressMigration } from "./migrate";
