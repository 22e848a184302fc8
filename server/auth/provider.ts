// Which OpenID provider the app signs in with: the one OIDC_ISSUER names, or, in the
// embedded default, the local stand-in provider mounted at /idp on the app's own server.
import { createHmac, randomBytes } from "node:crypto";
import type { Config } from "../config";
import type { Logger } from "../log";
import type { LocalIdp } from "../stand-ins";

/** The effective identity provider settings (external from config, or the local provider). */
export type OidcSettings = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** base URL of the provider's REST API (persons, organizations, memberships) */
  apiUrl: string;
  /** application token for that API */
  apiToken: string;
};

/**
 * Embedded defaults of the local provider. Its REST API token is not among them: it lists
 * persons and triggers erasure, so it is IDP_API_TOKEN or a random one kept per data
 * directory (`options.localApiToken`, server/services.ts).
 */
export const LOCAL_OIDC_DEFAULTS = {
  clientId: "learning-platform",
  clientSecret: "local-dev-client-secret",
} as const;

export type IdentityProvider = {
  oidc: OidcSettings;
  /** the in-process stand-in when no OIDC_ISSUER is configured, else null */
  localIdp: LocalIdp | null;
};

export async function chooseIdentityProvider(
  config: Config,
  sessionSecret: string,
  log: Logger,
  options: { quiet?: boolean; localApiToken?: () => string } = {},
): Promise<IdentityProvider> {
  if (!config.localIdp) {
    // config guarantees these with OIDC_ISSUER
    return {
      localIdp: null,
      oidc: {
        // exactly as configured: the ID token's iss is compared verbatim
        issuer: config.OIDC_ISSUER!,
        clientId: config.OIDC_CLIENT_ID!,
        clientSecret: config.OIDC_CLIENT_SECRET!,
        apiUrl: config.IDP_API_URL!.replace(/\/$/, ""),
        apiToken: config.IDP_API_TOKEN!,
      },
    };
  }
  // loaded only when used: a production process never loads oidc-provider
  const { startLocalIdp } = await import("../stand-ins");
  const clientId = config.OIDC_CLIENT_ID ?? LOCAL_OIDC_DEFAULTS.clientId;
  const clientSecret = config.OIDC_CLIENT_SECRET ?? LOCAL_OIDC_DEFAULTS.clientSecret;
  const apiToken = config.IDP_API_TOKEN ?? options.localApiToken?.() ?? randomBytes(32).toString("base64url");
  const localIdp = await startLocalIdp({
    issuer: `${config.publicUrl}/idp`,
    appUrl: config.publicUrl,
    claimPrefix: config.IDP_CLAIM_PREFIX,
    rolePrefix: config.APP_ROLE_PREFIX,
    clientId,
    clientSecret,
    apiToken,
    cookieKeys: [createHmac("sha256", sessionSecret).update("local-idp-cookies").digest("base64url")],
    dataDir: config.DATA_DIR,
    trustProxy: config.trustProxy !== 0,
    production: config.production,
    log,
  });
  if (!options.quiet) {
    log.info(`local demo identity provider (not for production) runs at ${localIdp.issuer}; demo users sign in with password demo1234`);
  }
  return { localIdp, oidc: { issuer: localIdp.issuer, clientId, clientSecret, apiUrl: localIdp.apiUrl, apiToken } };
}
