// The bare baselines of `npm run bench:students`: plain node:http + pg, no framework, no
// query builder, no middleware, no cache of anything a student owns. Each request does the
// minimum the spec requires for the same answer, from scratch; the statements it sends are
// written by hand, as few as the answer allows (counted per path below, the session's one
// included). What may come from memory is what never changes: the structure of the
// published and archived course versions (levels, topics, modules, parts, tests and their
// questions: spec, "a published course (and its Level, Topic, Module, Part, Test) cannot be
// edited"), read once at start (the bench lifts its test's attempt limit before this
// server starts); a version that is not there (a draft) is read per request. Pure
// functions of the app are reused (the progress engine's derivations, the learn and part
// views, scoring, the media URL signer, Markdown, date formats; server/*.ts files, through
// a resolve hook for their extensionless imports; their modules bring drizzle-orm's table
// definitions along), never its database code: every statement is written here.
// - the session: the sealed cookie opened with the app's key (server/auth/crypto.ts), the
//   session row and its user by id, revoked/expired/secret checked (constant time) [1];
// - GET /api/enrollments/me: the student's enrollments, newest first, the list fields [2];
// - GET /api/certificates/me: the student's certificates, newest first, the full shape [2];
// - GET /api/verify/<n>?h=: the certificate by number, the hash compared in constant time [1];
// - GET /api/courses/<slug>/learn: the enrollment and its progress facts (part states,
//   passed tests, module and level completions) in one statement, the learn view [2];
// - GET /api/parts/<id>: the part's version from memory, the enrollment and facts in one
//   statement, media URLs signed with the app's signer (the local video stand-in's and the
//   course files' keys); handing out a URL writes nothing, as in the app [2];
// - GET /api/enrollments/<id>: the enrollment by id and its facts in one statement, the
//   owner compared [2];
// - POST /api/parts/<id>/progress: Origin compared; BEGIN, the enrollment locked, the facts
//   read after the lock (a statement that waits for a row lock reads the other tables as
//   they were before it waited), one write (the part's row, parts unlocked, module and
//   level completions, the enrollment's counters and last activity: data-modifying CTEs),
//   the certificate and notice jobs with pg-boss's own insert when a level or the course
//   completes, COMMIT [6];
// - POST /api/tests/<id>/attempts: Origin and Idempotency-Key; BEGIN, the enrollment
//   locked, then one statement with the facts, the attempts' counts and the one in
//   progress, and the (student, test) start limit counted (spec: Limits); the questions
//   from memory; one write (the attempt and the stored answer of the key), COMMIT [6];
// - POST /api/tests/<id>/attempts/<aid>/submit: BEGIN, the attempt's enrollment locked,
//   then the attempt, the facts and the attempts used in one statement, scored against its
//   snapshot; one write (the attempt, what a pass completes, the enrollment's counters, the
//   key's stored answer), COMMIT [6]. An overdue attempt is submitted with its saved
//   answers first, as the app does (more statements, only then).
//   The key's stored answer is inserted last with ON CONFLICT DO NOTHING: a key seen before
//   rolls the work back and answers the stored answer (422 for another body). The app
//   looks the key up first and answers 409 while the first request still runs; here the
//   second waits for the first on the key's unique index, then replays its answer.
// - GET /kurzy/<slug>/studium and /kurzy/<slug>/studium/<id> (the pages): the same data as
//   the two JSON paths above, with what the loaders read besides in the same statement (the
//   levels' webinar requirements, which the next step and the progress measure count; on
//   the dashboard also the standing with each test, the course's webinars for its panel
//   and a sponsoring club's name) [2], shaped as the pages' loaders shape it (the app's
//   pure helpers from app/lib and server/learning/next-step.ts; a level's end after
//   ?sprava=uroven-hotova reads its certificate [+1]), then rendered with
//   the app's own route components from the built server bundle (build/server/index.js):
//   React Router's ServerRouter over a static handler context made here (no request
//   handler, no middleware, no loaders), React's renderToString, and the loader data
//   encoded for hydration with React Router's own encoder, written at once (the app streams
//   it after the document's shell). The document is the app's but for its nonce (a script
//   nonce all the same, with no Content-Security-Policy header naming it) and React's
//   Suspense markers around the streamed data; errors (a locked part's page excepted) are
//   a short text page, not the app's error boundary.
// The bench compares each JSON body, each page (the document and its loader data), and what
// each write answers and leaves in the database, with the app's before loading.
// Usage: node bench/bare-students.mjs <port> <database url> [<build dir>]; the app's
// PUBLIC_URL in BARE_PUBLIC_URL (signed media URLs and certificates' verification URLs name
// it, and it is the one allowed Origin), SESSION_SECRET as the app's,
// RATE_LIMIT_ATTEMPT_STARTS_PER_15MIN as the app's (default the spec's 10).
import "./ts-imports.mjs";
import http from "node:http";
import { createHash, randomBytes, randomInt } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { matchRoutes, ServerRouter } from "react-router";
import { deriveKey, hmac, safeEqual, sha256, unseal } from "../server/auth/crypto.ts";
import { hashMatches } from "../server/certificates/hash.ts";
import { TIME_ZONE } from "../shared/calendar.ts";

const { learnView, partView, blockProgressView, enrollmentDetail } = await import("../server/learning/views.ts");
const {
  courseDone,
  currentLevel,
  levelModulesDone,
  levelUnlocked,
  moduleDone,
  nextBlockProgress,
  partMayOpen,
  partStateOf,
  progressCounters,
  requiredBlocksDone,
  unmetRequirements,
  testGate: placementOf,
} = await import("../server/learning/engine.ts");
const { scoreAttempt } = await import("../server/quizzes/scoring.ts");
// the answer shapes of a start and a submit, and what a finished attempt completed (pure)
const { served, resultOf, toAnswerInput } = await import("../server/quizzes/attempts.ts");
const { downstreamOf } = await import("../server/learning/tests.ts");
const { nextAttemptAt, selectQuestions } = await import("../server/quizzes/rules.ts");
const { createUrlSigner, deriveKey: mediaKey } = await import("../server/video/signing.ts");
const { createCourseFiles } = await import("../server/video/files.ts");
const { createMediaUrls, expiryAfter, PLAYBACK_URL_TTL_SEC, PREVIEW_URL_TTL_SEC } = await import("../server/video/media.ts");
const { DomainError } = await import("../server/kernel/errors.ts");
const { isId } = await import("../shared/ids.ts");
const { newId } = await import("../server/db/ids.ts");
const { renderMarkdown } = await import("../server/catalog/markdown.ts");
const { nextStep, progressMeasure } = await import("../server/learning/next-step.ts");
const { secondsLeftToWatch } = await import("../shared/watch.ts");
// the pages' own pure helpers (app/lib), as their loaders use them
const { moduleWaitsFor, testLine } = await import("../app/lib/learn-sequence.ts");
const { nextStepLink, nextStepNote } = await import("../app/lib/next-step.ts");
const { fileSize, fileType, leftText, MESSAGES, outlineOf } = await import("../app/lib/learn-part-view.ts");
const { DEMO_INVOICE_SUPPLIER, DEMO_SUPPORT_EMAIL } = await import("../server/config/index.ts");
const { formatDateTime } = await import("../shared/format.ts");
// pg-boss's own job insert (the app enqueues through pg-boss in the business transaction)
const bossPlans = await import("pg-boss/dist/plans.js");

const [portArg, databaseUrl, buildDirArg = "build"] = process.argv.slice(2);
const root = path.resolve(import.meta.dirname, "..");
const build = await import(pathToFileURL(path.resolve(root, buildDirArg, "server/index.js")).href);
// React Router's encoder of the loader data for hydration (what its request handler
// streams): internal to the package, so its module is loaded by its file (the same module
// instance the package's index uses)
const { encodeViaTurboStream } = await import(
  pathToFileURL(path.join(root, "node_modules/react-router/dist/production/lib/server-runtime/single-fetch.js")).href
);

const publicUrl = process.env.BARE_PUBLIC_URL ?? "";
const secret = process.env.SESSION_SECRET ?? "";
const attemptStartLimit = Number(process.env.RATE_LIMIT_ATTEMPT_STARTS_PER_15MIN ?? 10);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const cookieKey = deriveKey(secret, "session-cookie");
const csrfKey = deriveKey(secret, "csrf");
const COOKIE = "__Secure-app.session";
const LEARNING = `state in ('active', 'completed')`;
const LEARNING_ORDER = `order by state = 'active' desc, enrolled_at desc limit 1`;

// signed media URLs as the app makes them, with its signer and keys: the local video
// stand-in's playback (the bench runs without Mux; server/stand-ins/video makes its
// provider inside startLocalVideo, which also starts the stand-in, so its few lines are
// repeated here) and the course files (server/video/files.ts)
const videoSigner = createUrlSigner({ key: mediaKey(secret, "local-video"), scope: "local-video", base: `${publicUrl.replace(/\/$/, "")}/local-video` });
const media = createMediaUrls(
  {
    playback(playbackId, now) {
      const expiresAt = expiryAfter(now, PLAYBACK_URL_TTL_SEC);
      const id = playbackId.replace(/[^A-Za-z0-9_-]/g, "");
      return {
        url: videoSigner.sign(`/play/${id}.mp4`, expiresAt),
        expiresAt,
        mimeType: "video/mp4",
        posterUrl: id.startsWith("demo-") ? videoSigner.sign(`/poster/${id}.jpg`, expiresAt) : null,
      };
    },
    preview(previewPlaybackId, now) {
      const expiresAt = expiryAfter(now, PREVIEW_URL_TTL_SEC);
      return { url: videoSigner.sign(`/play/${previewPlaybackId.replace(/[^A-Za-z0-9_-]/g, "")}.mp4`, expiresAt), expiresAt, mimeType: "video/mp4" };
    },
  },
  createCourseFiles({ dir: path.join(root, "media"), key: mediaKey(secret, "course-files"), publicUrl }),
);

