// `npm run bench:students` (also part of `npm run bench`): what a signed-in student
// does, at scale. On a fresh PostgreSQL database the production build migrates and seeds
// the demo catalog; the demo student Jana Nováková signs in through the local provider
// (the app makes her session row and sealed cookie itself) and buys the largest demo
// course through the sandbox gateway. Her paths are loaded with autocannon twice: with her
// enrollment the only one in the database, then after bench/scale-data.mjs has made, in
// SQL, BENCH_ENROLLMENTS (default 125,000) other students' enrollments over the demo
// courses with about 1,000,000 part progress rows, 250,000 test attempts and 50,000
// certificates, and as many other sessions (VACUUM ANALYZE after, as autovacuum would).
//
// Beside the app, every path has a bare baseline on the same database in the same run
// (bench/bare-students.mjs: node:http + pg, the session looked up by id, its own SQL, the
// published structure in memory, the pages rendered from the app's route components); the
// answers are compared equal first, as bench/run.mjs does for the catalog, and a
// difference is printed as a warning (`sameAnswer: false` in the row):
// - JSON paths: the bodies (asked again up to twice when they differ: signed media URLs
//   name the second they were signed in);
// - pages: the whole document with the nonces, React's Suspense markers and the chunking of
//   the streamed loader data taken out; the loader data itself compared decoded;
// - progress writes: the app reports the block once first (so that both then re-read the
//   same block, which is what the load repeats), then the app and the bare server once
//   each; their answers and what each left in the database (the part's row, the
//   enrollment's counters, completions, jobs; times as present or not) compared;
// - the attempt pair: a start and a submit on each, once with the first answer by id of
//   every question and once with the correct ones (a pass, and what it writes); answers
//   compared with ids, times and the attempts left taken out and the randomized orders
//   sorted, and the attempt rows, their keys' stored answers and the enrollment after each.
// The bare server's CPU time per answer is measured as the app's.
//
// The attempt start and its submit cannot be repeated under load by one student (the
// test's attempt limit, one attempt in progress at a time): they are timed as sequential
// start → submit pairs (BENCH_ATTEMPT_PAIRS, default 200) on the course's first part test,
// whose attempt limit this bench lifts in its own database (bench/scale-data.mjs), on the
// app, then on the bare server; each submit gives the first answer by id of every
// question (the same outcome every time, on both).
//
// Writes the `students` key of bench/results.json (other keys kept). Timings are only
// measured here, never asserted in tests. BENCH_DURATION (s, default 10),
// BENCH_CONNECTIONS (default 50), BENCH_WARMUP (s, default 2), BENCH_APP_NODE_ARGS (Node flags for
// the app, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" for a CPU profile under load),
// BENCH_COMPARE_BUILD_DIR (a second build, e.g. of the commit before a change, served beside the
// app on the same database; every path is loaded on both in turn: before/after on one busy machine;
// BENCH_COMPARE_NODE_ARGS: its Node flags; BENCH_APP_ENTRY / BENCH_COMPARE_ENTRY: another
// server entry than server.mjs for either),
// BENCH_ONLY (comma-separated row keys, e.g. "verify,attemptStartSubmit": only those rows),
// BENCH_SLICES (each server's BENCH_DURATION cut into that many slices, taken in turn).
import { spawn, execSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { buildAppIfMissing } from "../scripts/build-app.mjs";
import { buyThroughSandbox, makeLearningData, makeSessions, openFirstPartTest, signIn, STUDENT_MIX } from "./scale-data.mjs";
import { freePort, scratchDatabase, waitUntilAnswering } from "../scripts/harness.mjs";

const root = path.resolve(import.meta.dirname, "..");
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const warmup = Number(process.env.BENCH_WARMUP ?? 2);
const N = Number(process.env.BENCH_ENROLLMENTS ?? 125_000);
const PAIRS = Number(process.env.BENCH_ATTEMPT_PAIRS ?? 200);
const base = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const buildDir = process.env.BUILD_DIR ?? "build";
const COURSE = "riadenie-sportoveho-klubu";
const STUDENT = {
  email: "jana.novakova@demo.sk",
  address: {
    firstName: "Jana",
    lastName: "Nováková",
    email: "jana.novakova@demo.sk",
    street: "Hlavná 1",
    city: "Bratislava",
    postalCode: "811 01",
    country: "SK",
  },
};

export async function measureStudents() {
  const loadAverageAtStart = os.loadavg().map((x) => Math.round(x * 100) / 100);
  if (!buildAppIfMissing()) throw new Error("the build failed");
  const { name, url, admin } = await scratchDatabase(base, "bench_st");
  const children = [];
  const sessionSecret = randomBytes(32).toString("hex");
  const start = (args, env) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit"],
      env: { PATH: process.env.PATH, NODE_ENV: "production", SESSION_SECRET: sessionSecret, ...env },
    });
    children.push(child);
    return child;
  };
  const db = new pg.Client({ connectionString: url.href });
  db.on("error", () => {}); // the database is dropped at the end
  try {
    const port = await freePort();
    const host = `localhost:${port}`;
    // BENCH_APP_NODE_ARGS: extra Node flags for the app, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
    // BENCH_APP_ENTRY / BENCH_COMPARE_ENTRY: another server entry (a copy of an older server.mjs
    // beside its build), so a change to server.mjs itself can be compared in one run
    const appChild = start([...(process.env.BENCH_APP_NODE_ARGS?.split(" ").filter(Boolean) ?? []), process.env.BENCH_APP_ENTRY ?? "server.mjs"], {
      ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://${host}`,
      DATABASE_URL: url.href,
      SEED_DEMO_DATA: "true",
      LOG_LEVEL: "warn",
      // limits stay on (their work is measured) but high enough never to refuse
      RATE_LIMIT_CATALOG_PER_MIN: "100000000",
      RATE_LIMIT_PREVIEW_PER_MIN: "100000000",
      RATE_LIMIT_PUBLIC_PER_MIN: "100000000",
      RATE_LIMIT_ATTEMPT_STARTS_PER_15MIN: "100000000",
      RATE_LIMIT_LOGIN_PER_15MIN: "100000",
    });
    const app = { name: "app", origin: `http://127.0.0.1:${port}`, host, pid: appChild.pid };
    await waitUntilAnswering(`${app.origin}/api/courses`, { host: host });
    // BENCH_COMPARE_BUILD_DIR: a second app from another build (e.g. the commit before a change)
    // on the same database and secret; each path is loaded on both, one after the other
    let compare = null;
    if (process.env.BENCH_COMPARE_BUILD_DIR) {
      const comparePort = await freePort();
      const compareChild = start(
        [...(process.env.BENCH_COMPARE_NODE_ARGS?.split(" ").filter(Boolean) ?? []), process.env.BENCH_COMPARE_ENTRY ?? "server.mjs"],
        {
          BUILD_DIR: process.env.BENCH_COMPARE_BUILD_DIR,
          PORT: String(comparePort),
          HOST: "127.0.0.1",
          PUBLIC_URL: `http://${host}`,
          DATABASE_URL: url.href,
          LOG_LEVEL: "warn",
          RATE_LIMIT_CATALOG_PER_MIN: "100000000",
          RATE_LIMIT_PREVIEW_PER_MIN: "100000000",
          RATE_LIMIT_PUBLIC_PER_MIN: "100000000",
          RATE_LIMIT_ATTEMPT_STARTS_PER_15MIN: "100000000",
          RATE_LIMIT_LOGIN_PER_15MIN: "100000",
        },
      );
      compare = { name: "compare", origin: `http://127.0.0.1:${comparePort}`, host, pid: compareChild.pid };
      await waitUntilAnswering(`${compare.origin}/api/courses`, { host: host });
    }
    await db.connect();

    // the demo student: signed in by the app, buys the course through the sandbox
    const origin = `http://${host}`;
    const cookie = await signIn(origin, STUDENT.email);
    const { data: courses } = await (await fetch(`${origin}/api/courses`)).json();
    const course = courses.find((c) => c.slug === COURSE);
    await buyThroughSandbox(origin, cookie, course._id, STUDENT.address);
    const enrollment = await until(
      async () => (await db.query(`select * from enrollments where student_id = 'p-1001' and state = 'active'`)).rows[0],
      "the enrollment",
    );
    // one certificate of her own (level 1), so that her certificate list is not empty
    const {
      rows: [cert],
    } = await db.query(
      `insert into certificates (id, type, student_id, student_display_name, course_id, course_version_id, course_title, level_id, level_title, enrollment_id,
         issued_at, issued_by, registration_number, verification_hash, certificate_title)
       select 'c5' || substr(e.id, 3), 'intermediate', e.student_id, e.student_display_name, e.course_id, e.course_version_id, e.course_title, l.id, l.title, e.id,
         date_trunc('milliseconds', now()), '{"partnerOrgId":"o-bench","partnerName":"Partner","certificateType":"osvedčenie"}', 'BENCH-JANA-1',
         encode(sha256(convert_to(concat_ws('|', 'BENCH-JANA-1', 'intermediate', e.student_id, e.course_id, e.course_version_id, l.id,
           to_char(date_trunc('milliseconds', now()) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')), 'UTF8')), 'hex'),
         'Osvedčenie o absolvovaní úrovne: ' || l.title
       from enrollments e join levels l on l.course_id = e.course_version_id where e.id = $1 order by l.order_index limit 1
       returning id, registration_number, verification_hash`,
      [enrollment.id],
    );
    await db.query(`update enrollments set intermediate_certificate_ids = array[$2] where id = $1`, [enrollment.id, cert.id]);

    const test = await attemptableTest(db, origin, cookie, enrollment);
    // the part measured: the first one open to her with a text block and a video (else the first with a text block)
    const learn = await (await fetch(`${origin}/api/courses/${COURSE}/learn`, { headers: { cookie } })).json();
    let firstPart, part;
    for (const candidate of learn.levels.flatMap((l) => l.topics.flatMap((t) => t.module?.parts ?? []))) {
      if (candidate.state === "locked") continue;
      const view = await (await fetch(`${origin}/api/parts/${candidate._id}`, { headers: { cookie } })).json();
      const types = new Set(view.contentBlocks.map((b) => b.type));
      if (!types.has("text")) continue;
      if (!firstPart || types.has("video")) [firstPart, part] = [candidate, view];
      if (types.has("video")) break;
    }
    console.log(`measured part ${firstPart._id} (${firstPart.state}): ${part.contentBlocks.map((b) => b.type).join(", ")}; test ${test.id}`);
    const textBlock = part.contentBlocks.find((b) => b.type === "text");
    const videoBlock = part.contentBlocks.find((b) => b.type === "video");

    const barePort = await freePort();
    const bareChild = start(["bench/bare-students.mjs", String(barePort), url.href, buildDir], {
      BARE_PUBLIC_URL: origin,
      RATE_LIMIT_ATTEMPT_STARTS_PER_15MIN: "100000000",
    });
    const bare = { name: "bare", origin: `http://127.0.0.1:${barePort}`, host: `127.0.0.1:${barePort}`, pid: bareChild.pid };
    await waitUntilAnswering(`${bare.origin}/health`, { host: bare.host });

    const json = { "content-type": "application/json", origin };
    const paths = [
      { key: "learnJson", endpoint: `GET /api/courses/${COURSE}/learn`, path: `/api/courses/${COURSE}/learn`, bare: true },
      { key: "partJson", endpoint: "GET /api/parts/<id>", path: `/api/parts/${firstPart._id}`, bare: true },
      { key: "enrollmentsMine", endpoint: "GET /api/enrollments/me", path: "/api/enrollments/me", bare: true },
      { key: "enrollmentJson", endpoint: "GET /api/enrollments/<id>", path: `/api/enrollments/${enrollment.id}`, bare: true },
      { key: "learnPage", endpoint: `GET /kurzy/${COURSE}/studium (learning dashboard page)`, path: `/kurzy/${COURSE}/studium`, bare: true, html: true },
      { key: "partPage", endpoint: `GET /kurzy/${COURSE}/studium/<id> (part page)`, path: `/kurzy/${COURSE}/studium/${firstPart._id}`, bare: true, html: true },
      ...(textBlock
        ? [
            {
              key: "progressTextRead",
              endpoint: "POST /api/parts/<id>/progress (text block read)",
              path: `/api/parts/${firstPart._id}/progress`,
              method: "POST",
              headers: json,
              body: JSON.stringify({ blockId: textBlock.id, state: "completed" }),
              bare: true,
            },
          ]
        : []),
      ...(videoBlock
        ? [
            {
              key: "progressVideoReport",
              endpoint: "POST /api/parts/<id>/progress (video watch report)",
              path: `/api/parts/${firstPart._id}/progress`,
              method: "POST",
              headers: json,
              body: JSON.stringify({ blockId: videoBlock.id, state: "in_progress", secondsWatched: 5 }),
              bare: true,
            },
          ]
        : []),
      { key: "certificatesMine", endpoint: "GET /api/certificates/me", path: "/api/certificates/me", bare: true },
      {
        key: "verify",
        endpoint: "GET /api/verify/<n>?h=",
        path: `/api/verify/${encodeURIComponent(cert.registration_number)}?h=${cert.verification_hash}`,
        bare: true,
        anonymous: true,
      },
    ];

    // BENCH_ONLY=key,key (e.g. verify,attemptStartSubmit): only those rows (their answers
    // compared, then loaded), for profiling one path
    const only = process.env.BENCH_ONLY?.split(",").filter(Boolean);
    if (only) paths.splice(0, paths.length, ...paths.filter((p) => only.includes(p.key)));

    // same answers first (fetch cannot set Host, so by the host name)
    const sameness = {};
    for (const p of paths.filter((x) => x.bare && !x.method)) {
      const headers = p.anonymous ? {} : { cookie };
      for (let i = 0; i < 3; i++) {
        // a server that does not answer within 15 s is said so, not waited for
        const [a, b] = await Promise.all(
          [app, bare].map(async (s) => {
            try {
              return await (await fetch(`http://${s.host}${p.path}`, { headers, signal: AbortSignal.timeout(15_000) })).text();
            } catch (error) {
              console.log(`warning: ${p.key}: ${s.name} did not answer (${error.message})`);
              return "";
            }
          }),
        );
        const [na, nb] = [a, b].map((x) => (p.html ? normalizedPage(x) : normalizedJson(x)));
        sameness[p.key] = a.length > 0 && na === nb;
        if (sameness[p.key]) break;
        if (i === 2) warnDifferent(p.key, na, nb, p.html ? `; <main> ${mainOf(a) === mainOf(b) ? "equal" : "differs"}` : "");
      }
    }
    for (const p of paths.filter((x) => x.bare && x.method === "POST")) {
      const post = async (s) =>
        (
          await fetch(`http://${s.host}${p.path}`, { method: "POST", headers: { cookie, ...p.headers }, body: p.body, signal: AbortSignal.timeout(15_000) })
        ).text();
      const left = () => progressLeft(db, enrollment.id, firstPart._id);
      await post(app); // from here on every report of this block is a re-read, as under load
      const a = { answer: normalizedJson(await post(app)), database: await left() };
      const b = { answer: normalizedJson(await post(bare)), database: await left() };
      sameness[p.key] = JSON.stringify(a) === JSON.stringify(b);
      if (!sameness[p.key]) warnDifferent(p.key, JSON.stringify(a), JSON.stringify(b));
    }
    if (!only || only.includes("attemptStartSubmit")) sameness.attemptStartSubmit = await attemptSameness(db, [app, bare], cookie, origin, test);

    const measureAll = async (label) => {
      const out = [];
      if (warmup > 0) for (const p of paths) for (const s of [...(p.bare ? [bare] : []), app, ...(compare ? [compare] : [])]) await load(s, p, cookie, warmup);
      for (const p of paths) {
        const servers = [app, ...(p.bare ? [bare] : []), ...(compare ? [compare] : [])];
        const results = await loadInterleaved(servers, p, cookie);
        const row = { endpoint: p.endpoint, app: results.get(app), bare: p.bare ? results.get(bare) : null };
        if (compare) {
          row.compareBuild = results.get(compare);
          console.log(
            `[${label}] ${p.endpoint}: compared build ${row.compareBuild.requestsPerSecond} req/s p99 ${row.compareBuild.latencyMs.p99} ms cpu ${row.compareBuild.cpuMsPerRequest} ms/req (non-2xx ${row.compareBuild.non2xx})`,
          );
        }
        if (row.bare) {
          row.ratio = {
            requestsPerSecond: Math.round((row.app.requestsPerSecond / row.bare.requestsPerSecond) * 100) / 100,
            p99: Math.round((row.app.latencyMs.p99 / Math.max(row.bare.latencyMs.p99, 1)) * 100) / 100,
          };
          row.sameAnswer = sameness[p.key];
        }
        console.log(
          `[${label}] ${p.endpoint}: app ${row.app.requestsPerSecond} req/s p99 ${row.app.latencyMs.p99} ms cpu ${row.app.cpuMsPerRequest} ms/req (non-2xx ${row.app.non2xx})` +
            (row.bare
              ? `; bare ${row.bare.requestsPerSecond} req/s p99 ${row.bare.latencyMs.p99} ms cpu ${row.bare.cpuMsPerRequest} ms/req (non-2xx ${row.bare.non2xx}); ratio ${row.ratio.requestsPerSecond}${row.sameAnswer ? "" : " (answers differ)"}`
              : "; no bare twin"),
        );
        out.push({ key: p.key, ...row });
      }
      if (only && !only.includes("attemptStartSubmit")) return out;
      // each run starts from the same state: the student's earlier bench attempts on this test
      // removed (else every run finds hundreds more of her attempts than a student can have,
      // and the later runs measure that)
      const clearAttempts = () => db.query(`delete from test_attempts where enrollment_id = $1 and test_id = $2`, [enrollment.id, test.id]);
      await clearAttempts();
      const attempt = await attemptPairs(app, cookie, origin, test);
      await clearAttempts();
      const bareAttempt = await attemptPairs(bare, cookie, origin, test);
      await clearAttempts();
      const ratio = {
        pairsPerSecond: Math.round((attempt.pairsPerSecond / bareAttempt.pairsPerSecond) * 100) / 100,
        startP50: Math.round((attempt.startMs.p50 / Math.max(bareAttempt.startMs.p50, 0.1)) * 100) / 100,
        submitP50: attempt.submitMs && bareAttempt.submitMs ? Math.round((attempt.submitMs.p50 / Math.max(bareAttempt.submitMs.p50, 0.1)) * 100) / 100 : null,
      };
      console.log(
        `[${label}] attempt start → submit (sequential): app ${attempt.pairsPerSecond} pairs/s, start p50 ${attempt.startMs.p50} ms, submit p50 ${attempt.submitMs?.p50} ms (failures ${attempt.failures}); ` +
          `bare ${bareAttempt.pairsPerSecond} pairs/s, start p50 ${bareAttempt.startMs.p50} ms, submit p50 ${bareAttempt.submitMs?.p50} ms (failures ${bareAttempt.failures}); ratio ${ratio.pairsPerSecond}`,
      );
      out.push({
        key: "attemptStartSubmit",
        endpoint: "POST /api/tests/<id>/attempts then POST …/submit (sequential pairs, one client)",
        app: attempt,
        bare: bareAttempt,
        ratio,
        sameAnswer: sameness.attemptStartSubmit,
      });
      return out;
    };

    const count = async (table) => Number((await db.query(`select count(*) from ${table}`)).rows[0].count);
    const small = {
      enrollments: await count("enrollments"),
      partProgress: await count("part_progress"),
      testAttempts: await count("test_attempts"),
      certificates: await count("certificates"),
    };
    console.log("database:", small);
    const atOne = await measureAll("1 enrollment");

    const t0 = Date.now();
    await makeSessions(db, N);
    const sizes = { ...(await makeLearningData(db, { enrollments: N, mix: STUDENT_MIX, certificates: true })), sessions: await count("sessions") };
    const dataSeconds = Math.round((Date.now() - t0) / 100) / 10;
    console.log(`scale data made in ${dataSeconds} s:`, sizes);
    const atScale = await measureAll(`${N} enrollments`);

    let commit = "unknown";
    try {
      commit = execSync("git rev-parse --short HEAD", { cwd: root }).toString().trim();
    } catch {}
    const cpus = os.cpus();
    return {
      date: new Date().toISOString(),
      commit,
      machine: {
        cpu: cpus[0]?.model?.trim() ?? "unknown",
        cores: cpus.length,
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
        loadAverageAtStart,
        loadAverageAtEnd: os.loadavg().map((x) => Math.round(x * 100) / 100),
      },
      node: process.version,
      durationSecondsPerMeasurement: duration,
      connections,
      student: { email: STUDENT.email, course: COURSE, part: firstPart._id, test: test.id },
      sizes: { oneEnrollment: small, scale: sizes },
      scaleDataSeconds: dataSeconds,
      oneEnrollment: atOne,
      scale: atScale,
      scaleVsOne: Object.fromEntries(
        atScale.map((r) => {
          const one = atOne.find((x) => x.key === r.key);
          const rps = (x) => x.app.requestsPerSecond ?? x.app.pairsPerSecond;
          return [r.key, Math.round((rps(r) / rps(one)) * 100) / 100];
        }),
      ),
    };
  } finally {
    await new Promise((r) => setTimeout(r, 500));
    for (const child of children) child.kill("SIGTERM");
    await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once("exit", r)) : null)));
    await db.end().catch(() => {});
    if (process.env.BENCH_KEEP) console.log(`kept database ${name}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function until(read, what) {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not appear`);
}

