// Identity area: provider claims → application roles, user and organization caches,
// the provider's REST API client, erasure. spec: Authentication; External person and
// organization data.
export { APP_ROLES, BASIC_USER_ROLE, ORG_PURCHASE_ROLES, mapRoles, hasRole, parseOrganizationsClaim } from "./roles";
export type { AppRole, ClaimNames, MappedRoles, OrganizationRoles } from "./roles";