// ---------------------------------------------------------------------------------
// The session [1 statement]

async function sessionOf(req) {
  const header = req.headers.cookie ?? "";
  const pair = header.split(/;\s*/).find((c) => c.startsWith(`${COOKIE}=`));
  if (!pair) return null;
  const opened = unseal(cookieKey, pair.slice(COOKIE.length + 1));
  const dot = opened?.indexOf(".") ?? -1;
  if (!opened || dot < 1) return null;
  const sessionId = opened.slice(0, dot);
  const {
    rows: [s],
  } = await pool.query(
    `select s.token_hash, s.revoked_at, s.expires_at, u.id as user_id, u.display_name from sessions s left join users u on u.id = s.user_id where s.id = $1`,
    [sessionId],
  );
  if (!s || s.revoked_at || s.expires_at <= new Date() || !s.user_id) return null;
  if (!safeEqual(sha256(opened.slice(dot + 1)), s.token_hash)) return null;
  return { userId: s.user_id, sessionId, displayName: s.display_name };
}

// ---------------------------------------------------------------------------------
// The published structure, read once (server/learning/structure.ts's shape)

const structures = new Map(); // course version id → structure
const versionOfPart = new Map(); // part id → course version id
const testById = new Map(); // test id → the test row (camel case) with its questions

async function readStructures(where, params) {
  const { rows: courses } = await pool.query(
    `select id, slug, title, subtitle, version, state, previous_version_id, course_test_id, course_test_required from courses where ${where}`,
    params,
  );
  const ids = courses.map((c) => c.id);
  if (ids.length === 0) return [];
  const q = (sql) => pool.query(sql, [ids]).then((r) => r.rows);
  const levelRows = await q(`select * from levels where course_id = any($1) order by order_index, id`);
  const topicRows = await q(`select * from topics where course_id = any($1) order by order_index, id`);
  const moduleRows = await q(`select * from modules where course_id = any($1)`);
  const partRows = await q(`select * from parts where course_id = any($1) order by order_index, id`);
  const testRows = await q(`select * from tests where course_id = any($1)`);
  const questionRows = await q(`select * from questions where test_id in (select id from tests where course_id = any($1)) order by order_index, id`);
  const tests = new Map(
    testRows.map((t) => [
      t.id,
      {
        id: t.id,
        courseId: t.course_id,
        placement: t.placement,
        title: t.title,
        description: t.description,
        passingScore: t.passing_score,
        timeLimitSec: t.time_limit_sec,
        maxAttempts: t.max_attempts,
        cooldownMinutes: t.cooldown_minutes,
        selectionMode: t.selection_mode,
        questionCount: t.question_count,
        randomizeAnswerOrder: t.randomize_answer_order,
        showAnswersAfter: t.show_answers_after,
        questions: [],
      },
    ]),
  );
  for (const r of questionRows) {
    tests.get(r.test_id)?.questions.push({
      id: r.id,
      type: r.type,
      text: r.text,
      weight: r.weight,
      answers: r.answers,
      acceptedAnswers: r.accepted_answers,
      explanation: r.explanation,
    });
  }
  const out = [];
  for (const course of courses) {
    const mine = (rows) => rows.filter((r) => r.course_id === course.id);
    const ref = (id, required) => {
      const t = id ? tests.get(id) : undefined;
      return t && t.courseId === course.id ? { id: t.id, required, title: t.title, maxAttempts: t.maxAttempts } : null;
    };
    const levelById = new Map();
    const levels = mine(levelRows).map((l) => {
      const node = {
        id: l.id,
        slug: l.slug,
        title: l.title,
        subtitle: l.subtitle,
        orderIndex: l.order_index,
        estimatedHours: l.estimated_hours,
        issuesIntermediateCertificate: l.issues_intermediate_certificate,
        topics: [],
        levelTest: ref(l.level_test_id, l.level_test_required),
      };
      levelById.set(l.id, node);
      return node;
    });
    const topicById = new Map();
    for (const t of mine(topicRows)) {
      const level = levelById.get(t.level_id);
      if (!level) continue;
      const node = { id: t.id, slug: t.slug, title: t.title, iconName: t.icon_name, levelId: level.id, module: null };
      topicById.set(t.id, node);
      level.topics.push(node);
    }
    const moduleById = new Map();
    for (const m of mine(moduleRows)) {
      const topic = topicById.get(m.topic_id);
      if (!topic) continue;
      const node = { id: m.id, title: m.title, estimatedMinutes: m.estimated_minutes, topicId: topic.id, levelId: topic.levelId, parts: [] };
      topic.module = node;
      moduleById.set(m.id, node);
    }
    const partById = new Map();
    for (const p of mine(partRows)) {
      const module = moduleById.get(p.module_id);
      if (!module) continue;
      const node = {
        id: p.id,
        slug: p.slug,
        title: p.title,
        summary: p.summary,
        orderIndex: p.order_index,
        moduleId: module.id,
        topicId: module.topicId,
        levelId: module.levelId,
        contentBlocks: p.content_blocks,
        attachments: p.attachments,
        prerequisites: p.prerequisites,
        requiredForCompletion: p.required_for_completion,
        partTest: ref(p.part_test_id, p.part_test_required),
      };
      module.parts.push(node);
      partById.set(p.id, node);
    }
    const parts = [];
    for (const level of levels) for (const topic of level.topics) for (const part of topic.module?.parts ?? []) parts.push(part);
    out.push({
      structure: {
        course: {
          id: course.id,
          slug: course.slug,
          title: course.title,
          subtitle: course.subtitle,
          version: course.version,
          state: course.state,
          previousVersionId: course.previous_version_id,
          courseTest: ref(course.course_test_id, course.course_test_id ? course.course_test_required : false),
        },
        levels,
        parts,
        partById,
        moduleById,
        levelById,
        topicById,
      },
      tests: [...tests.values()].filter((t) => t.courseId === course.id),
    });
  }
  return out;
}

for (const { structure, tests } of await readStructures(`state in ('published', 'archived')`, [])) {
  structures.set(structure.course.id, structure);
  for (const part of structure.parts) versionOfPart.set(part.id, structure.course.id);
  for (const t of tests) testById.set(t.id, t);
}

/** A version's structure: from memory, else (a draft, which no student learns) read for this request. */
async function structureOf(versionId) {
  return structures.get(versionId) ?? (await readStructures(`id = $1`, [versionId]))[0]?.structure ?? null;
}

// ---------------------------------------------------------------------------------
// An enrollment and its progress facts (server/learning/engine.ts loadProgressFacts's four
// aggregates), in one statement with the enrollment

const FACTS = (e) => `(select coalesce(json_agg(p), '[]'::json) from part_progress p where p.enrollment_id = ${e}) as f_parts,
  (select coalesce(json_agg(distinct a.test_id), '[]'::json) from test_attempts a where a.enrollment_id = ${e} and a.passed = true and a.voided_at is null) as f_passed,
  (select coalesce(json_agg(json_build_array(m.module_id, m.completed_at)), '[]'::json) from module_completions m where m.enrollment_id = ${e}) as f_modules,
  (select coalesce(json_agg(json_build_array(l.level_id, l.completed_at)), '[]'::json) from level_completions l where l.enrollment_id = ${e}) as f_levels`;

// the levels' requirements from outside the content (server/webinars/requirements.ts: a
// required webinar of the course chain, matched to the version's level by slug; met by a
// join, the admin's correction, or the recording watched), what the pages' next step and
// progress measure count
const REQUIREMENTS = (
  id,
) => `(select coalesce(json_agg(json_build_object('id', 'webinar:' || w.id, 'levelId', vl.id, 'kind', 'webinar', 'ref', w.id, 'title', w.title,
    'met', coalesce(c.attended, exists (select 1 from webinar_joins j where j.webinar_id = w.id and j.enrollment_id = re.id))
      or coalesce(v.progress->>'state' = 'completed', false)) order by w.starts_at), '[]'::json)
  from enrollments re
  join webinars w on w.course_id = re.course_id and w.attendance_required and w.state = 'scheduled' and w.level_id is not null
  join levels wl on wl.id = w.level_id join levels vl on vl.course_id = re.course_version_id and vl.slug = wl.slug
  left join webinar_attendance_corrections c on c.webinar_id = w.id and c.enrollment_id = re.id
  left join webinar_recording_views v on v.webinar_id = w.id and v.enrollment_id = re.id
  where re.id = ${id}) as f_requirements`;
// the learning dashboard's besides: the student's standing with each test (server/quizzes
// testStandings), the course chain's webinars (its panel) and a sponsoring club's name
const DASHBOARD = (e) => `(select coalesce(json_agg(json_build_array(s.test_id, s.passed, s.used, s.max_attempts, s.in_progress)), '[]'::json) from (
    select a.test_id, coalesce(bool_or(a.passed), false) as passed, count(*)::int as used, t.max_attempts,
      max(case when a.state = 'in_progress' then a.id end) as in_progress
    from test_attempts a join tests t on t.id = a.test_id where a.enrollment_id = ${e}.id and a.voided_at is null group by a.test_id, t.max_attempts) s) as f_standings,
  (select coalesce(json_agg(w order by w.starts_at), '[]'::json) from webinars w where w.course_id = ${e}.course_id) as f_webinars,
  (select o.name from organizations o where o.id = ${e}.sponsor_org_id) as f_club`;

