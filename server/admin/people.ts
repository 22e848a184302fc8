// Who an admin enrolls: the person's name and e-mail for the enrollment's snapshots (spec:
// External person and organization data: "Snapshot fields kept by the service:
// Enrollment (studentDisplayName, studentEmail)"). The person may never have signed in,
// so the provider's person API is asked when the user cache has no fresh row; the cache
// serves when the provider cannot be reached. A resync always asks the provider.
import { eq, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";
import { DomainError } from "../kernel/errors";
import { CACHE_TTL_DAYS, getCachedUser, IdpApiError, type IdpApi } from "../identity";

export type PersonSnapshot = { id: string; displayName: string; email: string | null; source: "cache" | "provider" };

const DAY_MS = 24 * 60 * 60 * 1000;

function unavailable(error: unknown): DomainError {
  return new DomainError("identity_provider_unavailable", "Poskytovateľ identity teraz neodpovedá. Skúste to o chvíľu.", {}, { cause: error });
}

/** The provider's answer for a person id: the person, null when unknown, 503 when unreachable. */
export async function personFromProvider(idpApi: IdpApi, personId: string): Promise<PersonSnapshot | null> {
  try {
    const person = await idpApi.getPerson(personId);
    if (!person) return null;
    if (person.id !== personId) throw new IdpApiError(`identity provider returned person ${person.id} for ${personId}`);
    return { id: person.id, displayName: person.displayName, email: person.email ?? null, source: "provider" };
  } catch (error) {
    if (error instanceof IdpApiError) throw unavailable(error);
    throw error;
  }
}

/**
 * A person by id for a new enrollment's snapshots: a fresh cache row (a login or the
 * nightly refresh within the cache TTL), else the provider, else a stale cache row when
 * the provider is down. Null when neither knows the person.
 */
export async function personForEnrollment(db: DbOrTx, idpApi: IdpApi, personId: string, now: Date): Promise<PersonSnapshot | null> {
  const cached = await getCachedUser(db, personId);
  if (cached && now.getTime() - cached.lastSyncedAt.getTime() < CACHE_TTL_DAYS * DAY_MS) {
    return { id: cached.id, displayName: cached.displayName, email: cached.email, source: "cache" };
  }
  try {
    return await personFromProvider(idpApi, personId);
  } catch (error) {
    if (cached && error instanceof DomainError && error.code === "identity_provider_unavailable") {
      return { id: cached.id, displayName: cached.displayName, email: cached.email, source: "cache" };
    }
    throw error;
  }
}

/**
 * The grant form's lookup: a person id, or an e-mail address (the user cache first, then
 * the provider's `GET /persons?email=` when it offers it). Null when nobody matches.
 */
export async function lookupPerson(db: DbOrTx, idpApi: IdpApi, query: string, now: Date): Promise<PersonSnapshot | null> {
  const wanted = query.trim();
  if (!wanted || wanted.length > 320) return null;
  if (!wanted.includes("@")) return /^[^\s/?#]+$/.test(wanted) ? personForEnrollment(db, idpApi, wanted, now) : null;
  const email = wanted.toLowerCase();
  const [cached] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(sql`lower(${schema.users.email})`, email))
    .limit(1);
  if (cached) return personForEnrollment(db, idpApi, cached.id, now);
  if (!idpApi.findPersonByEmail) return null;
  try {
    const person = await idpApi.findPersonByEmail(email);
    return person ? { id: person.id, displayName: person.displayName, email: person.email ?? null, source: "provider" } : null;
  } catch (error) {
    if (error instanceof IdpApiError) throw unavailable(error);
    throw error;
  }
}
