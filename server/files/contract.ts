// The files area's /api operation (POST /api/admin/files) in the OpenAPI document, and the
// stored file as the API answers it. spec: none (issue 32); docs/api.md > Files.
import { z } from "zod";
import type { ApiArea } from "../http/openapi";
import { FILE_KINDS } from "./inspect";
import { ID_PATTERN } from "../../shared/ids";

export const FileKindSchema = z.enum(FILE_KINDS);

export const FileView = z.strictObject({
  id: z.string().regex(ID_PATTERN),
  name: z.string(),
  kind: FileKindSchema,
  sizeBytes: z.int(),
  mimeType: z.string().describe("sniffed from the bytes"),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  pages: z.int().optional().describe("a PDF's page count"),
  width: z.int().optional().describe("an image's width in pixels (a PDF: its first page in points)"),
  height: z.int().optional(),
});
export type FileView = z.infer<typeof FileView>;

export const FileUploadResponse = z.strictObject({ file: FileView });

export const FileUploadForm = z
  .strictObject({
    kind: FileKindSchema.describe("sent before `file` so the kind's cap applies while the file streams"),
    file: z.string().describe("the file (binary); its name may not contain / \\ or control characters"),
  })
  .describe("multipart/form-data");

export const filesApi: ApiArea = {
  schemas: { FileView, FileUploadResponse },
  operations: [
    {
      method: "post",
      path: "/api/admin/files",
      operationId: "adminUploadFile",
      summary:
        "Uploads a file into the store (content_manager+): multipart/form-data with `kind` (presentation | image | attachment | " +
        "cover | avatar | captions) and `file`. The type comes from the bytes against the kind's allowlist; a PDF must parse, " +
        "an image decode, captions be WebVTT. Caps: PDF and attachment FILE_MAX_DOCUMENT_MIB (50), images FILE_MAX_IMAGE_MIB (10), " +
        "captions 2 MiB (413). The same bytes are stored once (SHA-256); blocks, attachments and course fields then reference `file.id`",
      tags: ["admin"],
      auth: { kind: "session", roles: ["content_manager", "admin"] },
      body: { contentType: "multipart/form-data", schema: FileUploadForm },
      responses: { 201: { description: "stored", schema: FileUploadResponse } },
      errors: ["unauthorized", "forbidden", "validation", "payload_too_large", "unsupported_media_type", "bad_request"],
    },
  ],
};
