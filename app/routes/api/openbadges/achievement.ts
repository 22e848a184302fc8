// GET /api/openbadges/achievements/<courseVersionId>[/levels/<levelId>]: the Achievement of
// a course version's final certificate or of a level's intermediate one (public).
import type { Route } from "./+types/achievement";
import { apiRoute } from "../../../lib/api.server";
import { servicesContext } from "../../../context";
import { DomainError, json, methodNotAllowed } from "#server/http/errors";
import { isId } from "#server/db";
import { achievementDocument, loadAchievement } from "#server/certificates";

export const loader = apiRoute(async ({ params, context }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  const notFound = new DomainError("not_found", "Takýto certifikát sa nevydáva.");
  const levelId = (params as { levelId?: string }).levelId ?? null;
  if (!params.courseVersionId || !isId(params.courseVersionId) || (levelId !== null && !isId(levelId))) throw notFound;
  const achievement = await loadAchievement(services.db, services.site.publicUrl, params.courseVersionId, levelId);
  if (!achievement) throw notFound;
  return json(achievementDocument(achievement), { headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" } });
});

export const action = () => methodNotAllowed(["GET"]);
