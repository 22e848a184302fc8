// The one way scripts and tests build the app: React Router's build (node_modules/
// @react-router/dev/bin.cjs) run with this Node, into BUILD_DIR (default build/).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");

/** The build's server entry, `<BUILD_DIR>/server/index.js`. */
export function buildEntry(env = process.env) {
  return path.join(root, env.BUILD_DIR ?? "build", "server/index.js");
}

/** Builds the app; returns true when the build succeeded. Output goes to this terminal. */
export function buildApp(options = {}) {
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], {
    cwd: root,
    stdio: options.stdio ?? "inherit",
    env: { ...process.env, ...options.env },
  });
  return result.status === 0;
}

/** Builds only when the server entry is missing. */
export function buildAppIfMissing(options = {}) {
  return fs.existsSync(buildEntry({ ...process.env, ...options.env })) || buildApp(options);
}
