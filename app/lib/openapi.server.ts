// The OpenAPI 3.1 document of /api, from the areas' contracts (server/http/openapi.ts).
// A new area adds its `…Api` here; tests check that every /api route of app/routes.ts is
// in the document and that responses validate against it.
import { z } from "zod";
import { buildOpenApiDocument, filterOperations, withoutUnusedSchemas, type ApiArea, type ApiOperation, type OpenApiDocument } from "#server/http/openapi";
import { catalogApi } from "#server/catalog";
import { authApi } from "#server/auth";
import { authoringApi } from "#server/authoring";
import { adminOrdersApi, ordersApi } from "#server/orders";
import { clubsApi } from "#server/clubs";
import { paymentsApi } from "#server/payments";
import { learningApi } from "#server/learning";
import { quizzesApi } from "#server/quizzes";
import { videoApi } from "#server/video";
import { filesApi } from "#server/files";
import { certificatesApi } from "#server/certificates";
import { enrollmentsAdminApi } from "#server/admin";
import { webinarsApi } from "#server/webinars";

export const documentApi: ApiArea = {
  schemas: {},
  operations: [
    {
      method: "get",
      path: "/api/openapi.json",
      operationId: "getOpenApiDocument",
      summary: "This document (OpenAPI 3.1)",
      tags: ["meta"],
      auth: { kind: "public" },
      rateLimit: "public",
      responses: {
        200: {
          description: "the OpenAPI document: the public and student operations; with a session, also those the person's roles allow",
          schema: z.looseObject({ openapi: z.string() }),
        },
      },
      errors: ["rate_limited"],
    },
  ],
};

export const apiAreas: ApiArea[] = [
  catalogApi,
  authApi,
  authoringApi,
  ordersApi,
  adminOrdersApi,
  paymentsApi,
  learningApi,
  quizzesApi,
  videoApi,
  filesApi,
  certificatesApi,
  enrollmentsAdminApi,
  clubsApi,
  webinarsApi,
  documentApi,
];

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

const DESCRIPTION =
  "Interface 0.1.0 (spec: ../shared/spec/interface-0.1.0.md). Errors answer {error, message, details} " +
  "with the statuses of server/kernel/errors.ts; an unsupported method answers 405 with Allow.";

let cached: OpenApiDocument | undefined;

/** The whole contract, every operation (tests, and what an admin is served). */
export function openApiDocument(): OpenApiDocument {
  cached ??= buildOpenApiDocument({ title: "Akadémia športového manažmentu API", version: "0.1.0", description: DESCRIPTION, areas: apiAreas });
  return cached;
}

/** The roles an operation is restricted to (the admin part), or null for everyone's operations. */
function restrictedTo(op: ApiOperation): string[] | null {
  return op.auth.kind === "session" && op.auth.roles ? op.auth.roles : null;
}

const byRoles = new Map<string, OpenApiDocument>();

/**
 * The document served to a viewer with these roles (docs/decisions/catalog/public-means-published.md > Public means
 * published): the public and student operations for everyone; an operation restricted to
 * roles only for a viewer holding one of them (an admin sees the whole contract, a content
 * manager also the authoring operations); schemas no listed operation uses are left out.
 * `holds(role)` says whether the viewer holds a role (admin implies the others).
 */
export function openApiDocumentFor(holds: (role: string) => boolean): { document: OpenApiDocument; restricted: boolean } {
  const roles = [...new Set(apiAreas.flatMap((a) => a.operations.flatMap((op) => restrictedTo(op) ?? [])))].filter(holds).sort();
  if (roles.length > 0 && apiAreas.every((a) => a.operations.every((op) => !restrictedTo(op) || restrictedTo(op)!.some((r) => roles.includes(r))))) {
    return { document: openApiDocument(), restricted: true };
  }
  const key = roles.join(",");
  let document = byRoles.get(key);
  if (!document) {
    const areas = filterOperations(apiAreas, (op) => !restrictedTo(op) || restrictedTo(op)!.some((r) => roles.includes(r)));
    document = withoutUnusedSchemas(buildOpenApiDocument({ title: "Akadémia športového manažmentu API", version: "0.1.0", description: DESCRIPTION, areas }));
    byRoles.set(key, document);
  }
  return { document, restricted: roles.length > 0 };
}
