// Course authoring: writing course versions and their content (spec: Endpoints > Admin:
// courses and content; Course states; Versioning). The owner of the catalog tables
// (courses, levels, topics, modules, parts, tests, questions). `writeCourseTree` writes a
// whole tree (the demo seed); the admin API's functions edit drafts one item at a time,
// each in its own transaction with an audit row, and move versions between states.
export {
  writeCourseTree,
  type CourseTree,
  type LevelInput,
  type TopicInput,
  type PartInput,
  type BlockInput,
  type TestInput,
  type QuestionInput,
} from "./course-tree";
export type { Actor } from "./editing";
export { listAdminCourses, getAdminCourseDetail, createCourse, updateCourse, deleteCourse } from "./courses";
export {
  createLevel,
  updateLevel,
  deleteLevel,
  reorderLevels,
  createTopic,
  updateTopic,
  deleteTopic,
  reorderTopics,
  createModule,
  updateModule,
  deleteModule,
  createPart,
  updatePart,
  deletePart,
  reorderParts,
} from "./content";
export { createTest, updateTest, deleteTest, createQuestion, updateQuestion, deleteQuestion, reorderQuestions, moveQuestion } from "./quizzes";
export { publishCourse, archiveCourse, createNewVersion, publishProblems, significantChanges } from "./publish";
export { softDeleteExpiredVersions, softDeleteVersionsJob, SOFT_DELETE_VERSIONS_QUEUE, SOFT_DELETE_VERSIONS_CRON, SOFT_DELETE_AFTER_YEARS } from "./retention";
export { videoBlocks, findVideoBlock, recordVideoUpload, applyVideoResult } from "./video-blocks";
export {
  applyBlockEdit,
  attachmentInputOf,
  blockInputOf,
  editPartBlocks,
  savePartWithBlocks,
  type BlockEdit,
  type BlockInput as PartBlockInput,
} from "./blocks";
export * from "./contract";
