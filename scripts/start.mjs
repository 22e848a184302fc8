// `npm start`: build when the build is missing or older than the sources, then serve.
import fs from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
import { buildApp, buildEntry, root } from "./build-app.mjs";

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

const entry = buildEntry();
const builtAt = fs.existsSync(entry) ? fs.statSync(entry).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newestMtime))) {
  console.log("building the app …");
  if (!buildApp()) process.exit(1);
}
const child = spawn(process.execPath, [path.join(root, "server.mjs"), ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
