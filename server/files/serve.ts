// Serving a stored file behind the signed /files/ route (docs/decisions/video/signed-media-urls.md > Signed media
// URLs; the signature is checked by the route before this runs): `/s/<fileId>` is the
// upload itself, `/s/<fileId>/<variant>` a derived image (`page-3.webp`, `w960.webp`).
// The right Content-Type (sniffed at upload), nosniff, Content-Disposition with the
// original name (RFC 6266 `filename*`, so "Rozpočet klubu 2027.xlsx" downloads under that
// name), an ETag of the content's SHA-256, byte ranges (PDF viewers ask for them), and
// derived images cached as immutable (their bytes never change under a URL).
import type { IncomingMessage, ServerResponse } from "node:http";
import { and, eq } from "drizzle-orm";
import { schema, type Database } from "../db";
import { isId } from "../../shared/ids";
import { parseRange, sendJsonError } from "../video";
import { contentInfo, readContent } from "./store";
import { deriveFile } from "./derive";
import { ID_HEX } from "../../shared/ids";

/** The stored path a block or course field is signed for (MediaUrls.file). */
export function storedFilePath(fileId: string, variant?: string): string {
  return variant ? `/s/${fileId}/${variant}` : `/s/${fileId}`;
}

const STORED = new RegExp(`^/s/(${ID_HEX})(?:/((?:page-\\d{1,5}|w\\d{2,5})\\.webp))?$`);

/** Types a browser shows in place; the rest download. */
function inline(type: string): boolean {
  return /^(image|video|audio)\//.test(type) || type === "application/pdf" || type.startsWith("text/plain") || type.startsWith("text/vtt");
}

/** RFC 6266: an ASCII fallback `filename` and the exact name in `filename*` (RFC 8187). */
export function contentDisposition(disposition: "inline" | "attachment", name: string): string {
  const ascii = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export async function serveStoredFile(db: Database, req: IncomingMessage, res: ServerResponse, relative: string, maxAgeSec: number): Promise<void> {
  const m = STORED.exec(relative);
  if (!m || !isId(m[1])) return sendJsonError(res, "not_found", "Súbor sa nenašiel.");
  const [file] = await db.select().from(schema.files).where(eq(schema.files.id, m[1]));
  if (!file) return sendJsonError(res, "not_found", "Súbor sa nenašiel.");
  let sha256 = file.sha256;
  let type = file.mimeType;
  const variant = m[2];
  if (variant) {
    const find = () =>
      db
        .select()
        .from(schema.fileVariants)
        .where(and(eq(schema.fileVariants.sourceSha256, file.sha256), eq(schema.fileVariants.variant, variant)));
    let [row] = await find();
    if (!row) {
      // asked before the job ran: derived now (the job then finds it stored)
      await deriveFile(db, file, variant);
      [row] = await find();
    }
    if (!row) return sendJsonError(res, "not_found", "Súbor sa nenašiel.");
    sha256 = row.sha256;
    type = row.mimeType;
  }
  const content = await contentInfo(db, sha256);
  if (!content) return sendJsonError(res, "not_found", "Súbor sa nenašiel.");
  const size = content.sizeBytes;
  const etag = `"${sha256}"`;
  const cache = `private, max-age=${Math.max(0, Math.floor(maxAgeSec))}, no-transform${variant ? ", immutable" : ""}`;
  const headers: Record<string, string | number> = {
    "Content-Type": type,
    "X-Content-Type-Options": "nosniff",
    "Accept-Ranges": "bytes",
    ETag: etag,
    "Cache-Control": cache,
    "Content-Disposition": contentDisposition(inline(type) ? "inline" : "attachment", variant ? `${file.name.replace(/\.[^.]*$/, "")}-${variant}` : file.name),
    "X-Frame-Options": "SAMEORIGIN",
    "Content-Security-Policy":
      type === "application/pdf"
        ? "default-src 'none'; frame-ancestors 'self'"
        : "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; sandbox",
    "Cross-Origin-Resource-Policy": "same-site",
  };
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch && ifNoneMatch.split(",").some((t) => t.trim() === etag || t.trim() === `W/${etag}`) && !req.headers.range) {
    res.writeHead(304, { ETag: etag, "Cache-Control": cache });
    res.end();
    return;
  }
  let range = parseRange(req.headers.range, size);
  const ifRange = req.headers["if-range"];
  if (range && ifRange && ifRange !== etag) range = null;
  if (range === "unsatisfiable") {
    return sendJsonError(res, "range_not_satisfiable", undefined, { size }, { "Content-Range": `bytes */${size}`, "Accept-Ranges": "bytes" });
  }
  const start = range ? range.start : 0;
  const end = range ? range.end : size - 1;
  if (range) res.writeHead(206, { ...headers, "Content-Range": `bytes ${start}-${end}/${size}`, "Content-Length": end - start + 1 });
  else res.writeHead(200, { ...headers, "Content-Length": size });
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  try {
    for await (const chunk of readContent(db, content, start, end)) {
      if (res.destroyed) return;
      if (!res.write(chunk))
        await new Promise<void>((resolve) => {
          res.once("drain", resolve);
          res.once("close", resolve);
        });
    }
    res.end();
  } catch {
    res.destroy();
  }
}
