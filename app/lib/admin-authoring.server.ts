// What the admin authoring pages share on the server: who is editing (role check in every
// loader and action, not only in the /admin layout's middleware), one course version's
// detail, and one action shape: a form names its `intent`, the matching zod schema parses
// it (400 with Conform's reply on failure), the handler calls the same domain function as
// /api/admin/* and redirects (Post/Redirect/Get); a refusal the editor can fix (422
// validation, 409 slug taken or not editable), returned by the use case (an Outcome) or
// thrown, comes back as errors on the form that was sent, while 403 and 404 render the
// error page.
import { bratislavaDay, endOfDayInBratislava as endOfDay } from "#shared/calendar";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { getAdminCourseDetail, Id, type Actor, type AdminCourseDetail, type PublishProblem } from "#server/authoring";
import { DomainError, zodDetails, type ErrorDetails } from "#server/kernel/errors";
import { isOutcome, ok, refused, valueOrThrow, type Outcome, type Refused } from "#server/kernel/outcome";
import { hasRole } from "#server/identity";
import type { AppServices } from "#server/services";
import { servicesContext } from "../context";
import { requireRoleForPage, type SignedIn, actorOf } from "./auth.server";
import { pickIntent, readForm } from "./page.server";
import { requireRecentSignInForPage } from "./step-up.server";
import { parseForm } from "./validation";

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> };

export type Editor = { services: AppServices; actor: Actor; signedIn: SignedIn; isAdmin: boolean };

/** The signed-in content manager or admin (sign-in redirect or the 403 page otherwise). */
export function editorOf({ request, context }: Args): Editor {
  const signedIn = requireRoleForPage(request, context, "content_manager", "admin");
  const { user } = signedIn;
  return {
    services: context.get(servicesContext),
    actor: actorOf(context, user),
    signedIn,
    isAdmin: hasRole(user.roles, "admin"),
  };
}

/** One course version with its tree and tests; a malformed or unknown id is 404. */
export async function courseDetail(services: AppServices, courseId: string | undefined): Promise<AdminCourseDetail> {
  if (!courseId || !Id.safeParse(courseId).success) throw new DomainError("not_found", "Kurz sa nenašiel.");
  return getAdminCourseDetail(services.db, courseId);
}

/** What a failed form submission answers: the form it belongs to and Conform's result. */
export type FormReply = {
  form: string;
  result?: SubmissionResult<string[]>;
  /** publish: the rules the draft fails, each naming its item */
  problems?: PublishProblem[];
  /** the Markdown preview of a text block (sanitized HTML from server/catalog) */
  preview?: { html: string; markdown: string; blockId?: string };
};

export function formReply(reply: FormReply, status: number) {
  return data<FormReply>(reply, { status });
}

/** Validation details of the contract (paths like `accreditation.partnerName`) → form field names. */
export type FieldMap = Record<string, string> | ((path: string) => string | undefined);

function fieldFor(map: FieldMap | undefined, path: string): string | undefined {
  if (!map) return undefined;
  if (typeof map === "function") return map(path);
  for (let p = path; p; p = p.includes(".") ? p.slice(0, p.lastIndexOf(".")) : "") {
    if (map[p]) return map[p];
  }
  return undefined;
}

type Submission = { reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]> };

/** A DomainError as errors of the form: details on their fields where the map knows them. */
export function domainErrorReply(submission: Submission, error: DomainError, fields?: FieldMap): SubmissionResult<string[]> {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  const add = (field: string | undefined, message: string) => {
    if (field) (fieldErrors[field] ??= []).push(message);
    else formErrors.push(message);
  };
  if (error.code === "validation" && Array.isArray(error.details) && error.details.length) {
    for (const d of error.details as { path?: string; message?: string }[]) add(fieldFor(fields, d.path ?? ""), d.message ?? error.message);
  } else if (error.code === "slug_taken") {
    add(fieldFor(fields, "slug"), error.message);
  } else {
    formErrors.push(error.message);
  }
  return submission.reply({ formErrors, fieldErrors });
}

/** The contract's schema over a body the page built: its issues are a 422 refusal like the API's. */
export function contractOutcome<S extends z.ZodType>(schema: S, body: unknown): Outcome<z.output<S>> {
  const parsed = schema.safeParse(body);
  return parsed.success ? ok(parsed.data) : refused("validation", undefined, zodDetails(parsed.error.issues) as ErrorDetails);
}

/** contractOutcome thrown: a handler of handleIntents answers the 422 on its form. */
export function contractBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  return valueOrThrow(contractOutcome(schema, body));
}

