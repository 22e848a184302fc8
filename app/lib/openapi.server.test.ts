// The OpenAPI document covers the route table and is built from the areas' schemas.
import { describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../routes";
import { openApiDocument } from "./openapi.server";
import { ERROR_CODES } from "#server/kernel/errors";

/** Every /api resource route of app/routes.ts as an OpenAPI path template, with its file. */
function apiRoutes(entries: RouteConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((e) => {
    const full = [parent, e.path ?? ""].filter(Boolean).join("/");
    const own = e.path !== undefined && full.startsWith("api/") ? [{ path: "/" + full.replace(/:(\w+)/g, "{$1}"), file: e.file }] : [];
    return [...own, ...apiRoutes(e.children ?? [], full)];
  });
}

const doc = openApiDocument();
const api = apiRoutes(routes);

describe("GET /api/openapi.json document", () => {
  it("is OpenAPI 3.1 with the error body as a shared component and a session scheme", () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.jsonSchemaDialect).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(doc.components.schemas.Error).toMatchObject({ type: "object", required: ["error", "message", "details"], additionalProperties: false });
    expect(doc.components.securitySchemes.session).toMatchObject({ type: "apiKey", in: "cookie", name: "__Secure-app.session" });
  });

  it("lists every /api route of app/routes.ts (the catch-all excepted), and nothing else", () => {
    expect(api.length).toBeGreaterThan(5);
    const routed = api
      .filter((r) => !r.path.endsWith("/*"))
      .map((r) => r.path)
      .sort();
    expect(Object.keys(doc.paths).sort()).toEqual(routed);
    expect(api.some((r) => r.path === "/api/*")).toBe(true);
  });

  it("names each route module's handler for every documented method", async () => {
    for (const r of api.filter((x) => !x.path.endsWith("/*"))) {
      const mod = (await import(/* @vite-ignore */ `../${r.file}`)) as Record<string, unknown>;
      const methods = Object.keys(doc.paths[r.path]);
      if (methods.includes("get")) expect(typeof mod.loader, `${r.path} loader`).toBe("function");
      if (methods.some((m) => m !== "get")) expect(typeof mod.action, `${r.path} action`).toBe("function");
    }
  });

  it("answers errors with the Error component under the table's status, and every $ref resolves", () => {
    const text = JSON.stringify(doc);
    for (const [, name] of text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) {
      expect(doc.components.schemas, name).toHaveProperty(name);
    }
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item as Record<string, { responses: Record<string, { "x-error-codes"?: string[]; content?: unknown }> }>)) {
        for (const [status, res] of Object.entries(op.responses)) {
          for (const code of res["x-error-codes"] ?? []) {
            expect(ERROR_CODES[code as keyof typeof ERROR_CODES].status, `${method} ${path} ${code}`).toBe(Number(status));
            expect(res.content).toEqual({ "application/json": { schema: { $ref: "#/components/schemas/Error" } } });
          }
        }
      }
    }
    expect(doc.paths["/api/courses"].get).toMatchObject({
      parameters: expect.arrayContaining([expect.objectContaining({ name: "pageSize", in: "query", required: false })]),
      responses: { 200: { content: { "application/json": { schema: { $ref: "#/components/schemas/CourseListResponse" } } } } },
    });
  });
});
