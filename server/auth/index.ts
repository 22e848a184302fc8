// Authentication area: OpenID Connect login (remix-auth strategy with nonce), ID and
// provider-event token checks, server-side sessions and CSRF tokens.
// spec: Authentication.
export { createOidcClient, safeReturnTo, clearFlowCookies, staleFlowCookies, LoginError, RefreshRejectedError } from "./oidc";
export type { OidcClient, LoginResult, LoginFailure } from "./oidc";
export {
  SESSION_COOKIE,
  SESSION_TTL_MS,
  ROTATION_GRACE_MS,
  sessionKeys,
  createSession,
  resolveSession,
  revokeSession,
  revokeSessionsFor,
  rotateSession,
  openTokens,
  csrfTokenFor,
  verifyCsrfToken,
  sessionCookieHeader,
  clearSessionCookieHeader,
  SIGNED_OUT_COOKIE,
  signedOutCookieHeader,
  clearSignedOutCookieHeader,
  signedOutHere,
  readCookie,
  purgeOldSessions,
} from "./sessions";
export type { SessionRow, SessionLookup, SessionKeys, ProviderTokens } from "./sessions";
export { establishSession, userInfoForSession, refreshSessionIfDue, backchannelLogout, erasureRequest, publicUser, countLiveSessions } from "./login";
export type { Auth, RefreshOutcome } from "./login";
export { TokenError } from "./tokens";
export type { TokenFailure } from "./tokens";
export { purgeSessionsJob, PURGE_SESSIONS_QUEUE, PURGE_SESSIONS_CRON } from "./jobs";
export { chooseIdentityProvider, LOCAL_OIDC_DEFAULTS } from "./provider";
export type { OidcSettings, IdentityProvider } from "./provider";
export { eraseUser } from "./erasure";
export type { ErasureResult } from "./erasure";
export { authApi, MeResponse, PublicUser, WhoAmIResponse, ProviderTokenAck } from "./contract";
export { stepUpVerdict, stepUpChallenge, formFields, keepStepUpForm, keptStepUpForm, STEP_UP_DEFAULT_MAX_AGE_SEC, STEP_UP_FORM_TTL_MS } from "./step-up";
export type { StepUpVerdict } from "./step-up";
