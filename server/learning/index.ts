// Learning area: a student's way through a course version: the learn view, parts with
// signed media, block and part progress, unlocking, module/level/course completion and
// the enrollment's counters (spec: Endpoints > Learning (student); States and transitions
// > Part, Course completion; DESIGN.md > Unlocking and progress). The progress engine
// (engine.ts) is the one place for those rules.
export { courseShape, preallocatePartProgress, type CourseShape } from "./preallocate";
export {
  getLearnView,
  getPart,
  renewPlaybackUrl,
  reportProgress,
  getEnrollmentDetail,
  reconcileEnrollment,
  type LearningDeps,
} from "./learn";
export { expireEnrollmentAccess, requireLearningEnrollment } from "./access";
export { loadCourseStructure, type CourseStructure, type PartNode, type LevelNode, type ModuleNode } from "./structure";
export {
  VIDEO_COMPLETION_RATIO,
  WATCH_SLACK_SEC,
  loadProgressFacts,
  partTestAvailable,
  levelTestAvailable,
  courseTestAvailable,
  partStateOf,
  testGate,
  courseDone,
  lockEnrollment,
  type TestGate,
  type EnrollmentRow,
  type ProgressFacts,
  type PartState,
  type LevelState,
} from "./engine";
export { PreviewBlock, PreviewAttachment, serializeBlock, serializeAttachment, type SerializeMode } from "./serialize";
export { enrollmentRecord } from "./views";
export { learningApi, ProgressBody, LearnView, PartView, ProgressAnswer, EnrollmentRecord, EnrollmentDetail, EnrollmentListResponse } from "./contract";
// admin operations on enrollments (server/enrollments): the raw records, and moving the
// progress to another course version (spec: Versioning 8)
export { enrollmentProgressRecords, type ProgressRecords } from "./records";
export { migrateProgress, stablePartKey, type ProgressMigration } from "./migrate";
