// /kurzy/<slug>/testy/<testId>: a test's rules, the student's attempts and attempts left,
// the cooldown, and the button that starts (or resumes) an attempt. Works without
// JavaScript: the start form carries an Idempotency-Key made for this page view, so a
// double submit starts one attempt. spec: Endpoints > Tests (student).
import { randomUUID } from "node:crypto";
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/test-intro";
import { Breadcrumbs } from "../components/breadcrumbs";
import { RetryTest } from "../components/retry-test";
import { AskForMoreAttempts } from "../components/seller";
import { pageTitle } from "../site";
import { pageRoute, readForm } from "../lib/page.server";
import { requireUserForPage } from "../lib/auth.server";
import { idempotentStart } from "../lib/quizzes.server";
import { servicesContext } from "../context";
import { DomainError } from "#server/kernel/errors";
import { idempotencyRoute } from "#server/http/idempotency";
import { listAttempts } from "#server/quizzes";
import { formatDateTime, formatDecimal } from "#shared/format";
import { depsOf } from "../lib/deps.server";

export const loader = pageRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  const { user } = requireUserForPage(request, context);
  const { db } = context.get(servicesContext);
  const deps = depsOf(context);
  const list = await db.transaction((tx) => listAttempts(tx, deps, user.id, params.testId));
  if (list.test.courseSlug !== params.slug) throw new DomainError("not_found");
  return {
    list,
    waitSeconds: list.nextAttemptAt ? Math.max(0, Math.ceil((Date.parse(list.nextAttemptAt) - deps.now.getTime()) / 1000)) : 0,
    startKey: randomUUID(),
    passingPercent: formatDecimal(list.test.passingScore * 100, 0),
    minutes: formatDecimal(list.test.timeLimitSec / 60, 1),
    nextAttemptText: list.nextAttemptAt ? formatDateTime(list.nextAttemptAt) : null,
    attempts: list.attempts.map((a) => ({
      ...a,
      percent: a.score === null ? null : formatDecimal(a.score * 100, 0),
      when: a.submittedAt ? formatDateTime(a.submittedAt) : null,
    })),
  };
});

export const action = pageRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const { user } = requireUserForPage(request, context);
  const form = await readForm(request);
  const { body: started } = await idempotentStart(context, user, params.testId, {
    route: idempotencyRoute(request),
    key: String(form.get("idempotencyKey") ?? ""),
    body: undefined,
  });
  return redirect(`/kurzy/${params.slug}/testy/${params.testId}/pokus/${started.attemptId}`);
});

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? loaderData.list.test.title : "Test") },
  { name: "robots", content: "noindex" },
];

const placementLabels = { part: "Kontrolný test časti", level: "Test úrovne", course: "Záverečný test kurzu" } as const;

export default function TestIntro({ loaderData }: Route.ComponentProps) {
  const { list, startKey, passingPercent, minutes, nextAttemptText, attempts, waitSeconds } = loaderData;
  const { test } = list;
  const back = test.partId ? `/kurzy/${test.courseSlug}/studium/${test.partId}` : `/kurzy/${test.courseSlug}/studium`;
  return (
    <section className="narrow">
      <Breadcrumbs items={[{ label: "Môj účet", href: "/ucet" }, { label: "Štúdium", href: `/kurzy/${test.courseSlug}/studium` }, { label: test.title }]} />
      <p className="muted">{placementLabels[test.placement]}</p>
      <h1>{test.title}</h1>
      {test.description ? <p className="lead">{test.description}</p> : null}
      <ul>
        <li>Otázok: {test.questionCount}</li>
        <li>Na úspech potrebujete aspoň {passingPercent} % bodov.</li>
        <li>
          Čas na vypracovanie: {minutes} min. Odpovede uložíte tlačidlom „Uložiť odpovede“ (so zapnutým JavaScriptom sa ukladajú aj samy pri každej zmene); po
          uplynutí času sa test uzavrie s uloženými odpoveďami.
        </li>
        <li>
          Počet pokusov: {list.maxAttempts}
          {list.passed ? "" : ` (zostáva ${list.remaining})`}.{test.cooldownMinutes > 0 ? ` Medzi pokusmi musí uplynúť ${test.cooldownMinutes} min.` : ""}
        </li>
      </ul>
      {list.passed ? (
        <p role="status" className="notice success">
          Test ste úspešne absolvovali. Úspech platí natrvalo: nový pokus ho nemôže znížiť, slúži len na precvičenie.
        </p>
      ) : null}
      {list.inProgressAttemptId ? (
        <p>
          <Link className="button" to={`/kurzy/${test.courseSlug}/testy/${test._id}/pokus/${list.inProgressAttemptId}`}>
            Pokračovať v rozpracovanom pokuse
          </Link>
        </p>
      ) : list.available ? (
        <Form method="post">
          <input type="hidden" name="idempotencyKey" value={startKey} />
          <button type="submit">{attempts.length === 0 ? "Začať test" : "Začať nový pokus"}</button>
        </Form>
      ) : nextAttemptText && list.remaining > 0 ? (
        <RetryTest
          action={`/kurzy/${test.courseSlug}/testy/${test._id}`}
          startKey={startKey}
          label="Začať nový pokus"
          nextAttemptAt={list.nextAttemptAt}
          nextAttemptText={nextAttemptText}
          waitSeconds={waitSeconds}
        />
      ) : list.remaining === 0 ? (
        <div role="status" className="alert">
          <p>Vyčerpali ste všetky pokusy o tento test.</p>
          {list.passed ? null : <AskForMoreAttempts subject={`Ďalšie pokusy o test „${test.title}“`} />}
        </div>
      ) : (
        <p role="status" className="notice">
          {test.placement === "part"
            ? "Test sa sprístupní po dokončení časti."
            : test.placement === "level"
              ? "Test sa sprístupní po dokončení všetkých modulov úrovne."
              : "Test sa sprístupní po dokončení všetkých úrovní."}
        </p>
      )}
      {attempts.length > 0 ? (
        <>
          <h2>Vaše pokusy</h2>
          <table className="orders-table stack-on-phone">
            <caption className="visually-hidden">Vaše pokusy o test</caption>
            <thead>
              <tr>
                <th scope="col">Pokus</th>
                <th scope="col">Odovzdaný</th>
                <th scope="col">Výsledok</th>
              </tr>
            </thead>
            <tbody>
              {attempts.map((a) => (
                <tr key={a.attemptId}>
                  <td data-label="Pokus">
                    <Link to={`/kurzy/${test.courseSlug}/testy/${test._id}/pokus/${a.attemptId}`}>{a.attemptNumber}.</Link>
                  </td>
                  <td data-label="Odovzdaný">{a.when ?? "rozpracovaný"}</td>
                  <td data-label="Výsledok">{a.percent === null ? "—" : `${a.percent} % · ${a.passed ? "úspešný" : "neúspešný"}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      <p>
        <Link to={back}>Späť na štúdium</Link>
      </p>
    </section>
  );
}
