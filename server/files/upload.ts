// POST /api/admin/files: a multipart body parsed as a stream (busboy). The file part is
// hashed (SHA-256) and spooled to a temporary file as it arrives, never held in memory;
// the `kind` field (sent before the file by the admin's forms) picks the cap, else the
// largest cap applies while it streams and the kind's at the end. A file over its cap is
// read to its end and thrown away (the front door caps the whole body at the largest cap),
// so the 413 goes out on a connection in a clean state. Then the bytes are inspected
// (inspect.ts), and the content, the file row, the audit row and the derive job are
// written in one transaction. docs/decisions/files/files-in-the-database.md > Files in the database.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { newId, schema, type Database } from "../db";
import { DomainError } from "../kernel/errors";
import { ok, refusalOf, type Outcome } from "../kernel/outcome";
import type { Queue } from "../queue";
import { writeAudit, type AuditActor } from "../audit";
import { capClass, checkFileName, FILE_KINDS, inspectUpload, type FileKind } from "./inspect";
import { putContent } from "./store";
import type { FileView } from "./contract";

export type UploadLimits = { documentBytes: number; imageBytes: number; captionsBytes: number };

export type UploadDeps = { db: Database; queue: Queue; limits: UploadLimits; spoolDir?: string };

export type UploadInput = { contentType: string | null; body: ReadableStream<Uint8Array> | null };

/**
 * How many other fields a page's multipart form may carry, and how long each may be; and,
 * for a form with several file inputs, the kind of upload each file input's name takes
 * (without it only the field `file` is a file, of the kind the `kind` field names).
 */
export type FormLimits = { fields: number; fieldSize: number; fileKinds?: (field: string) => FileKind | undefined };

/** An admin page's form with a file (the part editor's one form): many fields, long texts. */
export const PAGE_FORM_LIMITS: FormLimits = { fields: 5000, fieldSize: 256 * 1024 };
/** Room for such a form's other fields beside the file in the front door's body cap. */
export const PAGE_FORM_BYTES = 4 * 1024 * 1024;

/** The whole request's cap for the front door: the largest file cap and room for the form's other parts. */
export function uploadBodyLimit(limits: UploadLimits): number {
  return Math.max(limits.documentBytes, limits.imageBytes, limits.captionsBytes) + 64 * 1024;
}

function capOf(limits: UploadLimits, kind: FileKind): number {
  const c = capClass(kind);
  return c === "document" ? limits.documentBytes : c === "image" ? limits.imageBytes : limits.captionsBytes;
}

type Spooled = { file: string; name: string; sizeBytes: number; sha256: string; over: boolean };

function validation(message: string, pathName: string, code: string): DomainError {
  return new DomainError("validation", message, [{ path: pathName, message, code }]);
}

