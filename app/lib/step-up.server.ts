// Step-up for sensitive admin actions: refunds, enrollment grants, cancellations and
// migrations (batch enrollment too), certificate issue and revocation, publishing
// (docs/decisions/identity/step-up-for-sensitive-admin-actions.md > Step-up for sensitive admin actions). Each such action calls one of
// the guards below after its role check; both read the one verdict in server/auth
// (`stepUpVerdict`, the session's auth_time against STEP_UP_MAX_AGE_SEC at services.clock).
//  - API: 401 `reauthentication_required` with `WWW-Authenticate` (RFC 9470's Bearer
//    challenge with max_age) and, in details, where to sign in again.
//  - Pages: what the form carried is kept server-side under a short-lived id, and the
//    browser goes through the provider (`/api/auth/login?stepUp=1`) and back to the same
//    page with `?znovu=<id>`, where the loader fills the form in again (`keptForm`). The
//    action is never performed on that way back: the person sends the form again, a fresh
//    POST that passes the Origin check and this guard.
import { randomUUID } from "node:crypto";
import { redirectDocument, type RouterContextProvider } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { formFields, keepStepUpForm, keptStepUpForm, stepUpChallenge, stepUpVerdict } from "#server/auth";
import { DomainError } from "#server/kernel/errors";
import { servicesContext } from "../context";
import { pagePath, requireUser } from "./auth.server";

/** the query parameter naming a kept form on the way back from the provider */
export const KEPT_FORM_PARAM = "znovu";

function verdictFor(context: Readonly<RouterContextProvider>) {
  const services = context.get(servicesContext);
  const signedIn = requireUser(context);
  const maxAgeSec = services.auth.stepUpMaxAgeSec;
  return { services, signedIn, maxAgeSec, verdict: stepUpVerdict(signedIn.session, services.clock.now(), maxAgeSec) };
}

/**
 * For /api routes, after the role check: the sign-in is at most STEP_UP_MAX_AGE_SEC old,
 * else DomainError 401 `reauthentication_required` with the challenge header.
 */
export function requireRecentSignIn(request: Request, context: Readonly<RouterContextProvider>): void {
  const { verdict, maxAgeSec } = verdictFor(context);
  if (verdict.recent) return;
  throw new DomainError(
    "reauthentication_required",
    undefined,
    {
      maxAgeSec,
      authTime: verdict.authTime?.toISOString() ?? null,
      // a browser client signs in again here and returns to the page it names
      signInUrl: `/api/auth/login?stepUp=1&returnTo=${encodeURIComponent(safeReferrerPath(request))}`,
    },
    { headers: { "WWW-Authenticate": stepUpChallenge(maxAgeSec) } },
  );
}

/** The same-origin page a script called from (Referer), or the admin home. */
function safeReferrerPath(request: Request): string {
  const referer = request.headers.get("referer");
  if (referer) {
    try {
      const from = new URL(referer);
      if (from.origin === new URL(request.url).origin && !from.pathname.startsWith("/api/")) return from.pathname + from.search;
    } catch {
      // not a URL: the admin home
    }
  }
  return "/admin";
}

/**
 * For page actions, after the role check and before the action runs: when the sign-in is
 * too old, keeps the form (`formData`, text fields only) for this person and page and
 * sends the browser through the provider and back here (a document redirect, so it works
 * with and without JavaScript).
 */
export async function requireRecentSignInForPage(request: Request, context: Readonly<RouterContextProvider>, formData: FormData): Promise<void> {
  const { services, signedIn, verdict } = verdictFor(context);
  if (verdict.recent) return;
  const page = new URL(pagePath(request), request.url);
  page.searchParams.delete(KEPT_FORM_PARAM);
  page.searchParams.delete("index");
  const id = await keepStepUpForm(services.db, { userId: signedIn.user.id, path: page.pathname, fields: formFields(formData), now: services.clock.now() });
  page.searchParams.set(KEPT_FORM_PARAM, id);
  services.log.info("step-up: sign-in too old for a sensitive action", {
    user: signedIn.user.id,
    page: page.pathname,
    authTime: verdict.authTime?.toISOString() ?? null,
  });
  throw redirectDocument(`/api/auth/login?stepUp=1&returnTo=${encodeURIComponent(page.pathname + page.search)}`);
}

export type KeptForm = {
  /** the fields as sent, one value per name (the last one) */
  values: Record<string, string>;
  /** every value of a name (checkbox groups, multi-selects) */
  all: Record<string, string[]>;
};

/**
 * For the loader of a page with a sensitive form: the form kept before the person signed
 * in again (`?znovu=<id>`), when it is theirs, from this page and not expired; else null.
 */
export async function keptForm(request: Request, context: Readonly<RouterContextProvider>): Promise<KeptForm | null> {
  const url = new URL(request.url);
  const id = url.searchParams.get(KEPT_FORM_PARAM);
  if (!id) return null;
  const services = context.get(servicesContext);
  const signedIn = requireUser(context);
  const path = url.pathname.endsWith(".data") ? url.pathname.slice(0, -".data".length) : url.pathname;
  const fields = await keptStepUpForm(services.db, { id, userId: signedIn.user.id, path, now: services.clock.now() });
  if (!fields) return null;
  const values: Record<string, string> = {};
  const all: Record<string, string[]> = {};
  for (const [name, value] of fields) {
    values[name] = value;
    (all[name] ??= []).push(value);
  }
  return { values, all };
}

/**
 * A kept form as the reply of the form it came from (`_form`, else its `intent`), for
 * pages whose forms take their values from a reply (Conform's `initialValue`).
 */
export function keptReply(kept: KeptForm | null): { form: string; result: SubmissionResult<string[]> } | null {
  if (!kept) return null;
  const form = kept.values._form ?? kept.values.intent;
  if (!form) return null;
  const initialValue: Record<string, string | string[]> = {};
  for (const [name, values] of Object.entries(kept.all)) initialValue[name] = values.length === 1 ? values[0] : values;
  return { form, result: { initialValue } };
}

/**
 * The idempotency key of a sensitive form: the kept one when the form comes back after
 * signing in again (the retry is the same request), else a new one.
 */
export function keptIdempotencyKey(kept: KeptForm | null): string {
  const key = kept?.values.idempotencyKey ?? "";
  return /^[0-9a-f-]{36}$/.test(key) ? key : randomUUID();
}

/** The Slovak notice a page shows above a form it filled in again. */
export const KEPT_FORM_NOTICE = "Prihlásili ste sa znova. Formulár obsahuje, čo ste zadali; skontrolujte údaje a odošlite ho ešte raz.";
/** … and above a one-button action (publishing), which has nothing typed to fill in. */
export const KEPT_ACTION_NOTICE = "Prihlásili ste sa znova. Akcia ešte neprebehla; stlačte tlačidlo ešte raz.";
