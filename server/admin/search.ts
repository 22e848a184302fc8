// What the admin pickers find by name (docs/decisions/admin-ui/pickers-by-name.md > Pickers by name): people through
// the provider's person search (people who never signed in here included), clubs and
// accreditation partners through its organization search. The user cache answers for
// people when the provider cannot be reached; organizations need the provider.
import { cachedUserNames, findCachedUserIds, getCachedOrganization, IdpApiError, type IdpApi, type IdpOrganization, type IdpPerson } from "../identity";
import type { DbOrTx } from "../db";

export const PICKER_KINDS = ["person", "club", "partner"] as const;
export type PickerKind = (typeof PICKER_KINDS)[number];

/** One match: what the field stores (`id`), the name shown, and a line to tell namesakes apart. */
export type PickerMatch = { id: string; label: string; detail: string };
export type PickerSearch = { query: string; matches: PickerMatch[]; message: string | null };

export const PICKER_MIN_QUERY = 2;
const MAX_QUERY = 100;
const MAX_MATCHES = 20;

/** Slovak words for the provider's organization roles (never the raw codes). */
export const ORG_ROLE_LABELS: Record<string, string> = {
  member: "člen",
  club_admin: "správca klubu",
  executive_director: "výkonný riaditeľ",
  coach: "tréner",
  secretary: "sekretár",
  founder: "zakladateľ",
  manager: "manažér",
};

/** Slovak words for the provider's organization types. */
export const ORG_TYPE_LABELS: Record<string, string> = {
  sport_club: "športový klub",
  national_federation: "národný zväz",
  regional_organization: "regionálna organizácia",
  accredited_educational_institution: "akreditovaná vzdelávacia inštitúcia",
  municipality: "obec",
};

const orgRoleLabel = (role: string) => ORG_ROLE_LABELS[role] ?? role.replace(/_/g, " ");
const orgTypeLabel = (type: string | null) => (type ? (ORG_TYPE_LABELS[type] ?? type.replace(/_/g, " ")) : "");

const UNAVAILABLE = "Poskytovateľ identity teraz neodpovedá; zobrazujeme len ľudí, ktorí sa už prihlásili.";
const ORG_UNAVAILABLE = "Poskytovateľ identity teraz neodpovedá. Skúste to o chvíľu.";

function personMatch(p: IdpPerson): PickerMatch {
  const roles = [...new Set(p.organizations.flatMap((o) => o.roles))].map(orgRoleLabel);
  return { id: p.id, label: p.displayName, detail: [p.email ?? "bez e-mailu", ...roles].join(" · ") };
}

function organizationMatch(o: IdpOrganization): PickerMatch {
  return { id: o.id, label: o.name, detail: [orgTypeLabel(o.type), o.address?.city, o.ico ? `IČO ${o.ico}` : ""].filter(Boolean).join(" · ") };
}

/**
 * The picker's search: at least two characters; the provider first, then (people only)
 * the user cache for anyone it did not return or when it is down.
 */
export async function searchForPicker(db: DbOrTx, idpApi: IdpApi, kind: PickerKind, rawQuery: string): Promise<PickerSearch> {
  const query = rawQuery.trim().slice(0, MAX_QUERY);
  if (query.length < PICKER_MIN_QUERY) return { query, matches: [], message: `Zadajte aspoň ${PICKER_MIN_QUERY} znaky.` };
  if (kind === "person") {
    let matches: PickerMatch[] = [];
    let message: string | null = null;
    try {
      matches = ((await idpApi.searchPersons?.(query)) ?? []).map(personMatch);
    } catch (error) {
      if (!(error instanceof IdpApiError)) throw error;
      message = UNAVAILABLE;
    }
    const known = new Set(matches.map((m) => m.id));
    const cached = await cachedUserNames(
      db,
      (await findCachedUserIds(db, query)).filter((id) => !known.has(id)),
    );
    for (const [id, p] of cached) matches.push({ id, label: p.displayName, detail: p.email ?? "bez e-mailu" });
    return { query, matches: matches.slice(0, MAX_MATCHES), message: matches.length ? message : (message ?? `Nikto s menom „${query}“.`) };
  }
  try {
    const found = (await idpApi.searchOrganizations?.(query, kind === "club" ? "sport_club" : undefined)) ?? [];
    const matches = found.slice(0, MAX_MATCHES).map(organizationMatch);
    return { query, matches, message: matches.length ? null : `Žiadna organizácia s názvom „${query}“.` };
  } catch (error) {
    if (!(error instanceof IdpApiError)) throw error;
    return { query, matches: [], message: ORG_UNAVAILABLE };
  }
}

/**
 * Names for chosen ids (what a picker shows as selected): the user cache, then the provider;
 * an id neither knows (or the provider down) is shown as itself.
 */
export async function describePeople(db: DbOrTx, idpApi: IdpApi, ids: readonly string[]): Promise<PickerMatch[]> {
  const cached = await cachedUserNames(db, ids);
  return Promise.all(
    ids.map(async (id) => {
      const c = cached.get(id);
      if (c) return { id, label: c.displayName, detail: c.email ?? "bez e-mailu" };
      const p = await idpApi.getPerson(id).catch(() => null);
      return p ? personMatch(p) : { id, label: id, detail: "neznáma osoba" };
    }),
  );
}

/** The name of a chosen organization: the organization cache, then the provider, else its id. */
export async function describeOrganization(db: DbOrTx, idpApi: IdpApi, id: string): Promise<PickerMatch | null> {
  if (!id) return null;
  const cached = await getCachedOrganization(db, id);
  if (cached) return { id, label: cached.name, detail: [orgTypeLabel(cached.type ?? null), cached.ico ? `IČO ${cached.ico}` : ""].filter(Boolean).join(" · ") };
  const o = await idpApi.getOrganization(id).catch(() => null);
  return o ? organizationMatch(o) : { id, label: id, detail: "neznáma organizácia" };
}
