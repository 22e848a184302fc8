// The provider's REST API (helper brief > Identity contract): persons, organizations,
// memberships, with an application token. Paths are relative to the API base (`/idp/api`).
import type { IncomingMessage, ServerResponse } from "node:http";
import { createHash, timingSafeEqual } from "node:crypto";
import {
  findOrganization,
  findPerson,
  findPersonByEmail,
  organizationMembers,
  personRoles,
  searchOrganizations,
  searchPeople,
  type DemoOrganization,
  type DemoPerson,
} from "./people";

export type PersonResource = {
  id: string;
  displayName: string;
  email: string;
  avatarUrl: string | null;
  roles: string[];
  organizations: { org_id: string; roles: string[] }[];
  /** YYYY-MM-DD, as the OIDC `birthdate` claim */
  birthdate: string;
};

/** The REST API shows an organization as the demo data holds it. */
export type OrganizationResource = Omit<DemoOrganization, "type"> & { type: string };

export type MembershipResource = { orgId: string; personId: string; roles: string[] };

/** `appUrl` makes the avatar path absolute (the demo avatars are the app's static files). */
export function personResource(person: DemoPerson, rolePrefix: string, appUrl: string): PersonResource {
  return {
    id: person.id,
    displayName: person.name,
    email: person.email,
    avatarUrl: person.avatarUrl ? new URL(person.avatarUrl, appUrl).href : null,
    roles: personRoles(person, rolePrefix),
    organizations: person.organizations.map((o) => ({ org_id: o.orgId, roles: [...o.roles] })),
    birthdate: person.birthdate,
  };
}

export function organizationResource(org: DemoOrganization): OrganizationResource {
  return { ...org, address: { ...org.address } };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

function error(res: ServerResponse, status: number, code: string, message: string, headers?: Record<string, string>) {
  send(res, status, { error: code, message, details: {} }, headers);
}

function sameToken(given: string, expected: string): boolean {
  // hash both so lengths match and the comparison takes constant time
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

export type ApiOptions = {
  apiToken: string;
  rolePrefix: string;
  appUrl: string;
  /** relays an erasure request for a person to the app; returns the app's HTTP status */
  requestErasure(sub: string): Promise<number>;
};

/** Answers one API request; `path` is below the API base (e.g. `/persons/p-1001`). */
export async function handleApi(req: IncomingMessage, res: ServerResponse, path: string, options: ApiOptions, query?: URLSearchParams): Promise<void> {
  const auth = req.headers.authorization ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(auth);
  if (!match || !sameToken(match[1], options.apiToken)) {
    error(res, 401, "unauthorized", "Chýba alebo je neplatný aplikačný token.", { "www-authenticate": 'Bearer realm="idp-api"' });
    return;
  }
  const segments = path
    .split("/")
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return "\u0000";
      }
    });
  const method = req.method ?? "GET";
  const get = method === "GET" || method === "HEAD";

  // POST /persons/<id>/erasure: the local stand-in for the provider relaying an erasure request
  if (segments.length === 3 && segments[0] === "persons" && segments[2] === "erasure") {
    if (method !== "POST") return error(res, 405, "method_not_allowed", "Metóda nie je povolená.", { allow: "POST" });
    const person = findPerson(segments[1]);
    if (!person) return error(res, 404, "not_found", "Osoba neexistuje.");
    const appStatus = await options.requestErasure(person.id);
    return send(res, 202, { personId: person.id, appStatus });
  }
  if (!get) return error(res, 405, "method_not_allowed", "Metóda nie je povolená.", { allow: "GET" });

  // GET /persons?email=<address>: the persons with that e-mail address (docs/decisions/authoring/admin-enrollments.md >
  // Admin enrollments: looking a person up by e-mail), `{data: Person[]}`; GET /persons?q=<text>:
  // the persons whose name or e-mail holds every word (docs/decisions/admin-ui/pickers-by-name.md > Pickers by name)
  if (segments.length === 1 && segments[0] === "persons") {
    const text = query?.get("q")?.trim() ?? "";
    if (text) {
      if (text.length > 200) return error(res, 400, "bad_request", "Parameter q je príliš dlhý.");
      return send(res, 200, { data: searchPeople(text).map((p) => personResource(p, options.rolePrefix, options.appUrl)) });
    }
    const email = query?.get("email")?.trim() ?? "";
    if (!email) return error(res, 400, "bad_request", "Chýba parameter email alebo q.");
    const person = findPersonByEmail(email);
    return send(res, 200, { data: person ? [personResource(person, options.rolePrefix, options.appUrl)] : [] });
  }
  if (segments.length === 2 && segments[0] === "persons") {
    const person = findPerson(segments[1]);
    if (!person) return error(res, 404, "not_found", "Osoba neexistuje.");
    return send(res, 200, personResource(person, options.rolePrefix, options.appUrl));
  }
  // GET /organizations?q=<text>[&type=<type>]: the organization search, `{data: Organization[]}`
  if (segments.length === 1 && segments[0] === "organizations") {
    const text = query?.get("q")?.trim() ?? "";
    if (!text) return error(res, 400, "bad_request", "Chýba parameter q.");
    if (text.length > 200) return error(res, 400, "bad_request", "Parameter q je príliš dlhý.");
    return send(res, 200, { data: searchOrganizations(text, query?.get("type")?.trim() || null).map(organizationResource) });
  }
  if (segments.length === 2 && segments[0] === "organizations") {
    const org = findOrganization(segments[1]);
    if (!org) return error(res, 404, "not_found", "Organizácia neexistuje.");
    return send(res, 200, organizationResource(org));
  }
  // GET /organizations/<id>/members?q=<text>: the member search (docs/decisions/clubs/club-seats.md > Club
  // seats), `{data: [{personId, displayName, email, roles}]}`, by name or e-mail, at most 50
  if (segments.length === 3 && segments[0] === "organizations" && segments[2] === "members") {
    const org = findOrganization(segments[1]);
    if (!org) return error(res, 404, "not_found", "Organizácia neexistuje.");
    const members = organizationMembers(org.id, query?.get("q") ?? "").slice(0, 50);
    return send(res, 200, { data: members.map(({ person, roles }) => ({ personId: person.id, displayName: person.name, email: person.email, roles })) });
  }
  if (segments.length === 4 && segments[0] === "organizations" && segments[2] === "members") {
    const org = findOrganization(segments[1]);
    if (!org) return error(res, 404, "not_found", "Organizácia neexistuje.");
    const person = findPerson(segments[3]);
    const membership = person?.organizations.find((o) => o.orgId === org.id);
    if (!person || !membership) return error(res, 404, "not_found", "Osoba nie je členom organizácie.");
    const body: MembershipResource = { orgId: org.id, personId: person.id, roles: [...membership.roles] };
    return send(res, 200, body);
  }
  return error(res, 404, "not_found", "Neznáma cesta API.");
}
