// GET /api/openbadges/achievements/<courseVersionId>[/levels/<levelId>]: the Achievement of
// a course version's final certificate or of a level's intermediate one (public, 60 per
// minute per IP): only of a published version or of one that issued that certificate, else
// 404 alike (docs/decisions/catalog/public-means-published.md > Public means published).
import type { Route } from "./+types/achievement";
import { apiRoute } from "../../../lib/api.server";
import { countPublicApiRead } from "../../../lib/public-read.server";
import { servicesContext } from "../../../context";
import { DomainError, json } from "#server/kernel/errors";
import { isId } from "#shared/ids";
import { achievementDocument, loadPublicAchievement } from "#server/certificates";

export const loader = apiRoute(async ({ params, context }: Route.LoaderArgs) => {
  await countPublicApiRead(context);
  const services = context.get(servicesContext);
  const notFound = new DomainError("not_found", "Takýto certifikát sa nevydáva.");
  const levelId = (params as { levelId?: string }).levelId ?? null;
  if (!params.courseVersionId || !isId(params.courseVersionId) || (levelId !== null && !isId(levelId))) throw notFound;
  const achievement = await loadPublicAchievement(services.db, services.site.publicUrl, params.courseVersionId, levelId);
  if (!achievement) throw notFound;
  return json(achievementDocument(achievement), { headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" } });
});
