// Provider role values → application roles and organization rights.
// spec: Authentication point 7.

export const APP_ROLES = ["student", "instructor", "content_manager", "admin"] as const;
export type AppRole = (typeof APP_ROLES)[number];

export type OrganizationRoles = { orgId: string; roles: string[] };

export type MappedRoles = {
  /** application roles, in the order of APP_ROLES, without duplicates */
  roles: AppRole[];
  /** orgs the person may sponsor enrollments for (club_admin, executive_director) */
  sponsorOrgIds: string[];
  /** orgs the person may buy on behalf of (club_admin, executive_director) */
  purchaseOrgIds: string[];
  /** the organizations claim as sent, normalised; informational only */
  organizations: OrganizationRoles[];
};

export type ClaimNames = {
  /** the provider's claim prefix, e.g. "sportup" → sportup_roles, sportup_orgs */
  claimPrefix: string;
  /** this application's role prefix, e.g. "academy" → academy:admin */
  rolePrefix: string;
};

/** The provider's basic role every registered person has. */
export const BASIC_USER_ROLE = "user";
/** Organization roles that may buy in the name of the organization (spec: Authentication 7). */
export const ORG_PURCHASE_ROLES = ["club_admin", "executive_director"] as const;

const ORG_ID = /^[^\s:]{1,128}$/;

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** Reads the organizations claim ([{org_id, roles[]}]); malformed entries are skipped. */
export function parseOrganizationsClaim(value: unknown): OrganizationRoles[] {
  if (!Array.isArray(value)) return [];
  const out: OrganizationRoles[] = [];
  for (const entry of value) {
    if (!entry || typeof entry !== "object") continue;
    const orgId = (entry as Record<string, unknown>).org_id;
    if (typeof orgId !== "string" || !ORG_ID.test(orgId)) continue;
    out.push({ orgId, roles: [...new Set(strings((entry as Record<string, unknown>).roles))] });
  }
  return out;
}

/**
 * Maps the ID token's roles claim (`<claimPrefix>_roles`) to application roles.
 * - `<rolePrefix>:instructor|content_manager|admin|student` → the same-named role;
 * - `student` whenever the basic `user` role or any application role is present;
 * - `club_admin:<org>` and `executive_director:<org>` → student, and the org joins
 *   sponsorOrgIds and purchaseOrgIds (the spec gives the director "the same purchase access");
 * - `member:<org>` → nothing beyond what other values give; anything else is ignored.
 * Org rights come from the roles claim only; the organizations claim is passed through as
 * information, and a purchase is re-checked against the provider's API anyway.
 */
export function mapRoles(claims: Record<string, unknown>, names: ClaimNames): MappedRoles {
  const values = strings(claims[`${names.claimPrefix}_roles`]);
  const roles = new Set<AppRole>();
  const purchase = new Set<string>();
  let student = false;
  const appPrefix = `${names.rolePrefix}:`;
  for (const value of values) {
    if (value === BASIC_USER_ROLE) {
      student = true;
      continue;
    }
    if (value.startsWith(appPrefix)) {
      const role = value.slice(appPrefix.length);
      if ((APP_ROLES as readonly string[]).includes(role)) {
        roles.add(role as AppRole);
        student = true;
      }
      continue;
    }
    const colon = value.indexOf(":");
    if (colon <= 0) continue;
    const kind = value.slice(0, colon);
    const orgId = value.slice(colon + 1);
    if (!ORG_ID.test(orgId)) continue;
    if ((ORG_PURCHASE_ROLES as readonly string[]).includes(kind)) {
      student = true;
      purchase.add(orgId);
    }
    // member:<org> and other apps' values: no application right
  }
  if (student) roles.add("student");
  const orgIds = [...purchase].sort();
  return {
    roles: APP_ROLES.filter((r) => roles.has(r)),
    sponsorOrgIds: orgIds,
    purchaseOrgIds: [...orgIds],
    organizations: parseOrganizationsClaim(claims[`${names.claimPrefix}_orgs`]),
  };
}

export function hasRole(roles: readonly string[], role: AppRole): boolean {
  return roles.includes(role);
}