const date = (v) => (v === null || v === undefined ? null : new Date(v));

function factsOf(r) {
  return {
    parts: new Map(
      r.f_parts.map((p) => [
        p.part_id,
        {
          id: p.id,
          enrollmentId: p.enrollment_id,
          partId: p.part_id,
          state: p.state,
          blockProgress: p.block_progress,
          startedAt: date(p.started_at),
          completedAt: date(p.completed_at),
          updatedAt: date(p.updated_at),
        },
      ]),
    ),
    passedTests: new Set(r.f_passed),
    moduleCompletions: new Map(r.f_modules.map(([id, at]) => [id, new Date(at)])),
    levelCompletions: new Map(r.f_levels.map(([id, at]) => [id, new Date(at)])),
    // read where they count (the pages' next step and measure, what a write completes): the JSON views do not use them
    requirements: r.f_requirements ?? [],
  };
}

function enrollmentOf(r) {
  return {
    id: r.id,
    courseId: r.course_id,
    courseVersionId: r.course_version_id,
    courseTitle: r.course_title,
    courseSlug: r.course_slug,
    studentId: r.student_id,
    studentDisplayName: r.student_display_name,
    studentEmail: r.student_email,
    state: r.state,
    reason: r.reason,
    grantReason: r.grant_reason,
    sponsorOrgId: r.sponsor_org_id,
    orderId: r.order_id,
    enrolledAt: r.enrolled_at,
    accessExpiresAt: r.access_expires_at,
    currentLevelId: r.current_level_id,
    progress: r.progress,
    intermediateCertificateIds: r.intermediate_certificate_ids,
    finalCertificateId: r.final_certificate_id,
    completedAt: r.completed_at,
    cancelledAt: r.cancelled_at,
    cancelReason: r.cancel_reason,
    suspendedAt: r.suspended_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** The access rules (server/enrollments/access.ts): 403 without a learning enrollment; one past its access expires here. */
async function requireLearning(row, now, client = pool) {
  if (!row) throw new DomainError("no_enrollment");
  if (row.suspended_at) throw new DomainError("no_enrollment", "Prístup ku kurzu je pozastavený, kým administrátor nevyrieši reklamáciu platby.");
  if (row.state === "active" && row.access_expires_at && row.access_expires_at <= now) {
    await client.query(`update enrollments set state = 'expired', updated_at = $2 where id = $1 and state = 'active' and access_expires_at <= $2`, [
      row.id,
      now,
    ]);
    const refused = new DomainError("no_enrollment", "Prístup ku kurzu vypršal.");
    refused.commit = true; // inside a transaction the expiry still commits
    throw refused;
  }
}

/** Runs fn(client) between BEGIN and COMMIT; a thrown error rolls back (commits when it says so). */
async function transaction(fn) {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    let value;
    try {
      value = await fn(client);
    } catch (error) {
      await client.query(error?.commit ? "COMMIT" : "ROLLBACK");
      throw error;
    }
    await client.query("COMMIT");
    return value;
  } finally {
    client.release();
  }
}

// ---------------------------------------------------------------------------------
// The learn view and the part [2 statements each, the session included]

async function learnData(userId, slug, now, page = false) {
  if (!slug || slug.length > 200 || slug.includes("\0")) throw new DomainError("not_found");
  const {
    rows: [row],
  } = await pool.query(
    `select e.*, ${FACTS("e.id")}${page ? `, ${REQUIREMENTS("e.id")}, ${DASHBOARD("e")}` : ""} from (select * from enrollments where student_id = $1 and course_slug = $2 and ${LEARNING} ${LEARNING_ORDER}) e`,
    [userId, slug],
  );
  if (!row) {
    const { rows } = await pool.query(`select 1 from courses where slug = $1 and state in ('published', 'archived') limit 1`, [slug]);
    throw new DomainError(rows.length ? "no_enrollment" : "not_found");
  }
  await requireLearning(row, now);
  const structure = await structureOf(row.course_version_id);
  if (!structure) throw new DomainError("not_found");
  const enrollment = enrollmentOf(row);
  const facts = factsOf(row);
  return { view: learnView(structure, enrollment, facts), structure, enrollment, facts, row };
}

function lockedError(structure, part) {
  const missing = part.prerequisites.map((id) => structure.partById.get(id)).filter((p) => p !== undefined);
  return new DomainError("part_locked", undefined, { levelId: part.levelId, prerequisites: missing.map((p) => ({ _id: p.id, title: p.title })) });
}

/** The part's version (memory; a part of a version not held is looked up) and the student's enrollment on it with its facts. */
async function partContext(userId, partId, now, client = pool, lock = false, page = false) {
  const versionId = !isId(partId)
    ? null
    : (versionOfPart.get(partId) ?? (await client.query(`select course_id from parts where id = $1`, [partId])).rows[0]?.course_id);
  if (!versionId) throw new DomainError("not_found");
  const {
    rows: [row],
  } = lock
    ? await client.query(`select * from enrollments where student_id = $1 and course_version_id = $2 and ${LEARNING} ${LEARNING_ORDER} for update`, [
        userId,
        versionId,
      ])
    : await client.query(
        `select e.*, ${FACTS("e.id")}${page ? `, ${REQUIREMENTS("e.id")}` : ""} from (select * from enrollments where student_id = $1 and course_version_id = $2 and ${LEARNING} ${LEARNING_ORDER}) e`,
        [userId, versionId],
      );
  await requireLearning(row, now, client);
  const structure = await structureOf(versionId);
  const part = structure?.partById.get(partId);
  if (!part) throw new DomainError("not_found");
  return { row, structure, part };
}

async function readPart(userId, partId, now, page = false) {
  const { row, structure, part } = await partContext(userId, partId, now, pool, false, page);
  const facts = factsOf(row);
  if (partStateOf(facts, part.id) === "locked") throw lockedError(structure, part);
  // handing out a URL writes nothing (server/learning/learn.ts getPart: watch time counts from the player's reports)
  return { view: partView(structure, facts, part, media, now), enrollment: enrollmentOf(row), structure, facts };
}

/** Where the student stands (server/learning/learn.ts positionOf). */
function positionOf(structure, enrollment, facts, from = {}) {
  const [lastId] = [...facts.levelCompletions].sort((a, b) => b[1].getTime() - a[1].getTime()).map(([id]) => id);
  const level = lastId ? structure.levelById.get(lastId) : undefined;
  return {
    enrollmentId: enrollment.id,
    next: nextStep(structure, facts, enrollment.state, from),
    progress: progressMeasure(structure, facts, enrollment.state),
    lastCompletedLevel: level
      ? { id: level.id, title: level.title, issuesIntermediateCertificate: level.issuesIntermediateCertificate, last: structure.levels.at(-1) === level }
      : null,
    requirements: facts.requirements,
  };
}

// ---------------------------------------------------------------------------------
// What follows from the facts (server/learning/engine.ts reconcile, its derivation here, its
// writes below as parts of one statement)

function derive(structure, facts, enrollment, now) {
  const result = { unlockedParts: [], unlockedTopics: [], completedModules: [], completedLevels: [], courseCompleted: false };
  const unlockedBefore = new Set(structure.levels.filter((l) => levelUnlocked(structure, facts, l)).map((l) => l.id));
  for (const level of structure.levels) {
    if (!levelUnlocked(structure, facts, level)) break;
    if (!unlockedBefore.has(level.id)) result.unlockedTopics.push(...level.topics.map((t) => t.id));
    for (const topic of level.topics) {
      const module = topic.module;
      if (!module) continue;
      for (const part of module.parts) {
        if (partStateOf(facts, part.id) === "locked" && partMayOpen(structure, facts, part)) {
          result.unlockedParts.push(part.id);
          const row = facts.parts.get(part.id);
          facts.parts.set(
            part.id,
            row
              ? { ...row, state: "available" }
              : {
                  id: "",
                  enrollmentId: enrollment.id,
                  partId: part.id,
                  state: "available",
                  blockProgress: [],
                  startedAt: null,
                  completedAt: null,
                  updatedAt: now,
                },
          );
        }
      }
      if (!facts.moduleCompletions.has(module.id) && moduleDone(facts, module)) {
        facts.moduleCompletions.set(module.id, now);
        result.completedModules.push(module.id);
      }
    }
    if (
      !facts.levelCompletions.has(level.id) &&
      levelModulesDone(facts, level) &&
      (!level.levelTest?.required || facts.passedTests.has(level.levelTest.id)) &&
      unmetRequirements(facts, level).length === 0
    ) {
      facts.levelCompletions.set(level.id, now);
      result.completedLevels.push(level.id);
    }
  }
  result.courseCompleted = enrollment.state === "active" && courseDone(structure, facts);
  return result;
}

/** One statement of data-modifying CTEs: `with(name, sql)` where sql's `p(value)` is a parameter. */
function writes() {
  const params = [];
  const ctes = [];
  const p = (value) => {
    params.push(value);
    return `$${params.length}`;
  };
  return {
    p,
    with(name, sql) {
      ctes.push(`${name} as (${sql})`);
    },
    async run(client, select = "select 1") {
      if (ctes.length === 0) return (await client.query(select, params)).rows;
      return (await client.query(`with ${ctes.join(",\n")}\n${select}`, params)).rows;
    },
  };
}

/** The writes of a derivation: parts unlocked, completions, the enrollment's counters; returns the jobs to enqueue. */
function reconcileWrites(w, structure, facts, enrollment, result, now, touch) {
  const { p } = w;
  // parameters typed where the context does not say (a select list); each written where used
  const e = () => `${p(enrollment.id)}::text`;
  const at = () => `${p(now)}::timestamptz`;
  if (result.unlockedParts.length > 0) {
    w.with(
      "unlocked",
      `insert into part_progress (id, enrollment_id, part_id, state)
      select i, ${e()}, part, 'available' from unnest(${p(result.unlockedParts.map(() => newId(now)))}::text[], ${p(result.unlockedParts)}::text[]) as u(i, part)
      on conflict (enrollment_id, part_id) do update set state = case when part_progress.state = 'locked' then 'available'::part_state else part_progress.state end,
        updated_at = ${at()}`,
    );
  }
  if (result.completedModules.length > 0) {
    w.with(
      "modules_done",
      `insert into module_completions (id, enrollment_id, module_id, completed_at)
      select i, ${e()}, m, ${at()} from unnest(${p(result.completedModules.map(() => newId(now)))}::text[], ${p(result.completedModules)}::text[]) as u(i, m) on conflict do nothing`,
    );
  }
  if (result.completedLevels.length > 0) {
    w.with(
      "levels_done",
      `insert into level_completions (id, enrollment_id, level_id, completed_at)
      select i, ${e()}, l, ${at()} from unnest(${p(result.completedLevels.map(() => newId(now)))}::text[], ${p(result.completedLevels)}::text[]) as u(i, l) on conflict do nothing`,
    );
  }
  const changed = result.unlockedParts.length + result.completedModules.length + result.completedLevels.length > 0 || result.courseCompleted;
  if (changed || touch) {
    const progress = progressCounters(structure, facts, touch ? now.toISOString() : enrollment.progress.lastActivityAt);
    w.with(
      "counters",
      `update enrollments set progress = ${p(JSON.stringify(progress))}::jsonb, current_level_id = ${p(currentLevel(structure, facts)?.id ?? null)},
      ${result.courseCompleted ? `state = 'completed', completed_at = ${at()},` : ""} updated_at = ${at()} where id = ${e()}`,
    );
  }
  const jobs = [];
  for (const levelId of result.completedLevels) {
    if (structure.levelById.get(levelId)?.issuesIntermediateCertificate)
      jobs.push(["certificates.issue", { enrollmentId: enrollment.id, type: "intermediate", levelId }]);
    jobs.push(["mail.send", { kind: "completion_notice", enrollmentId: enrollment.id, levelId }]);
  }
  if (result.courseCompleted) {
    jobs.push(["certificates.issue", { enrollmentId: enrollment.id, type: "final", levelId: null }]);
    jobs.push(["mail.send", { kind: "completion_notice", enrollmentId: enrollment.id, levelId: null }]);
  }
  return jobs;
}

const queueTables = new Map((await pool.query(`select name, table_name, notify from pgboss.queue`).catch(() => ({ rows: [] }))).rows.map((q) => [q.name, q]));

/** The jobs, each with pg-boss's own insert, in the caller's transaction (one statement each; only when a level or the course completes). */
async function enqueue(client, jobs) {
  for (const [name, data] of jobs) {
    const queue = queueTables.get(name);
    if (!queue) throw new Error(`no pg-boss queue ${name}`);
    const sql = bossPlans.insertJobs("pgboss", { table: queue.table_name, name, returnId: true, notify: queue.notify });
    await client.query(sql, [
      JSON.stringify([{ id: null, name, data, singletonKey: null, singletonOffset: 0, groupId: null, groupTier: null, deadLetter: null }]),
    ]);
  }
}

// ---------------------------------------------------------------------------------
// POST /api/parts/<id>/progress [6 statements]

function progressBody(raw) {
  const ok =
    raw &&
    typeof raw === "object" &&
    !Array.isArray(raw) &&
    Object.keys(raw).every((k) => ["blockId", "state", "secondsWatched", "totalSeconds", "markPartCompleted"].includes(k)) &&
    (raw.blockId === undefined || (typeof raw.blockId === "string" && raw.blockId.length >= 1 && raw.blockId.length <= 64)) &&
    (raw.state === undefined || raw.state === "in_progress" || raw.state === "completed") &&
    (raw.secondsWatched === undefined || (typeof raw.secondsWatched === "number" && raw.secondsWatched >= 0 && raw.secondsWatched <= 86_400)) &&
    (raw.totalSeconds === undefined || (typeof raw.totalSeconds === "number" && raw.totalSeconds >= 0)) &&
    (raw.markPartCompleted === undefined || typeof raw.markPartCompleted === "boolean") &&
    (raw.blockId !== undefined || raw.markPartCompleted === true);
  if (!ok) throw new DomainError("validation", undefined, [{ path: "", message: "Neplatné telo požiadavky." }]);
  return raw;
}

async function reportProgress(userId, partId, body, now) {
  return transaction(async (client) => {
    const { row: locked, structure, part } = await partContext(userId, partId, now, client, true);
    const block = body.blockId === undefined ? undefined : part.contentBlocks.find((b) => b.id === body.blockId);
    if (body.blockId !== undefined && !block)
      throw new DomainError("validation", undefined, [{ path: "blockId", message: "Blok s týmto id v tejto časti nie je." }]);
    let facts = factsOf((await client.query(`select ${FACTS("$1")}, ${REQUIREMENTS("$1")}`, [locked.id])).rows[0]);
    if (facts.parts.size < structure.parts.length) {
      // progress not preallocated (server/learning/preallocate.ts): the first level's parts without prerequisites open
      const first = structure.levels[0]?.id;
      const missing = structure.parts.filter((x) => !facts.parts.has(x.id));
      await client.query(
        `insert into part_progress (id, enrollment_id, part_id, state) select i, $1, part, s::part_state from unnest($2::text[], $3::text[], $4::text[]) as u(i, part, s) on conflict do nothing`,
        [
          locked.id,
          missing.map(() => newId(now)),
          missing.map((x) => x.id),
          missing.map((x) => (x.levelId === first && x.prerequisites.length === 0 ? "available" : "locked")),
        ],
      );
      facts = factsOf((await client.query(`select ${FACTS("$1")}, ${REQUIREMENTS("$1")}`, [locked.id])).rows[0]);
    }
    const row = facts.parts.get(part.id);
    if (row.state === "locked") throw lockedError(structure, part);
    const blocks = [...row.blockProgress];
    let updated;
    if (block) {
      const i = blocks.findIndex((b) => b.blockId === block.id);
      updated = nextBlockProgress(block, i >= 0 ? blocks[i] : undefined, { ...body, blockId: block.id }, now);
      if (i >= 0) blocks[i] = updated;
      else blocks.push(updated);
    }
    let { state, startedAt, completedAt } = row;
    if (state === "available") {
      state = "in_progress";
      startedAt ??= now;
    }
    if (state !== "completed" && (body.markPartCompleted === true || requiredBlocksDone(part, blocks))) {
      state = "completed";
      completedAt = now;
      startedAt ??= now;
    }
    facts.parts.set(part.id, { ...row, state, blockProgress: blocks, startedAt, completedAt });
    const enrollment = enrollmentOf(locked);
    const result = derive(structure, facts, enrollment, now);

    const w = writes();
    const { p } = w;
    w.with(
      "part",
      `insert into part_progress (id, enrollment_id, part_id, state, block_progress, started_at, completed_at)
      values (${p(newId(now))}, ${p(locked.id)}, ${p(part.id)}, ${p(state)}, ${p(JSON.stringify(blocks))}::jsonb, ${p(startedAt)}::timestamptz, ${p(completedAt)}::timestamptz)
      on conflict (enrollment_id, part_id) do update set state = excluded.state, block_progress = excluded.block_progress, started_at = excluded.started_at,
        completed_at = excluded.completed_at, updated_at = ${p(now)}`,
    );
    const jobs = reconcileWrites(w, structure, facts, enrollment, result, now, true);
    await w.run(client);
    await enqueue(client, jobs);

    const moduleCompleted = facts.moduleCompletions.has(part.moduleId);
    return {
      ok: true,
      partState: state,
      moduleCompleted,
      unlockedParts: result.unlockedParts,
      ...(moduleCompleted ? { moduleId: part.moduleId, levelCompleted: facts.levelCompletions.has(part.levelId), unlockedTopics: result.unlockedTopics } : {}),
      ...(updated ? { block: blockProgressView([{ ...updated, lastReportAt: updated.lastReportAt ?? now.toISOString() }])[0] } : {}),
      courseCompleted: result.courseCompleted || locked.state === "completed",
    };
  });
}

// ---------------------------------------------------------------------------------
// Tests: start [6 statements] and submit [6 statements] (server/quizzes/attempts.ts's rules)

const SUBMIT_GRACE_MS = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The Idempotency-Key (spec: Authentication 11, required here): lower-case UUID, or 400. */
function idempotencyKey(req) {
  let value = (req.headers["idempotency-key"] ?? "").trim();
  if (value === "") throw new DomainError("idempotency_key_required", undefined, { header: "Idempotency-Key" });
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
  if (!UUID.test(value)) throw new DomainError("idempotency_key_invalid", undefined, { header: "Idempotency-Key" });
  return value.toLowerCase();
}

/** sha-256 of the body's JSON with keys sorted (server/http/idempotency.ts requestHash). */
function requestHash(body) {
  const sortKeys = (v) => {
    if (Array.isArray(v)) return v.map(sortKeys);
    if (v && typeof v === "object" && v.constructor === Object) {
      return Object.fromEntries(
        Object.entries(v)
          .filter(([, x]) => x !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([k, x]) => [k, sortKeys(x)]),
      );
    }
    return v;
  };
  return createHash("sha256")
    .update(JSON.stringify(body === undefined ? null : sortKeys(body)))
    .digest("hex");
}

const PRIVATE_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "private, no-store" };

