// Headers for files the app hands out (admin outbox attachments, .eml files).

/** RFC 6266 Content-Disposition for any file name: an ASCII fallback plus the UTF-8 original. */
export function contentDisposition(kind: "attachment" | "inline", filename: string): string {
  const ascii = filename
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Private, never cached, never sniffed, never indexed. */
export const PRIVATE_FILE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Content-Type-Options": "nosniff",
  "X-Robots-Tag": "noindex",
} as const;

/** A streamed CSV download (server/insights: UTF-8 with BOM, semicolons). */
export function csvResponse(body: ReadableStream<Uint8Array>, filename: string): Response {
  return new Response(body, {
    headers: { ...PRIVATE_FILE_HEADERS, "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": contentDisposition("attachment", filename) },
  });
}
