// `npm start`: build when the build is missing or older than the sources, then serve.
import fs from "node:fs";
import path from "node:path";
import { spawnSync, spawn } from "node:child_process";

const root = path.resolve(import.meta.dirname, "..");
const buildEntry = path.join(root, process.env.BUILD_DIR ?? "build", "server/index.js");
const sources = ["app", "server", "jobs", "public", "react-router.config.ts", "vite.config.ts", "package-lock.json"];

function newestMtime(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const builtAt = fs.existsSync(buildEntry) ? fs.statSync(buildEntry).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newestMtime))) {
  console.log("building the app …");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const child = spawn(process.execPath, [path.join(root, "server.mjs"), ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
