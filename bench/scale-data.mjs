// Bulk learning data in SQL for the benchmarks (bench/students.mjs, bench/insights.mjs) and
// the EXPLAIN guard (tests/integration/student-paths-explain.test.ts), on a database the
// app has migrated and seeded with the demo catalog. Everything is consistent with the
// schema (server/db/schema/*): enrollments of other students ("bench-<g>") on published or
// archived course versions, part progress for every part of the enrolled version, module
// completions, two submitted attempts per enrollment on the version's first level test
// (snapshots and answers from its questions), and optionally certificates (a final one
// for each completed enrollment, an intermediate one on the first level for a share of the
// active ones; the verification hash computed as server/certificates/hash.ts does).
// Ids are 24-char lowercase hex with a prefix per table, so bulk rows never collide with
// the app's own.
//
// Also: the sign-in of a demo person through the app's local provider (the app makes the
// session row and its sealed cookie itself) and a purchase through the sandbox gateway.

/**
 * The versions enrollments are spread over: `mix` lists { slug, version? (default: the
 * published one), weight }; the weights are shares out of 20. Enrollment g goes to the
 * bucket (g / 20) % 20, so the state distribution (g % 20) is independent of the course.
 */
async function mixTable(db, mix) {
  await db.query(`drop table if exists bench_mix`);
  await db.query(`create temporary table bench_mix (bucket int, version_id text, chain_id text, title text, slug text, test_id text, level_id text, level_title text,
    total_modules int, total_levels int, partner jsonb)`);
  let bucket = 0;
  for (const { slug, version, weight } of mix) {
    const {
      rows: [v],
    } = await db.query(
      version === undefined
        ? `select id, title, slug, accreditation from courses where slug = $1 and state = 'published'`
        : `select id, title, slug, accreditation from courses where slug = $1 and version = $2`,
      version === undefined ? [slug] : [slug, version],
    );
    if (!v) throw new Error(`no course version ${slug} ${version ?? "(published)"}`);
    const {
      rows: [chain],
    } = await db.query(`select id from courses where slug = $1 order by version limit 1`, [slug]);
    const {
      rows: [level],
    } = await db.query(`select id, title, level_test_id from levels where course_id = $1 order by order_index limit 1`, [v.id]);
    const {
      rows: [anyTest],
    } = await db.query(`select id from tests where course_id = $1 order by id limit 1`, [v.id]);
    const {
      rows: [counts],
    } = await db.query(
      `select (select count(*)::int from modules where course_id = $1) as modules, (select count(*)::int from levels where course_id = $1) as levels`,
      [v.id],
    );
    for (let i = 0; i < weight; i++, bucket++) {
      await db.query(`insert into bench_mix values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`, [
        bucket,
        v.id,
        chain.id,
        v.title,
        v.slug,
        level?.level_test_id ?? anyTest?.id ?? null,
        level?.id ?? null,
        level?.title ?? null,
        counts.modules,
        counts.levels,
        JSON.stringify(v.accreditation ?? { partnerName: "Partner" }),
      ]);
    }
  }
  if (bucket !== 20) throw new Error(`the weights of the mix add up to ${bucket}, not 20`);
}

/** 24-char hex id: a 2-char prefix and g in hex. */
const hexId = (prefix, expr) => `'${prefix}' || lpad(to_hex(${expr}), ${24 - prefix.length}, '0')`;

/**
 * Makes N enrollments and their learning data. Returns the number of rows per table.
 * Options: mix (see above; default: all on the published `riadenie-sportoveho-klubu`),
 * certificates (default false), analyze (default true: VACUUM ANALYZE at the end, what
 * autovacuum does after bulk inserts).
 */
