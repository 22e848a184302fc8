// /admin/hladat?druh=osoba|klub|partner&q=…: what the pickers find by name, as JSON for the
// search-as-you-type picker (app/components/picker.tsx). Without JavaScript each page runs the
// same search in its loader. Content managers (lecturers, partners) and admins; never cached.
import type { Route } from "./+types/picker-search";
import { servicesContext } from "../../context";
import { requireRoleForPage } from "../../lib/auth.server";
import { pageRoute } from "../../lib/page.server";
import { DomainError } from "#server/kernel/errors";
import { PICKER_KINDS, searchForPicker, type PickerKind } from "#server/admin";

const KINDS: Record<string, PickerKind> = { osoba: "person", klub: "club", partner: "partner" };

export const loader = pageRoute(async ({ request, context }: Route.LoaderArgs) => {
  requireRoleForPage(request, context, "content_manager", "admin");
  const { db, idpApi } = context.get(servicesContext);
  const url = new URL(request.url);
  const kind = KINDS[url.searchParams.get("druh") ?? ""];
  if (!kind || !PICKER_KINDS.includes(kind)) {
    throw new DomainError("validation", "Neznámy druh vyhľadávania.", [{ path: "druh", message: "Povolené: osoba, klub, partner.", code: "invalid_value" }]);
  }
  const found = await searchForPicker(db, idpApi, kind, url.searchParams.get("q") ?? "");
  return Response.json(found, { headers: { "cache-control": "no-store" } });
});
