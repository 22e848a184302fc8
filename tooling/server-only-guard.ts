// Vite plugin: server code can never reach the browser bundle. Any module under server/
// or jobs/ that the client build would load stops the build with the chain's start.
// React Router's own guard covers *.server.ts files and .server/ folders; this covers the
// server tree, whose files are not named *.server.ts (docs/decisions.md > Server-only code).
import path from "node:path";
import type { Plugin } from "vite";

export function serverOnlyGuard(root: string = process.cwd()): Plugin {
  const forbidden = ["server", "jobs"].map((dir) => path.join(root, dir) + path.sep);
  return {
    name: "server-only-guard",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    load(id) {
      const file = id.split("?")[0];
      if (forbidden.some((dir) => file.startsWith(dir))) {
        throw new Error(
          `Server-only module ${path.relative(root, file)} was pulled into the browser bundle. ` +
            `Import it only from loaders, actions, middleware or *.server.ts modules.`,
        );
      }
      return null;
    },
  };
}
