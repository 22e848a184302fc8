import path from "node:path";
import { describe, expect, it } from "vitest";
import fs from "node:fs";
import { ISOMORPHIC, serverOnlyGuard } from "./server-only-guard";

const root = "/project";
const guard = serverOnlyGuard(root);
const load = guard.load as (this: unknown, id: string) => unknown;
const applies = guard.applyToEnvironment as (env: { name: string }) => boolean;

describe("server-only guard (Vite)", () => {
  it("applies to the client build only", () => {
    expect(applies({ name: "client" })).toBe(true);
    expect(applies({ name: "ssr" })).toBe(false);
  });

  it("stops the client build when a module under server/ or jobs/ is loaded", () => {
    expect(() => load.call({}, path.join(root, "server/db/client.ts"))).toThrow(/server\/db\/client\.ts was pulled into the browser bundle/);
    expect(() => load.call({}, path.join(root, "jobs/index.ts?v=1"))).toThrow(/jobs\/index\.ts/);
  });

  it("lets shared/ through (the plural helper, formats, calendar), never a server module that re-used them", () => {
    expect(load.call({}, path.join(root, "shared/plural.ts"))).toBeNull();
    expect(() => load.call({}, path.join(root, "server/money/index.ts"))).toThrow(/server\/money\/index\.ts/);
    for (const file of ISOMORPHIC) expect(fs.readFileSync(path.join(process.cwd(), file), "utf8")).not.toMatch(/^\s*(import|export .* from)\s/m);
  });

  it("lets everything else through", () => {
    expect(load.call({}, path.join(root, "app/routes/catalog.tsx"))).toBeNull();
    expect(load.call({}, path.join(root, "server-side-rendering.ts"))).toBeNull();
    expect(load.call({}, "/other/server/x.ts")).toBeNull();
  });
});
