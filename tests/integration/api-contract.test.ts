// Errors and the /api contract over HTTP against the built app: a DomainError thrown by a
// page answers the Slovak error page with its status and message, by an /api route the
// spec's JSON body; wrong methods get 405 with Allow; responses validate against
// GET /api/openapi.json and parse with the areas' strict zod schemas.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "../support/app";
import { expectMatchesContract } from "../support/contract";
import { CourseDetailResponse, CourseListResponse, CoursePreview } from "#server/catalog";
import { ERROR_CODES } from "#server/kernel/errors";

let app: RunningApp;
let slug: string;

beforeAll(async () => {
  app = await startApp();
  const list = CourseListResponse.parse(await (await fetch(`${app.url}/api/courses`)).json());
  slug = list.data[0].slug;
});
afterAll(async () => {
  await app?.stop();
});

async function call(method: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`${app.url}${path}`, { method, redirect: "manual", ...init });
  const type = res.headers.get("content-type") ?? "";
  const body: unknown = type.includes("application/json") ? await res.clone().json() : await res.clone().text();
  return { res, body };
}

describe("a DomainError on a page", () => {
  it("unknown course slug → 404 Slovak error page with the DomainError's message", async () => {
    const { res, body } = await call("GET", "/kurzy/taky-kurz-nie-je");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(body).toContain('<html lang="sk"');
    expect(body).toContain("Kurz sa nenašiel. Možno bol stiahnutý z ponuky alebo je adresa nesprávna.");
    expect(body).not.toMatch(/DomainError|at .*\.(js|ts):\d+/);
  });

  it("a page POST from a foreign origin → 403 page with the table's message", async () => {
    const { res, body } = await call("POST", `/kurzy/${slug}`, { headers: { Origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(body).toContain(ERROR_CODES.origin_not_allowed.message);
  });
});

describe("a DomainError on /api", () => {
  it("unknown course → 404 with the spec's body, documented", async () => {
    for (const path of [`/api/courses/taky-kurz-nie-je`, `/api/courses/taky-kurz-nie-je/preview`]) {
      const { res, body } = await call("GET", path);
      expect(res.status).toBe(404);
      expect(body).toEqual({ error: "not_found", message: "Kurz sa nenašiel.", details: {} });
      await expectMatchesContract("GET", path, res, body);
    }
  });

  it("invalid query → 422 validation with the validator's details, documented", async () => {
    const { res, body } = await call("GET", "/api/courses?page=abc");
    expect(res.status).toBe(422);
    expect(body).toMatchObject({ error: "validation", details: [{ path: "page" }] });
    await expectMatchesContract("GET", "/api/courses", res, body);
  });

  it("no session → 401 unauthorized, documented", async () => {
    for (const path of ["/api/me", "/api/admin/whoami"]) {
      const { res, body } = await call("GET", path);
      expect(res.status).toBe(401);
      expect(body).toEqual({ error: "unauthorized", message: ERROR_CODES.unauthorized.message, details: {} });
      await expectMatchesContract("GET", path, res, body);
    }
  });

  it("an unknown /api URL → 404 JSON, never the HTML page", async () => {
    const { res, body } = await call("GET", "/api/nic-take");
    expect(res.status).toBe(404);
    expect(body).toEqual({ error: "not_found", message: ERROR_CODES.not_found.message, details: {} });
  });
});

describe("405 on every /api route", () => {
  it("answers a method the document does not list with 405, Allow and the error body", async () => {
    const doc = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    let checked = 0;
    for (const [template, item] of Object.entries(doc.paths)) {
      const path = template.replace(/\{\w+\}/g, slug);
      const allowed = Object.keys(item).map((m) => m.toUpperCase());
      for (const method of ["GET", "POST"].filter((m) => !allowed.includes(m))) {
        const { res, body } = await call(method, path);
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get("allow"), `${method} ${path}`).toBe(allowed.join(", "));
        expect(body).toEqual({ error: "method_not_allowed", message: ERROR_CODES.method_not_allowed.message, details: { allowed } });
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });
});

describe("responses match the contract", () => {
  it("GET /api/openapi.json is OpenAPI 3.1", async () => {
    const { res, body } = await call("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ openapi: expect.stringMatching(/^3\.1\./), components: { schemas: { Error: expect.any(Object) } } });
    await expectMatchesContract("GET", "/api/openapi.json", res, body);
  });

  it("catalog list, detail and preview of the seeded catalog", async () => {
    for (const [path, schema] of [
      ["/api/courses?pageSize=50", CourseListResponse],
      [`/api/courses/${slug}`, CourseDetailResponse],
      [`/api/courses/${slug}/preview`, CoursePreview],
    ] as const) {
      const { res, body } = await call("GET", path);
      expect(res.status, path).toBe(200);
      schema.parse(body);
      await expectMatchesContract("GET", path, res, body);
    }
  });
});