async function load(server, p, cookie, seconds = duration) {
  const headers = { host: server.host, ...(p.anonymous ? {} : { cookie }), ...(p.headers ?? {}) };
  const cpuBefore = cpuMs(server.pid);
  const r = await autocannon({ url: server.origin + p.path, method: p.method ?? "GET", headers, body: p.body, connections, duration: seconds });
  const cpu = cpuBefore === null ? null : cpuMs(server.pid) - cpuBefore;
  return {
    requestsPerSecond: Math.round(r.requests.average),
    // the server process's own CPU time per answer: steadier than req/s on a machine shared with other work
    ...(cpu !== null && r.requests.total > 0 ? { cpuMsPerRequest: Math.round((cpu / r.requests.total) * 100) / 100 } : {}),
    latencyMs: { p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max },
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/**
 * Each server loaded for `duration` seconds in all; with BENCH_SLICES=n (default 1) in n
 * slices taken in turn (app, twin, compared build, app, …), so that on a machine shared
 * with other work each server meets the same background load: req/s is the total over the
 * total time, CPU per answer likewise, latencies the median of the slices'.
 */
async function loadInterleaved(servers, p, cookie) {
  const slices = Math.max(1, Number(process.env.BENCH_SLICES ?? 1));
  const parts = new Map(servers.map((s) => [s, []]));
  for (let i = 0; i < slices; i++) {
    const order = i % 2 === 0 ? servers : [...servers].reverse();
    for (const server of order) parts.get(server).push(await load(server, p, cookie, duration / slices));
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const out = new Map();
  for (const [server, runs] of parts) {
    if (runs.length === 1) {
      out.set(server, runs[0]);
      continue;
    }
    const requests = runs.reduce((n, r) => n + r.requests, 0);
    const cpu = runs.every((r) => r.cpuMsPerRequest !== undefined) ? runs.reduce((n, r) => n + r.cpuMsPerRequest * r.requests, 0) : null;
    out.set(server, {
      requestsPerSecond: Math.round(requests / duration),
      ...(cpu !== null && requests > 0 ? { cpuMsPerRequest: Math.round((cpu / requests) * 100) / 100 } : {}),
      latencyMs: {
        p50: median(runs.map((r) => r.latencyMs.p50)),
        p99: median(runs.map((r) => r.latencyMs.p99)),
        max: Math.max(...runs.map((r) => r.latencyMs.max)),
      },
      requests,
      non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
      errors: runs.reduce((n, r) => n + r.errors, 0),
      slices: runs.length,
    });
  }
  return out;
}

/** CPU time (user + system, ms) a process has used, from /proc (Linux); null elsewhere. */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return null;
  }
}

/** The course's first part test, made startable; one attempt started and submitted as a check. */
async function attemptableTest(db, origin, cookie, enrollment) {
  const t = await openFirstPartTest(db, enrollment);
  const headers = () => ({ cookie, origin, "content-type": "application/json", "idempotency-key": crypto.randomUUID() });
  const res = await fetch(`${origin}/api/tests/${t.id}/attempts`, { method: "POST", headers: headers(), body: "{}" });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`the demo student cannot start test ${t.id}: ${res.status} ${JSON.stringify(body)}`);
  await (
    await fetch(`${origin}/api/tests/${t.id}/attempts/${body.attemptId}/submit`, { method: "POST", headers: headers(), body: JSON.stringify({ answers: [] }) })
  ).arrayBuffer();
  return t;
}

