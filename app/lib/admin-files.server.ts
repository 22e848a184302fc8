// An admin page's form with files (docs/decisions/files/one-form-uploads.md): posted as
// multipart/form-data to `<page>?upload` (the front door lets such bodies past its 1 MiB
// cap, server/services.ts), its files streamed into the store (server/files) by the page's
// action, then its other fields read by handleIntents as an ordinary form.
import { DomainError } from "#server/kernel/errors";

/** A POST to `<admin page>?upload`; refused (415) unless its body is multipart. */
export function isUpload(request: Request): boolean {
  if (!new URL(request.url).searchParams.has("upload")) return false;
  // the front door lets `?upload` bodies past its 1 MiB cap: only a streamed multipart body is read
  if (!/^multipart\/form-data\b/i.test(request.headers.get("Content-Type") ?? ""))
    throw new DomainError("unsupported_media_type", "Formulár so súborom sa posiela ako multipart/form-data.");
  return true;
}

/** The fields as a request handleIntents reads (the files already stored, not in it). */
export function formRequest(request: Request, entries: [string, string][]): Request {
  const body = new URLSearchParams();
  for (const [name, value] of entries) body.append(name, value);
  return new Request(request.url, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
}
