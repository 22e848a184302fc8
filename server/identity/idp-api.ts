// Client of the identity provider's REST API (application token). spec: Authentication 6;
// helper brief > Identity contract. 404 answers become null; anything else unexpected throws.
import { networkCodeOf, type OutboundErrorFields } from "../http/outbound";

export type IdpPerson = {
  id: string;
  displayName: string;
  email: string | null;
  avatarUrl: string | null;
  roles: string[];
  organizations: { org_id: string; roles: string[] }[];
  /**
   * YYYY-MM-DD (OIDC `birthdate`), when the provider knows it; read for certificates,
   * whose issuing job has no session to ask UserInfo with (server/certificates)
   */
  birthdate?: string | null;
};

export type IdpOrganization = {
  id: string;
  name: string;
  legalName: string | null;
  ico: string | null;
  dic: string | null;
  icDph: string | null;
  type: string | null;
  address: { street: string; city: string; postalCode: string; country: string } | null;
};

export type IdpMembership = { orgId: string; personId: string; roles: string[] };

/** One entry of an organization's member search (docs/decisions/clubs/club-seats.md > Club seats). */
export type IdpMember = { personId: string; displayName: string; email: string | null; roles: string[] };

export type IdpApi = {
  getPerson(personId: string): Promise<IdpPerson | null>;
  getOrganization(orgId: string): Promise<IdpOrganization | null>;
  /** null when the person is not a member of the organization (or either is unknown) */
  getMembership(orgId: string, personId: string): Promise<IdpMembership | null>;
  /**
   * The person with this e-mail address (`GET /persons?email=`, answering `{data: Person[]}`),
   * or null. Optional: a provider without the search is asked by person id only
   * (docs/decisions/authoring/admin-enrollments.md > Admin enrollments).
   */
  findPersonByEmail?(email: string): Promise<IdpPerson | null>;
  /**
   * Persons whose name or e-mail holds every word of `query` (`GET /persons?q=`, answering
   * `{data: Person[]}`), signed in here or not. Optional like the e-mail search
   * (docs/decisions/admin-ui/pickers-by-name.md > Pickers by name).
   */
  searchPersons?(query: string): Promise<IdpPerson[]>;
  /** The organization search (`GET /organizations?q=&type=`, answering `{data: Organization[]}`). */
  searchOrganizations?(query: string, type?: string): Promise<IdpOrganization[]>;
  /**
   * The organization's members whose name or e-mail contains `query` (`GET
   * /organizations/<id>/members?q=`, answering `{data: Member[]}`; an empty query lists
   * them all). Optional, like the e-mail search: the spec names an organization search
   * without its shape (docs/decisions/clubs/club-seats.md > Club seats).
   */
  searchMembers?(orgId: string, query: string): Promise<IdpMember[]>;
};

export class IdpApiError extends Error implements OutboundErrorFields {
  readonly outboundTarget = "identity_provider" as const;
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = "IdpApiError";
  }
}

const TIMEOUT_MS = 5000;