/** Reads the multipart body; the file part is spooled to disk (or dropped once over `cap`). */
async function parseMultipart(
  input: UploadInput,
  limits: UploadLimits,
  spoolDir: string,
  formLimits: FormLimits = { fields: 10, fieldSize: 4096 },
): Promise<{ fields: Record<string, string>; entries: [string, string][]; files: Map<string, Spooled> }> {
  if (!input.body || !/^multipart\/form-data\b/i.test(input.contentType ?? "")) {
    throw new DomainError("unsupported_media_type", "Súbor sa posiela ako multipart/form-data s poľami „kind“ a „file“.");
  }
  const maxCap = Math.max(limits.documentBytes, limits.imageBytes, limits.captionsBytes);
  const fields: Record<string, string> = {};
  const entries: [string, string][] = [];
  const spooled = new Map<string, Spooled>();
  const kindOf = (field: string) =>
    formLimits.fileKinds ? formLimits.fileKinds(field) : field === "file" ? FILE_KINDS.find((k) => k === fields.kind) : undefined;
  const isFileField = (field: string) => (formLimits.fileKinds ? formLimits.fileKinds(field) !== undefined : field === "file");
  const writes: Promise<void>[] = [];
  let parser: busboy.Busboy;
  try {
    // preservePath: a name with "/" or "\" is refused, not quietly shortened
    parser = busboy({
      headers: { "content-type": input.contentType! },
      preservePath: true,
      defParamCharset: "utf8",
      limits: { files: formLimits.fileKinds ? 20 : 1, fields: formLimits.fields, fieldSize: formLimits.fieldSize, parts: formLimits.fields + 10 },
    });
  } catch {
    throw new DomainError("bad_request", "Telo požiadavky nie je platný multipart/form-data.");
  }
  // a field cut short or one too many would save a form other than the one typed: refused below
  let overflow = false;
  parser.on("field", (name, value, info) => {
    if (info.valueTruncated) overflow = true;
    fields[name] = value;
    entries.push([name, value]);
  });
  parser.on("fieldsLimit", () => {
    overflow = true;
  });
  parser.on("file", (field, stream, info) => {
    // a form's file input left empty arrives as a part without a name: no file
    if (!isFileField(field) || spooled.has(field) || !info.filename) {
      stream.resume();
      return;
    }
    const kind = kindOf(field);
    const cap = kind ? capOf(limits, kind) : maxCap;
    const file = path.join(spoolDir, `upload-${randomBytes(12).toString("hex")}`);
    const hash = createHash("sha256");
    const entry: Spooled = { file, name: info.filename ?? "", sizeBytes: 0, sha256: "", over: false };
    spooled.set(field, entry);
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        entry.sizeBytes += chunk.length;
        if (entry.over || entry.sizeBytes > cap) {
          // over the cap: the rest is read and dropped (nothing more is written)
          entry.over = true;
          return done();
        }
        hash.update(chunk);
        done(null, chunk);
      },
    });
    const written = pipeline(stream, meter, fs.createWriteStream(file, { mode: 0o600 })).then(() => {
      entry.sha256 = hash.digest("hex");
    });
    // awaited below; a body cut off mid-file must not become an unhandled rejection first
    written.catch(() => {});
    writes.push(written);
  });
  // the request body is piped, never destroyed from here: on a malformed body the rest is
  // read and dropped, so the answer goes out on a connection still in order
  const source = Readable.fromWeb(input.body as never);
  const finished = new Promise<void>((resolve, reject) => {
    parser.on("close", resolve);
    parser.on("error", (error) => {
      source.unpipe(parser);
      source.resume();
      reject(error);
    });
    source.on("error", reject);
  });
  finished.catch(() => {});
  source.pipe(parser);
  try {
    await finished;
    await Promise.all(writes);
  } catch (error) {
    await Promise.allSettled(writes);
    await removeSpooled(spooled);
    if ((error as { code?: string }).code === "payload_too_large") throw new DomainError("payload_too_large", undefined, { maxBytes: uploadBodyLimit(limits) });
    throw new DomainError("bad_request", "Telo požiadavky nie je platný multipart/form-data.", undefined, { cause: error });
  }
  if (overflow) {
    await removeSpooled(spooled);
    throw new DomainError("payload_too_large", "Formulár má priveľa polí alebo príliš dlhý text.", { maxBytes: formLimits.fieldSize });
  }
  return { fields, entries, files: spooled };
}

async function removeSpooled(spooled: Map<string, Spooled>): Promise<void> {
  await Promise.all([...spooled.values()].map((s) => fs.promises.rm(s.file, { force: true })));
}

/** Receives one upload; the stored file, or a refusal with nothing stored. */
export async function receiveUpload(deps: UploadDeps, actor: AuditActor, input: UploadInput): Promise<FileView> {
  const { outcome } = await receiveForm(deps, actor, input);
  if (!outcome.ok) throw outcome.error;
  if (!outcome.value) throw validation("Vyberte súbor.", "file", "required");
  return outcome.value;
}

/**
 * An admin page's multipart form: the other fields as sent (the page's intent, alt text …)
 * and the upload's outcome; its value null when the form's file input was left empty.
 * A body that is not multipart at all still throws.
 */
