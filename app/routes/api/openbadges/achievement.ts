// GET /api/openbadges/achievements/<courseVersionId>: the Achievement of a course version's
// final certificate (public, 60 per minute per IP): only of a published version or of one
// that issued that certificate, else 404 alike (docs/decisions/catalog/public-means-published.md
// > Public means published). The level's achievement: level-achievement.ts.
import { operationRoute, publicMethod } from "../../../lib/operation-route.server";
import { certificatesApi } from "#server/certificates";
import { achievementAnswer } from "../../../lib/open-badges.server";

const route = operationRoute({
  GET: publicMethod({
    operation: [certificatesApi, "getOpenBadgesCourseAchievement"],
    run: ({ services, params }) => achievementAnswer(services, params.courseVersionId, null),
  }),
});

export const loader = route.loader;