/** The first answer by id of every question (a text question gets "20"): the same submit body, and so the same outcome, every time. */
const firstAnswers = (q) =>
  q.answers.length
    ? { questionId: q.id, selectedAnswerIds: [[...q.answers].sort((a, b) => (a.id < b.id ? -1 : 1))[0].id] }
    : { questionId: q.id, textAnswer: "20" };

/** Sequential start → submit pairs on one server (the app or the bare baseline). */
async function attemptPairs(server, cookie, origin, test) {
  const base = `http://${server.host}`;
  const headers = { cookie, origin, "content-type": "application/json" };
  const starts = [];
  const submits = [];
  let failures = 0;
  const t0 = performance.now();
  for (let i = 0; i < PAIRS; i++) {
    let t = performance.now();
    const res = await fetch(`${base}/api/tests/${test.id}/attempts`, {
      method: "POST",
      headers: { ...headers, "idempotency-key": crypto.randomUUID() },
      body: "{}",
    });
    const started = await res.json();
    starts.push(performance.now() - t);
    if (res.status !== 201) {
      failures++;
      continue;
    }
    const answers = started.questions.map(firstAnswers);
    t = performance.now();
    const sub = await fetch(`${base}/api/tests/${test.id}/attempts/${started.attemptId}/submit`, {
      method: "POST",
      headers: { ...headers, "idempotency-key": crypto.randomUUID() },
      body: JSON.stringify({ answers }),
    });
    await sub.arrayBuffer();
    submits.push(performance.now() - t);
    if (sub.status !== 200) failures++;
  }
  const seconds = (performance.now() - t0) / 1000;
  const pct = (xs, q) => {
    const s = [...xs].sort((a, b) => a - b);
    return Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))] * 10) / 10;
  };
  return {
    pairs: PAIRS,
    pairsPerSecond: Math.round((PAIRS / seconds) * 10) / 10,
    startMs: { p50: pct(starts, 0.5), p99: pct(starts, 0.99) },
    submitMs: submits.length ? { p50: pct(submits, 0.5), p99: pct(submits, 0.99) } : null,
    failures,
  };
}

