// The contract primitives every area's request and response shapes are built from, in one
// place (spec: Resources, conventions): ids, instants, query numbers, pagination and the
// state enums that several areas' shapes carry. The enums come from the database schema,
// so a shape and its column cannot drift apart.
import { z } from "zod";
import { enrollmentState, enrollmentReason } from "../db/schema";
import { ID_PATTERN } from "../../shared/ids";
import type { ErrorCode } from "./errors";

/** 24-character lowercase hex id (spec: ids are 24-char lowercase hex). */
export const Id = z.string().regex(ID_PATTERN, "Musí to byť 24-znakový identifikátor (hex).");
/** An instant in a response: ISO 8601 in UTC. */
export const Iso = z.string().describe("ISO 8601 UTC");

/**
 * `true` when A and B have the same keys and each is assignable to the other, else `false`:
 * a schema checked against the stored type it mirrors (`const _same: SameType<z.infer<typeof S>, Row> = true`)
 * stops compiling when a key (optional ones too) is added, dropped or retyped on one side only.
 */
export type SameType<A, B> = [A, keyof A] extends [B, keyof B] ? ([B, keyof B] extends [A, keyof A] ? true : false) : false;

/** A query parameter given empty (`?page=`) counts as not given. */
export const blankAsUnset = (v: unknown) => (v === "" || v === null ? undefined : v);

/** A whole number from 1 to `max` in a query string; digits only: "1e1", "0x10", " 2" and "1.5" are refused rather than guessed at. */
export const positiveInt = (max: number) =>
  z
    .string()
    .regex(/^[0-9]{1,9}$/, "Musí to byť celé kladné číslo.")
    .transform(Number)
    .pipe(z.number().int().min(1, "Najmenšia hodnota je 1.").max(max, `Najväčšia hodnota je ${max}.`));

/** The `pagination` of a list response. */
export const Pagination = z.strictObject({
  page: z.int().min(1),
  pageSize: z.int().min(1),
  totalItems: z.int().min(0),
  totalPages: z.int().min(0),
});
export type Pagination = z.infer<typeof Pagination>;

/** spec: Resources > Enrollment.state */
export const EnrollmentState = z.enum(enrollmentState.enumValues);
/** spec: Resources > Enrollment.reason */
export const EnrollmentReason = z.enum(enrollmentReason.enumValues);

/**
 * An /api operation's description from its head (method, path, operationId, summary, tags, auth)
 * and the rest, with each `{name}` of the path an id path parameter (no key when there are none).
 */
export function operationWithIdParams<Head extends { path: string }, Rest extends object>(head: Head, rest: Rest) {
  const pathParams = Object.fromEntries([...head.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, Id]));
  return { ...head, ...(Object.keys(pathParams).length ? { pathParams } : {}), ...rest };
}

/** The refusals of an operation that takes an Idempotency-Key (server/http/idempotency.ts), in the order the operations list them. */
export const IDEMPOTENCY_ERRORS = ["idempotency_key_invalid", "idempotency_key_reused", "idempotency_in_progress"] as const satisfies readonly ErrorCode[];
