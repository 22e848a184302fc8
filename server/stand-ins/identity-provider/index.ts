// Local OpenID provider (oidc-provider 9) for the embedded default and the tests: demo
// people, a Slovak login form without JavaScript, the provider's REST API, back-channel
// logout and erasure requests. Mounted by startServices at /idp on the app's own server.
// Never used in production (config refuses a missing OIDC_ISSUER there).
import type { IncomingMessage, ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";
import Provider, { type Interaction, type KoaContextWithOIDC } from "oidc-provider";
import { importJWK, SignJWT } from "jose";
import { handleApi } from "./api";
import { createMemoryStore } from "./adapter";
import { loadSigningKey } from "./keys";
import { errorPage, loginPage, logoutPage, logoutSuccessPage } from "./pages";
import { DEMO_PASSWORD, DEMO_PEOPLE, findOrganization, findPerson, findPersonByEmail, personRoles, type DemoPerson } from "./people";
import { ERASURE_EVENT, ERASURE_TOKEN_TYPE } from "../../identity";
import { refuseInProduction } from "../guard";

export { DEMO_PASSWORD, DEMO_PEOPLE, DEMO_ORGANIZATIONS, findPerson, findOrganization } from "./people";
export type { DemoPerson, DemoOrganization } from "./people";

// the erasure token's contract (event member, typ) is defined once, by the identity area
export { ERASURE_EVENT, ERASURE_TOKEN_TYPE } from "../../identity";

export type LocalIdpOptions = {
  /** e.g. `${publicUrl}/idp`; the path part is where the handler is mounted */
  issuer: string;
  /** the app's origin (redirect, logout and erasure URIs) */
  appUrl: string;
  claimPrefix: string;
  rolePrefix: string;
  clientId: string;
  clientSecret: string;
  apiToken: string;
  /** keys signing the provider's cookies (newest first) */
  cookieKeys: string[];
  /** where the signing key is kept; without it a fresh key is made at each start */
  dataDir?: string;
  /** trust X-Forwarded-Proto/Host (behind a reverse proxy) */
  trustProxy?: boolean;
  /** APP_ENV=production: refuse to start */
  production: boolean;
  log?: {
    info(m: string, f?: Record<string, unknown>): void;
    warn(m: string, f?: Record<string, unknown>): void;
    error(m: string, f?: Record<string, unknown>): void;
  };
};

export type LocalIdp = {
  /** Node handler for requests below the mount path (Express strips it: `app.use("/idp", handler)`) */
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  issuer: string;
  /** base URL of the provider's REST API */
  apiUrl: string;
  /** signs an erasure token for `sub` and POSTs it to the app; returns the app's status */
  requestErasure(sub: string): Promise<number>;
  stop(): Promise<void>;
};

const MAX_FORM_BYTES = 16 * 1024;

function personClaims(person: DemoPerson, use: string, options: LocalIdpOptions): Record<string, unknown> {
  const p = options.claimPrefix;
  const claims: Record<string, unknown> = {
    sub: person.id,
    name: person.name,
    given_name: person.givenName,
    family_name: person.familyName,
    email: person.email,
    email_verified: true,
    locale: "sk",
    [`${p}_roles`]: personRoles(person, options.rolePrefix),
    [`${p}_orgs`]: person.organizations.map((o) => ({ org_id: o.orgId, roles: [...o.roles] })),
    [`${p}_person_id`]: person.id,
  };
  if (person.avatarUrl) claims.picture = new URL(person.avatarUrl, options.appUrl).href;
  if (use === "userinfo") {
    // extended data only through UserInfo (spec: Authentication 6)
    claims.birthdate = person.birthdate;
    claims.phone_number = person.phoneNumber;
    claims.address = {
      country: person.address.country,
      locality: person.address.locality,
      postal_code: person.address.postalCode,
      street_address: person.address.streetAddress,
    };
    claims.organizations = person.organizations.flatMap((o) =>
      o.roles.map((role) => ({ org_id: o.orgId, name: findOrganization(o.orgId)?.name ?? o.orgId, role })),
    );
  }
  return claims;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) throw new Error("form too large");
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

function sendHtml(res: ServerResponse, status: number, html: string, formTargets: string) {
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "content-security-policy": `default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self' ${formTargets}; frame-ancestors 'none'; base-uri 'none'`,
    "content-length": Buffer.byteLength(html),
  });
  res.end(html);
}