export async function receiveForm(
  deps: UploadDeps,
  actor: AuditActor,
  input: UploadInput,
  options: { fileOptional?: boolean; form?: FormLimits } = {},
): Promise<{
  fields: Record<string, string>;
  entries: [string, string][];
  outcome: Outcome<FileView | null>;
}> {
  const spoolDir = deps.spoolDir ?? os.tmpdir();
  const { fields, entries, files } = await parseMultipart(input, deps.limits, spoolDir, options.form);
  const file = files.get("file") ?? null;
  try {
    if (!file && options.fileOptional) return { fields, entries, outcome: ok(null) };
    const stored: FileView = await store(
      deps,
      actor,
      FILE_KINDS.find((k) => k === fields.kind),
      file,
    );
    return { fields, entries, outcome: ok(stored) };
  } catch (error) {
    if (error instanceof DomainError) return { fields, entries, outcome: refusalOf(error) };
    throw error;
  } finally {
    await removeSpooled(files);
  }
}

/**
 * An admin page's multipart form with several file inputs (the course settings: cover, share
 * image, lecturers' photos): the other fields as sent, and per file input that was given a
 * file its outcome, each stored in its own transaction (`fileKinds` names the inputs and their kinds).
 */
export async function receiveFormFiles(
  deps: UploadDeps,
  actor: AuditActor,
  input: UploadInput,
  form: FormLimits & { fileKinds: (field: string) => FileKind | undefined },
): Promise<{ fields: Record<string, string>; entries: [string, string][]; files: Map<string, Outcome<FileView>> }> {
  const { fields, entries, files } = await parseMultipart(input, deps.limits, deps.spoolDir ?? os.tmpdir(), form);
  const outcomes = new Map<string, Outcome<FileView>>();
  try {
    for (const [field, file] of files) {
      try {
        outcomes.set(field, ok(await store(deps, actor, form.fileKinds(field), file)));
      } catch (error) {
        outcomes.set(field, refusalOf(error));
      }
    }
    return { fields, entries, files: outcomes };
  } finally {
    await removeSpooled(files);
  }
}

async function store(deps: UploadDeps, actor: AuditActor, kind: FileKind | undefined, file: Spooled | null): Promise<FileView> {
  {
    if (!kind) throw validation(`Pole „kind“ je jedno z: ${FILE_KINDS.join(", ")}.`, "kind", "invalid_enum_value");
    if (!file) throw validation("Vyberte súbor.", "file", "required");
    const cap = capOf(deps.limits, kind);
    if (file.over || file.sizeBytes > cap) {
      throw new DomainError("payload_too_large", `Súbor je väčší ako ${formatMiB(cap)}.`, { maxBytes: cap });
    }
    const name = checkFileName(file.name);
    if (name === null) throw validation("Názov súboru nesmie obsahovať lomky ani riadiace znaky.", "file", "invalid_name");
    if (file.sizeBytes === 0) throw validation("Súbor je prázdny.", "file", "empty");
    const inspected = await inspectUpload(file.file, file.sizeBytes, kind, name);
    const id = newId();
    await deps.db.transaction(async (tx) => {
      await putContent(tx, file.file, file.sha256, file.sizeBytes);
      await tx.insert(schema.files).values({
        id,
        sha256: file.sha256,
        kind,
        name,
        mimeType: inspected.mimeType,
        sizeBytes: file.sizeBytes,
        pages: inspected.pages ?? null,
        width: inspected.width ?? null,
        height: inspected.height ?? null,
        uploadedBy: actor.actorId,
      });
      await writeAudit(tx, {
        ...actor,
        action: "file.upload",
        targetType: "file",
        targetId: id,
        details: { kind, name, sizeBytes: file.sizeBytes, sha256: file.sha256 },
      });
      if (needsDerivation(kind, inspected.mimeType)) await deps.queue.enqueue(tx, "files.derive", { fileId: id });
    });
    return {
      id,
      name,
      kind,
      sizeBytes: file.sizeBytes,
      mimeType: inspected.mimeType,
      sha256: file.sha256,
      ...(inspected.pages !== undefined ? { pages: inspected.pages } : {}),
      ...(inspected.width !== undefined ? { width: inspected.width, height: inspected.height } : {}),
    };
  }
}

/** Presentations get slide images, pictures (not attachments) resized widths. */
export function needsDerivation(kind: FileKind, mimeType: string): boolean {
  if (kind === "presentation") return mimeType === "application/pdf";
  return (kind === "image" || kind === "cover" || kind === "avatar") && mimeType.startsWith("image/");
}

function formatMiB(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB`.replace(".", ",");
}
