// Every route of app/routes.ts answers a method it does not serve with 405 and Allow, never
// a 500 or a 422 (issue 27, item 11): pages with the Slovak error page, /api with the
// spec's JSON error body. What a route serves is read independently of the app's table:
// /api from the OpenAPI document's operations, pages from their module (GET, and POST when
// it has an action). The walk calls each route with every method it lacks, before any
// sign-in (the method is refused before the role check). docs/decisions/platform/one-answer-to-a-method-a-route.md > One answer to
// a method a route does not serve.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { apiAreas, openApiDocument } from "../../app/lib/openapi.server";
import { ERROR_CODES } from "#server/kernel/errors";
import { startApp, type RunningApp } from "../support/app";

let app: RunningApp;

beforeAll(async () => {
  app = await startApp({ seed: false });
});
afterAll(async () => {
  await app?.stop();
});

type Leaf = { path: string; file: string };

/** Every route that answers requests (index routes and routes without children), with its full path. */
function leaves(entries: RouteConfigEntry[], parent = ""): Leaf[] {
  return entries.flatMap((e) => {
    const full = [parent, e.path ?? ""].filter(Boolean).join("/");
    if (e.children?.length) return leaves(e.children, full);
    return [{ path: full, file: e.file }];
  });
}

/** A URL of the route: ids as 24 hex digits, other parameters a word; optional ones left out. */
function urlOf(path: string): string {
  return (
    "/" +
    path
      .split("/")
      .filter((s) => !s.endsWith("?"))
      .map((s) => (s.startsWith(":") ? (/id$/i.test(s) ? "0123456789abcdef01234567" : "abc") : s))
      .join("/")
  );
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const doc = openApiDocument();

/** The methods a route serves, and whether it is a page (a module with a component). */
async function servedBy(leaf: Leaf): Promise<{ allowed: string[]; page: boolean }> {
  if (leaf.path.startsWith("api/")) {
    const item = doc.paths["/" + leaf.path.replace(/:(\w+)/g, "{$1}")];
    expect(item, `${leaf.path} is in the OpenAPI document`).toBeDefined();
    return { allowed: Object.keys(item).map((m) => m.toUpperCase()), page: false };
  }
  const mod = (await import(/* @vite-ignore */ `../../app/${leaf.file}`)) as Record<string, unknown>;
  const page = typeof mod.default === "function";
  return { allowed: [...(page || mod.loader ? ["GET"] : []), ...(mod.action ? ["POST"] : [])], page };
}

describe("405 for a method a route does not serve", () => {
  it("walks every route of app/routes.ts with every method it lacks: 405, Allow, the error body or the Slovak page", async () => {
    const all = leaves(routes).filter((l) => !l.path.endsWith("*"));
    expect(all.length).toBeGreaterThan(100);
    let checked = 0;
    const wrong: string[] = [];
    for (const leaf of all) {
      const { allowed, page } = await servedBy(leaf);
      const url = urlOf(leaf.path);
      for (const method of METHODS.filter((m) => !allowed.includes(m))) {
        const res = await fetch(`${app.url}${url}`, { method, redirect: "manual", headers: { Origin: app.url } });
        const text = await res.text();
        checked++;
        if (res.status !== 405 || res.headers.get("allow") !== allowed.join(", ")) {
          wrong.push(`${method} ${url} → ${res.status} Allow: ${res.headers.get("allow")} (expected ${allowed.join(", ")})`);
          continue;
        }
        if (!page) {
          // /api and the other resource routes (CSV exports, mail files): the JSON error body
          expect(res.headers.get("content-type"), `${method} ${url}`).toMatch(/^application\/json/);
          expect(JSON.parse(text), `${method} ${url}`).toEqual({
            error: "method_not_allowed",
            message: ERROR_CODES.method_not_allowed.message,
            details: { allowed },
          });
        } else {
          expect(res.headers.get("content-type"), `${method} ${url}`).toMatch(/^text\/html/);
          expect(text, `${method} ${url}`).toContain('<html lang="sk"');
          expect(text, `${method} ${url}`).toContain("Táto akcia tu nie je možná");
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(300);
  }, 120_000);

  it("every /api route and method maps to exactly one contract operation, with declared access, served by the module", async () => {
    const api = leaves(routes).filter((l) => l.path.startsWith("api/") && !l.path.endsWith("*"));
    expect(api.length).toBeGreaterThan(80);
    const operations = apiAreas.flatMap((a) => a.operations);
    const ids = operations.map((o) => o.operationId);
    expect(
      ids.filter((id, i) => ids.indexOf(id) !== i),
      "operationIds are unique",
    ).toEqual([]);
    const wrong: string[] = [];
    const routed = new Set<string>();
    for (const leaf of api) {
      const path = "/" + leaf.path.replace(/:(\w+)/g, "{$1}");
      routed.add(path);
      const mod = (await import(/* @vite-ignore */ `../../app/${leaf.file}`)) as Record<string, unknown>;
      for (const method of METHODS) {
        const ops = operations.filter((o) => o.path === path && o.method.toUpperCase() === method);
        if (ops.length > 1) wrong.push(`${method} ${path}: ${ops.length} operations (${ops.map((o) => o.operationId).join(", ")})`);
        if (ops.length !== 1) continue;
        const [op] = ops;
        if (!op.auth?.kind) wrong.push(`${method} ${path}: ${op.operationId} declares no access`);
        if (op.auth.kind === "session" && op.auth.roles && op.auth.roles.length === 0) wrong.push(`${method} ${path}: ${op.operationId} allows no role`);
        const handler = method === "GET" ? mod.loader : mod.action;
        if (typeof handler !== "function") wrong.push(`${method} ${path}: ${op.operationId} has no ${method === "GET" ? "loader" : "action"} in ${leaf.file}`);
      }
      if (!operations.some((o) => o.path === path)) wrong.push(`${path}: no operation`);
    }
    // and no operation of the contract without its route
    for (const op of operations) if (!routed.has(op.path)) wrong.push(`${op.method.toUpperCase()} ${op.path}: ${op.operationId} has no route in app/routes.ts`);
    expect(wrong).toEqual([]);
  });

  it("the verification page of one certificate is GET only: POST and PUT /verify/<number> are 405 (they were 500 and 422)", async () => {
    for (const method of ["POST", "PUT"]) {
      const res = await fetch(`${app.url}/verify/SK-2026-000001?h=abc`, {
        method,
        headers: { Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: "credential=x",
      });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe("GET");
      expect(await res.text()).toContain('<html lang="sk"');
    }
    // /verify itself still takes a presented credential
    const form = new FormData();
    form.set("credential", "nie je to certifikát");
    const checked = await fetch(`${app.url}/verify`, { method: "POST", headers: { Origin: app.url }, body: form });
    expect(checked.status).toBe(422);
    expect(await checked.text()).toContain('<html lang="sk"');
  });

  it("HEAD follows GET, and is refused where GET is; OPTIONS is answered at the door", async () => {
    expect((await fetch(`${app.url}/obchodne-podmienky`, { method: "HEAD" })).status).toBe(200);
    expect((await fetch(`${app.url}/api/courses`, { method: "HEAD" })).status).toBe(200);
    const head = await fetch(`${app.url}/api/orders`, { method: "HEAD" });
    expect(head.status).toBe(405);
    expect(head.headers.get("allow")).toBe("POST");
    const options = await fetch(`${app.url}/verify/SK-1`, { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toContain("GET");
  });

  it("a page's data request (.data) is refused the same way", async () => {
    const res = await fetch(`${app.url}/obchodne-podmienky.data`, { method: "PUT", headers: { Origin: app.url } });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
  });
});
