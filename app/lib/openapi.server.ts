// The OpenAPI 3.1 document of /api, from the areas' contracts (server/http/openapi.ts).
// A new area adds its `…Api` here; tests check that every /api route of app/routes.ts is
// in the document and that responses validate against it.
import { z } from "zod";
import { buildOpenApiDocument, type ApiArea, type OpenApiDocument } from "#server/http/openapi";
import { catalogApi } from "#server/catalog";
import { authApi } from "#server/auth";
import { authoringApi } from "#server/authoring";
import { adminOrdersApi, ordersApi } from "#server/orders";
import { paymentsApi } from "#server/payments";
import { learningApi } from "#server/learning";
import { quizzesApi } from "#server/quizzes";
import { videoApi } from "#server/video";
import { certificatesApi } from "#server/certificates";
import { enrollmentsAdminApi } from "#server/admin";

const documentApi: ApiArea = {
  schemas: {},
  operations: [
    {
      method: "get",
      path: "/api/openapi.json",
      operationId: "getOpenApiDocument",
      summary: "This document (OpenAPI 3.1)",
      tags: ["meta"],
      auth: { kind: "public" },
      responses: { 200: { description: "the OpenAPI document", schema: z.looseObject({ openapi: z.string() }) } },
    },
  ],
};

export const apiAreas: ApiArea[] = [catalogApi, authApi, authoringApi, ordersApi, adminOrdersApi, paymentsApi, learningApi, quizzesApi, videoApi, certificatesApi, enrollmentsAdminApi, documentApi];

/**
 * The methods each /api route answers, from the areas' operations, by route pattern
 * (`api/courses/:slug`): what the root middleware answers 405 against (server/http/route-methods.ts).
 */
export function declaredApiMethods(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const op of apiAreas.flatMap((a) => a.operations)) {
    const pattern = op.path.replace(/^\//, "").replace(/\{(\w+)\}/g, ":$1");
    (out[pattern] ??= []).push(op.method.toUpperCase());
  }
  return out;
}

let cached: OpenApiDocument | undefined;

export function openApiDocument(): OpenApiDocument {
  cached ??= buildOpenApiDocument({
    title: "Akadémia športového manažmentu API",
    version: "0.1.0",
    description:
      "Interface 0.1.0 (spec: ../shared/spec/interface-0.1.0.md). Errors answer {error, message, details} " +
      "with the statuses of server/http/errors.ts; an unsupported method answers 405 with Allow.",
    areas: apiAreas,
  });
  return cached;
}
