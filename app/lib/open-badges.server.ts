// What the Open Badges routes share (their deps come from depsOf, ./deps.server.ts): the
// Achievement answer, and
// reading a presented credential from a request (a file upload or pasted text in a form,
// JSON {credential}, or the bare text of a .jwt).
import type { AppServices } from "#server/services";
import { achievementDocument, loadPublicAchievement } from "#server/certificates";
import { DomainError, json } from "#server/kernel/errors";
import { isId } from "#shared/ids";

/** The Achievement of a course version's final certificate (no level) or of a level's intermediate one; 404 alike for anything else. */
export async function achievementAnswer(services: AppServices, courseVersionId: string | undefined, levelId: string | null | undefined): Promise<Response> {
  const notFound = new DomainError("not_found", "Takýto certifikát sa nevydáva.");
  if (!courseVersionId || !isId(courseVersionId) || (levelId != null && !isId(levelId))) throw notFound;
  const achievement = await loadPublicAchievement(services.db, services.site.publicUrl, courseVersionId, levelId ?? null);
  if (!achievement) throw notFound;
  return json(achievementDocument(achievement), { headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" } });
}

export type Presented = { bytes: Uint8Array | null; text: string | null };

/** The form fields of the verification page: `subor` (a file) and `credential` (text). */
export async function presentedFromForm(request: Request): Promise<Presented> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new DomainError("validation", "Formulár sa nepodarilo prečítať.");
  }
  const file = form.get("subor");
  const bytes = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
  const text = form.get("credential");
  return { bytes, text: typeof text === "string" && text.trim() ? text : null };
}

/** The credential of an API request: JSON {credential}, a form, or the body as text. */
export async function presentedFromApiRequest(request: Request, readJsonCredential: (request: Request) => Promise<string>): Promise<Presented> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded")) return presentedFromForm(request);
  if (type.startsWith("application/json") || type === "") return { bytes: null, text: await readJsonCredential(request) };
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.length === 0)
    throw new DomainError("validation", "Vložte overiteľný certifikát.", [{ path: "credential", message: "Vložte overiteľný certifikát." }]);
  return { bytes, text: null };
}
