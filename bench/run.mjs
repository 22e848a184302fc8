// `npm run bench`: the production build against a fresh PostgreSQL database with the
// demo seed, side by side with bare baselines on the same database in the same run
// (bench/bare.mjs: node:http + pg doing the same queries and answering the same JSON, and
// a bare renderToString of the same pages). Loads each pair with autocannon, one after
// the other, and writes requests/s, latency and the app/bare ratios with the targets (docs/decisions/platform/a-fast-request-pipeline.md
// > A fast request pipeline) to bench/results.json. Timings are only measured here, never asserted in tests.
//
// Two configurations of the same build are measured: the default (the answer cache on)
// and ANSWER_CACHE_SECONDS=0 (every answer rendered; the catalog's data from memory).
//
// BENCH_DURATION (s per measurement, default 10), BENCH_CONNECTIONS (default 50),
// BENCH_ROUNDS (default 1; with more, each figure is the median of the rounds and the
// order bare/app alternates), BENCH_WARMUP (s, default 2). The jobs figure follows
// (bench/jobs.mjs; the `jobs` key; BENCH_JOBS=0 skips it and keeps the last one), then the
// signed-in student's paths at scale (bench/students.mjs; the `students` key;
// BENCH_STUDENTS=0 skips them).
import { spawn, execSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { buildAppIfMissing } from "../scripts/build-app.mjs";
import { measureJobs } from "./jobs.mjs";
import { measureStudents, printTable as printStudentsTable } from "./students.mjs";
import { freePort, scratchDatabase, waitUntilAnswering } from "../scripts/harness.mjs";

const root = path.resolve(import.meta.dirname, "..");
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const warmup = Number(process.env.BENCH_WARMUP ?? 2);
const base = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const buildDir = process.env.BUILD_DIR ?? "build";
const COURSE = "riadenie-sportoveho-klubu";

if (!buildAppIfMissing()) process.exit(1);

const { name, url, admin } = await scratchDatabase(base, "bench_lp");

const children = [];
// one session secret for the apps and the bare server: the keys of signed media URLs
const sessionSecret = randomBytes(32).toString("hex");

function start(args, env) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: { PATH: process.env.PATH, NODE_ENV: "production", SESSION_SECRET: sessionSecret, ...env },
  });
  children.push(child);
  return child;
}

async function startApp(extraEnv) {
  const port = await freePort();
  const host = `localhost:${port}`;
  start(["server.mjs"], {
    ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://${host}`,
    DATABASE_URL: url.href,
    SEED_DEMO_DATA: "true",
    LOG_LEVEL: "warn",
    // limits stay on (the limiter's work is measured) but high enough never to refuse
    RATE_LIMIT_CATALOG_PER_MIN: "100000000",
    RATE_LIMIT_PREVIEW_PER_MIN: "100000000",
    RATE_LIMIT_PUBLIC_PER_MIN: "100000000",
    ...extraEnv,
  });
  await waitUntilAnswering(`http://127.0.0.1:${port}/api/courses`, { host });
  return { origin: `http://127.0.0.1:${port}`, host };
}
// The app as configured by default (the answer cache on), and the same build with the
// answer cache off (every answer goes through React Router; catalog data from memory).
// The first one migrates and seeds the database; the others only read it.
const app = { name: "app", ...(await startApp({})) };
const appUncached = { name: "appUncached", ...(await startApp({ ANSWER_CACHE_SECONDS: "0" })) };
const barePort = await freePort();
start(["bench/bare.mjs", String(barePort), url.href, buildDir], {});
const bareHost = `127.0.0.1:${barePort}`;
await waitUntilAnswering(`http://${bareHost}/api/courses`, { host: bareHost });
const bare = { name: "bare", origin: `http://${bareHost}`, host: bareHost };
const servers = [bare, app, appUncached];
const get = async (server, p, headers = {}) => fetch(server.origin + p, { headers: { host: server.host, ...headers } });