export async function makeLearningData(
  db,
  { enrollments: N, mix = [{ slug: "riadenie-sportoveho-klubu", weight: 20 }], certificates = false, analyze = true },
) {
  const q = (text, params) => db.query(text, params);
  await mixTable(db, mix);
  const m = `(select * from bench_mix where bucket = (g / 20) % 20)`;
  // enrollments over the last two years: 30 % completed, 10 % expired, 5 % cancelled, the rest active
  await q(
    `
    insert into enrollments (id, course_id, course_version_id, course_title, course_slug, student_id, student_display_name, student_email, state, reason,
      enrolled_at, access_expires_at, progress, completed_at, final_certificate_id, intermediate_certificate_ids)
    select ${hexId("e0", "g")}, m.chain_id, m.version_id, m.title, m.slug, 'bench-' || g, 'Študent ' || g, 'student' || g || '@example.sk',
      (case when g % 20 < 6 then 'completed' when g % 20 < 8 then 'expired' when g % 20 = 8 then 'cancelled' else 'active' end)::enrollment_state,
      (case when g % 10 < 7 then 'paid' when g % 10 < 9 then 'admin_grant' else 'sponsor' end)::enrollment_reason,
      now() - make_interval(mins => (g * 7919) % (730 * 1440)),
      now() + make_interval(days => (g % 400) - 30),
      jsonb_build_object('completedModules', g % (m.total_modules + 1), 'totalModules', m.total_modules, 'completedLevels', g % (m.total_levels + 1),
        'totalLevels', m.total_levels, 'lastActivityAt', to_json(now() - make_interval(hours => (g * 31) % (60 * 24)))#>>'{}'),
      case when g % 20 < 6 then now() - make_interval(mins => ((g * 7919) % (730 * 1440)) / 3) end,
      case when $2 and g % 20 < 6 then ${hexId("c3", "g")} end,
      case when $2 and g % 20 in (9, 10) and m.level_id is not null then array[${hexId("c4", "g")}] else '{}'::text[] end
    from generate_series(1, $1::int) g cross join lateral ${m} m`,
    [N, certificates],
  );
  // progress: every part of every enrollment's version, completed on a drop-off curve
  await q(
    `
    with p as (select id, course_id, row_number() over (partition by course_id order by module_id, order_index)::int as n from parts
               where course_id in (select version_id from bench_mix))
    insert into part_progress (id, enrollment_id, part_id, state, completed_at)
    select ${hexId("f", "g * 64 + p.n")}, ${hexId("e0", "g")}, p.id,
      (case when (g * 13 + p.n * 7) % 100 < 100 - p.n * 8 then 'completed' else 'available' end)::part_state,
      case when (g * 13 + p.n * 7) % 100 < 100 - p.n * 8 then now() end
    from generate_series(1, $1::int) g cross join lateral ${m} m join p on p.course_id = m.version_id`,
    [N],
  );
  await q(
    `
    with mo as (select id, course_id, row_number() over (partition by course_id order by id)::int as n from modules where course_id in (select version_id from bench_mix))
    insert into module_completions (id, enrollment_id, module_id)
    select ${hexId("b", "g * 16 + mo.n")}, ${hexId("e0", "g")}, mo.id
    from generate_series(1, $1::int) g cross join lateral ${m} m join mo on mo.course_id = m.version_id
    where (g * 13) % 100 < 100 - mo.n * 15`,
    [N],
  );
  // two submitted attempts per enrollment on the version's first level test, answers from the snapshot
  await q(
    `
    with snap as (
      select q.test_id, jsonb_agg(jsonb_build_object('questionId', q.id, 'type', q.type, 'text', q.text, 'answers', q.answers, 'acceptedAnswers', to_jsonb(q.accepted_answers),
        'explanation', q.explanation, 'weight', q.weight) order by q.order_index) as s,
        array_agg(q.id order by q.order_index) as ids
      from questions q where q.test_id in (select test_id from bench_mix) group by q.test_id
    )
    insert into test_attempts (id, test_id, enrollment_id, student_id, attempt_number, state, score, passed, started_at, deadline, submitted_at,
      question_snapshots, question_order, answer_orders, answers)
    select ${hexId("a", "g * 2 + k")}, m.test_id, ${hexId("e0", "g")}, 'bench-' || g, k, 'submitted',
      ((g + k) % 11) / 10.0, ((g + k) % 11) >= 7, now() - interval '2 days', now() - interval '1 day', now() - interval '2 days' + interval '10 minutes',
      snap.s, snap.ids, '{}'::jsonb,
      (select jsonb_agg(case when x.snap->>'type' = 'text'
          then jsonb_build_object('questionId', x.snap->>'questionId', 'textAnswer', case when (g + x.n) % 3 = 0 then 'zle' else coalesce(x.snap->'acceptedAnswers'->>0, '') end)
          else jsonb_build_object('questionId', x.snap->>'questionId', 'selectedAnswerIds',
            jsonb_build_array(x.snap->'answers'->(((g * 7 + x.n * 3 + k) % greatest(jsonb_array_length(x.snap->'answers'), 1))::int)->>'id')) end)
        from jsonb_array_elements(snap.s) with ordinality as x(snap, n))
    from generate_series(1, $1::int) g cross join generate_series(1, 2) k cross join lateral ${m} m join snap on snap.test_id = m.test_id`,
    [N],
  );
  if (certificates) {
    // the ids the enrollments above already name; hash as server/certificates/hash.ts
    await q(`
      with c as (
        select e.id as enrollment_id, e.student_id, e.student_display_name, e.course_id, e.course_version_id, e.course_title,
          t.type, case when t.type = 'final' then e.final_certificate_id else e.intermediate_certificate_ids[1] end as id,
          case when t.type = 'intermediate' then m.level_id end as level_id, case when t.type = 'intermediate' then m.level_title end as level_title,
          'BENCH-' || substr(e.id, 3) || case when t.type = 'final' then '-F' else '-I' end as registration_number,
          date_trunc('milliseconds', coalesce(e.completed_at, e.enrolled_at + interval '30 days')) as issued_at, m.partner
        from enrollments e join bench_mix m on m.version_id = e.course_version_id and m.bucket = (select min(bucket) from bench_mix b where b.version_id = e.course_version_id)
        cross join lateral (values ('final'::certificate_type), ('intermediate'::certificate_type)) t(type)
        where e.id like 'e0%' and ((t.type = 'final' and e.final_certificate_id is not null) or (t.type = 'intermediate' and cardinality(e.intermediate_certificate_ids) > 0))
      )
      insert into certificates (id, type, student_id, student_display_name, course_id, course_version_id, course_title, level_id, level_title, enrollment_id,
        issued_at, issued_by, registration_number, verification_hash, certificate_title)
      select c.id, c.type, c.student_id, c.student_display_name, c.course_id, c.course_version_id, c.course_title, c.level_id, c.level_title, c.enrollment_id,
        c.issued_at, jsonb_build_object('partnerOrgId', 'o-bench', 'partnerName', coalesce(c.partner->>'partnerName', 'Partner'), 'certificateType', 'osvedčenie'),
        c.registration_number,
        encode(sha256(convert_to(concat_ws('|', c.registration_number, c.type::text, c.student_id, c.course_id, c.course_version_id, coalesce(c.level_id, ''),
          to_char(c.issued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')), 'UTF8')), 'hex'),
        case when c.type = 'final' then 'Osvedčenie o absolvovaní' else 'Osvedčenie o absolvovaní úrovne: ' || c.level_title end
      from c`);
  }
  if (analyze) await q(`vacuum analyze`);
  const count = async (table) => Number((await q(`select count(*) from ${table}`)).rows[0].count);
  return {
    enrollments: await count("enrollments"),
    partProgress: await count("part_progress"),
    moduleCompletions: await count("module_completions"),
    testAttempts: await count("test_attempts"),
    certificates: await count("certificates"),
  };
}

