// "Skúsiť znova" for a test (issue 29, item 3): a plain form that starts a new attempt on
// the test's page (its action takes the Idempotency-Key made for this page view). While
// the cooldown runs the button is disabled and the text says from when and in how many
// minutes (computed by the server, so it holds without JavaScript: reload the page);
// with JavaScript it counts down and enables itself when the time comes. The server checks
// the cooldown again on start (409 cooldown_active).
import { useEffect, useState } from "react";
import { Form } from "react-router";

function secondsUntil(at: string): number {
  return Math.max(0, Math.ceil((Date.parse(at) - Date.now()) / 1000));
}

/** "o 5 min" / "o 1 min" (whole minutes, rounded up: never earlier than it opens). */
export function minutesText(seconds: number): string {
  return `o ${Math.max(1, Math.ceil(seconds / 60))} min`;
}

export function RetryTest({
  action,
  startKey,
  label,
  nextAttemptAt,
  nextAttemptText,
  waitSeconds,
}: {
  /** the test's page, whose action starts an attempt */
  action: string;
  startKey: string;
  label: string;
  /** ISO time the cooldown ends, null when none runs */
  nextAttemptAt: string | null;
  /** the same time for people (Europe/Bratislava) */
  nextAttemptText: string | null;
  /** seconds left when the server rendered the page */
  waitSeconds: number;
}) {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (!nextAttemptAt) return;
    setLeft(secondsUntil(nextAttemptAt));
    const timer = setInterval(() => {
      const now = secondsUntil(nextAttemptAt);
      setLeft(now);
      if (now === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [nextAttemptAt]);
  const waiting = nextAttemptAt !== null && (left === null ? waitSeconds > 0 : left > 0);
  return (
    <Form method="post" action={action} className="retry-test">
      <input type="hidden" name="idempotencyKey" value={startKey} />
      {nextAttemptAt ? (
        <p role="status" className="notice" aria-live="polite">
          {!waiting ? (
            <>Ďalší pokus je možný.</>
          ) : left === null ? (
            <>
              Ďalší pokus bude možný od <strong>{nextAttemptText}</strong> ({minutesText(waitSeconds)}). Potom stránku načítajte znova.
            </>
          ) : (
            <>
              Ďalší pokus bude možný od <strong>{nextAttemptText}</strong>{" "}
              <span role="timer" aria-live="off">
                (o {Math.floor(left / 60)}:{String(left % 60).padStart(2, "0")})
              </span>
              .
            </>
          )}
        </p>
      ) : null}
      <button type="submit" disabled={waiting} aria-disabled={waiting}>
        {label}
      </button>
    </Form>
  );
}
