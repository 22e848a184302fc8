// Production rehearsal (docs/operations.md > Production rehearsal; issue 28, items 10 and 12).
//
//   node scripts/rehearse-production.mjs [--stage] [--keep]
//
// --stage: first follows the Dockerfile's stages by hand in a clean folder, as an operator
//   without a container daemon would: `deps` (package.json + lock, `npm ci --ignore-scripts`),
//   `build` (the repository as `COPY . .` sees it through .dockerignore, `npm run build`,
//   `npm prune --omit=dev --ignore-scripts`), `runtime` (only the files the runtime stage
//   copies). The rehearsal then runs that runtime folder's artefact. Without --stage it runs
//   this checkout's build/ (built first when missing).
// The rehearsal itself (scripts/rehearsal/rehearse.ts, bundled here with esbuild) starts the
// artefact with APP_ENV=production against separate processes (OpenID provider, SMTP with
// AUTH, payment gateway, Mux-protocol stand-in) and walks sign-in → build and publish a
// course → buy → invoice e-mail → learn → certificate → sign-out. Exit code 0 or 1; the last
// line says which (`rehearsal: passed in …` or `rehearsal: FAILED at <step>: …`).
// The database: a fresh one on REHEARSAL_DATABASE_URL or TEST_DATABASE_URL's server
// (default postgres://postgres@127.0.0.1:5432/postgres), dropped at the end.
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildAppIfMissing, root } from "./build-app.mjs";

const args = new Set(process.argv.slice(2));
const say = (text) => process.stdout.write(`rehearsal: ${text}\n`);
/** the staging folder, removed on the way out unless --keep */
let stagingDir = null;
const fail = (text) => {
  say(`FAILED at ${text}`);
  if (stagingDir && !args.has("--keep")) fs.rmSync(stagingDir, { recursive: true, force: true });
  process.exit(1);
};

function run(step, command, commandArgs, cwd) {
  const t = Date.now();
  const result = spawnSync(command, commandArgs, { cwd, stdio: ["ignore", "pipe", "pipe"], env: process.env, maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    process.stdout.write(`${result.stdout}\n${result.stderr}\n`);
    fail(`${step}: \`${command} ${commandArgs.join(" ")}\` exited with ${result.status ?? result.signal}`);
  }
  say(`${step}: ${command} ${commandArgs.join(" ")} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
}

/** .dockerignore's patterns (names and `prefix*` at the top level: all this file uses). */
function dockerIgnored() {
  const patterns = fs
    .readFileSync(path.join(root, ".dockerignore"), "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  return (relative) => {
    const top = relative.split(path.sep)[0];
    return patterns.some((p) => (p.endsWith("*") ? top.startsWith(p.slice(0, -1)) : top === p));
  };
}

/** The Dockerfile's stages in a clean folder; answers the runtime folder. */
function stageLikeTheDockerfile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-image-"));
  stagingDir = dir;
  const buildDir = path.join(dir, "build-stage");
  const runtimeDir = path.join(dir, "runtime");
  fs.mkdirSync(buildDir);
  // FROM … AS deps: COPY package.json package-lock.json ./; RUN npm ci --ignore-scripts
  for (const file of ["package.json", "package-lock.json"]) fs.copyFileSync(path.join(root, file), path.join(buildDir, file));
  run("deps stage", "npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--prefer-offline"], buildDir);
  // FROM deps AS build: COPY . . (through .dockerignore)
  const ignored = dockerIgnored();
  fs.cpSync(root, buildDir, {
    recursive: true,
    filter: (source) => {
      const relative = path.relative(root, source);
      return relative === "" || !ignored(relative);
    },
  });
  // RUN npm run build && npm prune --omit=dev --ignore-scripts
  run("build stage", "npm", ["run", "build"], buildDir);
  run("build stage", "npm", ["prune", "--omit=dev", "--ignore-scripts", "--no-audit", "--no-fund"], buildDir);
  // FROM node AS runtime: COPY --from=build only these
  fs.mkdirSync(runtimeDir);
  for (const entry of ["package.json", "node_modules", "build", "drizzle", "public", "media", "server.mjs"]) {
    fs.cpSync(path.join(buildDir, entry), path.join(runtimeDir, entry), { recursive: true, verbatimSymlinks: true });
  }
  fs.rmSync(buildDir, { recursive: true, force: true });
  const devLeft = ["vitest", "vite", "@playwright/test", "smtp-server", "drizzle-kit"].filter((name) =>
    fs.existsSync(path.join(runtimeDir, "node_modules", name)),
  );
  if (devLeft.length) fail(`runtime stage: development packages left after the prune: ${devLeft.join(", ")}`);
  // no second Node binary (the `node` dependency's install script never ran)
  const bigFiles = [];
  for (const entry of fs.readdirSync(path.join(runtimeDir, "node_modules"), { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && fs.statSync(path.join(entry.parentPath, entry.name)).size > 50 * 1024 * 1024)
      bigFiles.push(path.relative(runtimeDir, path.join(entry.parentPath, entry.name)));
  }
  if (bigFiles.length) fail(`runtime stage: files over 50 MB in node_modules (a second Node binary?): ${bigFiles.join(", ")}`);
  say(`runtime stage: ${runtimeDir} (${fs.readdirSync(runtimeDir).sort().join(", ")})`);
  return { dir, runtimeDir };
}

let staged = null;
let appDir = root;
if (args.has("--stage")) {
  staged = stageLikeTheDockerfile();
  appDir = staged.runtimeDir;
} else if (!buildAppIfMissing()) {
  fail("build: npm run build failed");
}

// the walk and the outside systems: TypeScript from this repository, bundled for this Node
// (dependencies stay in this checkout's node_modules, where the bundle lives)
const bundle = path.join(root, "node_modules/.cache/rehearsal/rehearse.mjs");
const esbuild = await import("esbuild");
await esbuild.build({
  entryPoints: [path.join(root, "scripts/rehearsal/rehearse.ts")],
  outfile: bundle,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  logLevel: "warning",
});

const child = spawn(process.execPath, [bundle], {
  stdio: "inherit",
  env: { ...process.env, REHEARSAL_APP_DIR: appDir, REHEARSAL_REPO_DIR: root },
});
const code = await new Promise((resolve) => child.on("exit", (c, signal) => resolve(c ?? (signal ? 1 : 0))));
if (staged && !args.has("--keep")) fs.rmSync(staged.dir, { recursive: true, force: true });
process.exit(code);
