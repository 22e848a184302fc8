// Files area: uploaded course files (presentation PDFs, images, attachments, covers,
// avatars, captions) stored in PostgreSQL, content-addressed and immutable; the upload
// (streamed, inspected from the bytes), what is derived from it (slides, widths), serving
// behind the signed /files/ route, and the daily removal of what nothing references.
// docs/decisions/files/files-in-the-database.md > Files in the database. Reached only through this door.
export {
  receiveUpload,
  receiveForm,
  receiveFormFiles,
  PAGE_FORM_LIMITS,
  PAGE_FORM_BYTES,
  uploadBodyLimit,
  needsDerivation,
  type UploadLimits,
  type FormLimits,
  type UploadDeps,
  type UploadInput,
} from "./upload";
export { FILE_KINDS, ALLOWED, checkFileName, webVttProblem, type FileKind } from "./inspect";
export { FileView, FileUploadResponse, FileKindSchema, filesApi } from "./contract";
export { serveStoredFile, storedFilePath, contentDisposition } from "./serve";
export { deriveFile, deriveFileJob, imageWidths, slideVariant, widthVariant, IMAGE_WIDTHS, SLIDE_PX } from "./derive";
export { purgeUnreferencedFiles, purgeUnreferencedJob, PURGE_UNREFERENCED_CRON, UNREFERENCED_DAYS } from "./retention";
export { storeLocalFile, fileSummaries, captionsTranscript, type FileSummary } from "./records";
export { CHUNK_BYTES } from "./store";
export { storedImages, imageView, type StoredImage, type ImageView } from "./images";
