// Sends a file with HTTP range requests (RFC 9110 § 14): `Accept-Ranges: bytes`, one
// range → 206 with Content-Range, an unsatisfiable one → 416, several ranges or an
// If-Range that no longer matches → the whole file (200), which the RFC allows. Browsers
// seek in <video> by asking for ranges, so this is what makes seeking work.
// Errors are the spec's JSON body, never a stack.
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { errorBody, ERROR_CODES, type ErrorCode, type ErrorDetails } from "../kernel/errors";

const TYPES: Record<string, string> = {
  ".mp4": "video/mp4",
  ".m4v": "video/mp4",
  ".mov": "video/quicktime",
  ".webm": "video/webm",
  ".pdf": "application/pdf",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".txt": "text/plain; charset=utf-8",
  ".csv": "text/csv; charset=utf-8",
  ".xls": "application/vnd.ms-excel",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ".doc": "application/msword",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".ppt": "application/vnd.ms-powerpoint",
  ".pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  ".zip": "application/zip",
};

export function contentTypeFor(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
}

/** Types a browser shows in place (the rest are downloaded). */
function inline(type: string): boolean {
  return /^(video|image|audio)\//.test(type) || type === "application/pdf" || type.startsWith("text/plain");
}

export function sendJsonError(res: ServerResponse, code: ErrorCode, message?: string, details?: ErrorDetails, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify(errorBody(code, message, details));
  res.writeHead(ERROR_CODES[code].status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    ...headers,
  });
  res.end(body);
}

type Range = { start: number; end: number } | "unsatisfiable" | null;

/** One `bytes=` range of a file of `size` bytes; null = ignore the header (send everything). */
export function parseRange(header: string | undefined, size: number): Range {
  if (!header) return null;
  const m = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header.trim());
  // several ranges, other units or garbage: answered with the whole file
  if (!m) return null;
  const [, from, to] = m;
  if (from === "" && to === "") return null;
  if (from === "") {
    // the last N bytes
    const n = Number(to);
    if (n === 0) return "unsatisfiable";
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(from);
  if (start >= size) return "unsatisfiable";
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (end < start) return null;
  return { start, end };
}

export type FileToSend = {
  file: string;
  /** default: from the extension */
  contentType?: string;
  /** Cache-Control max-age (private); the signed URL's remaining life */
  maxAgeSec: number;
  /** download name for types the browser does not show in place */
  downloadName?: string;
};

/** GET/HEAD of one file, with ranges. A missing file is 404 `not_found`. */
export async function sendFile(req: IncomingMessage, res: ServerResponse, what: FileToSend): Promise<void> {
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(what.file);
  } catch {
    return sendJsonError(res, "not_found", "Súbor sa nenašiel.");
  }
  if (!stat.isFile()) return sendJsonError(res, "not_found", "Súbor sa nenašiel.");
  const size = stat.size;
  const type = what.contentType ?? contentTypeFor(what.file);
  const etag = `"${size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const lastModified = stat.mtime.toUTCString();
  const headers: Record<string, string | number> = {
    "Content-Type": type,
    "Accept-Ranges": "bytes",
    ETag: etag,
    "Last-Modified": lastModified,
    // private: the URL is someone's signed link; no-transform: compression must not touch ranges
    "Cache-Control": `private, max-age=${Math.max(0, Math.floor(what.maxAgeSec))}, no-transform`,
    // course files may be shown inside the app's own pages (PDF viewer, <video>, <img>)
    "X-Frame-Options": "SAMEORIGIN",
    "Content-Security-Policy":
      type === "application/pdf"
        ? "default-src 'none'; frame-ancestors 'self'"
        : "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; sandbox",
    "Cross-Origin-Resource-Policy": "same-site",
  };
  if (!inline(type)) {
    const name = what.downloadName ?? path.basename(what.file);
    headers["Content-Disposition"] = `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;
  }

  if (req.headers["if-none-match"] === etag && !req.headers.range) {
    res.writeHead(304, { ETag: etag, "Cache-Control": String(headers["Cache-Control"]) });
    res.end();
    return;
  }

  let range = parseRange(req.headers.range, size);
  const ifRange = req.headers["if-range"];
  if (range && ifRange && ifRange !== etag && ifRange !== lastModified) range = null;
  if (range === "unsatisfiable") {
    return sendJsonError(res, "range_not_satisfiable", undefined, { size }, { "Content-Range": `bytes */${size}`, "Accept-Ranges": "bytes" });
  }
  const head = req.method === "HEAD";
  if (range) {
    res.writeHead(206, { ...headers, "Content-Range": `bytes ${range.start}-${range.end}/${size}`, "Content-Length": range.end - range.start + 1 });
  } else {
    res.writeHead(200, { ...headers, "Content-Length": size });
  }
  if (head || size === 0) {
    res.end();
    return;
  }
  const stream = fs.createReadStream(what.file, range ? { start: range.start, end: range.end } : {});
  try {
    await pipeline(stream, res);
  } catch {
    // the client went away (seeking aborts requests all the time): nothing to answer
    stream.destroy();
    res.destroy();
  }
}
