// `npm run bench:insights`: the admin insights pages on the volumes of a busy academy.
// On a fresh PostgreSQL database (TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
// the production build migrates and seeds the demo catalog; this script then makes, in
// SQL, 100,000 enrollments on one course, about 1,000,000 part progress rows, 200,000
// submitted test attempts with snapshots and answers, 100,000 orders with 70,000 invoices
// and 1,000 credit notes; signs in as the demo admin and times each insights page and
// export (BENCH_REPEAT requests each, sequential; median and worst). Timings are only
// measured here, never asserted in tests. Writes bench/insights-results.json.
// BENCH_ENROLLMENTS (default 100000) scales everything.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { buildAppIfMissing } from "../scripts/build-app.mjs";
import { makeLearningData, signIn } from "./scale-data.mjs";
import { scratchDatabase, waitUntilAnswering } from "../scripts/harness.mjs";

const root = path.resolve(import.meta.dirname, "..");
const base = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const N = Number(process.env.BENCH_ENROLLMENTS ?? 100_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 5);
const COURSE = "riadenie-sportoveho-klubu";
const ADMIN = "zuzana.bielikova@demo.sk";

if (!buildAppIfMissing()) process.exit(1);

const { name, url, admin } = await scratchDatabase(base, "bench_ins");
let child;
async function cleanUp() {
  child?.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 1500));
  if (process.env.BENCH_KEEP) console.log(`kept database ${name}`);
  else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  await admin.end();
}

try {
  const port = await new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });
  const origin = `http://localhost:${port}`;
  child = spawn(process.execPath, ["server.mjs"], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: origin,
      DATABASE_URL: url.href,
      SEED_DEMO_DATA: "true",
      LOG_LEVEL: "warn",
      RATE_LIMIT_LOGIN_PER_15MIN: "100000",
    },
  });
  await waitUntilAnswering(`${origin}/api/courses`, { what: "the app" });

  const db = new pg.Client({ connectionString: url.href });
  db.on("error", () => {}); // the database is dropped at the end
  await db.connect();
  const t0 = Date.now();
  const sizes = await makeData(db);
  const dataSeconds = (Date.now() - t0) / 1000;
  console.log(`data made in ${dataSeconds.toFixed(1)} s:`, sizes);

  const cookie = await signIn(origin, ADMIN, { returnTo: "/admin" });
  const {
    rows: [course],
  } = await db.query(`select id from courses where slug = $1 and state = 'published'`, [COURSE]);
  const {
    rows: [test],
  } = await db.query(`select l.level_test_id as id from levels l where l.course_id = $1 and l.level_test_id is not null order by l.order_index limit 1`, [
    course.id,
  ]);
  // the test's question statistics: the first visit asks the job for them; time the job
  const jobStart = Date.now();
  const first = await fetch(`${origin}/admin/kurzy/${course.id}/testy/${test.id}/statistiky`, { headers: { cookie } });
  const firstMs = Date.now() - jobStart;
  await first.arrayBuffer();
  let jobSeconds = null;
  for (let i = 0; i < 1200; i++) {
    const { rows } = await db.query(`select computed_at from test_question_stats where test_id = $1`, [test.id]);
    if (rows.length) {
      jobSeconds = (Date.now() - jobStart) / 1000;
      break;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  console.log(`test question statistics: first visit ${firstMs} ms (asks the job), job done after ${jobSeconds} s`);
  await db.end();

  const pages = [
    ["dashboard, this month", "/admin"],
    ["dashboard, this year (by months)", "/admin?obdobie=tento-rok"],
    ["dashboard, custom 2 years", `/admin?obdobie=vlastne&od=${new Date().getFullYear() - 1}-01-01&do=${new Date().getFullYear()}-12-31`],
    ["course statistics", `/admin/kurzy/${course.id}/statistiky`],
    ["test question statistics", `/admin/kurzy/${course.id}/testy/${test.id}/statistiky`],
    ["CSV: invoice book, this year", "/admin/export/faktury.csv?obdobie=tento-rok"],
    ["CSV: enrollments with progress", `/admin/kurzy/${course.id}/statistiky/zapisy.csv`],
    ["CSV: test attempts", `/admin/kurzy/${course.id}/testy/${test.id}/statistiky/pokusy.csv`],
  ];
  const results = [];
  for (const [label, p] of pages) {
    const times = [];
    let bytes = 0;
    for (let i = 0; i < REPEAT; i++) {
      const start = performance.now();
      const res = await fetch(origin + p, { headers: { cookie } });
      const body = new Uint8Array(await res.arrayBuffer());
      times.push(performance.now() - start);
      if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
      bytes = body.length;
    }
    times.sort((a, b) => a - b);
    const row = { page: label, path: p, medianMs: Math.round(times[Math.floor(times.length / 2)]), worstMs: Math.round(times.at(-1)), bytes };
    results.push(row);
    console.log(`${label.padEnd(36)} median ${String(row.medianMs).padStart(6)} ms, worst ${String(row.worstMs).padStart(6)} ms, ${bytes} bytes`);
  }
  const out = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), load: os.loadavg() },
    sizes,
    dataSeconds,
    questionStatsJob: { firstVisitMs: firstMs, seconds: jobSeconds },
    repeat: REPEAT,
    results,
  };
  fs.writeFileSync(path.join(root, "bench/insights-results.json"), `${JSON.stringify(out, null, 2)}\n`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}