export async function startLocalIdp(options: LocalIdpOptions): Promise<LocalIdp> {
  refuseInProduction("local identity provider", options.production);
  const issuer = options.issuer.replace(/\/$/, "");
  const mountPath = new URL(issuer).pathname.replace(/\/$/, "");
  const appOrigin = new URL(options.appUrl).origin;
  const jwk = await loadSigningKey(options.dataDir);
  const log = options.log;

  const clientMetadata = {
    client_id: options.clientId,
    client_secret: options.clientSecret,
    client_name: "Akadémia športového manažmentu",
    redirect_uris: [`${appOrigin}/api/auth/callback`],
    post_logout_redirect_uris: [`${appOrigin}/`],
    backchannel_logout_uri: `${appOrigin}/api/auth/backchannel-logout`,
    backchannel_logout_session_required: true,
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "client_secret_basic",
    scope: "openid profile email offline_access",
    // every ID token says when the person signed in (auth_time), not only those asked for
    // with max_age: the app's step-up reads it (docs/decisions/identity/step-up-for-sensitive-admin-actions.md > Step-up for sensitive admin actions)
    require_auth_time: true,
  };

  const p = options.claimPrefix;
  const store = createMemoryStore();
  const provider = new Provider(issuer, {
    adapter: store.Adapter,
    clients: [clientMetadata],
    jwks: { keys: [jwk] },
    cookies: { keys: options.cookieKeys },
    claims: {
      acr: null,
      sid: null,
      auth_time: null,
      iss: null,
      openid: ["sub", `${p}_roles`, `${p}_orgs`, `${p}_person_id`],
      profile: ["name", "given_name", "family_name", "picture", "locale", "birthdate", "phone_number", "address", "organizations"],
      email: ["email", "email_verified"],
    },
    // name and email go into the ID token too (helper brief > Identity contract)
    conformIdTokenClaims: false,
    async findAccount(_ctx: KoaContextWithOIDC, sub: string) {
      const person = findPerson(sub);
      if (!person) return undefined;
      return { accountId: person.id, claims: async (use: string) => personClaims(person, use, options) };
    },
    pkce: { required: () => true },
    responseTypes: ["code"],
    // the first-party client gets refresh tokens without prompt=consent
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(t: string): boolean }) => client.grantTypeAllowed("refresh_token"),
    // every use rotates; a rotated-out token used again revokes the whole grant
    rotateRefreshToken: true,
    // first-party client: no consent screen; the grant covers whatever it asks for
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId || oidc.session.grantIdFor(oidc.client.clientId);
      let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      if (!grant && oidc.client.clientId !== options.clientId) return undefined;
      grant ??= new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
      if (oidc.client.clientId === options.clientId) {
        const scope = [...(oidc.requestParamScopes as Set<string>)].join(" ");
        if (scope) grant.addOIDCScope(scope);
        const claims = Object.keys(oidc.requestParamClaims ?? {});
        if (claims.length) grant.addOIDCClaims(claims);
        await grant.save();
      }
      return grant;
    },
    interactions: {
      url: async (_ctx: unknown, interaction: Interaction) => `${mountPath}/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      backchannelLogout: { enabled: true },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx: KoaContextWithOIDC, form: string) {
          ctx.type = "html";
          ctx.set("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' " + appOrigin + "; frame-ancestors 'none'");
          ctx.body = logoutPage(form, ctx.oidc.client?.clientName);
        },
        async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
          ctx.type = "html";
          ctx.body = logoutSuccessPage();
        },
      },
    },
    async renderError(ctx: KoaContextWithOIDC, out: Record<string, unknown>) {
      ctx.type = "html";
      ctx.body = errorPage(out);
    },
    clientBasedCORS: () => false,
    // oidc-provider refuses loopback/private addresses (SSRF guard); the app it posts
    // back-channel logout tokens to is this very server, so only that origin is exempt
    fetch: (url: URL | string, init: RequestInit & { dispatcher?: unknown }) => {
      if (new URL(url).origin === appOrigin) {
        const { dispatcher: _guarded, ...rest } = init;
        return fetch(url, rest);
      }
      return fetch(url, init);
    },
    ttl: {
      AccessToken: 15 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
    },
  });
  provider.proxy = options.trustProxy ?? false;
  provider.on("server_error", (_ctx: unknown, err: Error) => log?.error("identity provider error", { error: err.message }));
  provider.on("backchannel.error", (_ctx: unknown, err: Error, _client: unknown, accountId: string) =>
    log?.warn("back-channel logout delivery failed", { error: err.message, accountId }),
  );
  const callback = provider.callback();

  const signingKey = await importJWK(jwk, "RS256");
  async function requestErasure(sub: string): Promise<number> {
    const token = await new SignJWT({ events: { [ERASURE_EVENT]: {} } })
      .setProtectedHeader({ alg: "RS256", kid: jwk.kid, typ: ERASURE_TOKEN_TYPE })
      .setIssuer(issuer)
      .setAudience(options.clientId)
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime("5m")
      .setJti(randomUUID())
      .sign(signingKey);
    const res = await fetch(`${appOrigin}/api/auth/erasure`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ erasure_token: token }),
      redirect: "manual",
    });
    await res.arrayBuffer().catch(() => undefined);
    return res.status;
  }

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, submit: boolean) {
    let details: Interaction;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      return sendHtml(res, 400, errorPage({ error: "session_not_found", error_description: "Platnosť prihlásenia vypršala." }), appOrigin);
    }
    if (details.uid !== uid) {
      return sendHtml(res, 400, errorPage({ error: "invalid_request", error_description: "Neplatná požiadavka na prihlásenie." }), appOrigin);
    }
    const action = `${mountPath}/interaction/${uid}/login`;
    if (details.prompt.name === "login") {
      if (!submit) return sendHtml(res, 200, loginPage({ action, people: DEMO_PEOPLE, password: DEMO_PASSWORD }), appOrigin);
      let form: URLSearchParams;
      try {
        form = await readForm(req);
      } catch {
        return sendHtml(res, 413, errorPage({ error: "invalid_request", error_description: "Formulár je príliš veľký." }), appOrigin);
      }
      const email = (form.get("email") ?? "").trim();
      const person = findPersonByEmail(email);
      if (!person || form.get("password") !== DEMO_PASSWORD) {
        return sendHtml(
          res,
          401,
          loginPage({ action, email, error: "Nesprávny e-mail alebo heslo.", people: DEMO_PEOPLE, password: DEMO_PASSWORD }),
          appOrigin,
        );
      }
      return provider.interactionFinished(req, res, { login: { accountId: person.id, amr: ["pwd"], remember: true } }, { mergeWithLastSubmission: false });
    }
    if (details.prompt.name === "consent") {
      // first-party client: consent is implied (no consent screen)
      const accountId = details.session?.accountId;
      if (!accountId || details.params.client_id !== options.clientId) {
        return sendHtml(res, 403, errorPage({ error: "access_denied", error_description: "Neznámy klient." }), appOrigin);
      }
      const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId, clientId: options.clientId });
      const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      if (missing.missingOIDCScope?.length) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
      if (missing.missingOIDCClaims?.length) grant.addOIDCClaims(missing.missingOIDCClaims);
      const grantId = await grant.save();
      return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    }
    return sendHtml(res, 400, errorPage({ error: "invalid_request", error_description: `Nepodporovaný krok: ${details.prompt.name}` }), appOrigin);
  }

  function handler(req: IncomingMessage, res: ServerResponse) {
    const requestUrl = new URL(req.url ?? "/", "http://idp.invalid");
    const path = requestUrl.pathname;
    const run = async () => {
      if (path === "/api" || path.startsWith("/api/")) {
        return handleApi(
          req,
          res,
          path.slice("/api".length),
          {
            apiToken: options.apiToken,
            rolePrefix: options.rolePrefix,
            appUrl: appOrigin,
            requestErasure,
          },
          requestUrl.searchParams,
        );
      }
      const m = /^\/interaction\/([A-Za-z0-9_-]{1,64})(\/login)?\/?$/.exec(path);
      if (m) {
        const submit = m[2] === "/login";
        if (submit ? req.method !== "POST" : req.method !== "GET" && req.method !== "HEAD") {
          res.writeHead(405, { allow: submit ? "POST" : "GET" }).end();
          return;
        }
        return interaction(req, res, m[1], submit);
      }
      callback(req, res);
    };
    run().catch((err: Error) => {
      log?.error("identity provider request failed", { error: err.message });
      if (!res.headersSent) sendHtml(res, 500, errorPage({ error: "server_error" }), appOrigin);
      else res.end();
    });
  }

  return {
    handler,
    issuer,
    apiUrl: `${issuer}/api`,
    requestErasure,
    async stop() {
      store.stop();
    },
  };
}