type Handler<S extends z.ZodType> = {
  schema: S;
  /** contract paths → this form's fields */
  fields?: FieldMap;
  /** a redirect, a form reply, or a use case's refusal (answered like a thrown DomainError) */
  run: (value: z.output<S>, submission: Submission) => Promise<Response | ReturnType<typeof formReply> | Refused>;
  /**
   * a sensitive action (refund, grant, cancellation, migration, certificate, publishing):
   * a valid form from a sign-in that is too old goes through the provider and back to the
   * page with what it carried (app/lib/step-up.server.ts); needs handleIntents' context
   */
  stepUp?: boolean;
  /** a role check of its own (admin-only intents), run before the step-up */
  authorize?: () => void;
};

/** A handler, typed by its schema. */
export function intent<S extends z.ZodType>(handler: Handler<S>): Handler<S> {
  return handler;
}

/**
 * Dispatches a page's POST on its `intent` field. Refusals the editor can act on, returned
 * by the handler (a refused Outcome) or thrown by it, come back on the form (`_form`);
 * 401/403/404 and anything unexpected are thrown.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- handlers of different input types in one table; each is checked where it is written
export async function handleIntents(request: Request, handlers: Record<string, Handler<any>>, options: { context?: Readonly<RouterContextProvider> } = {}) {
  const formData = await readForm(request);
  const { name, handler } = pickIntent(formData, handlers);
  const form = String(formData.get("_form") ?? name);
  const submission = parseForm(formData, handler.schema);
  if (submission.status !== "success") return formReply({ form, result: submission.reply() }, 400);
  handler.authorize?.();
  if (handler.stepUp) {
    if (!options.context) throw new Error(`intent ${name} needs a recent sign-in: pass handleIntents the context`);
    await requireRecentSignInForPage(request, options.context, formData);
  }
  const onForm = (error: unknown) => {
    // the provider down during publish is said on the form too (try again), not as an error page
    const fixable =
      error instanceof DomainError && ((![401, 403, 404].includes(error.status) && error.status < 500) || error.code === "identity_provider_unavailable");
    if (fixable) return formReply({ form, result: domainErrorReply(submission, error, handler.fields) }, error.status);
    throw error;
  };
  let result;
  try {
    result = await handler.run(submission.value, submission);
  } catch (error) {
    // what is still thrown: a refusal of a use case not yet returning an Outcome, a contract
    // check of the page (contractBody), or a failure such as the identity provider down
    return onForm(error);
  }
  return isOutcome(result) ? onForm(result.error) : result;
}

/** A use case's value as the redirect `to` names (Post/Redirect/Get), or its refusal for handleIntents to answer. */
export function redirectOr<T>(outcome: Outcome<T>, to: (value: T) => string): Response | Refused {
  return outcome.ok ? redirect(to(outcome.value)) : outcome;
}

/** The new order of `ids` with `id` one step up or down (unchanged at either end). */
export function moved(ids: string[], id: string, direction: "up" | "down"): string[] | null {
  const i = ids.indexOf(id);
  const j = direction === "up" ? i - 1 : i + 1;
  if (i < 0 || j < 0 || j >= ids.length) return null;
  const next = [...ids];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}

/** Status messages after a redirect (`?hotovo=<key>`): a fixed table, never text from the URL. */
export const DONE_MESSAGES = {
  ulozene: "Zmeny sú uložené.",
  pridane: "Pridané.",
  zmazane: "Zmazané.",
  presunute: "Poradie je zmenené.",
  vytvoreny: "Koncept kurzu je vytvorený. Doplňte údaje a štruktúru.",
  zverejneny: "Kurz je zverejnený a je v katalógu.",
  archivovany: "Kurz je archivovaný; z katalógu zmizol, zapísaní študenti pokračujú.",
  "nova-verzia": "Nová verzia je vytvorená ako koncept.",
  "koncept-existuje": "Koncept novej verzie už existuje; otvorili sme ho.",
  "webinar-zruseny": "Webinár je zrušený.",
} as const;
export type DoneKey = keyof typeof DONE_MESSAGES;

/**
 * The status message of `?hotovo=<key>`; `named` words it for what the page shows, from the
 * loaded record ("Časť „Vízia klubu“ je uložená."), never from the URL.
 */
export function doneMessage(request: Request, named: Partial<Record<DoneKey, string>> = {}): string | null {
  const key = new URL(request.url).searchParams.get("hotovo");
  if (!key || !Object.hasOwn(DONE_MESSAGES, key)) return null;
  return named[key as DoneKey] ?? DONE_MESSAGES[key as DoneKey];
}

/** `path?hotovo=key#anchor` */
export function doneUrl(path: string, key: DoneKey, anchor?: string): string {
  return `${path}?hotovo=${key}${anchor ? `#${anchor}` : ""}`;
}

/** A date (YYYY-MM-DD) as the end of that day in Bratislava, as ISO 8601. */
export function endOfDayInBratislava(date: string): string {
  return endOfDay(date).toISOString();
}

/** An instant as the day in Bratislava (YYYY-MM-DD), for a date field ("" for none; shared/calendar.ts bratislavaDay). */
export function dateFieldOf(iso: string | null): string {
  return iso ? bratislavaDay(new Date(iso)) : "";
}
