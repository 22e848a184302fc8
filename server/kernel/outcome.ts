// What a use case returns (docs/decisions/platform/use-cases-return-values.md): its value,
// or the refusal a caller is expected to answer (invalid state, not found, no enrollment, a
// domain rule): `ok(value)` or `refused("no_enrollment")`. Pages branch on `ok` and show the
// refusal on the form or as the error page; /api routes answer it with the spec's error body
// and the table's status (operationRoute). A thrown DomainError stays for what no caller
// answers on its own (a programming or infrastructure failure, a refusal deep inside a
// transaction that must roll it back).
import { DomainError, type ErrorCode, type ErrorDetails } from "./errors";

export type Refused = { ok: false; error: DomainError };
export type Outcome<T> = { ok: true; value: T } | Refused;

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

/** A refusal with the code's status and, by default, its Slovak message (server/kernel/errors.ts). */
export function refused(code: ErrorCode, message?: string, details?: ErrorDetails, options?: { headers?: HeadersInit }): Refused {
  return { ok: false, error: new DomainError(code, message, details, options) };
}

/** A caught DomainError as a refusal; anything else is thrown on. */
export function refusalOf(error: unknown): Refused {
  if (error instanceof DomainError) return { ok: false, error };
  throw error;
}

/** The value of an outcome, or its refusal thrown (where the caller's contract is to throw: a transaction to roll back). */
export function valueOrThrow<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

/** Whether a use case's result is an Outcome (the /api layer answers a refused one as its error). */
export function isOutcome(value: unknown): value is Outcome<unknown> {
  if (typeof value !== "object" || value === null || Object.keys(value).length !== 2) return false;
  const v = value as { ok?: unknown; value?: unknown; error?: unknown };
  return (v.ok === true && "value" in v) || (v.ok === false && v.error instanceof DomainError);
}

/**
 * The value of `work`, or the refusal it threw: the boundary of a use case whose refusals are
 * found inside a transaction that must roll back (thrown there, returned here). A DomainError
 * whose code is one of `failures` (the identity provider down: 503) stays thrown, a failure
 * and not a refusal; anything else thrown goes on as it is.
 */
export async function outcomeOf<T>(work: () => Promise<T>, failures: readonly ErrorCode[] = []): Promise<Outcome<T>> {
  try {
    return ok(await work());
  } catch (error) {
    if (error instanceof DomainError && failures.includes(error.code)) throw error;
    return refusalOf(error);
  }
}
