// Integration tests run the production build (BUILD_DIR, default build/); build it once
// when it is missing, or always with FORCE_BUILD=1. `npm test` builds first and sets SKIP_BUILD.
import fs from "node:fs";
import { buildApp, buildEntry } from "../../scripts/build-app.mjs";

export default function setup() {
  const built = fs.existsSync(buildEntry());
  if (process.env.SKIP_BUILD === "1" && built) return;
  if (!built || process.env.FORCE_BUILD === "1") {
    if (!buildApp()) throw new Error("the app did not build (see the output above)");
  }
}
