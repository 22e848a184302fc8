// A test's question statistics as Moodle's quiz statistics report computes them, over
// the submitted, not voided attempts and from each attempt's question snapshot (so a
// question edited between attempts counts once per version of its text and answers):
// - facility index: the mean score on the question (0..1; a question scores all or nothing);
// - discrimination index: the correlation (Pearson) of the question's score with the
//   score on the rest of the attempt (earned ÷ possible without this question);
// - how often each answer was chosen.
// Scoring is repeated in SQL exactly as server/quizzes scoreAttempt does it (the last
// answer given for a question counts). docs/decisions/admin-ui/admin-insights.md > Admin insights: question statistics.
import { and, eq, sql, type SQL } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";
import { DomainError } from "../kernel/errors";
import type { QuestionSnapshot } from "../db/schema/learning";
import type { Logger } from "../log";
import type { Queue } from "../queue";
import { normalizedText, num, numOrNull, rows } from "./sql";

/** Moodle's usual thresholds: facility above 0.9 is too easy, below 0.2 too hard; discrimination below 0.2 is poor. */
export const TOO_EASY = 0.9;
export const TOO_HARD = 0.2;
export const POOR_DISCRIMINATION = 0.2;

export type QuestionFlag = "too_easy" | "too_hard" | "poor_discrimination";

export type QuestionStat = {
  questionId: string;
  /** 1 for the oldest version of the question seen in attempts */
  version: number;
  versions: number;
  type: string;
  text: string;
  weight: number;
  attempts: number;
  correct: number;
  facility: number | null;
  discrimination: number | null;
  answers: { id: string; text: string; isCorrect: boolean; chosen: number }[];
  /** a free-text question's answers as given (same text without case, accents and extra spaces counts once), most frequent first; absent in figures stored before it */
  textAnswers?: { text: string; count: number; accepted: boolean }[];
  flags: QuestionFlag[];
  /** whether the question still exists in the test (else its editor has nothing to show) */
  live: boolean;
};

export type TestInsights = {
  test: { id: string; courseId: string; title: string; passingScore: number; maxAttempts: number };
  attempts: number;
  passed: number;
  averageScore: number | null;
  questions: QuestionStat[];
  source: FiguresSource;
};

/** The most frequent free-text answers listed per question version. */
const MAX_TEXT_ANSWERS = 50;

/** One row per question answered in a counted attempt, with its score (SQL text). */
function scoredAnswers(testId: string): SQL {
  const given = normalizedText(sql`ans->>'textAnswer'`);
  return sql`
    with att as materialized (
      select a.id, a.submitted_at, a.question_snapshots, a.question_order, a.answers
      from test_attempts a where a.test_id = ${testId} and a.submitted_at is not null and a.voided_at is null
    ),
    qa as materialized (
      select att.id as attempt_id, att.submitted_at, s.snap, s.pos, s.snap->>'questionId' as qid, md5(s.snap::text) as ver,
        coalesce((s.snap->>'weight')::float8, 1) as w,
        (select x.ans from jsonb_array_elements(att.answers) with ordinality as x(ans, n)
          where x.ans->>'questionId' = s.snap->>'questionId' order by x.n desc limit 1) as ans
      from att cross join lateral jsonb_array_elements(att.question_snapshots) with ordinality as s(snap, pos)
      where (s.snap->>'questionId') = any(att.question_order)
    ),
    scored as materialized (
      select attempt_id, submitted_at, pos, qid, ver, w, case
        when ans is null then false
        when snap->>'type' = 'text' then ${given} <> '' and exists (
          select 1 from jsonb_array_elements_text(coalesce(snap->'acceptedAnswers', '[]'::jsonb)) as acc(v) where ${normalizedText(sql`acc.v`)} = ${given})
        when snap->>'type' = 'single_choice' then jsonb_array_length(coalesce(ans->'selectedAnswerIds', '[]'::jsonb)) = 1 and exists (
          select 1 from jsonb_array_elements(snap->'answers') as c(a) where (c.a->>'isCorrect')::boolean and c.a->>'id' = ans->'selectedAnswerIds'->>0)
        else (select coalesce(array_agg(distinct v order by v), '{}') from jsonb_array_elements_text(coalesce(ans->'selectedAnswerIds', '[]'::jsonb)) as sel(v))
          = (select coalesce(array_agg(distinct c.a->>'id' order by c.a->>'id'), '{}') from jsonb_array_elements(snap->'answers') as c(a) where (c.a->>'isCorrect')::boolean)
      end as correct
      from qa
    ),
    per as (
      select attempt_id, submitted_at, pos, qid, ver, w, correct,
        case when correct then 1.0 else 0.0 end::float8 as q, case when correct then w else 0 end as earned,
        sum(case when correct then w else 0 end) over (partition by attempt_id) as attempt_earned, sum(w) over (partition by attempt_id) as attempt_total
      from scored
    )`;
}

