// /kurzy/<slug>/testy/<testId>/pokus/<attemptId>: taking the test as a plain form (radio,
// checkbox, text), "Uložiť odpovede" and "Odovzdať test"; with JavaScript a countdown and
// autosave enhance it (the server enforces the deadline). Once the attempt is finished the
// same address shows the result: score, passed, per-question results when the test allows,
// and what the pass unlocked. spec: Endpoints > Tests (student); DESIGN.md > Tests.
import { randomUUID } from "node:crypto";
import { useRef } from "react";
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/test-attempt";
import { Breadcrumbs } from "../components/breadcrumbs";
import { Countdown } from "../components/countdown";
import { useAutosave } from "../components/test-autosave";
import { pageTitle } from "../site";
import { pageRoute, readForm } from "../lib/page.server";
import { requireUserForPage } from "../lib/auth.server";
import { idempotentSubmit, quizDeps } from "../lib/quizzes.server";
import { answersFromForm } from "../lib/test-form";
import { servicesContext } from "../context";
import { DomainError } from "#server/http/errors";
import { idempotencyRoute } from "#server/http/idempotency";
import { AnswersBody, getAttempt, saveAnswers } from "#server/quizzes";
import { formatDateTime, formatDecimal } from "#server/money";

const OUTCOMES: Record<string, string> = {
  ulozene: "Odpovede sú uložené.",
  modul: "Úspech! Dokončili ste modul.",
  uroven: "Úspech! Dokončili ste úroveň; ďalšia je odomknutá.",
  kurz: "Gratulujeme, dokončili ste celý kurz. Certifikát vám pošleme e-mailom.",
};

export const loader = pageRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  const { user } = requireUserForPage(request, context);
  const { db } = context.get(servicesContext);
  const view = await db.transaction((tx) => getAttempt(tx, quizDeps(context), user.id, params.testId, params.attemptId));
  const saved = new Map(view.attempt.savedAnswers.map((a) => [a.questionId, a]));
  const notice = new URL(request.url).searchParams.get("stav");
  return {
    slug: params.slug,
    view,
    submitKey: randomUUID(),
    notice: notice ? (OUTCOMES[notice] ?? null) : null,
    deadlineText: formatDateTime(view.attempt.deadline),
    percent: view.result ? formatDecimal(view.result.score * 100, 0) : null,
    passingPercent: formatDecimal(view.attempt.test.passingScore * 100, 0),
    questions: view.attempt.questions.map((q) => ({ ...q, saved: saved.get(q.id) ?? null })),
  };
});

export const action = pageRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const { user } = requireUserForPage(request, context);
  const form = await readForm(request);
  const parsed = AnswersBody.safeParse({ answers: answersFromForm(form) });
  if (!parsed.success) throw new DomainError("validation");
  const here = `/kurzy/${params.slug}/testy/${params.testId}/pokus/${params.attemptId}`;
  if (form.get("intent") === "save") {
    const { db } = context.get(servicesContext);
    const outcome = await db.transaction((tx) => saveAnswers(tx, quizDeps(context), user.id, params.testId, params.attemptId, parsed.data.answers));
    return redirect(outcome.ok ? `${here}?stav=ulozene` : here);
  }
  const response = await idempotentSubmit(context, user, { testId: params.testId, attemptId: params.attemptId }, {
    route: idempotencyRoute(request),
    key: String(form.get("idempotencyKey") ?? ""),
    body: parsed.data,
  });
  const result = (await response.json()) as { passed?: boolean; downstream?: { courseCompleted: boolean; levelCompleted: boolean; moduleCompleted: boolean } };
  const d = result.downstream;
  const stav = result.passed && d ? (d.courseCompleted ? "kurz" : d.levelCompleted ? "uroven" : d.moduleCompleted ? "modul" : null) : null;
  return redirect(stav ? `${here}?stav=${stav}` : here);
});

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? (loaderData.view.result ? `Výsledok: ${loaderData.view.attempt.test.title}` : loaderData.view.attempt.test.title) : "Test") },
  { name: "robots", content: "noindex" },
];

