// Public catalog: list, course detail and preview (spec: Endpoints > Public catalog),
// plus the Markdown and tag labels the catalog pages show (money and Slovak formats:
// server/money).
// the reads go through the in-process cache of the published catalog when it is on
export {
  listPublishedCourses,
  findPublishedCourse,
  getPublishedCourseWithLevels,
  getCoursePreview,
  getCourseContents,
  startCatalogCache,
  CATALOG_CHANNEL,
  type CatalogCache,
  type RunningCatalogCache,
} from "./cache";
export { toCourseListItem, toCourseDetailResponse, PREVIEW_PART_COUNT, type CourseSummary, type CourseDetail, type CourseContents } from "./queries";
export {
  catalogApi,
  CourseListQuery,
  CourseListItem,
  CourseListResponse,
  CourseDetailResponse,
  CourseDetailCourse,
  CatalogLevel,
  CatalogTopic,
  Accreditation,
  CoursePreview,
  PreviewPart,
  PreviewBlock,
  Pagination,
} from "./contract";
export { catalogQuerySchema, parseCatalogQuery, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type CatalogQuery } from "./params";
export { renderMarkdown } from "./markdown";
export { AUDIENCE_TAGS, isAudienceTag, tagLabel } from "./tags";
export { accreditationView, instructorProfileView } from "./snapshots";
export { coverPicture, sharePicture, avatarPicture, type PictureView, type CourseImages } from "./images";