/** The key's stored answer, the last part of the work's statement; a key seen before rolls the work back and answers what is stored. */
function storeAnswer(w, userId, route, key, hash, status, body) {
  const { p } = w;
  w.with(
    "stored",
    `insert into idempotency_keys (user_id, route, key, request_hash, response_status, response_body, response_headers, completed_at)
    values (${p(userId)}, ${p(route)}, ${p(key)}, ${p(hash)}, ${p(status)}, ${p(JSON.stringify(body))}::jsonb, ${p(JSON.stringify(PRIVATE_HEADERS))}::jsonb, now())
    on conflict do nothing returning 1`,
  );
  return "select (select count(*) from stored)::int as stored";
}

class Replay extends Error {}

async function replay(userId, route, key, hash) {
  const {
    rows: [row],
  } = await pool.query(`select * from idempotency_keys where user_id = $1 and route = $2 and key = $3`, [userId, route, key]);
  if (!row) throw new Error("an idempotency key conflicted but is not stored");
  if (row.request_hash !== hash) throw new DomainError("idempotency_key_reused", undefined, { header: "Idempotency-Key" });
  return { status: row.response_status, body: row.response_body, replayed: true };
}

function attemptOf(r) {
  return {
    id: r.id,
    testId: r.test_id,
    enrollmentId: r.enrollment_id,
    studentId: r.student_id,
    attemptNumber: r.attempt_number,
    state: r.state,
    score: r.score,
    passed: r.passed,
    startedAt: date(r.started_at),
    deadline: date(r.deadline),
    submittedAt: date(r.submitted_at),
    questionSnapshots: r.question_snapshots,
    questionOrder: r.question_order,
    answerOrders: r.answer_orders,
    answers: r.answers,
    voidedAt: date(r.voided_at),
  };
}

