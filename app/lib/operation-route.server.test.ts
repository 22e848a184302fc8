// operationRoute denies by default: every method names a contract operation of that method
// that declares its roles, checked when the route module loads (so at start-up).
import { describe, expect, it } from "vitest";
import type { ApiArea } from "#server/http/openapi";
import { authoringApi } from "#server/authoring";
import { operationRoute, method } from "./operation-route.server";

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

  it("refuses an operation that declares no application role (no default list)", () => {
    const area: ApiArea = {
      ...authoringApi,
      operations: authoringApi.operations.map((o) => (o.operationId === "adminUpdateModule" ? { ...o, auth: { kind: "session" as const } } : o)),
    };
    expect(() => operationRoute({ PATCH: method({ operation: [area, "adminUpdateModule"], run }) })).toThrow(/no roles declared|declares no application role/);
  });

  it("every authoring route module in the app loads (each of its methods passed the checks)", async () => {
    const modules = import.meta.glob("../routes/api/admin/{authoring,enrollments,uploads}/*.ts");
    expect(Object.keys(modules).length).toBeGreaterThan(30);
    for (const load of Object.values(modules)) await expect(load()).resolves.toBeDefined();
  });
});
