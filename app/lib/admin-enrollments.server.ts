// What the admin enrollment routes share on the server: the admin check of the pages (the /admin layout lets content
// managers in too; enrollments are the admin's), and the actions both enrollment pages
// answer (grant, cancel, extend, reset test attempts, resync): each parses its form,
// builds the API body, checks it with the contract's schema and calls the same domain
// function as /api/admin/enrollments, then redirects (Post/Redirect/Get). Refusals the
// admin can act on (422, 409, the provider down) come back on the form that was sent: the
// use cases return them (an Outcome) and handleIntents answers a returned refusal as a thrown one.
import { redirect, type RouterContextProvider } from "react-router";
import {
  CancelEnrollmentBody,
  cancelEnrollment,
  ExtendEnrollmentBody,
  extendEnrollment,
  GrantEnrollmentBody,
  grantEnrollment,
  describePeople,
  lookupPerson,
  searchForPicker,
  ResetTestAttemptsBody,
  resetTestAttempts,
  resyncEnrollment,
  type AdminActor,
  type PersonSnapshot,
  type PickerMatch,
} from "#server/admin";
import { DomainError } from "#server/kernel/errors";
import { refused } from "#server/kernel/outcome";
import type { AppServices } from "#server/services";
import { servicesContext } from "../context";
import { contractBody, endOfDayInBratislava, handleIntents, intent } from "./admin-authoring.server";
import { requireRoleForPage, actorOf } from "./auth.server";
import { cancelForm, ENROLLMENT_PICKER_PARAMS, extendForm, grantForm, resetForm, resyncForm } from "./enrollment-forms";
import { depsOf } from "./deps.server";

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> };

/** The signed-in admin (sign-in redirect, or the 403 page for anyone else, content managers included). */
export function enrollmentAdminOf({ request, context }: Args): { services: AppServices; actor: AdminActor } {
  const { user } = requireRoleForPage(request, context, "admin");
  return {
    services: context.get(servicesContext),
    actor: actorOf(context, user),
  };
}

/** Status messages after a redirect (`?hotovo=<key>`): a fixed table, never text from the URL. */
export const ENROLLMENT_DONE_MESSAGES = {
  zapisany: "Osoba je zapísaná do kurzu; e-mail o sprístupnení kurzu je na ceste.",
  zruseny: "Zápis je zrušený.",
  predlzeny: "Prístup je predĺžený.",
  obnoveny: "Prístup je predĺžený a zápis je znova aktívny.",
  pokusy: "Pokusy o test sú zneplatnené; študent môže test robiť znova.",
  aktualizovany: "Meno a e-mail zápisu sú aktualizované podľa poskytovateľa identity.",
  "bez-zmeny": "Meno a e-mail u poskytovateľa identity sa nezmenili.",
} as const;
type DoneKey = keyof typeof ENROLLMENT_DONE_MESSAGES;

export function enrollmentDoneMessage(request: Request): string | null {
  const key = new URL(request.url).searchParams.get("hotovo");
  return key && Object.hasOwn(ENROLLMENT_DONE_MESSAGES, key) ? ENROLLMENT_DONE_MESSAGES[key as DoneKey] : null;
}

/** The page the form was sent from (its filters kept), with the status message. */
function back(request: Request, key: DoneKey, path?: string): string {
  const url = new URL(request.url);
  const params = path ? new URLSearchParams() : new URLSearchParams(url.searchParams);
  params.delete("hotovo");
  params.delete("index");
  params.set("hotovo", key);
  return `${path ?? url.pathname}?${params.toString()}`;
}