/** N signed-in sessions of the bulk students (the session table at the size of the enrollments). */
export async function makeSessions(db, n) {
  await db.query(
    `
    insert into sessions (id, user_id, token_hash, tokens, access_expires_at, expires_at, last_seen_at)
    select ${hexId("d5", "g")}, 'bench-' || g, md5(g::text), 'sealed', now() + interval '1 hour', now() + interval '14 days', now() - make_interval(mins => g % 600)
    from generate_series(1, $1::int) g`,
    [n],
  );
}

/**
 * Makes the course version's first part test startable for an enrollment: its part
 * completed (in SQL; the parts before it stay open, so that the benches measure progress
 * writes on an open part); the test's attempt limit and cooldown lifted, so that a bench
 * can start it again and again. Returns the test's id and title.
 */
export async function openFirstPartTest(db, enrollment) {
  const {
    rows: [t],
  } = await db.query(
    `select t.id, t.title, p.id as part_id from parts p join tests t on t.id = p.part_test_id join modules m on m.id = p.module_id
     join topics tp on tp.id = m.topic_id join levels l on l.id = tp.level_id
     where p.course_id = $1 order by l.order_index, tp.order_index, p.order_index limit 1`,
    [enrollment.course_version_id],
  );
  if (!t) throw new Error("the course has no part test");
  await db.query(`update part_progress set state = 'completed', completed_at = now() where enrollment_id = $1 and part_id = $2`, [enrollment.id, t.part_id]);
  await db.query(`update tests set max_attempts = 1000000, cooldown_minutes = 0 where id = $1`, [t.id]);
  return { id: t.id, title: t.title };
}