// ---------------------------------------------------------------------------------
// Sameness of the app's and the bare baseline's answers

const normalizedJson = (text) => {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return `(not JSON) ${text}`;
  }
};

/** JSON with object keys sorted (a jsonb column gives them in its own order). */
const canonical = (value) =>
  JSON.stringify(value, (_, v) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );

const mainOf = (html) => /<main[^>]*>[\s\S]*<\/main>/.exec(html)?.[0] ?? null;

/**
 * A page as compared: the document without the per-request nonces, React's Suspense
 * markers and the scripts that carry the loader data (the app streams it in chunks as it
 * is encoded, the bare server writes it at once), and that loader data decoded and joined.
 */
function normalizedPage(html) {
  const transfer = /<script[^>]*>window\.__reactRouterContext\.streamController\.(?:enqueue\((.*?)\)|close\(\));<\/script>/g;
  const data = [...html.matchAll(transfer)]
    .filter((m) => m[1] !== undefined)
    .map((m) => JSON.parse(m[1]))
    .join("");
  const doc = html
    .replace(transfer, "")
    .replace(/<!--\/?\$-->/g, "")
    .replace(/ nonce="[^"]*"/g, "");
  return JSON.stringify({ doc, data });
}

function warnDifferent(key, a, b, note = "") {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const around = (s) => s.slice(Math.max(0, i - 150), i + 250);
  console.warn(`warning: ${key}: the app and the bare baseline answer differently (from character ${i}${note})\n  app:  ${around(a)}\n  bare: ${around(b)}`);
}

