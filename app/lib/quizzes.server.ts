// What the test-attempt routes (API and pages) share: the
// idempotent start and submit (spec: Authentication 11: Idempotency-Key required). Both
// return the answer as a value: the /api routes wrap it in JSON (answerResponse), the
// pages redirect on success or show the refusal on the page.
import type { RouterContextProvider } from "react-router";
import type { CachedUser } from "#server/identity";
import type { ErrorBody } from "#server/kernel/errors";
import { withIdempotency, type IdempotentAnswer } from "#server/http/idempotency";
import type { Tx } from "#server/db";
import { ok, refusalOf, type Outcome } from "#server/kernel/outcome";
import { startAttempt, submitAttempt, submitOrHold, type AttemptStarted, type HeldSubmit, type SubmitResult } from "#server/quizzes";
import type { AnswersBody } from "#server/quizzes";
import { servicesContext } from "../context";
import { depsOf } from "./deps.server";

const PRIVATE = { "Cache-Control": "private, no-store" };

/** Starts (or resumes) an attempt once per key; spends the (student, test) start limit when it runs. */
export function idempotentStart(
  context: Readonly<RouterContextProvider>,
  user: CachedUser,
  testId: string,
  request: { route: string; key: string | null; body: unknown },
): Promise<IdempotentAnswer<AttemptStarted>> {
  const services = context.get(servicesContext);
  return withIdempotency(
    {
      db: services.db,
      userId: user.id,
      route: request.route,
      key: request.key,
      body: request.body,
      required: true,
      beforeExecute: (tx) => services.rateLimits.consume({ name: "attemptStart", userId: user.id, testId }, { tx }),
    },
    async (tx) => {
      const { status, body } = await startAttempt(tx, depsOf(context), user.id, testId);
      return { status, body, headers: PRIVATE };
    },
  );
}

/** Submits an attempt once per key (a replay answers the first result). */
export function idempotentSubmit(
  context: Readonly<RouterContextProvider>,
  user: CachedUser,
  params: { testId: string; attemptId: string },
  request: { route: string; key: string | null; body: AnswersBody },
): Promise<IdempotentAnswer<SubmitResult | ErrorBody>> {
  return submitOncePerKey(context, user, request, (tx) => submitAttempt(tx, depsOf(context), user.id, params.testId, params.attemptId, request.body.answers));
}

/**
 * The attempt page's submit once per key: with questions left unanswered and not
 * `confirmed`, the answers are saved and the submit held (server/quizzes submitOrHold).
 * One transaction, the idempotency module's, holds the attempt, learning's reaction and the
 * stored answer (docs/decisions/quizzes/one-transaction-per-submit.md). A refusal that
 * rolls that transaction back (an answer the attempt does not know, the key reused or its
 * first request still running) is returned here, for the page to show; one that commits
 * (a late submit: 409 attempt_expired) is the stored answer's error body.
 */
export async function idempotentPageSubmit(
  context: Readonly<RouterContextProvider>,
  user: CachedUser,
  params: { testId: string; attemptId: string; confirmed: boolean },
  request: { route: string; key: string | null; body: AnswersBody },
): Promise<Outcome<IdempotentAnswer<SubmitResult | HeldSubmit | ErrorBody>>> {
  try {
    return ok(
      await submitOncePerKey(context, user, request, (tx) =>
        submitOrHold(tx, depsOf(context), user.id, params.testId, params.attemptId, request.body.answers, params.confirmed),
      ),
    );
  } catch (error) {
    return refusalOf(error);
  }
}

function submitOncePerKey<T>(
  context: Readonly<RouterContextProvider>,
  user: CachedUser,
  request: { route: string; key: string | null; body: AnswersBody },
  submit: (tx: Tx) => Promise<Outcome<T>>,
): Promise<IdempotentAnswer<T | ErrorBody>> {
  const services = context.get(servicesContext);
  return withIdempotency<T | ErrorBody>(
    { db: services.db, userId: user.id, route: request.route, key: request.key, body: request.body, required: true },
    async (tx) => {
      const outcome = await submit(tx);
      // a late submit is answered (409 attempt_expired) but its transaction commits the automatic submission
      return outcome.ok
        ? { status: 200, body: outcome.value, headers: PRIVATE }
        : { status: outcome.error.status, body: outcome.error.toBody(), headers: { "Cache-Control": "no-store", ...headersOf(outcome.error.headers) } };
    },
  );
}

function headersOf(init: HeadersInit | undefined): Record<string, string> {
  return Object.fromEntries(new Headers(init).entries());
}

/** A refusal answered (not thrown) by a use case: the spec's error body. */
export function isRefusal<T extends object>(body: T | ErrorBody): body is ErrorBody {
  return typeof body === "object" && body !== null && typeof (body as ErrorBody).error === "string";
}