const overdue = (a, now) => a.state === "in_progress" && now.getTime() > a.deadline.getTime() + SUBMIT_GRACE_MS;

/**
 * Scores and closes an attempt; a pass counts in the facts and what follows is written
 * (server/quizzes/attempts.ts finish + learning's afterAttempt), all into `w`.
 */
function finishInto(w, g, attempt, answers, how, now) {
  const scored = scoreAttempt(attempt.questionSnapshots, attempt.questionOrder, answers);
  const passed = scored.score >= g.test.passingScore;
  const submittedAt = how === "expired" ? attempt.deadline : now;
  const { p } = w;
  const name = `finished_${(w.finishes = (w.finishes ?? 0) + 1)}`;
  w.with(
    name,
    `update test_attempts set state = ${p(how)}, score = ${p(scored.score)}, passed = ${p(passed)}, submitted_at = ${p(submittedAt)}, answers = ${p(JSON.stringify(answers))}::jsonb
    where id = ${p(attempt.id)} and state = 'in_progress' returning id`,
  );
  let changes = { completedLevels: [], courseCompleted: false };
  let jobs = [];
  if (passed) {
    g.facts.passedTests.add(g.test.id);
    changes = derive(g.structure, g.facts, g.enrollment, now);
    jobs = reconcileWrites(w, g.structure, g.facts, g.enrollment, changes, now, true);
    if (changes.courseCompleted) g.enrollment = { ...g.enrollment, state: "completed" };
  }
  return {
    attempt: { ...attempt, state: how, score: scored.score, passed, submittedAt, answers },
    downstream: downstreamOf(g, changes, passed),
    jobs,
    check: name,
  };
}

/** An overdue attempt submitted with its saved answers, in statements of its own (the app does it lazily on every read). */
async function finishOverdue(client, g, attempt, now) {
  const w = writes();
  const done = finishInto(w, g, attempt, attempt.answers, "expired", now);
  await w.run(client);
  await enqueue(client, done.jobs);
  return done.attempt;
}

function testOf(testId) {
  const test = isId(testId) ? testById.get(testId) : undefined;
  if (!test) throw new DomainError("not_found", "Test sa nenašiel.");
  return test;
}

async function startAttempt(userId, testId, key, hash, route, now) {
  let test;
  try {
    test = testOf(testId);
  } catch (error) {
    // a test of a version not held (a draft): no student learns it
    const { rows } = isId(testId) ? await pool.query(`select 1 from tests where id = $1`, [testId]) : { rows: [] };
    throw rows.length ? new DomainError("no_enrollment") : error;
  }
  try {
    return await transaction(async (client) => {
      const {
        rows: [locked],
      } = await client.query(`select * from enrollments where student_id = $1 and course_version_id = $2 and ${LEARNING} ${LEARNING_ORDER} for update`, [
        userId,
        test.courseId,
      ]);
      await requireLearning(locked, now, client);
      // after the lock: the facts, the attempts (counted; the one in progress whole), the start counted against the limit
      const expire = new Date(now.getTime() + 15 * 60 * 1000);
      const {
        rows: [r],
      } = await client.query(
        `with counted as (
           insert into rate_limits (key, points, expire) values ($3, 1, $4)
           on conflict (key) do update set
             points = case when rate_limits.expire <= $5 then excluded.points else rate_limits.points + excluded.points end,
             expire = case when rate_limits.expire <= $5 then excluded.expire else rate_limits.expire end
           returning points, expire)
         select ${FACTS("$1")}, ${REQUIREMENTS("$1")},
           (select coalesce(json_agg(a order by a.attempt_number), '[]'::json) from test_attempts a
             where a.test_id = $2 and a.enrollment_id = $1 and a.voided_at is null and a.state = 'in_progress') as open,
           (select json_build_object('used', count(*) filter (where voided_at is null), 'last', coalesce(max(attempt_number), 0),
             'finished', max(submitted_at) filter (where voided_at is null and state <> 'in_progress'))
             from test_attempts where test_id = $2 and enrollment_id = $1) as counts,
           counted.points, counted.expire
         from counted`,
        [locked.id, test.id, `attemptStart:${encodeURIComponent(userId)}:${encodeURIComponent(test.id)}`, expire, now],
      );
      if (r.points > attemptStartLimit) {
        const retryAfter = Math.max(1, Math.ceil((r.expire.getTime() - Date.now()) / 1000));
        throw new DomainError(
          "rate_limited",
          undefined,
          { limit: "attemptStart", retryAfterSeconds: retryAfter },
          { headers: { "Retry-After": String(retryAfter) } },
        );
      }
      const structure = await structureOf(locked.course_version_id);
      const g = { test, structure, facts: factsOf(r), enrollment: enrollmentOf(locked) };
      g.placement = structure && placementOf(structure, g.facts, test.id);
      if (!g.placement) throw new DomainError("not_found", "Test nie je súčasťou kurzu.");
      if (!g.placement.available) {
        throw new DomainError("prerequisites_not_met", undefined, {
          placement: g.placement.placement,
          partId: g.placement.part?.id ?? null,
          levelId: g.placement.level?.id ?? null,
        });
      }
      let open = null;
      let lastFinished = r.counts.finished ? new Date(r.counts.finished) : null;
      for (const a of r.open.map(attemptOf)) {
        if (!overdue(a, now)) {
          open ??= a;
          continue;
        }
        const finished = await finishOverdue(client, g, a, now);
        if (!lastFinished || finished.submittedAt > lastFinished) lastFinished = finished.submittedAt;
      }
      let status = 201;
      let body;
      const w = writes();
      if (open) {
        // resuming is answered like a start, with the attempt in progress
        body = served(open, test);
      } else {
        if (r.counts.used >= test.maxAttempts) throw new DomainError("max_attempts_reached", undefined, { maxAttempts: test.maxAttempts });
        const next = nextAttemptAt(test, lastFinished ? [{ state: "submitted", submittedAt: lastFinished }] : []);
        if (next && next > now) throw new DomainError("cooldown_active", undefined, { nextAttemptAt: next.toISOString() });
        const authored = test.questions.map((q) => ({
          questionId: q.id,
          type: q.type,
          text: q.text,
          answers: q.answers.map((a) => ({ id: a.id, text: a.text, isCorrect: a.isCorrect })),
          acceptedAnswers: q.acceptedAnswers,
          explanation: q.explanation,
          weight: q.weight,
        }));
        const { snapshots, answerOrders } = selectQuestions(authored, test, () => randomInt(0, 2 ** 32) / 2 ** 32);
        const attempt = {
          id: newId(now),
          attemptNumber: r.counts.last + 1,
          state: "in_progress",
          startedAt: now,
          deadline: new Date(now.getTime() + test.timeLimitSec * 1000),
          questionSnapshots: snapshots,
          questionOrder: snapshots.map((q) => q.questionId),
          answerOrders,
          answers: [],
        };
        const { p } = w;
        w.with(
          "attempt",
          `insert into test_attempts (id, test_id, enrollment_id, student_id, attempt_number, state, started_at, deadline, question_snapshots, question_order, answer_orders)
          values (${p(attempt.id)}, ${p(test.id)}, ${p(locked.id)}, ${p(userId)}, ${p(attempt.attemptNumber)}, 'in_progress', ${p(now)}, ${p(attempt.deadline)},
            ${p(JSON.stringify(snapshots))}::jsonb, ${p(attempt.questionOrder)}::text[], ${p(JSON.stringify(answerOrders))}::jsonb)`,
        );
        body = served(attempt, test);
      }
      const [{ stored }] = await w.run(client, storeAnswer(w, userId, route, key, hash, status, body));
      if (stored !== 1) throw new Replay();
      return { status, body };
    });
  } catch (error) {
    if (error instanceof Replay) return replay(userId, route, key, hash);
    throw error;
  }
}

