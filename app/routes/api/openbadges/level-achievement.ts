// GET /api/openbadges/achievements/<courseVersionId>/levels/<levelId>: the Achievement of a
// level's intermediate certificate (public, cacheable; 404 as the course's achievement route).
import { operationRoute, publicMethod } from "../../../lib/operation-route.server";
import { certificatesApi } from "#server/certificates";
import { achievementAnswer } from "../../../lib/open-badges.server";

const route = operationRoute({
  GET: publicMethod({
    operation: [certificatesApi, "getOpenBadgesLevelAchievement"],
    run: ({ services, params }) => achievementAnswer(services, params.courseVersionId, params.levelId),
  }),
});

export const loader = route.loader;
