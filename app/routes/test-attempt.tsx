// /kurzy/<slug>/testy/<testId>/pokus/<attemptId>: taking the test as a plain form (radio,
// checkbox, text), "Uložiť odpovede" and "Odovzdať test"; with JavaScript a countdown and
// autosave enhance it (the server enforces the deadline). Once the attempt is finished the
// same address shows the result: score, passed, per-question results when the test allows,
// and what the pass unlocked. A refusal (409: the attempt is already submitted or its
// deadline passed, 422: an answer the attempt does not know) is said on the page, with
// the attempt as it now stands. spec: Endpoints > Tests (student); docs/decisions/quizzes/tests.md >
// Tests.
import { randomUUID } from "node:crypto";
import { useRef, useState } from "react";
import { data, Form, Link, redirect, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/test-attempt";
import { Breadcrumbs } from "../components/breadcrumbs";
import { Countdown } from "../components/countdown";
import { useAutosave } from "../components/test-autosave";
import { pageTitle } from "../site";
import { dispatchIntent, pageRoute, readForm } from "../lib/page.server";
import { requireUserForPage } from "../lib/auth.server";
import { idempotentPageSubmit, isRefusal } from "../lib/quizzes.server";
import { answersFromForm, unansweredOf } from "../lib/test-form";
import { servicesContext } from "../context";
import { DomainError, type ErrorBody } from "#server/kernel/errors";
import { idempotencyRoute } from "#server/http/idempotency";
import { AnswersBody, getAttemptWithGuidance, saveAnswers } from "#server/quizzes";
import { TestResult } from "../components/test-result";
import { formatDateTime, formatDecimal } from "#shared/format";
import { plural } from "#shared/plural";

import { getStudyPosition } from "#server/learning";
import { levelEndOf } from "../lib/level-end.server";
import { nextStepLink } from "../lib/next-step";
import { NextStepPanel } from "../components/next-step";

import { formatPoints, Verdict, VerdictIcon } from "../components/test-verdict";
import { depsOf } from "../lib/deps.server";
const OUTCOMES: Record<string, string> = {
  ulozene: "Odpovede sú uložené.",
  modul: "Úspech! Dokončili ste modul.",
  uroven: "Úspech! Dokončili ste úroveň.",
  kurz: "Gratulujeme, dokončili ste celý kurz.",
};

export const loader = pageRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  const { user } = requireUserForPage(request, context);
  const { db } = context.get(servicesContext);
  const deps = depsOf(context);
  const { guidance, ...view } = await db.transaction((tx) => getAttemptWithGuidance(tx, deps, user.id, params.testId, params.attemptId));
  const saved = new Map(view.attempt.savedAnswers.map((a) => [a.questionId, a]));
  const notice = new URL(request.url).searchParams.get("stav");
  const numberOf = new Map(view.attempt.questions.map((q, i) => [q.id, i + 1]));
  // after a pass: the one next step (and a level's certificate) (docs/decisions/learning/one-next-step-everywhere.md > One next step everywhere)
  const position = view.result?.passed ? await getStudyPosition(depsOf(context), user.id, params.slug) : null;
  return {
    slug: params.slug,
    next: position ? nextStepLink(params.slug, position.next) : null,
    levelEnd: position && notice === "uroven" ? await levelEndOf(db, position) : null,
    view,
    guidance,
    // after a failed attempt: the questions answered wrong (when shown) and "Skúsiť znova"
    wrong: (view.result?.results ?? [])
      .filter((r) => !r.isCorrect)
      .map((r) => ({ number: numberOf.get(r.questionId) ?? 0, questionId: r.questionId }))
      .sort((a, b) => a.number - b.number),
    retry: {
      startKey: randomUUID(),
      nextAttemptText: guidance?.nextAttemptAt ? formatDateTime(guidance.nextAttemptAt) : null,
      waitSeconds: guidance?.nextAttemptAt ? Math.max(0, Math.ceil((Date.parse(guidance.nextAttemptAt) - deps.now.getTime()) / 1000)) : 0,
    },
    submitKey: randomUUID(),
    notice: notice ? (OUTCOMES[notice] ?? null) : null,
    deadlineText: formatDateTime(view.attempt.deadline),
    percent: view.result ? formatDecimal(view.result.score * 100, 0) : null,
    passingPercent: formatDecimal(view.attempt.test.passingScore * 100, 0),
    questions: view.attempt.questions.map((q) => ({ ...q, saved: saved.get(q.id) ?? null })),
    // "Odovzdať test" with questions left unanswered: the summary asks once more
    confirmSubmit: view.result === null && new URL(request.url).searchParams.has("nezodpovedane"),
  };
});

/** A refusal the student can read, shown above the attempt: its message and, for a 422, what was wrong. */
function refusal(body: ErrorBody, status: number) {
  const problems = Array.isArray(body.details) ? body.details.map((d) => String((d as { message?: unknown }).message ?? "")).filter(Boolean) : [];
  return data({ refusal: { message: body.message, problems } }, { status });
}

