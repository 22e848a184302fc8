import { operationRoute, publicMethod } from "../../lib/operation-route.server";
import { json } from "#server/kernel/errors";
import { documentApi, openApiDocumentFor } from "../../lib/openapi.server";

const route = operationRoute({
  GET: publicMethod({
    operation: [documentApi, "getOpenApiDocument"],
    run: async ({ viewer }) => {
      const { document, restricted } = openApiDocumentFor((role) => !!viewer?.roles.includes(role));
      return json(document, { headers: { "Cache-Control": restricted ? "private, no-store" : "public, max-age=300" } });
    },
  }),
});

export const loader = route.loader;
