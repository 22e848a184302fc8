// Course authoring: writing course versions and their content (spec: Endpoints > Admin:
// courses; Versioning). The owner of the catalog tables (courses, levels, topics,
// modules, parts, tests, questions). Today: `writeCourseTree`, which the demo seed uses;
// the admin authoring API builds on it.
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
