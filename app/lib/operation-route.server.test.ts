// operationRoute denies by default: every method names a contract operation of that method
// that declares its access (roles, or a session for any signed-in person), checked when the
// route module loads (so at start-up).
import { describe, expect, it } from "vitest";
import type { ApiArea } from "#server/http/openapi";
import { authoringApi } from "#server/authoring";
import { operationRoute, method, publicMethod } from "./operation-route.server";

const run = async () => ({ ok: true });

describe("operationRoute", () => {
  it("takes methods whose operations exist with that method and declare roles", () => {
    const route = operationRoute({ PATCH: method({ operation: [authoringApi, "adminUpdateModule"], run }) });
    expect(typeof route.loader).toBe("function");
  });

  it("refuses an operation of another method", () => {
    expect(() => operationRoute({ POST: method({ operation: [authoringApi, "adminUpdateModule"], run }) })).toThrow(/no POST operation adminUpdateModule/);
  });

  it("refuses an operation the contract does not have", () => {
    expect(() => operationRoute({ GET: method({ operation: [authoringApi, "adminNoSuchThing"], run }) })).toThrow(/no GET operation adminNoSuchThing/);
  });

  const withAuth = (auth: ApiArea["operations"][number]["auth"]): ApiArea => ({
    ...authoringApi,
    operations: authoringApi.operations.map((o) => (o.operationId === "adminUpdateModule" ? { ...o, auth } : o)),
  });

  it("refuses an operation whose roles are none of the application's (no default list)", () => {
    const area = withAuth({ kind: "session", roles: ["nobody"] as never });
    expect(() => operationRoute({ PATCH: method({ operation: [area, "adminUpdateModule"], run }) })).toThrow(/declares no application role/);
  });

  it("refuses a public operation (it has no session to check)", () => {
    const area = withAuth({ kind: "public" });
    expect(() => operationRoute({ PATCH: method({ operation: [area, "adminUpdateModule"], run }) })).toThrow(/is not one of a session/);
  });

  it("a public method serves only a public or session-optional operation", () => {
    expect(() => operationRoute({ PATCH: publicMethod({ operation: [authoringApi, "adminUpdateModule"], run }) })).toThrow(/is not a public one/);
    const area = withAuth({ kind: "public" });
    expect(typeof operationRoute({ PATCH: publicMethod({ operation: [area, "adminUpdateModule"], run }) }).loader).toBe("function");
  });

  it("takes a session operation without roles as one for any signed-in person", () => {
    const area = withAuth({ kind: "session" });
    expect(typeof operationRoute({ PATCH: method({ operation: [area, "adminUpdateModule"], run }) }).action).toBe("function");
  });

  it("every /api route module in the app loads (each operationRoute method passed the checks)", async () => {
    const modules = import.meta.glob("../routes/api/**/*.ts");
    expect(Object.keys(modules).length).toBeGreaterThan(60);
    for (const load of Object.values(modules)) await expect(load()).resolves.toBeDefined();
  });

  it("every /api route module is one shape: an operationRoute (the /api 404 alone has no operation)", () => {
    const sources = import.meta.glob("../routes/api/**/*.ts", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
    const others = Object.entries(sources)
      .filter(([file]) => !file.endsWith("/not-found.ts"))
      .filter(([, source]) => !/= (operationRoute|providerTokenRoute)\(/.test(source) || /export const (loader|action) = (?!route\.)/.test(source))
      .map(([file]) => file);
    expect(others).toEqual([]);
  });
});
