import { operationRoute, publicMethod } from "../../lib/operation-route.server";
import { DomainError, json } from "#server/kernel/errors";
import { catalogApi, getCoursePreview } from "#server/catalog";

const route = operationRoute({
  GET: publicMethod({
    operation: [catalogApi, "getCoursePreview"],
    run: async ({ services, params }) => {
      const preview = await getCoursePreview(services.db, params.slug);
      if (!preview) throw new DomainError("not_found", "Kurz sa nenašiel.");
      return json(preview);
    },
  }),
});

export const loader = route.loader;
