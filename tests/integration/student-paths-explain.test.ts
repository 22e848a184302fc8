// Every SQL statement a signed-in student's paths run uses an index on the big tables: on a
// database with enough rows that the planner would choose a sequential scan if it could
// (25,000 other students' enrollments and sessions, about 200,000 part progress rows,
// 50,000 test attempts, 10,000 certificates, made in SQL by bench/scale-data.mjs and
// analyzed), the built app (in this process) answers each path while every statement its
// PostgreSQL client sends is captured with its parameters; each captured statement is then
// EXPLAINed with those parameters, and a `Seq Scan` of enrollments, part_progress,
// test_attempts, certificates or sessions fails the path's case, as does an index scan of
// one of them whose condition does not fix the index's leading column (the whole index is
// read: it grows with the table just the same).
// PostgreSQL only (EXPLAIN plans of a real server; PGlite has no planner statistics to speak of).
import fs from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverUrl } from "../support/db";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { buyThroughSandbox, makeLearningData, makeSessions, openFirstPartTest, signIn, STUDENT_MIX } from "../../bench/scale-data.mjs";

const BIG_TABLES = ["enrollments", "part_progress", "test_attempts", "certificates", "sessions"];
const COURSE = "riadenie-sportoveho-klubu";
const ADDRESS = {
  firstName: "Jana",
  lastName: "Nováková",
  email: "jana.novakova@demo.sk",
  street: "Hlavná 1",
  city: "Bratislava",
  postalCode: "811 01",
  country: "SK",
};

type Captured = { text: string; values: unknown[] };
type Path = { key: string; run: () => Promise<Response> };

let app: InProcessApp;
let db: pg.Client;
/** the statements each path's request ran, by path key */
const captured = new Map<string, Captured[]>();
const statuses = new Map<string, number>();

// The app's PostgreSQL client is node-postgres (drizzle-orm/node-postgres, pg-boss): every
// statement goes through Client.prototype.query, whose first argument is the text or a
// config object with text and values.
let sink: Captured[] | null = null;
const originalQuery = pg.Client.prototype.query;
function installCapture() {
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args as [string | { text?: string; values?: unknown[] }, unknown];
    if (sink) {
      const text = typeof config === "string" ? config : config?.text;
      const params = typeof config === "string" ? values : (config?.values ?? (Array.isArray(values) ? values : undefined));
      if (typeof text === "string") sink.push({ text, values: Array.isArray(params) ? params : [] });
    }
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
}

type Scan = { kind: "Seq Scan" | "whole index"; table: string; index?: string };

/** The leading column and table of each index on the big tables. */
let indexes: Map<string, { table: string; leading: string }>;
async function loadIndexes() {
  const { rows } = await db.query(
    `select i.relname as index, t.relname as table, a.attname as leading from pg_index x join pg_class i on i.oid = x.indexrelid
     join pg_class t on t.oid = x.indrelid join pg_attribute a on a.attrelid = x.indrelid and a.attnum = x.indkey[0] where t.relname = any($1)`,
    [BIG_TABLES],
  );
  indexes = new Map(rows.map((r) => [r.index, { table: r.table, leading: r.leading }]));
}

/**
 * What a statement's plan reads of the big tables in a way that grows with them: a
 * sequential scan, or an index scan whose condition does not fix the index's leading
 * column (the whole index is walked, e.g. `enrollment_id = $1` on an index that starts
 * with test_id).
 */
