// What a spooled upload is, from its bytes alone (docs/decisions/files/files-in-the-database.md > Files in the
// database): the type by magic numbers (`file-type`), never the name or the browser's
// claim, against the kind's allowlist; then a PDF must parse (Poppler's `pdfinfo`, which
// also gives the page count and page size), an image must decode whole (`sharp`), captions
// must be WebVTT. Every refusal is a DomainError `validation` with a Slovak message.
import { execFile } from "node:child_process";
import fs from "node:fs";
import { promisify } from "node:util";
import { fileTypeFromFile } from "file-type";
import sharp from "sharp";
import { DomainError } from "../kernel/errors";

const run = promisify(execFile);

export const FILE_KINDS = ["presentation", "image", "attachment", "cover", "avatar", "captions"] as const;
export type FileKind = (typeof FILE_KINDS)[number];

const IMAGES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"];
const OFFICE = [
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/vnd.oasis.opendocument.spreadsheet",
  "application/vnd.oasis.opendocument.text",
  "application/vnd.oasis.opendocument.presentation",
  "application/x-cfb",
  "application/zip",
];
const TEXT = ["text/plain; charset=utf-8", "text/csv; charset=utf-8"];

/** The types each kind accepts (what the bytes say they are). */
export const ALLOWED: Record<FileKind, readonly string[]> = {
  presentation: ["application/pdf"],
  image: IMAGES,
  cover: IMAGES,
  avatar: IMAGES,
  attachment: ["application/pdf", ...OFFICE, ...IMAGES, ...TEXT],
  captions: ["text/vtt; charset=utf-8"],
};

/** Which cap a kind has: documents (PDF, attachments), images, captions. */
export function capClass(kind: FileKind): "document" | "image" | "captions" {
  return kind === "presentation" || kind === "attachment" ? "document" : kind === "captions" ? "captions" : "image";
}

export type Inspected = { mimeType: string; pages?: number; width?: number; height?: number };

function refuse(message: string, code = "invalid_file"): never {
  throw new DomainError("validation", message, [{ path: "file", message, code }]);
}

/**
 * A file name as uploaded: no path separators, no control characters, at most 255
 * characters; null when it is not acceptable.
 */
export function checkFileName(name: string): string | null {
  const trimmed = name.normalize("NFC").trim();
  if (trimmed === "" || trimmed.length > 255) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a file name may not hold
  if (/[/\\]/.test(trimmed) || /[\u0000-\u001f\u007f-\u009f]/.test(trimmed)) return null;
  if (trimmed === "." || trimmed === "..") return null;
  return trimmed;
}

async function isUtf8Text(file: string, size: number): Promise<string | null> {
  // text kinds (captions, CSV) are small: the cap keeps this read bounded
  if (size > 8 * 1024 * 1024) return null;
  const bytes = await fs.promises.readFile(file);
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** WebVTT (W3C WebVTT § 4.1): the signature line, then cues with valid timings. */
export function webVttProblem(text: string): string | null {
  const body = text.replace(/^\uFEFF/, "");
  if (!/^WEBVTT(?:[ \t][^\n\r]*)?(?:\r\n|\r|\n|$)/.test(body)) return "Titulky musia byť vo formáte WebVTT (súbor začína riadkom „WEBVTT“).";
  const timing = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})[ \t]+-->[ \t]+(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})(?:[ \t].*)?$/;
  let cues = 0;
  for (const line of body.split(/\r\n|\r|\n/)) {
    if (!line.includes("-->")) continue;
    const m = timing.exec(line);
    if (!m) return `Neplatný časový údaj titulkov: „${line.slice(0, 60)}“.`;
    const sec = (h: string | undefined, mm: string, ss: string, ms: string) => Number(h ?? 0) * 3600 + Number(mm) * 60 + Number(ss) + Number(ms) / 1000;
    if (sec(m[5], m[6], m[7], m[8]) < sec(m[1], m[2], m[3], m[4])) return `Titulok končí skôr, ako začína: „${line.slice(0, 60)}“.`;
    cues++;
  }
  if (cues === 0) return "Titulky neobsahujú žiadny titulok.";
  return null;
}

async function pdfInfo(file: string): Promise<{ pages: number; width: number; height: number }> {
  let stdout: string;
  try {
    ({ stdout } = await run("pdfinfo", [file], { timeout: 30_000, maxBuffer: 1024 * 1024 }));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new Error("pdfinfo (Poppler, Debian package poppler-utils) is not installed");
    refuse("PDF sa nedá otvoriť: súbor je poškodený alebo nie je PDF.", "pdf_unreadable");
  }
  const pages = Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1] ?? 0);
  const size = /^Page size:\s+([\d.]+) x ([\d.]+)/m.exec(stdout);
  if (!pages) refuse("PDF nemá žiadnu stranu.", "pdf_unreadable");
  return { pages, width: Math.round(Number(size?.[1] ?? 595)), height: Math.round(Number(size?.[2] ?? 842)) };
}

async function imageInfo(file: string): Promise<{ width: number; height: number }> {
  try {
    // stats() decodes every pixel: a truncated or corrupt image fails here, not on a student's screen
    const image = sharp(file, { failOn: "error" });
    const meta = await image.metadata();
    await image.stats();
    if (!meta.width || !meta.height) throw new Error("no dimensions");
    // EXIF orientations 5-8 swap width and height on screen
    const rotated = (meta.orientation ?? 1) >= 5;
    return rotated ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  } catch {
    refuse("Obrázok sa nedá načítať: súbor je poškodený alebo to nie je obrázok.", "image_undecodable");
  }
}

/** The sniffed type of a spooled upload, checked against `kind` and parsed; throws `validation`. */
export async function inspectUpload(file: string, sizeBytes: number, kind: FileKind, name: string): Promise<Inspected> {
  const sniffed = await fileTypeFromFile(file);
  let mimeType = sniffed?.mime as string | undefined;
  // WebVTT is recognised by its signature; its cues are checked below like any text
  if (mimeType === "text/vtt") mimeType = undefined;
  if (!mimeType) {
    const text = await isUtf8Text(file, sizeBytes);
    if (text !== null) {
      if (kind === "captions") {
        const problem = webVttProblem(text);
        if (problem) refuse(problem, "captions_invalid");
        mimeType = "text/vtt; charset=utf-8";
      } else mimeType = /\.csv$/i.test(name) ? "text/csv; charset=utf-8" : "text/plain; charset=utf-8";
    }
  }
  if (!mimeType || !ALLOWED[kind].includes(mimeType)) {
    refuse(`Tento typ súboru sa sem nedá nahrať${mimeType ? ` (${mimeType.split(";")[0]})` : ""}. Povolené: ${allowedLabel(kind)}.`, "type_not_allowed");
  }
  if (mimeType === "application/pdf") return { mimeType, ...(await pdfInfo(file)) };
  if (mimeType.startsWith("image/")) return { mimeType, ...(await imageInfo(file)) };
  return { mimeType };
}

function allowedLabel(kind: FileKind): string {
  switch (kind) {
    case "presentation":
      return "PDF";
    case "captions":
      return "WebVTT (.vtt)";
    case "attachment":
      return "PDF, dokumenty Office a OpenDocument, obrázky, CSV, text";
    default:
      return "JPEG, PNG, WebP, GIF, AVIF";
  }
}