/** What a progress write left in the database (times only as present or not). */
async function progressLeft(db, enrollmentId, partId) {
  const at = (v) => v !== null && v !== undefined;
  const {
    rows: [r],
  } = await db.query(
    `select (select row_to_json(p) from part_progress p where p.enrollment_id = $1 and p.part_id = $2) as part,
       (select json_build_object('progress', e.progress, 'currentLevelId', e.current_level_id, 'state', e.state, 'completedAt', e.completed_at) from enrollments e where e.id = $1) as enrollment,
       (select count(*) from module_completions where enrollment_id = $1) as modules,
       (select count(*) from level_completions where enrollment_id = $1) as levels,
       (select count(*) from pgboss.job where data->>'enrollmentId' = $1) as jobs`,
    [enrollmentId, partId],
  );
  return {
    part: {
      state: r.part.state,
      blocks: r.part.block_progress.map((b) => ({ ...b, lastReportAt: at(b.lastReportAt), playbackIssuedAt: at(b.playbackIssuedAt) })),
      startedAt: at(r.part.started_at),
      completedAt: at(r.part.completed_at),
    },
    enrollment: {
      ...r.enrollment,
      progress: { ...r.enrollment.progress, lastActivityAt: at(r.enrollment.progress.lastActivityAt) },
      completedAt: at(r.enrollment.completedAt),
    },
    modules: r.modules,
    levels: r.levels,
    jobs: r.jobs,
  };
}

