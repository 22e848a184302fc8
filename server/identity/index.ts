// Identity area: provider claims → application roles, user and organization caches,
// the provider's REST API client, erasure. spec: Authentication; External person and
// organization data.
export { APP_ROLES, BASIC_USER_ROLE, ORG_PURCHASE_ROLES, mapRoles, hasRole, parseOrganizationsClaim } from "./roles";
export type { AppRole, ClaimNames, MappedRoles, OrganizationRoles } from "./roles";
export { createIdpApi, hasOrgAdminRole, fetchUserInfo, discoverUserInfoEndpoint, IdpApiError, ORG_ADMIN_ROLES } from "./idp-api";
export type { IdpApi, IdpPerson, IdpOrganization, IdpMembership, IdpMember, UserInfo } from "./idp-api";
export {
  CACHE_TTL_DAYS,
  displayNameFromClaims,
  upsertUserFromClaims,
  upsertUserFromPerson,
  getCachedUser,
  upsertOrganization,
  getCachedOrganization,
  refreshOrganization,
  ensureOrganization,
  refreshStaleCaches,
  forgetCachedUser,
  cachedUserNames,
  findCachedUserIds,
} from "./cache";
export type { CachedUser, CachedOrganization, RefreshReport } from "./cache";
export { REFRESH_CACHES_QUEUE, REFRESH_CACHES_CRON, refreshCachesJob } from "./jobs";
export { ERASURE_EVENT, ERASURE_TOKEN_TYPE } from "./provider-contract";