/** A refusal about this attempt (409, 422) is said on its page; not found and the like stay error pages. */
function refusalOnPage(error: DomainError) {
  if (error.status !== 409 && error.status !== 422) throw error;
  return refusal(error.toBody(), error.status);
}

export const action = pageRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const { user } = requireUserForPage(request, context);
  const form = await readForm(request);
  const parsed = AnswersBody.safeParse({ answers: answersFromForm(form) });
  if (!parsed.success) return refusal(new DomainError("validation").toBody(), 422);
  const here = `/kurzy/${params.slug}/testy/${params.testId}/pokus/${params.attemptId}`;
  const { db } = context.get(servicesContext);
  // "Uložiť odpovede", and "Odovzdať test" (also a form sent without a button: the timer's
  // submit at 0:00, Enter)
  return dispatchIntent(
    form,
    {
      save: async () => {
        const outcome = await db.transaction((tx) => saveAnswers(tx, depsOf(context), user.id, params.testId, params.attemptId, parsed.data.answers));
        return outcome.ok ? redirect(`${here}?stav=ulozene`) : refusalOnPage(outcome.error);
      },
      submit: async () => {
        // one transaction: questions left unanswered keep the answers and show the summary
        // before submitting (the summary's "Odovzdať aj tak" carries confirm=1)
        const submitted = await idempotentPageSubmit(
          context,
          user,
          { testId: params.testId, attemptId: params.attemptId, confirmed: form.get("confirm") === "1" },
          {
            route: idempotencyRoute(request),
            key: String(form.get("idempotencyKey") ?? ""),
            body: parsed.data,
          },
        );
        if (!submitted.ok) return refusalOnPage(submitted.error);
        const answer = submitted.value;
        // a late submit's refusal committed with the automatic submission: its stored error body
        if (isRefusal(answer.body)) return refusal(answer.body, answer.status);
        if ("held" in answer.body) return redirect(`${here}?nezodpovedane#zhrnutie`);
        const { passed, downstream: d } = answer.body;
        const stav = passed ? (d.courseCompleted ? "kurz" : d.levelCompleted ? "uroven" : d.moduleCompleted ? "modul" : null) : null;
        return redirect(stav ? `${here}?stav=${stav}` : here);
      },
    },
    { fallback: "submit" },
  );
});