/**
 * One start → submit pair on each of the servers, with the first answers by id (the load's
 * submit) and with the correct ones (a pass and what it writes): the answers with ids,
 * times and the attempts left taken out and randomized orders sorted, the attempt rows, the
 * keys' stored answers, and the enrollment after each pair, compared equal.
 */
async function attemptSameness(db, servers, cookie, origin, test) {
  const { rows: questions } = await db.query(`select id, type, answers, accepted_answers from questions where test_id = $1`, [test.id]);
  const correct = new Map(
    questions.map((q) => [
      q.id,
      q.type === "text" ? { textAnswer: q.accepted_answers[0] ?? "" } : { selectedAnswerIds: q.answers.filter((a) => a.isCorrect).map((a) => a.id) },
    ]),
  );
  const byId = (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const pair = async (server, choose) => {
    const headers = () => ({ cookie, origin, "content-type": "application/json", "idempotency-key": crypto.randomUUID() });
    const res = await fetch(`http://${server.host}/api/tests/${test.id}/attempts`, { method: "POST", headers: headers(), body: "{}" });
    const started = await res.json();
    if (res.status !== 201) return { start: [res.status, started] };
    const sub = await fetch(`http://${server.host}/api/tests/${test.id}/attempts/${started.attemptId}/submit`, {
      method: "POST",
      headers: headers(),
      body: JSON.stringify({ answers: started.questions.map(choose) }),
    });
    const submitted = await sub.json();
    const {
      rows: [row],
    } = await db.query(
      `select a.state, a.score, a.passed, a.answers, a.question_order, a.answer_orders, a.submitted_at is not null as submitted,
         (select json_build_object('status', k.response_status, 'body', k.response_body, 'headers', k.response_headers)
            from idempotency_keys k where k.user_id = a.student_id and k.route = $2) as stored,
         (select json_build_object('progress', e.progress - 'lastActivityAt', 'currentLevelId', e.current_level_id, 'state', e.state) from enrollments e where e.id = a.enrollment_id) as enrollment
       from test_attempts a where a.id = $1`,
      [started.attemptId, `POST /api/tests/${test.id}/attempts/${started.attemptId}/submit`],
    );
    const plain = (start, submit) => ({
      start: {
        ...start,
        attemptId: "",
        startedAt: "",
        deadline: "",
        attemptNumber: "",
        questions: start.questions.map((q) => ({ ...q, answers: [...q.answers].sort(byId) })).sort(byId),
      },
      submit: {
        ...submit,
        attemptId: "",
        submittedAt: "",
        remaining: "",
        results: submit.results && [...submit.results].sort((a, b) => byId({ id: a.questionId }, { id: b.questionId })),
      },
    });
    const sortedAnswers = (answers) => [...answers].sort((a, b) => byId({ id: a.questionId }, { id: b.questionId }));
    return {
      status: [res.status, sub.status],
      ...plain(started, submitted),
      attempt: {
        ...row,
        answers: sortedAnswers(row.answers),
        question_order: [...row.question_order].sort(),
        answer_orders: Object.keys(row.answer_orders).sort(),
        stored: undefined,
        enrollment: undefined,
      },
      // the submit key's stored answer is what was answered
      stored: row.stored && { status: row.stored.status, headers: row.stored.headers, asAnswered: canonical(row.stored.body) === canonical(submitted) },
      enrollment: row.enrollment,
    };
  };
  let same = true;
  for (const [label, choose] of [
    ["first answers", firstAnswers],
    ["correct answers", (q) => ({ questionId: q.id, ...correct.get(q.id) })],
  ]) {
    const left = await pair(servers[0], choose);
    const right = await pair(servers[1], choose);
    const [ja, jb] = [JSON.stringify(left), JSON.stringify(right)];
    if (ja !== jb) {
      same = false;
      warnDifferent(`attemptStartSubmit (${label})`, ja, jb);
    }
  }
  return same;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const students = await measureStudents();
  printTable(students);
  if (process.env.BENCH_ONLY) {
    console.log("BENCH_ONLY: bench/results.json left as it was");
    process.exit(0);
  }
  const file = path.join(root, "bench/results.json");
  const existing = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {};
  fs.writeFileSync(file, JSON.stringify({ ...existing, students }, null, 2) + "\n");
  console.log("wrote the students key of bench/results.json");
}

export function printTable(students) {
  const rps = (x) => x?.requestsPerSecond ?? x?.pairsPerSecond;
  const ratio = (x) => x?.requestsPerSecond ?? x?.pairsPerSecond;
  const cell = (r) =>
    r
      ? `${rps(r.app)} / ${r.bare ? rps(r.bare) : "–"} / ${r.ratio ? `${Math.round(ratio(r.ratio) * 100)} %` : "–"} (p99 ${r.app.latencyMs?.p99 ?? r.app.startMs?.p99} ms)${r.sameAnswer === false ? " (answers differ)" : ""}`
      : "–";
  console.log(`\nstudent paths, req/s app / bare / ratio (app p99); ${students.connections} connections, load ${students.machine.loadAverageAtEnd.join(" ")}`);
  console.log(`| path | 1 enrollment | ${students.sizes.scale.enrollments} enrollments | scale / one |`);
  console.log("|---|---|---|---|");
  for (const r of students.scale) {
    const one = students.oneEnrollment.find((x) => x.key === r.key);
    console.log(`| ${r.endpoint} | ${cell(one)} | ${cell(r)} | ${students.scaleVsOne[r.key]} |`);
  }
}
