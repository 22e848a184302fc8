// Step-up for sensitive admin actions (spec: Authentication 8, "re-authentication for
// critical admin actions … using acr and auth_time"; docs/decisions/identity/step-up-for-sensitive-admin-actions.md > Step-up for
// sensitive admin actions). One verdict on a session's sign-in age, the challenge the API
// answers with, and the short-lived keeping of what a form carried while the person signs
// in again at the provider.
import { and, eq, gt, lt } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";
import { isId } from "../../shared/ids";

/** the default limit: a sign-in at most 15 minutes old (STEP_UP_MAX_AGE_SEC) */
export const STEP_UP_DEFAULT_MAX_AGE_SEC = 15 * 60;
/** how long a kept form waits for its person to come back from the provider */
export const STEP_UP_FORM_TTL_MS = 15 * 60 * 1000;
/** what a kept form may hold: fields, and characters over all of them */
const MAX_FIELDS = 200;
const MAX_FORM_CHARS = 64 * 1024;

export type StepUpVerdict =
  | { recent: true }
  | {
      recent: false;
      /** when the person last proved who they are at the provider, if it said */
      authTime: Date | null;
      /**
       * also ask with `prompt=login`: the provider did not say when the person signed in
       * (no auth_time), or this session is younger than the limit yet its auth_time is
       * not, so the provider answered the latest sign-in from an older authentication and
       * `max_age` alone might not make it ask again
       */
      forceLogin: boolean;
    };

/** Whether a session's sign-in (its ID token's auth_time) is at most `maxAgeSec` old at `now`. */
export function stepUpVerdict(session: { authTime: Date | null; createdAt: Date }, now: Date, maxAgeSec: number): StepUpVerdict {
  const limit = maxAgeSec * 1000;
  const { authTime } = session;
  // a sign-in dated in the future (clock skew beyond the token checks' tolerance) is not trusted either
  if (authTime && now.getTime() - authTime.getTime() <= limit && authTime.getTime() <= now.getTime() + 60_000) return { recent: true };
  const sessionIsRecent = now.getTime() - session.createdAt.getTime() <= limit;
  return { recent: false, authTime, forceLogin: authTime === null || sessionIsRecent };
}

/**
 * The `WWW-Authenticate` value of the API's 401 `reauthentication_required`: the Bearer
 * challenge of RFC 9470 (OAuth 2.0 Step Up Authentication Challenge), whose `max_age`
 * tells a client how fresh the sign-in must be.
 */
export function stepUpChallenge(maxAgeSec: number): string {
  return `Bearer error="insufficient_user_authentication", error_description="A more recent sign-in is required", max_age=${maxAgeSec}`;
}

/** Text fields of a form as [name, value] pairs (files are dropped; limits keep it small). */
export function formFields(formData: FormData): [string, string][] {
  const fields: [string, string][] = [];
  let chars = 0;
  for (const [name, value] of formData) {
    if (typeof value !== "string") continue;
    chars += name.length + value.length;
    if (fields.length >= MAX_FIELDS || chars > MAX_FORM_CHARS) break;
    fields.push([name, value]);
  }
  return fields;
}

/**
 * Keeps a form for `userId` while they sign in again; returns its id. Expired forms of
 * anyone are removed on the way (there are few: one per step-up).
 */
export async function keepStepUpForm(db: DbOrTx, input: { userId: string; path: string; fields: [string, string][]; now: Date }): Promise<string> {
  await db.delete(schema.stepUpForms).where(lt(schema.stepUpForms.expiresAt, input.now));
  const [row] = await db
    .insert(schema.stepUpForms)
    .values({
      userId: input.userId,
      path: input.path,
      fields: input.fields,
      expiresAt: new Date(input.now.getTime() + STEP_UP_FORM_TTL_MS),
      createdAt: input.now,
    })
    .returning({ id: schema.stepUpForms.id });
  return row.id;
}

/** A kept form, for the same person on the same page before it expires; else null. */
export async function keptStepUpForm(db: DbOrTx, input: { id: string; userId: string; path: string; now: Date }): Promise<[string, string][] | null> {
  if (!isId(input.id)) return null;
  const [row] = await db
    .select({ fields: schema.stepUpForms.fields })
    .from(schema.stepUpForms)
    .where(
      and(
        eq(schema.stepUpForms.id, input.id),
        eq(schema.stepUpForms.userId, input.userId),
        eq(schema.stepUpForms.path, input.path),
        gt(schema.stepUpForms.expiresAt, input.now),
      ),
    );
  return row?.fields ?? null;
}