/** The students bench's spread: most on the largest demo course, some on an archived version. */
export const STUDENT_MIX = [
  { slug: "riadenie-sportoveho-klubu", weight: 17 },
  { slug: "riadenie-sportoveho-klubu", version: 1, weight: 1 },
  { slug: "financie-a-granty-v-sporte", weight: 1 },
  { slug: "sekretar-klubu-v-praxi", weight: 1 },
];

/**
 * A demo person's session cookie header: the app's own sign-in through the local
 * provider's form (the app creates the session row and seals the cookie). `returnTo` is
 * the path the app redirects to after the callback, where following redirects stops.
 */
export async function signIn(origin, email, { returnTo = "/", password = "demo1234" } = {}) {
  const jar = new Map();
  const store = (res) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const i = pair.indexOf("=");
      const value = pair.slice(i + 1).trim();
      if (value) jar.set(pair.slice(0, i).trim(), value);
      else jar.delete(pair.slice(0, i).trim());
    }
  };
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const get = async (u, init = {}) => {
    const res = await fetch(new URL(u, origin), { ...init, redirect: "manual", headers: { ...(init.headers ?? {}), cookie: header() } });
    store(res);
    return res;
  };
  let res = await get(`/api/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
  while (res.status >= 300 && res.status < 400) res = await get(res.headers.get("location"));
  const html = await res.text();
  const action = /<form[^>]*action="([^"]+)"/.exec(html)[1].replace(/&amp;/g, "&");
  res = await get(action, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ email, password }) });
  while (res.status >= 300 && res.status < 400) {
    const location = new URL(res.headers.get("location"), origin);
    if (location.origin === new URL(origin).origin && location.pathname === returnTo) break;
    res = await get(location.href);
  }
  if (!jar.size) throw new Error("sign-in failed");
  return header();
}

/** Buys a course as the signed-in person through the sandbox gateway; returns the order id. */
export async function buyThroughSandbox(origin, cookie, courseId, billingAddress) {
  const res = await fetch(`${origin}/api/orders`, {
    method: "POST",
    headers: { cookie, origin, "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
    body: JSON.stringify({ courseId, billingType: "personal", billingAddress, agreedTos: true, agreedRefundPolicy: true }),
  });
  const order = await res.json();
  if (res.status !== 201) throw new Error(`order: ${res.status} ${JSON.stringify(order)}`);
  const page = await fetch(order.redirectUrl);
  const action = new URL(/action="([^"]+)"/.exec(await page.text())[1].replace(/&amp;/g, "&"), order.redirectUrl).href;
  const paid = await fetch(action, { method: "POST", body: new URLSearchParams({ outcome: "success" }), redirect: "manual" });
  if (paid.status !== 303) throw new Error(`sandbox payment: ${paid.status}`);
  return order.orderId;
}
