// Integration tests run the production build; build it once when it is missing.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export default function setup() {
  const root = path.resolve(import.meta.dirname, "../..");
  const entry = path.join(root, process.env.BUILD_DIR ?? "build", "server/index.js");
  if (process.env.SKIP_BUILD === "1" && fs.existsSync(entry)) return;
  if (!fs.existsSync(entry) || process.env.FORCE_BUILD === "1") {
    execFileSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], { cwd: root, stdio: "inherit" });
  }
}
