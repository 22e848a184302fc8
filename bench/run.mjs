// `npm run bench`: the production build against a fresh PostgreSQL database with the
// demo seed, loaded with autocannon; writes requests/s and p50/p99 latency per endpoint
// to bench/results.json. Timings are only measured here, never asserted in tests.
import { spawn, execSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { buildAppIfMissing } from "../scripts/build-app.mjs";

const root = path.resolve(import.meta.dirname, "..");
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const base = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

if (!buildAppIfMissing()) process.exit(1);

const name = `bench_lp_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;

const port = await new Promise((resolve) => {
  const s = net.createServer().listen(0, "127.0.0.1", () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const origin = `http://localhost:${port}`;
const server = spawn(process.execPath, ["server.mjs"], {
  cwd: root,
  stdio: "inherit",
  env: {
    PATH: process.env.PATH, ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}), PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: origin, DATABASE_URL: url.href,
    SEED_DEMO_DATA: "true", LOG_LEVEL: "warn", NODE_ENV: "production",
    RATE_LIMIT_CATALOG_PER_MIN: "100000000", RATE_LIMIT_PREVIEW_PER_MIN: "100000000", RATE_LIMIT_PUBLIC_PER_MIN: "100000000",
  },
});
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${origin}/api/courses`)).ok) break;
  } catch {}
  if (i > 300) throw new Error("server did not start");
  await new Promise((r) => setTimeout(r, 200));
}

const targets = [
  { name: "GET /api/courses", path: "/api/courses" },
  { name: "GET /api/courses/<slug>", path: "/api/courses/riadenie-sportoveho-klubu" },
  { name: "GET / (catalog page)", path: "/" },
];
const results = [];
try {
  for (const t of targets) {
    const r = await autocannon({ url: origin + t.path, connections, duration });
    results.push({
      endpoint: t.name,
      requestsPerSecond: Math.round(r.requests.average),
      latencyMs: { p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max },
      requests: r.requests.total,
      non2xx: r.non2xx,
      errors: r.errors,
    });
    console.log(`${t.name}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`);
  }
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

let commit = "unknown";
try {
  commit = execSync("git rev-parse --short HEAD", { cwd: root }).toString().trim();
} catch {}
const out = {
  date: new Date().toISOString(),
  commit,
  node: process.version,
  database: "PostgreSQL server",
  durationSecondsPerEndpoint: duration,
  connections,
  results,
};
fs.writeFileSync(path.join(root, "bench/results.json"), JSON.stringify(out, null, 2) + "\n");
console.log("wrote bench/results.json");