/** Answers checked against the attempt's snapshot (server/quizzes/attempts.ts checkedAnswers): 422 naming the first wrong member. */
function checkedAnswers(attempt, answers) {
  const byId = new Map(attempt.questionSnapshots.map((q) => [q.questionId, q]));
  const problems = [];
  answers.forEach((a, i) => {
    const q = byId.get(a.questionId);
    if (!q) return problems.push({ path: `answers.${i}.questionId`, message: "Táto otázka v pokuse nie je." });
    if (q.type === "text") {
      if (a.selectedAnswerIds && a.selectedAnswerIds.length > 0)
        problems.push({ path: `answers.${i}.selectedAnswerIds`, message: "Na otázku sa odpovedá textom." });
      return;
    }
    if (a.textAnswer !== undefined && a.textAnswer !== "") problems.push({ path: `answers.${i}.textAnswer`, message: "Na otázku sa odpovedá výberom." });
    const ids = new Set(q.answers.map((x) => x.id));
    (a.selectedAnswerIds ?? []).forEach((id, j) => {
      if (!ids.has(id)) problems.push({ path: `answers.${i}.selectedAnswerIds.${j}`, message: "Taká odpoveď pri otázke nie je." });
    });
    if (q.type === "single_choice" && (a.selectedAnswerIds ?? []).length > 1)
      problems.push({ path: `answers.${i}.selectedAnswerIds`, message: "Vyberte jednu odpoveď." });
  });
  if (problems.length > 0) throw new DomainError("validation", undefined, problems);
  const merged = new Map();
  for (const a of answers) merged.set(a.questionId, toAnswerInput(a));
  return [...merged.values()];
}

function answersBody(raw) {
  const str = (v, max) => typeof v === "string" && v.length >= 1 && v.length <= max;
  const ok =
    raw &&
    typeof raw === "object" &&
    !Array.isArray(raw) &&
    Object.keys(raw).length === 1 &&
    Array.isArray(raw.answers) &&
    raw.answers.length <= 500 &&
    raw.answers.every(
      (a) =>
        a &&
        typeof a === "object" &&
        !Array.isArray(a) &&
        Object.keys(a).every((k) => ["questionId", "selectedAnswerIds", "textAnswer"].includes(k)) &&
        str(a.questionId, 64) &&
        (a.selectedAnswerIds === undefined ||
          (Array.isArray(a.selectedAnswerIds) && a.selectedAnswerIds.length <= 50 && a.selectedAnswerIds.every((x) => str(x, 64)))) &&
        (a.textAnswer === undefined || (typeof a.textAnswer === "string" && a.textAnswer.length <= 2000)),
    );
  if (!ok) throw new DomainError("validation", undefined, [{ path: "answers", message: "Neplatné telo požiadavky." }]);
  return raw;
}

async function submitAttempt(userId, testId, attemptId, answers, key, hash, route, now) {
  if (!isId(attemptId) || !isId(testId)) throw new DomainError("not_found", "Pokus sa nenašiel.");
  try {
    return await transaction(async (client) => {
      // the attempt's enrollment locked first (every writer of its attempts holds it), then read
      const {
        rows: [locked],
      } = await client.query(`select * from enrollments where id = (select enrollment_id from test_attempts where id = $1) for update`, [attemptId]);
      if (!locked) throw new DomainError("not_found", "Pokus sa nenašiel.");
      const {
        rows: [r],
      } = await client.query(
        // the attempt is `t`: FACTS names its own test_attempts `a`, which would shadow it
        `select row_to_json(t) as attempt, ${FACTS("t.enrollment_id")}, ${REQUIREMENTS("t.enrollment_id")},
           (select count(*)::int from test_attempts u where u.test_id = t.test_id and u.enrollment_id = t.enrollment_id and u.voided_at is null) as used
         from test_attempts t where t.id = $1`,
        [attemptId],
      );
      const attempt = attemptOf(r.attempt);
      if (attempt.studentId !== userId || attempt.testId !== testId || attempt.voidedAt) throw new DomainError("not_found", "Pokus sa nenašiel.");
      const test = testOf(attempt.testId);
      const structure = await structureOf(locked.course_version_id);
      const g = { test, structure, facts: factsOf(r), enrollment: enrollmentOf(locked) };
      g.placement = structure && placementOf(structure, g.facts, test.id);
      if (!g.placement) throw new DomainError("not_found", "Test nie je súčasťou kurzu.");
      const w = writes();
      let status = 200;
      let body;
      let jobs = [];
      let check = null;
      if (attempt.state === "expired" || overdue(attempt, now)) {
        // late: submitted with its saved answers (committed), answered 409 attempt_expired with that result
        let finished = attempt;
        if (attempt.state === "in_progress") ({ attempt: finished, jobs, check } = finishInto(w, g, attempt, attempt.answers, "expired", now));
        const refused = new DomainError("attempt_expired", undefined, {
          result: resultOf(finished, test, r.used, downstreamOf(g, { completedLevels: [], courseCompleted: false }, finished.passed ?? false)),
        });
        status = refused.status;
        body = refused.toBody();
      } else if (attempt.state === "submitted") {
        body = resultOf(attempt, test, r.used, downstreamOf(g, { completedLevels: [], courseCompleted: false }, attempt.passed ?? false));
      } else {
        const checked = checkedAnswers(attempt, answers);
        const merged = new Map(attempt.answers.map((a) => [a.questionId, a]));
        for (const a of checked) merged.set(a.questionId, a);
        const done = finishInto(w, g, attempt, [...merged.values()], "submitted", now);
        ({ jobs, check } = done);
        body = resultOf(done.attempt, test, r.used, done.downstream);
      }
      const select = storeAnswer(w, userId, route, key, hash, status, body);
      const [row] = await w.run(client, check ? `${select}, (select count(*) from ${check})::int as finished` : select);
      if (check && row.finished !== 1) throw new Error(`attempt ${attempt.id} was finished concurrently despite the enrollment lock`);
      if (row.stored !== 1) throw new Replay();
      await enqueue(client, jobs);
      return { status, body };
    });
  } catch (error) {
    if (error instanceof Replay) return replay(userId, route, key, hash);
    throw error;
  }
}

// ---------------------------------------------------------------------------------
// The pages: the loaders' data (app/routes/learn.tsx, app/routes/learn-part.tsx), rendered
// with the app's route components

const escapeHtml = (s) =>
  s.replace(/[&><\u2028\u2029]/g, (c) => ({ "&": "\\u0026", ">": "\\u003e", "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" })[c]);
const routeModules = Object.fromEntries(Object.entries(build.routes).map(([id, r]) => [id, r.module]));
const routeTree = (parentId) =>
  Object.values(build.routes)
    .filter((r) => r.parentId === parentId)
    .map((r) => ({ id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive, children: routeTree(r.id) }));
const pageRoutes = routeTree(undefined);
// React Router's static handler ranks the route tree once and matches against that;
// matchRoutes ranks it on every call (a few times per render), so the matches of a path are kept
const pageMatches = new Map();
function matchPage(pathname) {
  let matches = pageMatches.get(pathname);
  if (matches === undefined) {
    if (pageMatches.size >= 1000) pageMatches.clear();
    matches = matchRoutes(pageRoutes, pathname);
    pageMatches.set(pathname, matches);
  }
  return matches;
}
const serverHandoffString = escapeHtml(
  JSON.stringify({ basename: build.basename, future: build.future, routeDiscovery: build.routeDiscovery, ssr: build.ssr, isSpaMode: false }),
);
const neverAborted = new AbortController().signal;

/** The document of a page with its routes' loader data, as React Router renders it in the app's entry (without its request handler). */
async function renderPage(url, loaderData, status) {
  const matches = matchPage(url.pathname);
  const staticHandlerContext = {
    basename: build.basename,
    location: { pathname: url.pathname, search: url.search, hash: "", state: null, key: "default" },
    matches,
    loaderData,
    actionData: null,
    errors: null,
    statusCode: status,
    loaderHeaders: {},
    actionHeaders: {},
    _match: (location) => matchPage(typeof location === "string" ? new URL(location, "http://x").pathname : location.pathname),
  };
  const context = {
    manifest: build.assets,
    routeModules,
    staticHandlerContext,
    serverHandoffString,
    renderMeta: {},
    future: build.future,
    ssr: build.ssr,
    routeDiscovery: build.routeDiscovery,
    isSpaMode: false,
    serializeError: (error) => ({ message: "Unexpected Server Error", stack: undefined, name: error?.name }),
  };
  const nonce = randomBytes(16).toString("base64");
  const html = renderToString(createElement(ServerRouter, { context, url: url.href, nonce }));
  // the loader data for hydration, as React Router encodes it (the app streams it in chunks)
  let data = "";
  const decoder = new TextDecoder();
  for await (const chunk of encodeViaTurboStream(
    { loaderData, actionData: null, errors: null },
    neverAborted,
    build.entry.module.streamTimeout,
    "production",
  )) {
    data += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
  }
  const transfer =
    `<script nonce="${nonce}">window.__reactRouterContext.streamController.enqueue(${escapeHtml(JSON.stringify(data))});</script>` +
    `<script nonce="${nonce}">window.__reactRouterContext.streamController.close();</script>`;
  const at = html.lastIndexOf("</body>");
  return (html.startsWith("<!DOCTYPE") ? "" : "<!DOCTYPE html>") + html.slice(0, at) + transfer + html.slice(at);
}

