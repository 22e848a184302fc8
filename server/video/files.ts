// Course files (presentation PDFs, images, attachments) served by the app itself, in every
// mode, through HMAC-signed expiring URLs: GET /files/<path>?exp=…&sig=… (mounted by
// start-up). The files live in MEDIA_DIR (default ./media), outside public/, so nothing an
// enrolled student receives is world-readable. Uploads (server/files) are served under
// `/files/s/<fileId>…` by the handler start-up hands in. A block stores `/media/<path>`; `url()`
// turns it into the signed URL, the handler checks signature and expiry (403 JSON error
// otherwise), then sends the file with range support. docs/decisions/video/signed-media-urls.md > Signed media URLs.
import path from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";
import { FILE_URL_TTL_SEC, expiryAfter, type SignedUrl } from "./media";
import { sendFile, sendJsonError } from "./send-file";
import { createUrlSigner } from "./signing";

/** Where the signed file route is mounted. */
export const FILES_MOUNT = "/files";
/** The prefix a block's stored path carries (`/media/slides/dotacie.pdf`). */
const STORED_PREFIX = "/media/";

export type CourseFiles = {
  /** the signed URL of a stored path; an absolute http(s) URL (a file elsewhere) is returned as it is */
  url(storedPath: string, now: Date, ttlSec?: number): SignedUrl;
  /** the HTTP handler for FILES_MOUNT */
  handler(req: IncomingMessage, res: ServerResponse): void;
};

/**
 * A request path below a mount, decoded and checked: segments without "..", ".", empty
 * parts, NUL or backslashes. Null when it is not a plain relative file path.
 */
export function safeRelativePath(rawPath: string): string | null {
  let decoded: string;
  try {
    decoded = rawPath.split("/").map(decodeURIComponent).join("/");
  } catch {
    return null;
  }
  if (!decoded.startsWith("/") || decoded.length > 512) return null;
  const segments = decoded.slice(1).split("/");
  if (segments.some((s) => s === "" || s === "." || s === ".." || /[\0\\]/.test(s))) return null;
  return decoded;
}

/** A file inside `root` for a checked relative path, or null if it would leave it. */
export function resolveInside(root: string, relative: string): string | null {
  const absoluteRoot = path.resolve(root);
  const file = path.resolve(absoluteRoot, `.${relative}`);
  return file.startsWith(absoluteRoot + path.sep) ? file : null;
}

/** Serves a path below STORED_FILES (an upload in the database store, server/files) after its signature was checked. */
export type StoredFileHandler = (req: IncomingMessage, res: ServerResponse, relative: string, maxAgeSec: number) => Promise<void>;
/** Paths of uploaded files (`/s/<fileId>[/<variant>]`); the rest are files in MEDIA_DIR. */
const STORED_FILES = "/s/";

export function createCourseFiles(options: { dir: string; key: Buffer; publicUrl: string; now?: () => Date; stored?: StoredFileHandler }): CourseFiles {
  const signer = createUrlSigner({ key: options.key, scope: "course-file", base: `${options.publicUrl.replace(/\/$/, "")}${FILES_MOUNT}` });
  const clock = options.now ?? (() => new Date());

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== "GET" && req.method !== "HEAD") {
      return sendJsonError(res, "method_not_allowed", undefined, { allowed: ["GET", "HEAD"] }, { Allow: "GET, HEAD" });
    }
    const url = new URL(req.url ?? "/", "http://files");
    const relative = safeRelativePath(url.pathname);
    if (!relative) return sendJsonError(res, "not_found", "Súbor sa nenašiel.");
    const check = signer.verify(relative, url.searchParams, clock());
    if (!check.ok) return sendJsonError(res, check.reason === "expired" ? "signed_url_expired" : "signed_url_invalid");
    const maxAgeSec = (check.expiresAt.getTime() - clock().getTime()) / 1000;
    if (relative.startsWith(STORED_FILES) && options.stored) return options.stored(req, res, relative, maxAgeSec);
    const file = resolveInside(options.dir, relative);
    if (!file) return sendJsonError(res, "not_found", "Súbor sa nenašiel.");
    await sendFile(req, res, { file, maxAgeSec });
  }

  return {
    url(storedPath, now, ttlSec = FILE_URL_TTL_SEC) {
      const expiresAt = expiryAfter(now, ttlSec);
      if (/^https?:\/\//i.test(storedPath)) return { url: storedPath, expiresAt };
      const relative = storedPath.startsWith(STORED_PREFIX)
        ? storedPath.slice(STORED_PREFIX.length - 1)
        : storedPath.startsWith("/")
          ? storedPath
          : `/${storedPath}`;
      return { url: signer.sign(relative, expiresAt), expiresAt };
    },
    handler(req, res) {
      handle(req, res).catch(() => sendJsonError(res, "internal"));
    },
  };
}