// Same answers: the JSON bodies are equal, the pages' <main> are equal (React hoists image
// preloads into a bare render without <head>; they are left out of the comparison).
// Signed media URLs name the server's own origin, and the minute they were signed in.
const mainOf = (html) =>
  (html.match(/<main id="obsah">([\s\S]*?)<\/main>/)?.[1] ?? "")
    .replace(/<link rel="preload" as="image" href="[^"]*"\/>/g, "")
    .replace(/https?:\/\/[^/"]+\/local-video\//g, "/local-video/")
    .replace(/exp=\d+&amp;sig=[0-9a-f]+/g, "exp=…&amp;sig=…");
// (three times from each app: the later ones come from the answer cache)
const sameness = {};
for (const [key, p, view] of [
  ["catalogJson", "/api/courses", (text) => JSON.stringify(JSON.parse(text))],
  ["catalogPage", "/", mainOf],
  ["coursePage", `/kurzy/${COURSE}`, mainOf],
]) {
  const expected = view(await get(bare, p).then((r) => r.text()));
  const answers = [];
  for (const server of [app, app, app, appUncached]) answers.push(view(await get(server, p).then((r) => r.text())));
  sameness[key] = expected.length > 0 && answers.every((a) => a === expected);
  if (!sameness[key]) console.warn(`warning: ${key}: the app and the bare baseline answer differently`);
}
const catalogEtag = (await get(app, "/api/courses")).headers.get("etag");

async function load(server, p, headers = {}, seconds = duration) {
  const r = await autocannon({ url: server.origin + p, headers: { host: server.host, ...headers }, connections, duration: seconds });
  return {
    requestsPerSecond: Math.round(r.requests.average),
    latencyMs: { p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max },
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

const pairs = [
  { key: "catalogJson", endpoint: "GET /api/courses", path: "/api/courses", target: { rpsRatioAtLeast: 0.6, p99RatioAtMost: 2 } },
  { key: "catalogPage", endpoint: "GET / (catalog page)", path: "/", target: { rpsRatioAtLeast: 0.5 } },
  { key: "coursePage", endpoint: `GET /kurzy/${COURSE} (course page)`, path: `/kurzy/${COURSE}`, target: { rpsRatioAtLeast: 0.5 } },
];
// the app alone (no bare counterpart): the course detail and a revalidation with If-None-Match
const singles = [
  { key: "courseJson", endpoint: `GET /api/courses/${COURSE}`, path: `/api/courses/${COURSE}` },
  ...(catalogEtag
    ? [{ key: "catalogJson304", endpoint: "GET /api/courses with If-None-Match (304)", path: "/api/courses", headers: { "if-none-match": catalogEtag } }]
    : []),
];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const summarize = (runs) => ({
  requestsPerSecond: Math.round(median(runs.map((r) => r.requestsPerSecond))),
  latencyMs: {
    p50: median(runs.map((r) => r.latencyMs.p50)),
    p99: median(runs.map((r) => r.latencyMs.p99)),
    max: Math.max(...runs.map((r) => r.latencyMs.max)),
  },
  requests: runs.reduce((n, r) => n + r.requests, 0),
  non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
  errors: runs.reduce((n, r) => n + r.errors, 0),
});

const results = [];
try {
  if (warmup > 0) {
    for (const pair of pairs) for (const server of servers) await load(server, pair.path, {}, warmup);
    for (const single of singles) await load(app, single.path, single.headers, warmup);
  }
  const runs = Object.fromEntries([...pairs, ...singles].map((t) => [t.key, { app: [], appUncached: [], bare: [] }]));
  for (let round = 0; round < rounds; round++) {
    for (const pair of pairs) {
      const order = round % 2 === 0 ? servers : [...servers].reverse();
      for (const server of order) {
        const r = await load(server, pair.path);
        runs[pair.key][server.name].push(r);
        console.log(`${pair.endpoint} [${server.name}]: ${r.requestsPerSecond} req/s, p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms`);
      }
    }
    for (const single of singles) {
      const r = await load(app, single.path, single.headers);
      runs[single.key].app.push(r);
      console.log(`${single.endpoint} [app]: ${r.requestsPerSecond} req/s, p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms`);
    }
  }
  const ratios = (a, b, target) => {
    const requestsPerSecond = Math.round((a.requestsPerSecond / b.requestsPerSecond) * 100) / 100;
    const p99 = Math.round((a.latencyMs.p99 / Math.max(b.latencyMs.p99, 1)) * 100) / 100;
    const met = requestsPerSecond >= target.rpsRatioAtLeast && (target.p99RatioAtMost === undefined || p99 <= target.p99RatioAtMost);
    return { requestsPerSecond, p99, met };
  };
  for (const pair of pairs) {
    const a = summarize(runs[pair.key].app);
    const u = summarize(runs[pair.key].appUncached);
    const b = summarize(runs[pair.key].bare);
    const { met, ...ratio } = ratios(a, b, pair.target);
    const uncached = ratios(u, b, pair.target);
    results.push({
      endpoint: pair.endpoint,
      app: a,
      bare: b,
      ratio,
      target: pair.target,
      met,
      appWithoutAnswerCache: { ...u, ratio: { requestsPerSecond: uncached.requestsPerSecond, p99: uncached.p99 }, met: uncached.met },
      sameAnswer: sameness[pair.key],
    });
  }
  for (const single of singles) results.push({ endpoint: single.endpoint, app: summarize(runs[single.key].app) });
} finally {
  // let the last answers go out before stopping
  await new Promise((r) => setTimeout(r, 500));
  for (const child of children) child.kill("SIGTERM");
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once("exit", r)) : null)));
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

for (const [title, pick] of [
  ["app / bare (same run)", (r) => r],
  ["app without the answer cache (ANSWER_CACHE_SECONDS=0) / bare", (r) => ({ ...r, ...r.appWithoutAnswerCache })],
]) {
  console.log(`\n${title}:`);
  for (const r of results.filter((x) => x.ratio).map(pick)) {
    const p99 = r.target.p99RatioAtMost !== undefined ? `, p99 ${r.ratio.p99}× (target ≤ ${r.target.p99RatioAtMost}×)` : `, p99 ${r.ratio.p99}×`;
    console.log(
      `  ${r.endpoint}: ${Math.round(r.ratio.requestsPerSecond * 100)} % of the bare requests/s (target ≥ ${r.target.rpsRatioAtLeast * 100} %)${p99} ${r.met ? "met" : "NOT MET"}`,
    );
  }
}

// jobs: 200 paid orders → invoice PDFs and e-mails (bench/jobs.mjs, also `npm run
// bench:jobs`), on a database of its own: BENCH_JOBS=0 skips it and keeps the last figure
// in bench/results.json
const resultsFile = path.join(root, "bench/results.json");
const previous = fs.existsSync(resultsFile) ? JSON.parse(fs.readFileSync(resultsFile, "utf8")) : {};
let jobs = previous.jobs ?? null;
if (process.env.BENCH_JOBS !== "0") {
  jobs = await measureJobs({ base });
  console.log(
    `\njobs: ${jobs.paidOrders} paid orders → invoice PDFs in ${jobs.invoicePdfsDoneSeconds} s, e-mails in ${jobs.emailsDoneSeconds} s (target ≤ ${jobs.targetSeconds} s) ${jobs.met ? "met" : "NOT MET"}`,
  );
}

// the signed-in student's paths at 1 and at 125,000 enrollments beside their bare twins
// (bench/students.mjs, also `npm run bench:students`; about ten minutes): BENCH_STUDENTS=0
// skips them and keeps the last figures in bench/results.json
let students = previous.students ?? null;
if (process.env.BENCH_STUDENTS !== "0") students = await measureStudents();
if (students) printStudentsTable(students);

let commit = "unknown";
try {
  commit = execSync("git rev-parse --short HEAD", { cwd: root }).toString().trim();
} catch {}
const cpus = os.cpus();
const out = {
  date: new Date().toISOString(),
  commit,
  machine: {
    cpu: cpus[0]?.model?.trim() ?? "unknown",
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverageAtEnd: os.loadavg().map((x) => Math.round(x * 100) / 100),
  },
  node: process.version,
  database: "PostgreSQL server (same database for app and bare)",
  durationSecondsPerMeasurement: duration,
  connections,
  rounds,
  results,
  ...(jobs ? { jobs } : {}),
  ...(students ? { students } : {}),
};
fs.writeFileSync(resultsFile, JSON.stringify(out, null, 2) + "\n");
console.log("wrote bench/results.json");