// the seller in every page's footer (server/services.ts sellerOf: the invoice supplier and SUPPORT_EMAIL, from the same variables)
const seller = {
  name: process.env.INVOICE_SUPPLIER_NAME ?? DEMO_INVOICE_SUPPLIER.name,
  address: process.env.INVOICE_SUPPLIER_ADDRESS ?? DEMO_INVOICE_SUPPLIER.address,
  ico: process.env.INVOICE_SUPPLIER_ICO ?? DEMO_INVOICE_SUPPLIER.ico,
  email: process.env.SUPPORT_EMAIL ?? DEMO_SUPPORT_EMAIL,
  registration: process.env.INVOICE_SUPPLIER_REGISTRATION ?? (process.env.INVOICE_SUPPLIER_NAME ? undefined : DEMO_INVOICE_SUPPLIER.registration) ?? null,
};

function rootData(session) {
  return { viewer: { displayName: session.displayName }, csrfToken: hmac(csrfKey, `csrf:${session.sessionId}`), seller };
}

// server/webinars/student.ts's join window and paths and app/lib/webinars.server.ts's date
// line, as there (their modules cannot be loaded here: the webinars area's index brings a
// class that type stripping does not take)
const JOIN_OPENS_BEFORE_MS = 15 * 60_000;
const joinOpensAt = (row) => new Date(row.startsAt.getTime() - JOIN_OPENS_BEFORE_MS);
const joinable = (row, now) => row.state === "scheduled" && now.getTime() >= joinOpensAt(row).getTime() && now.getTime() < row.endsAt.getTime();
const webinarJoinPath = (slug, id) => `/kurzy/${slug}/webinare/${id}/pripojit`;
const webinarCalendarPath = (slug, id) => `/kurzy/${slug}/webinare/${id}/kalendar.ics`;
const dayFormat = new Intl.DateTimeFormat("sk-SK", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Bratislava" });
const timeFormat = new Intl.DateTimeFormat("sk-SK", { hour: "numeric", minute: "2-digit", timeZone: "Europe/Bratislava" });
function sessionWhen(startsAt, endsAt) {
  const s = new Date(startsAt);
  const e = new Date(endsAt);
  const sameDay = dayFormat.format(s) === dayFormat.format(e);
  const text = sameDay
    ? `${dayFormat.format(s)}, ${timeFormat.format(s)} – ${timeFormat.format(e)}`
    : `${dayFormat.format(s)}, ${timeFormat.format(s)} – ${dayFormat.format(e)}, ${timeFormat.format(e)}`;
  return text.replace(/[\s\u202f]+/g, "\u00a0");
}

/** A webinar as the student sees it (server/webinars/student.ts studentView), from its row as JSON. */
function webinarLine(w, slug, now) {
  const row = {
    ...w,
    startsAt: new Date(w.starts_at),
    endsAt: new Date(w.ends_at),
    joinUrl: w.join_url,
    recordingPlaybackId: w.recording_playback_id,
  };
  const ended = row.endsAt.getTime() <= now.getTime();
  const playback = ended && row.state === "scheduled" && row.recordingPlaybackId ? media.playback(row.recordingPlaybackId, now) : null;
  const view = {
    _id: row.id,
    title: row.title,
    description: row.description,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    lecturer: row.lecturer,
    levelId: row.level_id,
    attendanceRequired: row.attendance_required,
    state: row.state,
    joinOpensAt: joinOpensAt(row).toISOString(),
    joinUrl: joinable(row, now) ? row.joinUrl : null,
    joinPath: webinarJoinPath(slug, row.id),
    calendarPath: webinarCalendarPath(slug, row.id),
    recording: playback ? { playbackUrl: playback.url, expiresAt: playback.expiresAt.toISOString() } : null,
  };
  // app/lib/webinars.server.ts webinarPanel's line
  return { ...view, when: sessionWhen(view.startsAt, view.endsAt), opensAt: timeFormat.format(new Date(view.joinOpensAt)) };
}

/** app/routes/learn.tsx's loader data, from the learn view and the one read of the enrollment with its facts and the page's extras. */
function learnPageData({ view, structure, enrollment, facts, row }, now) {
  const position = positionOf(structure, enrollment, facts);
  const standings = new Map(
    row.f_standings.map(([testId, passed, used, maxAttempts, inProgressAttemptId]) => [testId, { passed, used, maxAttempts, inProgressAttemptId }]),
  );
  const slug = view.course.slug;
  const titleOf = new Map(view.levels.flatMap((l) => l.topics.flatMap((t) => t.module?.parts ?? [])).map((p) => [p._id, p.title]));
  const current = view.levels.find((l) => l._id === view.progress.currentLevelId) ?? null;
  const club = enrollment.reason === "sponsor" && enrollment.orderId && enrollment.sponsorOrgId ? row.f_club : null;
  const nowMs = now.getTime();
  const webinars = row.f_webinars;
  const upcoming = webinars.filter((w) => new Date(w.ends_at).getTime() > nowMs);
  const past = webinars.filter((w) => new Date(w.ends_at).getTime() <= nowMs && w.state === "scheduled").reverse();
  return {
    clubSees: club
      ? `Kurz vám hradí ${club}. Klub vidí váš postup v tomto kurze (stav, percento, poslednú aktivitu, testy a certifikáty), nie vaše ostatné kurzy.`
      : null,
    view: {
      ...view,
      levels: view.levels.map((level, i) => ({
        ...level,
        lockedReason: level.state === "locked" && i > 0 ? `Odomkne sa po dokončení úrovne ${view.levels[i - 1].title}.` : null,
        testLine: level.levelTest
          ? testLine(slug, level.levelTest, "Test úrovne", "sprístupní sa po dokončení všetkých modulov úrovne", standings.get(level.levelTest.id))
          : null,
        topics: level.topics.map((t) => ({
          ...t,
          module: t.module && {
            ...t.module,
            waitsFor: moduleWaitsFor(t.module, standings),
            parts: t.module.parts.map((p) => ({
              ...p,
              testLine: p.partTest
                ? testLine(slug, p.partTest, "Kontrolný test časti", `sprístupní sa po dokončení časti ${p.title}`, standings.get(p.partTest.id))
                : null,
              lockedReason:
                p.state !== "locked"
                  ? null
                  : level.state === "locked"
                    ? "Odomkne sa s úrovňou."
                    : `Najprv dokončite: ${p.prerequisites.map((id) => titleOf.get(id) ?? id).join(", ")}.`,
            })),
          },
        })),
      })),
    },
    courseTestLine: view.courseTest
      ? testLine(slug, view.courseTest, "Záverečný test kurzu", "sprístupní sa po dokončení všetkých úrovní", standings.get(view.courseTest.id))
      : null,
    measure: position.progress,
    next: nextStepLink(slug, position.next),
    nextNote: nextStepNote(position.next, { lastLevelId: view.levels.at(-1)?._id ?? null, courseTestRequired: view.courseTest?.required === true }),
    requirements: position.requirements.map((r) => ({ levelId: r.levelId, title: r.title, met: r.met, href: `/kurzy/${slug}/webinare/${r.ref}` })),
    currentLevelTitle: current?.title ?? null,
    lastActivity: view.progress.lastActivityAt ? formatDateTime(view.progress.lastActivityAt) : null,
    accessUntil: view.enrollment.accessExpiresAt ? formatDateTime(view.enrollment.accessExpiresAt) : null,
    webinars: { slug, upcoming: upcoming.map((w) => webinarLine(w, slug, now)), past: past.map((w) => webinarLine(w, slug, now)) },
  };
}

/** app/lib/level-end.server.ts: a level's end names the intermediate certificate it issued [1 more statement, only after a level's end]. */
async function levelEndOf(position) {
  const level = position.lastCompletedLevel;
  if (!level) return null;
  if (!level.issuesIntermediateCertificate) return { levelTitle: level.title, issues: false, certificate: null };
  const {
    rows: [row],
  } = await pool.query(`select id, certificate_title, revoked_at from certificates where enrollment_id = $1 and type = 'intermediate' and level_id = $2`, [
    position.enrollmentId,
    level.id,
  ]);
  return {
    levelTitle: level.title,
    issues: true,
    certificate: row && !row.revoked_at ? { title: row.certificate_title, href: `/ucet/certifikaty/${row.id}` } : null,
  };
}

/** app/routes/learn-part.tsx's loader data and status (403 with what unlocks a locked part). */
async function partPageData(userId, slug, partId, search, now) {
  try {
    const { view: part, enrollment, structure, facts } = await readPart(userId, partId, now, true);
    if (part.course.slug !== slug) throw new DomainError("not_found");
    const view = learnView(structure, enrollment, facts);
    const position = positionOf(structure, enrollment, facts, { partId });
    const message = search.get("sprava");
    const watched = new Map(part.progress.blockProgress.map((b) => [b.blockId, b]));
    return {
      status: 200,
      data: {
        locked: null,
        message: message && !(message === "chyba" && part.progress.state === "completed") ? (MESSAGES[message] ?? null) : null,
        refused: message === "chyba" && part.progress.state !== "completed",
        missing:
          part.progress.state === "completed"
            ? []
            : part.contentBlocks.flatMap((b) =>
                b.type === "video" && b.state === "ready" && (b.durationSec ?? 0) > 0 && watched.get(b.id)?.state !== "completed"
                  ? [{ blockId: b.id, left: leftText(Math.max(1, secondsLeftToWatch(b.durationSec ?? 0, watched.get(b.id)?.secondsWatched ?? 0))) }]
                  : [],
              ),
        hasReading: part.contentBlocks.some((b) => b.type !== "video"),
        next: nextStepLink(slug, position.next),
        nextNote: nextStepNote(position.next, { lastLevelId: view.levels.at(-1)?._id ?? null, courseTestRequired: view.courseTest?.required === true }),
        levelEnd: message === "uroven-hotova" ? await levelEndOf(position) : null,
        outline: outlineOf(view, part._id),
        progress: position.progress,
        part: {
          ...part,
          contentBlocks: part.contentBlocks.map((b) => ({ ...b, html: b.type === "text" ? renderMarkdown(b.markdown) : null })),
          attachments: part.attachments.map((a) => ({ ...a, size: fileSize(a.sizeBytes), kind: fileType(a.mimeType) })),
        },
      },
    };
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== "part_locked") throw error;
    return {
      status: 403,
      data: {
        locked: { prerequisites: (error.details.prerequisites ?? []).map((p) => p.title), slug },
        message: null,
        refused: false,
        missing: [],
        hasReading: false,
        next: null,
        nextNote: null,
        levelEnd: null,
        outline: null,
        progress: null,
        part: null,
      },
    };
  }
}