export function createIdpApi(options: { apiUrl: string; apiToken: string; fetch?: typeof fetch }): IdpApi {
  const base = options.apiUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;

  async function get<T>(path: string): Promise<T | null> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        headers: { authorization: `Bearer ${options.apiToken}`, accept: "application/json" },
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: "error",
      });
    } catch (e) {
      throw new IdpApiError(`identity provider API unreachable: ${(e as Error).message}`, undefined, networkCodeOf(e));
    }
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new IdpApiError(`identity provider API answered ${res.status} for ${path}`, res.status);
    }
    try {
      return (await res.json()) as T;
    } catch {
      throw new IdpApiError(`identity provider API sent malformed JSON for ${path}`, res.status);
    }
  }

  const seg = encodeURIComponent;
  return {
    getPerson: (personId) => get<IdpPerson>(`/persons/${seg(personId)}`),
    getOrganization: (orgId) => get<IdpOrganization>(`/organizations/${seg(orgId)}`),
    getMembership: (orgId, personId) => get<IdpMembership>(`/organizations/${seg(orgId)}/members/${seg(personId)}`),
    async findPersonByEmail(email) {
      const wanted = email.trim().toLowerCase();
      const found = await get<{ data?: IdpPerson[] }>(`/persons?email=${seg(wanted)}`);
      // only an exact match counts: a provider that ignores the parameter lists everyone
      return found?.data?.find((p) => p.email?.toLowerCase() === wanted) ?? null;
    },
    async searchPersons(query) {
      const found = await get<{ data?: IdpPerson[] }>(`/persons?q=${seg(query.trim())}`);
      return Array.isArray(found?.data) ? found.data.filter((p) => p && typeof p.id === "string" && typeof p.displayName === "string") : [];
    },
    async searchOrganizations(query, type) {
      const found = await get<{ data?: IdpOrganization[] }>(`/organizations?q=${seg(query.trim())}${type ? `&type=${seg(type)}` : ""}`);
      return Array.isArray(found?.data) ? found.data.filter((o) => o && typeof o.id === "string" && typeof o.name === "string") : [];
    },
    async searchMembers(orgId, query) {
      const found = await get<{ data?: IdpMember[] }>(`/organizations/${seg(orgId)}/members?q=${seg(query.trim())}`);
      return Array.isArray(found?.data) ? found.data.filter((m) => m && typeof m.personId === "string" && typeof m.displayName === "string") : [];
    },
  };
}

/** Admin-type organization roles: may buy in the organization's name (spec: Authentication 7). */
export const ORG_ADMIN_ROLES = ["club_admin", "executive_director"];

/** Asks the provider (not the session) whether the person holds an admin-type role in the org. */
export async function hasOrgAdminRole(idpApi: IdpApi, personId: string, orgId: string): Promise<boolean> {
  const membership = await idpApi.getMembership(orgId, personId);
  if (!membership || membership.personId !== personId || membership.orgId !== orgId) return false;
  return membership.roles.some((r) => ORG_ADMIN_ROLES.includes(r));
}

export type UserInfo = {
  sub: string;
  name?: string;
  email?: string;
  birthdate?: string;
  phone_number?: string;
  address?: { country?: string; locality?: string; postal_code?: string; street_address?: string };
  organizations?: { org_id: string; name: string; role: string }[];
  [claim: string]: unknown;
};

/**
 * Calls the UserInfo endpoint with the user's access token (spec: Authentication 6; used
 * rarely, e.g. for the birth date on a certificate). `endpoint` is the userinfo URL or the
 * issuer metadata carrying it. Checks that `sub` is the expected person when given.
 */
export async function fetchUserInfo(
  endpoint: string | { userinfo_endpoint?: string },
  accessToken: string,
  options: { expectedSub?: string; fetch?: typeof fetch } = {},
): Promise<UserInfo> {
  const url = typeof endpoint === "string" ? endpoint : endpoint.userinfo_endpoint;
  if (!url) throw new IdpApiError("the identity provider publishes no userinfo_endpoint");
  let res: Response;
  try {
    res = await (options.fetch ?? fetch)(url, {
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (e) {
    throw new IdpApiError(`userinfo endpoint unreachable: ${(e as Error).message}`, undefined, networkCodeOf(e));
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new IdpApiError(`userinfo endpoint answered ${res.status}`, res.status);
  }
  const body = (await res.json().catch(() => null)) as UserInfo | null;
  if (!body || typeof body.sub !== "string") throw new IdpApiError("userinfo response without sub");
  if (options.expectedSub && body.sub !== options.expectedSub) throw new IdpApiError("userinfo sub does not match the session's person");
  return body;
}

/** Reads userinfo_endpoint from the issuer's discovery document. */
export async function discoverUserInfoEndpoint(issuer: string, options: { fetch?: typeof fetch } = {}): Promise<string> {
  const url = `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
  const res = await (options.fetch ?? fetch)(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!res.ok) throw new IdpApiError(`discovery answered ${res.status}`, res.status);
  const doc = (await res.json()) as { userinfo_endpoint?: string };
  if (!doc.userinfo_endpoint) throw new IdpApiError("the identity provider publishes no userinfo_endpoint");
  return doc.userinfo_endpoint;
}