/** After any answer of the action the attempt is read again (a refused late submit has finished it). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) => (formMethod ? true : defaultShouldRevalidate);

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? (loaderData.view.result ? `Výsledok: ${loaderData.view.attempt.test.title}` : loaderData.view.attempt.test.title) : "Test") },
  { name: "robots", content: "noindex" },
];

export default function TestAttempt({ loaderData, actionData }: Route.ComponentProps) {
  const { slug, next, levelEnd, view, guidance, wrong, retry, submitKey, notice, deadlineText, percent, passingPercent, questions, confirmSubmit } = loaderData;
  const { attempt, result } = view;
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  // 0:00 with JavaScript: the form submits itself with what is on screen, then locks
  const [closing, setClosing] = useState(false);
  const closeAtDeadline = () => {
    if (closing || !formRef.current || !submitRef.current) return;
    if (confirmRef.current) confirmRef.current.value = "1";
    formRef.current.requestSubmit(submitRef.current);
    setClosing(true);
  };
  const autosave = useAutosave(formRef, `/api/tests/${attempt.test._id}/attempts/${attempt.attemptId}/answers`, result === null);
  const intro = `/kurzy/${slug}/testy/${attempt.test._id}`;
  const resultOf = new Map((result?.results ?? []).map((r) => [r.questionId, r]));
  const unanswered = confirmSubmit
    ? unansweredOf(
        questions,
        questions.flatMap((q) => (q.saved ? [q.saved] : [])),
      )
    : [];
  const numberOf = new Map(questions.map((q, i) => [q.id, i + 1]));
  return (
    <section className="test-attempt narrow">
      <Breadcrumbs
        items={[{ label: "Štúdium", href: `/kurzy/${slug}/studium` }, { label: attempt.test.title, href: intro }, { label: `Pokus ${attempt.attemptNumber}` }]}
      />
      <h1>{attempt.test.title}</h1>
      {/* "saved" belongs to a test still being taken; after submitting only the outcome counts */}
      {/* after a pass the one way on: the next step (the finish page once the course is complete) */}
      {result?.passed && next ? (
        <NextStepPanel message={notice && notice !== OUTCOMES.ulozene ? notice : null} levelEnd={levelEnd} link={next} note={null} />
      ) : notice && (result === null || notice !== OUTCOMES.ulozene) ? (
        <div role="status" className={`notice${result ? " success" : ""}`}>
          <p>{notice}</p>
        </div>
      ) : null}
      {actionData?.refusal ? (
        <div role="alert" className="alert">
          <p>
            <strong>{actionData.refusal.message}</strong>
          </p>
          {actionData.refusal.problems.length > 0 ? (
            <ul>
              {actionData.refusal.problems.map((p, i) => (
                <li key={i}>{p}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {result ? (
        <TestResult
          slug={slug}
          testId={attempt.test._id}
          result={result}
          guidance={guidance}
          percent={percent}
          passingPercent={passingPercent}
          wrong={wrong}
          retry={retry}
        />
      ) : (
        <Countdown deadline={attempt.deadline} deadlineText={deadlineText} onExpire={closeAtDeadline}>
          <span className="muted">
            {questions.length} {plural(questions.length, "otázka", "otázky", "otázok")}
          </span>
          {autosave ? (
            <span className="autosave-status" role="status">
              {autosave}
            </span>
          ) : null}
        </Countdown>
      )}

      <Form method="post" ref={formRef}>
        <input type="hidden" name="idempotencyKey" value={submitKey} />
        {unanswered.length > 0 ? (
          <div id="zhrnutie" className="notice warning unanswered-summary" role="alert" tabIndex={-1}>
            <h2>
              Nezodpovedané otázky: {unanswered.length} z {questions.length}
            </h2>
            <ol>
              {unanswered.map((q) => (
                <li key={q.id} value={numberOf.get(q.id)}>
                  <a href={`#otazka-${q.id}`}>
                    Otázka {numberOf.get(q.id)}: {q.text}
                  </a>
                </li>
              ))}
            </ol>
            <p>Odpovede, ktoré ste už vybrali, sú uložené. Doplňte chýbajúce alebo test odovzdajte tak, ako je.</p>
            <p className="form-actions">
              <button type="submit" name="intent" value="submit">
                Odovzdať aj tak
              </button>
            </p>
          </div>
        ) : null}
        {/* the summary was shown (or the time is up): submitting now submits */}
        {result === null ? <input type="hidden" name="confirm" ref={confirmRef} defaultValue={unanswered.length > 0 ? "1" : "0"} /> : null}
        {closing && result === null ? (
          <p className="alert" role="alert">
            Čas vypršal. Test sa odovzdáva s odpoveďami, ktoré máte vyplnené.
          </p>
        ) : null}
        <ol className="questions">
          {questions.map((q, i) => {
            const r = resultOf.get(q.id);
            const chosen = new Set(q.saved?.selectedAnswerIds ?? []);
            return (
              <li key={q.id} id={`otazka-${q.id}`}>
                <fieldset disabled={result !== null || closing}>
                  <legend>
                    <span className="question-count">
                      Otázka {i + 1} z {questions.length}
                    </span>
                    {q.text}
                    {q.weight !== 1 ? <span className="muted"> ({formatPoints(q.weight)})</span> : null}
                  </legend>
                  <input type="hidden" name="questionIds" value={q.id} />
                  {q.type === "multiple_choice" && result === null ? <p className="muted answer-hint">Vyberte všetky správne odpovede.</p> : null}
                  {q.type === "text" ? (
                    <p className="field">
                      <label htmlFor={`text-${q.id}`}>Vaša odpoveď</label>
                      <input id={`text-${q.id}`} name={`text-${q.id}`} defaultValue={q.saved?.textAnswer ?? ""} autoComplete="off" />
                    </p>
                  ) : (
                    q.answers.map((a) => {
                      const picked = chosen.has(a.id);
                      const verdict = r && picked ? (r.isCorrect ? "correct" : "wrong") : null;
                      return (
                        <label
                          key={a.id}
                          className={`answer-row${verdict === "correct" ? " chosen-correct" : verdict === "wrong" ? " chosen-wrong" : ""}`}
                          htmlFor={`a-${q.id}-${a.id}`}
                        >
                          <input
                            type={q.type === "single_choice" ? "radio" : "checkbox"}
                            id={`a-${q.id}-${a.id}`}
                            name={`answer-${q.id}`}
                            value={a.id}
                            defaultChecked={picked}
                          />
                          <span className="answer-text">{a.text}</span>
                          {verdict ? <Verdict correct={verdict === "correct"} /> : null}
                        </label>
                      );
                    })
                  )}
                </fieldset>
                {r ? (
                  <p className={`question-verdict ${r.isCorrect ? "correct" : "wrong"}`}>
                    <VerdictIcon correct={r.isCorrect} />
                    <span>
                      {r.isCorrect ? "Správne." : chosen.size === 0 && !q.saved?.textAnswer ? "Bez odpovede – nesprávne." : "Nesprávne."}{" "}
                      {q.type === "text" && q.saved?.textAnswer ? <span>Vaša odpoveď: „{q.saved.textAnswer}“. </span> : null}
                      <span className="muted">{r.explanation ?? ""}</span>
                    </span>
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
        {result === null ? (
          <p className="form-actions">
            <button type="submit" name="intent" value="save" className="secondary" disabled={closing}>
              Uložiť odpovede
            </button>
            <button type="submit" name="intent" value="submit" ref={submitRef} disabled={closing}>
              {unanswered.length > 0 ? "Odovzdať test aj s nezodpovedanými" : "Odovzdať test"}
            </button>
          </p>
        ) : null}
      </Form>
      {result ? (
        <p>
          <Link to={intro}>Späť na test</Link> · <Link to={`/kurzy/${slug}/studium`}>Prehľad kurzu</Link>
        </p>
      ) : null}
    </section>
  );
}