export default function TestAttempt({ loaderData }: Route.ComponentProps) {
  const { slug, view, submitKey, notice, deadlineText, percent, passingPercent, questions } = loaderData;
  const { attempt, result } = view;
  const formRef = useRef<HTMLFormElement>(null);
  const autosave = useAutosave(formRef, `/api/tests/${attempt.test._id}/attempts/${attempt.attemptId}/answers`, result === null);
  const intro = `/kurzy/${slug}/testy/${attempt.test._id}`;
  const resultOf = new Map((result?.results ?? []).map((r) => [r.questionId, r]));
  return (
    <section className="test-attempt">
      <Breadcrumbs items={[{ label: "Štúdium", href: `/kurzy/${slug}/studium` }, { label: attempt.test.title, href: intro }, { label: `Pokus ${attempt.attemptNumber}` }]} />
      <h1>{attempt.test.title}</h1>
      {notice ? <p role="status" className="notice">{notice}</p> : null}
      {result ? (
        <div className={result.passed ? "notice" : "alert"} role="status">
          <p>
            <strong>{result.passed ? "Test ste úspešne absolvovali." : "Test ste tentoraz neabsolvovali."}</strong>{" "}
            Získali ste {percent} % (potrebných {passingPercent} %), správne {result.correctCount} z {result.totalCount}.
          </p>
          {result.state === "expired" ? <p>Čas na test vypršal; test sa odovzdal automaticky s uloženými odpoveďami.</p> : null}
          <p>{result.remaining > 0 ? `Zostávajúce pokusy: ${result.remaining}.` : "Ďalšie pokusy už nemáte."}</p>
        </div>
      ) : (
        <Countdown deadline={attempt.deadline} deadlineText={deadlineText} />
      )}

      <Form method="post" ref={formRef}>
        <input type="hidden" name="idempotencyKey" value={submitKey} />
        <ol className="questions">
          {questions.map((q) => {
            const r = resultOf.get(q.id);
            return (
              <li key={q.id}>
                <fieldset disabled={result !== null}>
                  <legend>{q.text}{q.weight !== 1 ? <span className="muted"> ({formatPoints(q.weight)})</span> : null}</legend>
                  <input type="hidden" name="questionIds" value={q.id} />
                  {q.type === "text" ? (
                    <p className="field">
                      <label htmlFor={`text-${q.id}`}>Vaša odpoveď</label>
                      <input id={`text-${q.id}`} name={`text-${q.id}`} defaultValue={q.saved?.textAnswer ?? ""} autoComplete="off" />
                    </p>
                  ) : (
                    q.answers.map((a) => (
                      <p key={a.id} className="field-checkbox">
                        <input
                          type={q.type === "single_choice" ? "radio" : "checkbox"}
                          id={`a-${q.id}-${a.id}`}
                          name={`answer-${q.id}`}
                          value={a.id}
                          defaultChecked={q.saved?.selectedAnswerIds?.includes(a.id) ?? false}
                        />
                        <label htmlFor={`a-${q.id}-${a.id}`}>{a.text}</label>
                      </p>
                    ))
                  )}
                  {q.type === "multiple_choice" && result === null ? <p className="muted">Vyberte všetky správne odpovede.</p> : null}
                </fieldset>
                {r ? (
                  <p className={r.isCorrect ? "muted" : "field-errors"}>
                    {r.isCorrect ? "Správne." : "Nesprávne."} {r.explanation ?? ""}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
        {result === null ? (
          <p className="form-actions">
            <button type="submit" name="intent" value="save" className="secondary">Uložiť odpovede</button>{" "}
            <button type="submit" name="intent" value="submit">Odovzdať test</button>
          </p>
        ) : null}
        {autosave ? <p className="muted" role="status">{autosave}</p> : null}
      </Form>
      {result ? (
        <p>
          <Link to={intro}>Späť na test</Link> · <Link to={`/kurzy/${slug}/studium`}>Prehľad kurzu</Link>
        </p>
      ) : null}
    </section>
  );
}

function formatPoints(weight: number): string {
  return weight === 1 ? "1 bod" : weight < 5 && Number.isInteger(weight) ? `${weight} body` : `${weight} bodov`;
}