/** The test, if it belongs to this course version; else 404. */
export async function findTest(db: DbOrTx, courseId: string, testId: string): Promise<TestInsights["test"]> {
  const [test] = await db
    .select({
      id: schema.tests.id,
      courseId: schema.tests.courseId,
      title: schema.tests.title,
      passingScore: schema.tests.passingScore,
      maxAttempts: schema.tests.maxAttempts,
    })
    .from(schema.tests)
    .where(and(eq(schema.tests.id, testId), eq(schema.tests.courseId, courseId)));
  if (!test) throw new DomainError("not_found", "Test sa nenašiel.");
  return test;
}

/** Up to this many counted attempts the page computes the statistics itself; beyond, a job does. */
export const LIVE_ATTEMPTS_LIMIT = 1000;

/** The figures of a test's counted attempts, as computed (stored as such by the job). */
export type QuestionFigures = { attempts: number; passed: number; averageScore: number | null; questions: Omit<QuestionStat, "live">[] };

/** What the counted attempts are: their number and the latest submission (a cache key). */
async function fingerprint(db: DbOrTx, testId: string): Promise<{ attempts: number; lastSubmittedAt: string | null }> {
  const [r] = await rows<Record<string, unknown>>(
    db,
    sql`
    select count(*) as n, to_json(max(submitted_at))#>>'{}' as last
    from test_attempts where test_id = ${testId} and submitted_at is not null and voided_at is null`,
  );
  return { attempts: num(r?.n), lastSubmittedAt: r?.last ? new Date(String(r.last)).toISOString() : null };
}

async function computeFigures(db: DbOrTx, testId: string): Promise<QuestionFigures> {
  const base = scoredAnswers(testId);
  const typed = normalizedText(sql`qa.ans->>'textAnswer'`);
  const [[summary], stats, chosen, texts] = await Promise.all([
    rows<Record<string, unknown>>(
      db,
      sql`
      select count(*) as n, count(*) filter (where passed) as passed, avg(score) as average_score
      from test_attempts where test_id = ${testId} and submitted_at is not null and voided_at is null`,
    ),
    rows<Record<string, unknown>>(
      db,
      sql`${base}
      , stats as (
        select per.qid, per.ver, count(*) as attempts, count(*) filter (where per.correct) as correct, avg(per.q) as facility,
          corr(per.q, (per.attempt_earned - per.earned) / nullif(per.attempt_total - per.w, 0)) as discrimination,
          to_json(min(per.submitted_at))#>>'{}' as first_seen
        from per group by per.qid, per.ver
      )
      select stats.*, (select qa.snap from qa where qa.qid = stats.qid and qa.ver = stats.ver limit 1) as snap
      from stats`,
    ),
    rows<{ qid: string; ver: string; answer_id: string; n: unknown }>(
      db,
      sql`${base}
      select qa.qid, qa.ver, sel.v as answer_id, count(distinct qa.attempt_id) as n
      from qa cross join lateral jsonb_array_elements_text(coalesce(qa.ans->'selectedAnswerIds', '[]'::jsonb)) as sel(v)
      group by 1, 2, 3`,
    ),
    rows<{ qid: string; ver: string; sample: string; n: unknown; accepted: unknown }>(
      db,
      sql`${base}
      select qa.qid, qa.ver, min(btrim(qa.ans->>'textAnswer')) as sample, count(distinct qa.attempt_id) as n,
        bool_or(exists (select 1 from jsonb_array_elements_text(coalesce(qa.snap->'acceptedAnswers', '[]'::jsonb)) as acc(v) where ${normalizedText(sql`acc.v`)} = ${typed})) as accepted
      from qa where qa.snap->>'type' = 'text' and ${typed} <> ''
      group by qa.qid, qa.ver, ${typed} order by 4 desc, 3`,
    ),
  ]);
  const textsOf = new Map<string, { text: string; count: number; accepted: boolean }[]>();
  for (const t of texts) {
    const key = `${t.qid}/${t.ver}`;
    const list = textsOf.get(key) ?? [];
    if (list.length < MAX_TEXT_ANSWERS) list.push({ text: String(t.sample), count: num(t.n), accepted: t.accepted === true || t.accepted === "t" });
    textsOf.set(key, list);
  }
  const chosenOf = new Map(chosen.map((c) => [`${c.qid}/${c.ver}/${c.answer_id}`, num(c.n)]));
  // versions of one question, oldest first
  const versionsOf = new Map<string, Record<string, unknown>[]>();
  for (const r of stats) versionsOf.set(String(r.qid), [...(versionsOf.get(String(r.qid)) ?? []), r]);
  for (const list of versionsOf.values()) list.sort((a, b) => String(a.first_seen).localeCompare(String(b.first_seen)));
  const questions: QuestionFigures["questions"] = [];
  for (const [qid, list] of versionsOf) {
    for (const [i, r] of list.entries()) {
      const snap = (typeof r.snap === "string" ? JSON.parse(r.snap) : r.snap) as QuestionSnapshot;
      const facility = numOrNull(r.facility);
      const discrimination = numOrNull(r.discrimination);
      const flags: QuestionFlag[] = [];
      if (facility !== null && facility > TOO_EASY) flags.push("too_easy");
      if (facility !== null && facility < TOO_HARD) flags.push("too_hard");
      if (discrimination !== null && discrimination < POOR_DISCRIMINATION) flags.push("poor_discrimination");
      questions.push({
        questionId: qid,
        version: i + 1,
        versions: list.length,
        type: snap.type,
        text: snap.text,
        weight: snap.weight ?? 1,
        attempts: num(r.attempts),
        correct: num(r.correct),
        facility,
        discrimination,
        answers: (snap.answers ?? []).map((a) => ({ id: a.id, text: a.text, isCorrect: a.isCorrect, chosen: chosenOf.get(`${qid}/${r.ver}/${a.id}`) ?? 0 })),
        ...(snap.type === "text" ? { textAnswers: textsOf.get(`${qid}/${r.ver}`) ?? [] } : {}),
        flags,
      });
    }
  }
  return { attempts: num(summary?.n), passed: num(summary?.passed), averageScore: numOrNull(summary?.average_score), questions };
}