/** Bulk data in SQL, on the seeded course's published version. */
async function makeData(db) {
  const q = (text, params) => db.query(text, params);
  const {
    rows: [c],
  } = await q(`select id, title, slug from courses where slug = $1 and state = 'published'`, [COURSE]);
  const {
    rows: [chain],
  } = await q(`select id from courses where slug = $1 order by version limit 1`, [COURSE]);
  const {
    rows: [{ parts }],
  } = await q(`select count(*)::int as parts from parts where course_id = $1`, [c.id]);
  // enrollments, progress, module completions and attempts: shared with the students bench
  const learning = await makeLearningData(db, { enrollments: N, mix: [{ slug: COURSE, weight: 20 }], analyze: false });
  // orders over the last two years; 70 % paid and invoiced, 1 % of those refunded with a credit note
  await q(
    `
    insert into orders (id, course_id, course_version_id, course_title, student_id, student_display_name, billing_type, billing_details, amount_cents, vat_rate_bp,
      state, created_at, paid_at)
    select 'c0' || lpad(to_hex(g), 22, '0'), $1, $2, $3, 'bench-' || g, 'Študent ' || g, 'personal', jsonb_build_object('firstName', 'Študent', 'lastName', g::text),
      9900 + (g % 5) * 1000, 2000,
      (case when g % 10 < 7 then (case when g % 100 = 0 then 'refunded' else 'paid' end) when g % 10 = 7 then 'failed' when g % 10 = 8 then 'expired' else 'pending' end)::order_state,
      now() - make_interval(mins => (g * 7919) % (730 * 1440)),
      case when g % 10 < 7 then now() - make_interval(mins => (g * 7919) % (730 * 1440)) + interval '2 minutes' end
    from generate_series(1, $4::int) g`,
    [chain.id, c.id, c.title, N],
  );
  await q(`
    insert into invoices (id, order_id, number, year, sequence, issue_date, supply_date, variable_symbol)
    select 'd0' || substr(o.id, 3), o.id, 'INV-' || y || '-' || lpad(seq::text, 6, '0'), y, seq, d, d, y::text || lpad(seq::text, 6, '0')
    from (select o.id, to_char(o.paid_at at time zone 'Europe/Bratislava', 'YYYY-MM-DD') as d,
            extract(year from o.paid_at at time zone 'Europe/Bratislava')::int as y,
            row_number() over (partition by extract(year from o.paid_at at time zone 'Europe/Bratislava') order by o.paid_at, o.id)::int + 100000 as seq
          from orders o where o.id like 'c0%' and o.paid_at is not null) o`);
  await q(`
    insert into refunds (id, order_id, amount_cents, reason, state, requested_by, settled_at)
    select 'c1' || substr(o.id, 3), o.id, o.amount_cents, 'bench', 'completed', 'p-4001', o.paid_at + interval '3 days'
    from orders o where o.id like 'c0%' and o.state = 'refunded'`);
  await q(`
    insert into credit_notes (id, refund_id, order_id, invoice_id, number, year, sequence, issue_date, amount_cents, reason)
    select 'c2' || substr(r.order_id, 3), r.id, r.order_id, i.id, 'DOB-' || i.year || '-' || lpad((row_number() over (partition by i.year order by r.id) + 100000)::text, 6, '0'),
      i.year, row_number() over (partition by i.year order by r.id) + 100000, i.issue_date, r.amount_cents, 'bench'
    from refunds r join invoices i on i.order_id = r.order_id where r.id like 'c1%'`);
  // what autovacuum does after bulk inserts (visibility map for index-only scans, statistics)
  await q(`vacuum analyze`);
  const count = async (table) => Number((await q(`select count(*) from ${table}`)).rows[0].count);
  return {
    parts,
    enrollments: learning.enrollments,
    partProgress: learning.partProgress,
    moduleCompletions: learning.moduleCompletions,
    testAttempts: learning.testAttempts,
    orders: await count("orders"),
    invoices: await count("invoices"),
    creditNotes: await count("credit_notes"),
  };
}
