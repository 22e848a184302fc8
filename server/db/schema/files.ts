// Uploaded course files (server/files): presentation PDFs, images, attachments, covers,
// avatars, captions. The bytes live in PostgreSQL, so every instance and every backup
// (pg_dump) has them. Content-addressed: one `file_contents` row per distinct SHA-256,
// its bytes in fixed-size `file_chunks` (written and read a chunk at a time, never a
// whole file in memory); an upload is a `files` row (name, kind, who) pointing at its
// content. Nothing here is ever updated: a triggered guard refuses UPDATE on contents
// and chunks (migration 0016). docs/decisions/files/files-in-the-database.md > Files in the database.
import { check, index, integer, pgEnum, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { bytea, createdAt, idPk, ts } from "./columns";

export const fileKind = pgEnum("file_kind", ["presentation", "image", "attachment", "cover", "avatar", "captions"]);

/** One row per distinct content (the same bytes are stored once). */
export const fileContents = pgTable(
  "file_contents",
  {
    /** lowercase hex SHA-256 of the bytes */
    sha256: text("sha256").primaryKey(),
    sizeBytes: integer("size_bytes").notNull(),
    /** the chunk size the bytes were cut into (the last chunk may be shorter) */
    chunkBytes: integer("chunk_bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("file_contents_size_ck", sql`${t.sizeBytes} > 0`)],
);

export const fileChunks = pgTable(
  "file_chunks",
  {
    sha256: text("sha256")
      .notNull()
      .references(() => fileContents.sha256, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ name: "file_chunks_pk", columns: [t.sha256, t.seq] })],
);

/** An uploaded file: what the admin named it, its kind and what was derived from its bytes. */
export const files = pgTable(
  "files",
  {
    id: idPk(),
    sha256: text("sha256")
      .notNull()
      .references(() => fileContents.sha256),
    kind: fileKind("kind").notNull(),
    /** the uploaded file's name (no path), shown and used as the download name */
    name: text("name").notNull(),
    /** sniffed from the bytes, never the browser's claim */
    mimeType: text("mime_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** a PDF's page count */
    pages: integer("pages"),
    /** an image's pixels; a PDF's first page in points (the slides' aspect) */
    width: integer("width"),
    height: integer("height"),
    uploadedBy: text("uploaded_by").notNull(),
    createdAt: createdAt(),
    /** when the slide images or the resized widths were stored (null: the job has not run yet) */
    derivedAt: ts("derived_at"),
  },
  (t) => [index("files_sha256_idx").on(t.sha256), index("files_created_idx").on(t.createdAt)],
);

/** Derived images of a content: resized widths (`w480.webp`) and PDF slides (`page-3.webp`). */
export const fileVariants = pgTable(
  "file_variants",
  {
    sourceSha256: text("source_sha256")
      .notNull()
      .references(() => fileContents.sha256, { onDelete: "cascade" }),
    variant: text("variant").notNull(),
    sha256: text("sha256")
      .notNull()
      .references(() => fileContents.sha256),
    mimeType: text("mime_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
  },
  (t) => [primaryKey({ name: "file_variants_pk", columns: [t.sourceSha256, t.variant] }), index("file_variants_sha256_idx").on(t.sha256)],
);
