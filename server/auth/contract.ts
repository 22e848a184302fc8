// The sign-in area's /api contract: GET /api/me, GET /api/admin/whoami and the
// /api/auth/* flow (docs/decisions/identity/sign-in.md: Sign-in). Serializers return these types.
import { z } from "zod";
import type { ApiArea } from "../http/openapi";

/** application roles as cached (student, instructor, content_manager, admin) */
const AppRole = z.string().describe("application role: student, instructor, content_manager or admin");

export const PublicUser = z.strictObject({
  id: z.string().describe("person id issued by the identity provider"),
  displayName: z.string(),
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  roles: z.array(AppRole),
  organizations: z.array(z.strictObject({ orgId: z.string(), roles: z.array(z.string()) })),
  sponsorOrgIds: z.array(z.string()),
  purchaseOrgIds: z.array(z.string()),
});
export type PublicUser = z.infer<typeof PublicUser>;

export const MeResponse = z.strictObject({
  user: PublicUser,
  session: z.strictObject({ expiresAt: z.iso.datetime(), authTime: z.iso.datetime().nullable() }),
  /** anti-CSRF token for POSTs under /api/auth/* (form field `csrf` or header X-CSRF-Token) */
  csrfToken: z.string(),
});
export type MeResponse = z.infer<typeof MeResponse>;

export const WhoAmIResponse = z.strictObject({ id: z.string(), displayName: z.string(), roles: z.array(AppRole) });
export type WhoAmIResponse = z.infer<typeof WhoAmIResponse>;

/** Answer of the provider's signed posts (back-channel logout, erasure); a replay is 200 too. */
export const ProviderTokenAck = z.strictObject({ ok: z.literal(true), replay: z.boolean() });
export type ProviderTokenAck = z.infer<typeof ProviderTokenAck>;

const redirectTo = (where: string) => ({ description: `redirect ${where}`, headers: { Location: where } });
const form = "application/x-www-form-urlencoded";

export const authApi: ApiArea = {
  schemas: { PublicUser, MeResponse, WhoAmIResponse, ProviderTokenAck },
  operations: [
    {
      method: "get",
      path: "/api/me",
      operationId: "getMe",
      summary: "The signed-in person, the session and its anti-CSRF token",
      tags: ["auth"],
      auth: { kind: "session" },
      responses: { 200: { description: "the person behind the session", schema: MeResponse } },
      errors: ["unauthorized"],
    },
    {
      method: "get",
      path: "/api/admin/whoami",
      operationId: "getAdminWhoAmI",
      summary: "The staff member behind the session",
      tags: ["auth", "admin"],
      auth: { kind: "session", roles: ["content_manager", "admin"] },
      responses: { 200: { description: "id, name and roles from the user cache", schema: WhoAmIResponse } },
      errors: ["unauthorized", "forbidden"],
    },
    {
      method: "get",
      path: "/api/auth/login",
      operationId: "startLogin",
      summary: "Starts the OpenID Connect code flow (PKCE S256, state, nonce)",
      tags: ["auth"],
      auth: { kind: "public" },
      query: z.object({ returnTo: z.string().optional().describe("same-site path to come back to") }),
      responses: { 302: redirectTo("the provider's authorization endpoint") },
      errors: ["identity_provider_unavailable"],
    },
    {
      method: "get",
      path: "/api/auth/callback",
      operationId: "completeLogin",
      summary: "The provider's redirect back; starts the session",
      tags: ["auth"],
      auth: { kind: "public" },
      rateLimit: "login",
      query: z.object({ code: z.string().optional(), state: z.string().optional(), error: z.string().optional() }),
      responses: { 302: redirectTo("the return page, or /prihlasenie?chyba=<reason>") },
      errors: ["rate_limited"],
    },
    {
      method: "post",
      path: "/api/auth/logout",
      operationId: "logout",
      summary: "Ends the session, then RP-initiated logout at the provider (without a session: back to /)",
      tags: ["auth"],
      auth: { kind: "session-optional" },
      body: { contentType: form, schema: z.object({ csrf: z.string() }) },
      responses: {
        302: redirectTo("/ (no session)"),
        303: redirectTo("the provider's end-session endpoint, or /"),
      },
      errors: ["csrf_token_invalid", "origin_not_allowed"],
    },
    {
      method: "post",
      path: "/api/auth/backchannel-logout",
      operationId: "backchannelLogout",
      summary: "OpenID Connect Back-Channel Logout 1.0 receiver",
      tags: ["auth"],
      auth: { kind: "signed", how: "the provider's signed logout_token" },
      body: { contentType: form, schema: z.object({ logout_token: z.string() }) },
      responses: { 200: { description: "sessions of the sid/sub ended (or a replay)", schema: ProviderTokenAck } },
      errors: ["invalid_request"],
    },
    {
      method: "post",
      path: "/api/auth/erasure",
      operationId: "erasureRequest",
      summary: "Erasure request relayed by the identity provider",
      tags: ["auth"],
      auth: { kind: "signed", how: "the provider's signed erasure_token (typ erasure+jwt)" },
      body: { contentType: form, schema: z.object({ erasure_token: z.string() }) },
      responses: { 200: { description: "cache row deleted, enrollments anonymized (or a replay)", schema: ProviderTokenAck } },
      errors: ["invalid_request"],
    },
  ],
};
