// A finished attempt's outcome and the way forward (issue 29, item 3; docs/decisions/quizzes/failure-with-a-way-forward.md >
// Failure with a way forward): the score; after a fail the topics to go over again with
// links to their parts, the questions answered wrong (when the test shows answers), and
// "Skúsiť znova" with when it opens; after the last failed attempt what happens next;
// after a pass that the pass stands. Plain links and forms: all of it works without JavaScript.
import { Link } from "react-router";
import type { AttemptGuidance, SubmitResult } from "#server/quizzes";
import { RetryTest } from "./retry-test";
import { AskForMoreAttempts } from "./seller";

export type ResultProps = {
  slug: string;
  testId: string;
  result: SubmitResult;
  guidance: AttemptGuidance | null;
  percent: string | null;
  passingPercent: string;
  /** questions answered wrong (numbered as the student saw them), when the result shows them */
  wrong: { number: number; questionId: string }[];
  retry: { startKey: string; nextAttemptText: string | null; waitSeconds: number };
};

export function TestResult({ slug, testId, result, guidance, percent, passingPercent, wrong, retry }: ResultProps) {
  const intro = `/kurzy/${slug}/testy/${testId}`;
  const standsPassed = guidance?.passed === true;
  return (
    <>
      <div className={result.passed ? "notice success" : "alert"} role="status">
        <p>
          <strong>{result.passed ? "Test ste úspešne absolvovali." : "Test ste tentoraz neabsolvovali."}</strong> Získali ste {percent} % (potrebných{" "}
          {passingPercent} %), správne {result.correctCount} z {result.totalCount}.
        </p>
        {result.state === "expired" ? <p>Čas na test vypršal; test sa odovzdal automaticky s odpoveďami uloženými do konca času.</p> : null}
        {result.passed || standsPassed ? null : <p>{result.remaining > 0 ? `Zostávajúce pokusy: ${result.remaining}.` : "Ďalšie pokusy už nemáte."}</p>}
        {result.passed ? <p>Úspešný výsledok platí natrvalo: ďalší pokus ho nemôže znížiť.</p> : null}
      </div>
      {!result.passed && standsPassed ? (
        <p className="notice success" role="note">
          Test máte absolvovaný z predchádzajúceho pokusu. Tento pokus na tom nič nemení.
        </p>
      ) : null}
      {!result.passed && !standsPassed && guidance ? (
        <section className="way-forward" aria-labelledby="co-dalej">
          <h2 id="co-dalej">Čo ďalej</h2>
          {guidance.review.length > 0 ? (
            <>
              <p>Pred ďalším pokusom si zopakujte {guidance.review.length === 1 ? "tému" : "témy"}, ktoré test overuje:</p>
              <ul className="review-topics">
                {guidance.review.map((r) => (
                  <li key={r.partId}>
                    <strong>{r.topicTitle}</strong>: <Link to={`/kurzy/${slug}/studium/${r.partId}`}>{r.partTitle}</Link>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {wrong.length > 0 ? (
            <p>
              Nesprávne ste odpovedali na {wrong.length === 1 ? "otázku" : "otázky"}{" "}
              {wrong.map((w, i) => (
                <span key={w.questionId}>
                  {i > 0 ? ", " : ""}
                  <a href={`#otazka-${w.questionId}`}>{w.number}</a>
                </span>
              ))}
              ; vysvetlenia sú pri otázkach nižšie.
            </p>
          ) : null}
          {guidance.inProgressAttemptId ? (
            <p>
              <Link className="button" to={`${intro}/pokus/${guidance.inProgressAttemptId}`}>
                Pokračovať v rozpracovanom pokuse
              </Link>
            </p>
          ) : guidance.remaining > 0 ? (
            <RetryTest
              action={intro}
              startKey={retry.startKey}
              label="Skúsiť znova"
              nextAttemptAt={guidance.nextAttemptAt}
              nextAttemptText={retry.nextAttemptText}
              waitSeconds={retry.waitSeconds}
            />
          ) : (
            <div className="notice warning" role="note">
              <p>
                <strong>Toto bol váš posledný pokus.</strong> Kým tento test neabsolvujete, nedokončíte{" "}
                {guidance.review.length === 1 ? "modul" : "túto časť kurzu"} ani nezískate certifikát; vaše doterajšie štúdium zostáva uložené.
              </p>
              <AskForMoreAttempts subject={`Ďalšie pokusy o test (${slug})`} />
            </div>
          )}
        </section>
      ) : null}
    </>
  );
}