// ---------------------------------------------------------------------------------
// Certificates, enrollments/me, verify (as before)

const iso = (d) => (d ? d.toISOString() : null);
const ymd = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: TIME_ZONE });

function certificate(r) {
  const by = r.issued_by;
  return {
    _id: r.id,
    type: r.type,
    studentId: r.student_id,
    studentDisplayName: r.student_display_name,
    studentBirthDate: r.student_birth_date ?? null,
    courseId: r.course_id,
    courseVersionId: r.course_version_id,
    courseTitle: r.course_title,
    levelId: r.level_id ?? null,
    levelTitle: r.level_title ?? null,
    enrollmentId: r.enrollment_id,
    issuedAt: iso(r.issued_at),
    issuedBy: {
      partnerOrgId: by.partnerOrgId,
      partnerName: by.partnerName,
      certificateType: by.certificateType,
      ...(by.accreditationNumber ? { accreditationNumber: by.accreditationNumber } : {}),
      ...(by.signatoryName ? { signatoryName: by.signatoryName } : {}),
      ...(by.signatoryRole ? { signatoryRole: by.signatoryRole } : {}),
    },
    registrationNumber: r.registration_number,
    verificationHash: r.verification_hash,
    pdfUrl: r.pdf_url ?? null,
    certificateTitle: r.certificate_title,
    revokedAt: iso(r.revoked_at),
    revokedReason: r.revoked_reason ?? null,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    verificationUrl: `${publicUrl}/verify/${encodeURIComponent(r.registration_number)}?h=${r.verification_hash}`,
    confirmationPdfUrl: `/api/certificates/${r.id}/pdf`,
  };
}

// ---------------------------------------------------------------------------------
// HTTP

function send(res, status, body, headers = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    "Cache-Control": "private, no-store",
    ...headers,
  });
  res.end(text);
}

function sendHtml(res, status, html) {
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Content-Length": Buffer.byteLength(html), "Cache-Control": "private, no-store" });
  res.end(html);
}

function sendError(res, error, page) {
  if (!(error instanceof DomainError)) throw error;
  const headers = Object.fromEntries(new Headers(error.headers ?? {}).entries());
  if (page) return sendHtml(res, error.status, `<!DOCTYPE html><title>${error.status}</title><p>${error.message}</p>`);
  send(res, error.status, error.toBody(), headers);
}

async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

function parseJson(text, emptyAs) {
  if (text.trim() === "") return emptyAs;
  try {
    return JSON.parse(text);
  } catch {
    throw new DomainError("validation", "Telo požiadavky nie je platný JSON.", [
      { path: "", message: "Telo požiadavky nie je platný JSON.", code: "invalid_json" },
    ]);
  }
}

/** spec: Authentication 9: a POST's Origin (or Referer) must be the app's. */
function originAllowed(req) {
  const origin = req.headers.origin ?? (req.headers.referer ? (URL.parse(req.headers.referer)?.origin ?? "invalid") : null);
  return origin === null || origin === new URL(publicUrl).origin;
}

const notFound = { error: "not_found", message: "Certifikát s týmto registračným číslom a overovacím kódom neexistuje.", details: {} };

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url, publicUrl || "http://bare");
  const page = url.pathname.startsWith("/kurzy/");
  try {
    if (url.pathname === "/health") return send(res, 200, { ok: true });
    if (url.pathname.startsWith("/api/verify/")) {
      const number = decodeURIComponent(url.pathname.slice("/api/verify/".length));
      const {
        rows: [r],
      } = await pool.query(`select * from certificates where registration_number = $1`, [number]);
      if (!hashMatches(r?.verification_hash ?? "0".repeat(64), url.searchParams.get("h")) || !r) return send(res, 404, notFound);
      return send(res, 200, {
        registrationNumber: r.registration_number,
        type: r.type,
        courseTitle: r.course_title,
        levelTitle: r.type === "final" ? null : (r.level_title ?? null),
        issuedAt: ymd.format(r.issued_at),
        issuedBy: r.issued_by.partnerName,
        valid: r.revoked_at === null,
        verificationHash: r.verification_hash,
      });
    }
    if (req.method === "POST" && !originAllowed(req)) throw new DomainError("origin_not_allowed");
    const session = await sessionOf(req);
    if (!session) {
      if (page) {
        res.writeHead(302, { Location: `/api/auth/login?returnTo=${encodeURIComponent(url.pathname + url.search)}` });
        return res.end();
      }
      throw new DomainError("unauthorized");
    }
    const { userId } = session;
    const now = new Date();
    let m;
    if (req.method === "GET" && url.pathname === "/api/enrollments/me") {
      const { rows } = await pool.query(`select * from enrollments where student_id = $1 order by enrolled_at desc`, [userId]);
      return send(res, 200, {
        data: rows.map((e) => ({
          _id: e.id,
          courseId: e.course_id,
          courseTitle: e.course_title,
          courseSlug: e.course_slug,
          state: e.state,
          enrolledAt: iso(e.enrolled_at),
          currentLevelId: e.current_level_id,
          progress: e.progress,
          intermediateCertificateIds: e.intermediate_certificate_ids,
          finalCertificateId: e.final_certificate_id,
        })),
      });
    }
    if (req.method === "GET" && url.pathname === "/api/certificates/me") {
      const { rows } = await pool.query(`select * from certificates where student_id = $1 order by issued_at desc, id desc`, [userId]);
      return send(res, 200, { data: rows.map(certificate) });
    }
    if (req.method === "GET" && (m = /^\/api\/enrollments\/([^/]+)$/.exec(url.pathname))) {
      const id = decodeURIComponent(m[1]);
      const {
        rows: [row],
      } = isId(id) ? await pool.query(`select e.*, ${FACTS("e.id")} from enrollments e where e.id = $1`, [id]) : { rows: [] };
      if (!row || row.student_id !== userId) throw new DomainError("not_found");
      return send(res, 200, enrollmentDetail(enrollmentOf(row), factsOf(row), await structureOf(row.course_version_id)));
    }
    if (req.method === "GET" && (m = /^\/api\/courses\/([^/]+)\/learn$/.exec(url.pathname))) {
      return send(res, 200, (await learnData(userId, decodeURIComponent(m[1]), now)).view);
    }
    if (req.method === "GET" && (m = /^\/api\/parts\/([^/]+)$/.exec(url.pathname))) {
      return send(res, 200, (await readPart(userId, decodeURIComponent(m[1]), now)).view);
    }
    if (req.method === "POST" && (m = /^\/api\/parts\/([^/]+)\/progress$/.exec(url.pathname))) {
      const body = progressBody(parseJson(await readBody(req), {}));
      return send(res, 200, await reportProgress(userId, decodeURIComponent(m[1]), body, now));
    }
    if (req.method === "POST" && (m = /^\/api\/tests\/([^/]+)\/attempts$/.exec(url.pathname))) {
      const key = idempotencyKey(req);
      const body = parseJson(await readBody(req), undefined);
      const answer = await startAttempt(userId, decodeURIComponent(m[1]), key, requestHash(body), `POST ${url.pathname}`, now);
      return send(res, answer.status, answer.body, answer.replayed ? { "Idempotent-Replayed": "true" } : {});
    }
    if (req.method === "POST" && (m = /^\/api\/tests\/([^/]+)\/attempts\/([^/]+)\/submit$/.exec(url.pathname))) {
      const key = idempotencyKey(req);
      const body = answersBody(parseJson(await readBody(req), {}));
      const answer = await submitAttempt(
        userId,
        decodeURIComponent(m[1]),
        decodeURIComponent(m[2]),
        body.answers,
        key,
        requestHash(body),
        `POST ${url.pathname}`,
        now,
      );
      return send(res, answer.status, answer.body, answer.replayed ? { "Idempotent-Replayed": "true" } : {});
    }
    if (req.method === "GET" && (m = /^\/kurzy\/([^/]+)\/studium$/.exec(url.pathname))) {
      const learn = await learnData(userId, decodeURIComponent(m[1]), now, true);
      return sendHtml(res, 200, await renderPage(url, { root: rootData(session), "routes/learn": learnPageData(learn, now) }, 200));
    }
    if (req.method === "GET" && (m = /^\/kurzy\/([^/]+)\/studium\/([^/]+)$/.exec(url.pathname))) {
      const { status, data } = await partPageData(userId, decodeURIComponent(m[1]), decodeURIComponent(m[2]), url.searchParams, now);
      return sendHtml(res, status, await renderPage(url, { root: rootData(session), "routes/learn-part": data }, status));
    }
    throw new DomainError("not_found");
  } catch (error) {
    if (error?.code === "ECONNRESET" || req.destroyed) return; // the client went away (the end of a load)
    try {
      sendError(res, error, page);
    } catch {
      console.error(error);
      if (!res.headersSent) send(res, 500, { error: "internal", message: "error", details: {} });
    }
  }
});
server.listen(Number(portArg), "127.0.0.1", () => console.log("bare students baseline listening"));
process.on("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
  pool.end().finally(() => process.exit(0));
});
