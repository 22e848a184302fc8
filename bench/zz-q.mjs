import pg from "pg";
const db = new pg.Client({ connectionString: "postgres://postgres@127.0.0.1:5432/bench_ins_9a699648" });
await db.connect();
const { rows: [t] } = await db.query("select test_id from test_attempts limit 1");
const norm = (v) => `btrim(regexp_replace(lower(regexp_replace(normalize(coalesce(${v}, ''), NFD), '[\\u0300-\\u036f]', '', 'g')), '\\s+', ' ', 'g'))`;
const given = norm("ans->>'textAnswer'");
const base = `
    with att as (
      select a.id, a.submitted_at, a.question_snapshots, a.question_order, a.answers
      from test_attempts a where a.test_id = '${t.test_id}' and a.submitted_at is not null and a.voided_at is null
    ),
    qa as (
      select att.id as attempt_id, att.submitted_at, s.snap, s.pos, s.snap->>'questionId' as qid, md5(s.snap::text) as ver,
        coalesce((s.snap->>'weight')::float8, 1) as w,
        (select x.ans from jsonb_array_elements(att.answers) with ordinality as x(ans, n)
          where x.ans->>'questionId' = s.snap->>'questionId' order by x.n desc limit 1) as ans
      from att cross join lateral jsonb_array_elements(att.question_snapshots) with ordinality as s(snap, pos)
      where (s.snap->>'questionId') = any(att.question_order)
    ),
    scored as (
      select qa.*, case
        when ans is null then false
        when snap->>'type' = 'text' then ${given} <> '' and exists (
          select 1 from jsonb_array_elements_text(coalesce(snap->'acceptedAnswers', '[]'::jsonb)) as acc(v) where ${norm("acc.v")} = ${given})
        when snap->>'type' = 'single_choice' then jsonb_array_length(coalesce(ans->'selectedAnswerIds', '[]'::jsonb)) = 1 and exists (
          select 1 from jsonb_array_elements(snap->'answers') as c(a) where (c.a->>'isCorrect')::boolean and c.a->>'id' = ans->'selectedAnswerIds'->>0)
        else (select coalesce(array_agg(distinct v order by v), '{}') from jsonb_array_elements_text(coalesce(ans->'selectedAnswerIds', '[]'::jsonb)) as sel(v))
          = (select coalesce(array_agg(distinct c.a->>'id' order by c.a->>'id'), '{}') from jsonb_array_elements(snap->'answers') as c(a) where (c.a->>'isCorrect')::boolean)
      end as correct
      from qa
    ),
    marked as (select scored.*, case when correct then 1.0 else 0.0 end::float8 as q, case when correct then w else 0 end as earned from scored),
    per as (
      select marked.*, sum(earned) over (partition by attempt_id) as attempt_earned, sum(w) over (partition by attempt_id) as attempt_total
      from marked
    )`;
for (const q of [`${base} select count(*) filter (where correct) from scored`, `${base}
      select per.qid, per.ver, (array_agg(per.snap))[1] as snap, min(per.pos) as pos, count(*) as attempts,
        count(*) filter (where per.correct) as correct, avg(per.q) as facility,
        corr(per.q, (per.attempt_earned - per.earned) / nullif(per.attempt_total - per.w, 0)) as discrimination,
        to_json(min(per.submitted_at))#>>'{}' as first_seen
      from per
      group by per.qid, per.ver`]) {
  const r = await db.query("explain analyze " + q);
  console.log(r.rows.map((x) => x["QUERY PLAN"]).join("\n").slice(0, 4000));
}
await db.end();