async function growingScans(statement: Captured): Promise<Scan[]> {
  const { rows } = await db.query(`EXPLAIN (FORMAT JSON) ${statement.text}`, statement.values);
  const found: Scan[] = [];
  const walk = (node: Record<string, unknown>) => {
    const type = node["Node Type"] as string;
    if (type === "Seq Scan" && BIG_TABLES.includes(node["Relation Name"] as string)) found.push({ kind: "Seq Scan", table: node["Relation Name"] as string });
    if (type === "Index Scan" || type === "Index Only Scan" || type === "Bitmap Index Scan") {
      const index = indexes.get(node["Index Name"] as string);
      const cond = (node["Index Cond"] as string | undefined) ?? "";
      if (index && !new RegExp(`\\b${index.leading}\\b`).test(cond))
        found.push({ kind: "whole index", table: index.table, index: node["Index Name"] as string });
    }
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk((rows[0]["QUERY PLAN"] as { Plan: Record<string, unknown> }[])[0].Plan);
  return found;
}

/** Each distinct statement of a path that reads a big table in a growing way, with how. */
async function scansOf(key: string) {
  const out: { scans: Scan[]; statement: string }[] = [];
  const seen = new Set<string>();
  for (const statement of captured.get(key) ?? []) {
    if (!/^\s*(select|insert|update|delete|with)\b/i.test(statement.text) || seen.has(statement.text)) continue;
    seen.add(statement.text);
    const scans = await growingScans(statement);
    if (scans.length) out.push({ scans, statement: statement.text.replace(/\s+/g, " ").slice(0, 300) });
  }
  return out;
}

describe.skipIf(!serverUrl())("the student paths' statements on a large database", () => {
  beforeAll(async () => {
    app = await startInProcessApp({ env: { RATE_LIMIT_ATTEMPT_STARTS_PER_15MIN: "100000" } });
    db = new pg.Client({ connectionString: app.database.url });
    await db.connect();
    await makeSessions(db, 25_000);
    await makeLearningData(db, { enrollments: 25_000, mix: STUDENT_MIX, certificates: true });

    // the demo student signs in and buys the course through the sandbox, as a new user would
    const cookie = await signIn(app.url, "jana.novakova@demo.sk");
    const { data: courses } = (await (await fetch(`${app.url}/api/courses`)).json()) as { data: { _id: string; slug: string }[] };
    await buyThroughSandbox(app.url, cookie, courses.find((c) => c.slug === COURSE)!._id, ADDRESS);
    let enrollment: { id: string; course_version_id: string } | undefined;
    for (let i = 0; i < 100 && !enrollment; i++) {
      enrollment = (await db.query(`select id, course_version_id from enrollments where student_id = 'p-1001' and state = 'active'`)).rows[0];
      if (!enrollment) await new Promise((r) => setTimeout(r, 100));
    }
    if (!enrollment) throw new Error("the purchase made no enrollment");
    const test = await openFirstPartTest(db, enrollment);
    await db.query(`analyze`);
    await loadIndexes();

    const get =
      (path: string, headers: Record<string, string> = { cookie }) =>
      () =>
        fetch(`${app.url}${path}`, { headers, redirect: "manual" });
    const post = (path: string, body: unknown) => () =>
      fetch(`${app.url}${path}`, {
        method: "POST",
        headers: { cookie, origin: app.url, "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
        body: JSON.stringify(body),
      });
    const learn = (await (await get(`/api/courses/${COURSE}/learn`)()).json()) as { levels: { topics: { module: { parts: { _id: string }[] } | null }[] }[] };
    const partId = learn.levels[0].topics[0].module!.parts[0]._id;
    const part = (await (await get(`/api/parts/${partId}`)()).json()) as { contentBlocks: { id: string; type: string }[] };
    const text = part.contentBlocks.find((b) => b.type === "text")!;
    const video = part.contentBlocks.find((b) => b.type === "video")!;
    const {
      rows: [cert],
    } = await db.query(`select registration_number, verification_hash from certificates order by id limit 1`);
    let attemptId = "";

    const paths: Path[] = [
      { key: "learn", run: get(`/api/courses/${COURSE}/learn`) },
      { key: "part", run: get(`/api/parts/${partId}`) },
      { key: "enrollmentsMine", run: get("/api/enrollments/me") },
      { key: "enrollment", run: get(`/api/enrollments/${enrollment.id}`) },
      { key: "learnPage", run: get(`/kurzy/${COURSE}/studium`) },
      { key: "partPage", run: get(`/kurzy/${COURSE}/studium/${partId}`) },
      { key: "progressText", run: post(`/api/parts/${partId}/progress`, { blockId: text.id, state: "completed" }) },
      { key: "progressVideo", run: post(`/api/parts/${partId}/progress`, { blockId: video.id, state: "in_progress", secondsWatched: 5 }) },
      {
        key: "attemptStart",
        run: async () => {
          const res = await post(`/api/tests/${test.id}/attempts`, {})();
          attemptId = ((await res.clone().json()) as { attemptId: string }).attemptId;
          return res;
        },
      },
      { key: "attemptSubmit", run: () => post(`/api/tests/${test.id}/attempts/${attemptId}/submit`, { answers: [] })() },
      { key: "certificatesMine", run: get("/api/certificates/me") },
      { key: "verify", run: get(`/api/verify/${encodeURIComponent(cert.registration_number)}?h=${cert.verification_hash}`, {}) },
    ];
    installCapture();
    try {
      for (const path of paths) {
        const statements: Captured[] = [];
        sink = statements;
        const res = await path.run();
        await res.arrayBuffer();
        // writes after the answer (the session touch, counters) belong to the request too
        await new Promise((r) => setTimeout(r, 50));
        sink = null;
        captured.set(path.key, statements);
        statuses.set(path.key, res.status);
      }
    } finally {
      sink = null;
      pg.Client.prototype.query = originalQuery;
    }
  }, 120_000);

  afterAll(async () => {
    // EXPLAIN_STATEMENTS_OUT=<file>: the statements each path sent (round trips per request), for docs/decisions/README.md
    if (process.env.EXPLAIN_STATEMENTS_OUT) {
      const out = Object.fromEntries(
        [...captured].map(([key, list]) => [key, { count: list.length, statements: list.map((c) => c.text.replace(/\s+/g, " ").slice(0, 160)) }]),
      );
      fs.writeFileSync(process.env.EXPLAIN_STATEMENTS_OUT, JSON.stringify(out, null, 2));
    }
    pg.Client.prototype.query = originalQuery;
    await db?.end();
    await app?.stop();
  });

  it("answers every path (so the statements captured are those of a real answer)", () => {
    expect(Object.fromEntries(statuses)).toEqual({
      learn: 200,
      part: 200,
      enrollmentsMine: 200,
      enrollment: 200,
      learnPage: 200,
      partPage: 200,
      progressText: 200,
      progressVideo: 200,
      attemptStart: 201,
      attemptSubmit: 200,
      certificatesMine: 200,
      verify: 200,
    });
    // the capture holds the app's own statements: each path read the tables it answers from
    const reads = (key: string, table: string) => (captured.get(key) ?? []).some((s) => new RegExp(`\\b"?${table}"?\\b`).test(s.text));
    for (const key of statuses.keys()) if (key !== "verify") expect(reads(key, "sessions"), `${key} reads sessions`).toBe(true);
    for (const key of ["learn", "part", "enrollment", "learnPage", "partPage", "progressText", "progressVideo"])
      expect(reads(key, "part_progress"), `${key} reads part_progress`).toBe(true);
    for (const key of ["attemptStart", "attemptSubmit"]) expect(reads(key, "test_attempts"), `${key} reads test_attempts`).toBe(true);
    for (const key of ["certificatesMine", "verify"]) expect(reads(key, "certificates"), `${key} reads certificates`).toBe(true);
  });

  // docs/decisions/learning/the-student-path-at-scale.md > The student path at scale: the round trips. With the published
  // structure in memory (read once by the requests above), a signed-in read is the session,
  // the enrollment and one statement for the progress facts.
  it("the signed-in JSON reads send three statements each: session, enrollment, progress facts; the pages one more, the levels' other requirements (the dashboard page two more: test standings, webinars)", () => {
    // the capture sees every client of the process: work of the app's own timers (the job
    // queue, the rate limits' flush, the catalog's version check) that fell into a path's
    // window on a busy machine is not the path's
    const own = (key: string) => (captured.get(key) ?? []).filter((s) => !/pgboss|rate_limits|catalog_version/.test(s.text));
    const tables = (key: string) => own(key).map((s) => [...s.text.matchAll(/from "?(\w+)"?/g)].map((m) => m[1])[0]);
    const counts = Object.fromEntries(["learn", "part", "enrollment", "learnPage", "partPage"].map((key) => [key, own(key).length]));
    // the dashboard page also reads the student's standing with each test (one grouped,
    // indexed read of test_attempts; docs/decisions/learning/the-sequence-includes-the-tests.md > The sequence includes the tests) and
    // the course's webinars (one indexed read by the course; the enrollment is not read again,
    // and the calendar feed is the calendar page's, not read here)
    // the pages' fourth: the level requirements from outside the content (required webinars' attendance,
    // one indexed read by the enrollment; docs/decisions/learning/level-requirements-port.md), which
    // their next step and progress measure count; the JSON views do not read them, so their
    // paths do not send it (docs/decisions/platform/json-api-without-express.md)
    expect(counts).toEqual({ learn: 3, part: 3, enrollment: 3, learnPage: 6, partPage: 4 });
    for (const key of ["learn", "part", "enrollment"]) expect(tables(key), key).toEqual(["sessions", "enrollments", "part_progress"]);
    expect(own("learnPage").map((s) => [...s.text.matchAll(/from "?(\w+)"?/g)].map((m) => m[1])[0])).toEqual([
      "sessions",
      "enrollments",
      "part_progress",
      "webinar_joins",
      "test_attempts",
      "webinars",
    ]);
    expect(tables("partPage")).toEqual(["sessions", "enrollments", "part_progress", "webinar_joins"]);
  });

  it("finds a sequential scan and a whole-index scan where there is one (the check itself)", async () => {
    expect(await growingScans({ text: `select id from enrollments where student_display_name = $1`, values: ["Študent 7"] })).toEqual([
      { kind: "Seq Scan", table: "enrollments" },
    ]);
    expect(await growingScans({ text: `select id from enrollments where student_id = $1`, values: ["bench-7"] })).toEqual([]);
    // test_attempts_number_uq starts with test_id: the condition on enrollment_id alone walks all of it
    expect(await growingScans({ text: `select test_id from test_attempts where test_id = $1 and enrollment_id = $2`, values: ["x", "y"] })).toEqual([]);
  });

  // The passed-tests lookup of learning's progress facts (server/learning/engine.ts)
  //   select distinct "test_id" from "test_attempts" where ("test_attempts"."enrollment_id" = $1
  //     and "test_attempts"."passed" = $2 and "test_attempts"."voided_at" is null)
  // walked all of test_attempts_number_uq (test_id, enrollment_id, attempt_number) on nine
  // of these paths until the index test_attempts_enrollment_idx (enrollment_id, test_id)
  // arrived (migration 0009).
  for (const key of [
    "learn",
    "part",
    "enrollmentsMine",
    "enrollment",
    "learnPage",
    "partPage",
    "progressText",
    "progressVideo",
    "attemptStart",
    "attemptSubmit",
    "certificatesMine",
    "verify",
  ]) {
    it(`${key}: no sequential or whole-index scan of ${BIG_TABLES.join(", ")}`, async () => {
      expect(await scansOf(key)).toEqual([]);
    });
  }
});