/** Computes a test's figures and stores them with what they were computed over (the job's work; idempotent). */
export async function refreshTestQuestionStats(db: DbOrTx, testId: string, now = new Date()): Promise<QuestionFigures> {
  const key = await fingerprint(db, testId);
  const figures = await computeFigures(db, testId);
  const values = { attempts: key.attempts, lastSubmittedAt: key.lastSubmittedAt ? new Date(key.lastSubmittedAt) : null, computedAt: now, result: figures };
  await db
    .insert(schema.testQuestionStats)
    .values({ testId, ...values })
    .onConflictDoUpdate({ target: schema.testQuestionStats.testId, set: values });
  return figures;
}

/** The `insights.test-question-stats` worker. */
export function testQuestionStatsJob(deps: { db: DbOrTx; log: Logger }) {
  return async ({ testId }: { testId: string }) => {
    const [test] = await deps.db.select({ id: schema.tests.id }).from(schema.tests).where(eq(schema.tests.id, testId));
    if (!test) return { skipped: "test gone" };
    const started = Date.now();
    const figures = await refreshTestQuestionStats(deps.db, testId);
    deps.log.info("test question statistics computed", { testId, attempts: figures.attempts, ms: Date.now() - started });
    return { attempts: figures.attempts };
  };
}

/** Where the figures come from: computed now, or by the job at `at` (`stale`: attempts came since; `pending`: none yet). */
export type FiguresSource = { kind: "live" } | { kind: "stored"; at: string; attempts: number; stale: boolean } | { kind: "pending" };

/**
 * A test's question statistics: computed while the page waits for up to
 * LIVE_ATTEMPTS_LIMIT counted attempts; beyond, the job's stored figures (and, when
 * attempts came since, a request to recompute them).
 */
export async function getTestInsights(
  db: DbOrTx,
  courseId: string,
  testId: string,
  options: { queue?: Queue; liveLimit?: number } = {},
): Promise<TestInsights> {
  const test = await findTest(db, courseId, testId);
  const limit = options.liveLimit ?? LIVE_ATTEMPTS_LIMIT;
  const [key, [stored], live] = await Promise.all([
    fingerprint(db, testId),
    db.select().from(schema.testQuestionStats).where(eq(schema.testQuestionStats.testId, testId)),
    db.select({ id: schema.questions.id, orderIndex: schema.questions.orderIndex }).from(schema.questions).where(eq(schema.questions.testId, testId)),
  ]);
  const current = stored && stored.attempts === key.attempts && (stored.lastSubmittedAt?.toISOString() ?? null) === key.lastSubmittedAt;
  let figures: QuestionFigures;
  let source: FiguresSource;
  if (key.attempts <= limit && !current) {
    figures = await computeFigures(db, testId);
    source = { kind: "live" };
  } else {
    if (!current) await options.queue?.enqueue(db, "insights.test-question-stats", { testId }, { singletonKey: testId });
    if (stored) {
      figures = stored.result as QuestionFigures;
      source = { kind: "stored", at: stored.computedAt.toISOString(), attempts: stored.attempts, stale: !current };
    } else {
      const [summary] = await rows<Record<string, unknown>>(
        db,
        sql`
        select count(*) filter (where passed) as passed, avg(score) as average_score
        from test_attempts where test_id = ${testId} and submitted_at is not null and voided_at is null`,
      );
      figures = { attempts: key.attempts, passed: num(summary?.passed), averageScore: numOrNull(summary?.average_score), questions: [] };
      source = { kind: "pending" };
    }
  }
  const liveOrder = new Map(live.map((q) => [q.id, q.orderIndex]));
  const questions: QuestionStat[] = figures.questions.map((q) => ({ ...q, live: liveOrder.has(q.questionId) }));
  // the test's order for live questions, then removed ones; versions in order
  const rank = (q: QuestionStat) => liveOrder.get(q.questionId) ?? Number.MAX_SAFE_INTEGER;
  questions.sort((a, b) => rank(a) - rank(b) || a.questionId.localeCompare(b.questionId) || a.version - b.version);
  return { test, attempts: figures.attempts, passed: figures.passed, averageScore: figures.averageScore, questions, source };
}