/** The actions of /admin/zapisy and /admin/zapisy/<id>. */
export async function enrollmentActions(args: Args) {
  const { services, actor } = enrollmentAdminOf(args);
  const { request } = args;
  return handleIntents(
    request,
    {
      grant: intent({
        schema: grantForm,
        stepUp: true,
        fields: {
          studentId: "person",
          courseId: "courseId",
          reason: "reason",
          grantReason: "grantReason",
          sponsorOrgId: "sponsorOrgId",
          accessExpiresAt: "accessExpiresOn",
        },
        run: async (v) => {
          const deps = depsOf(services);
          const person = await lookupPerson(services.db, services.idpApi, v.person, deps.now);
          if (!person) {
            return refused("validation", undefined, [
              { path: "studentId", message: `Osobu „${v.person}“ poskytovateľ identity nepozná. Skontrolujte ID alebo e-mail.` },
            ]);
          }
          const body = contractBody(GrantEnrollmentBody, {
            studentId: person.id,
            courseId: v.courseId,
            reason: v.reason,
            ...(v.grantReason ? { grantReason: v.grantReason } : {}),
            ...(v.reason === "sponsor" ? { sponsorOrgId: v.sponsorOrgId } : {}),
            ...(v.accessExpiresOn ? { accessExpiresAt: endOfDayInBratislava(v.accessExpiresOn) } : {}),
          });
          // a refusal (422, 409) goes back to handleIntents, which shows it on the form
          const granted = await grantEnrollment(deps, actor, body);
          if (!granted.ok) return granted;
          return redirect(back(request, "zapisany", `/admin/zapisy/${granted.value.enrollment._id}`));
        },
      }),
      cancel: intent({
        schema: cancelForm,
        stepUp: true,
        fields: { reason: "reason", note: "note" },
        run: async (v) => {
          const body = contractBody(CancelEnrollmentBody, { reason: v.reason, ...(v.note ? { note: v.note } : {}) });
          const cancelled = await cancelEnrollment(depsOf(services), actor, v.enrollmentId, body);
          return cancelled.ok ? redirect(back(request, "zruseny")) : cancelled;
        },
      }),
      extend: intent({
        schema: extendForm,
        fields: { newExpiresAt: "newExpiresOn" },
        run: async (v) => {
          const body = contractBody(ExtendEnrollmentBody, { newExpiresAt: endOfDayInBratislava(v.newExpiresOn) });
          const extended = await extendEnrollment(depsOf(services), actor, v.enrollmentId, body);
          return extended.ok ? redirect(back(request, extended.value.reactivated ? "obnoveny" : "predlzeny")) : extended;
        },
      }),
      resetAttempts: intent({
        schema: resetForm,
        fields: { testId: "testId", reason: "reason" },
        run: async (v) => {
          const body = contractBody(ResetTestAttemptsBody, { testId: v.testId, reason: v.reason });
          const reset = await resetTestAttempts(depsOf(services), actor, v.enrollmentId, body);
          return reset.ok ? redirect(back(request, "pokusy")) : reset;
        },
      }),
      resync: intent({
        schema: resyncForm,
        run: async (v) => {
          const resynced = await resyncEnrollment(depsOf(services), actor, v.enrollmentId);
          return resynced.ok ? redirect(back(request, resynced.value.changed ? "aktualizovany" : "bez-zmeny")) : resynced;
        },
      }),
    },
    { context: args.context },
  );
}

export type PersonLookup = { query: string; person: PersonSnapshot | null; error: string | null; matches?: PickerMatch[] };

/**
 * The grant form's person lookup (`?osoba=`): a name lists the provider's matches, people who
 * never signed in included (docs/decisions/admin-ui/pickers-by-name.md > Pickers by name); an id or e-mail finds one.
 */
export async function personLookup(services: AppServices, wanted: string): Promise<PersonLookup | null> {
  if (!wanted) return null;
  try {
    if (!wanted.includes("@")) {
      const byName = await searchForPicker(services.db, services.idpApi, "person", wanted);
      if (byName.matches.length && !byName.matches.some((m) => m.id === wanted)) return { query: wanted, person: null, error: null, matches: byName.matches };
    }
    return { query: wanted, person: await lookupPerson(services.db, services.idpApi, wanted, services.clock.now()), error: null };
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== "identity_provider_unavailable") throw error;
    return { query: wanted, person: null, error: error.message };
  }
}

/** The enrollments page's pickers: the filtered student (chosen and found) and the grant's club (found). */
export async function enrollmentPickers(services: AppServices, url: URL, studentId: string) {
  const { db, idpApi } = services;
  const studentQuery = url.searchParams.get(ENROLLMENT_PICKER_PARAMS.student);
  const clubQuery = url.searchParams.get(ENROLLMENT_PICKER_PARAMS.club);
  return {
    student: studentId ? await describePeople(db, idpApi, [studentId]) : [],
    studentResults: studentQuery === null ? null : await searchForPicker(db, idpApi, "person", studentQuery),
    clubResults: clubQuery === null ? null : await searchForPicker(db, idpApi, "club", clubQuery),
  };
}
