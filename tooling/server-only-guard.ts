// Vite plugin: server code can never reach the browser bundle. Any module under server/
// or jobs/ that the client build would load stops the build with the chain's start.
// React Router's own guard covers *.server.ts files and .server/ folders; this covers the
// server tree, whose files are not named *.server.ts (docs/decisions/README.md > Server-only code).
import path from "node:path";
import type { Plugin } from "vite";

/**
 * Modules under server/ the browser may load too: none. What both sides share lives in
 * shared/ (plural, calendar, Slovak formats, ids, the watch ratio), outside this guard
 * (docs/decisions/platform/kernel-and-shared.md).
 */
export const ISOMORPHIC: string[] = [];

export function serverOnlyGuard(root: string = process.cwd()): Plugin {
  const forbidden = ["server", "jobs"].map((dir) => path.join(root, dir) + path.sep);
  const allowed = new Set(ISOMORPHIC.map((file) => path.join(root, file)));
  return {
    name: "server-only-guard",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    load(id) {
      const file = id.split("?")[0];
      if (!allowed.has(file) && forbidden.some((dir) => file.startsWith(dir))) {
        throw new Error(
          `Server-only module ${path.relative(root, file)} was pulled into the browser bundle. ` +
            `Import it only from loaders, actions, middleware or *.server.ts modules.`,
        );
      }
      return null;
    },
  };
}
