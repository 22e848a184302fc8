// Environment parsed once at start (STYLE.md > Server code). The configuration is checked
// as a whole: every missing, malformed or (in production) weak setting is listed at once,
// one line per problem naming the variable, and the server does not start.
import net from "node:net";
import { z } from "zod";
import { ibanChecksumValid, weakSecretReason } from "./weak-values";
export { ibanChecksumValid } from "./weak-values";

const bool = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((v) => v === "true" || v === "1" || v === "yes");
const positiveInt = z.coerce.number().int().positive();
const url = z.url({ protocol: /^https?$/ });
const origin = url.transform((u) => new URL(u).origin);

const schema = z.object({
  APP_ENV: z.enum(["development", "production"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // unset: loopback while the local demo identity provider runs, else every interface
  HOST: z.string().min(1).optional(),
  PUBLIC_URL: origin.optional(),
  ADMIN_URL: origin.optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** connections of the app's pool on a PostgreSQL server (jobs and LISTEN have their own) */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /** a database connection that does not complete within this fails (the start with a message) */
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(10),
  /** start-up statements (the reachability check, migrations) are cancelled after this */
  DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(60),
  DATA_DIR: z.string().min(1).default("./.data"),
  /** the local video stand-in cuts preview clips with it (docs/decisions/video/video-uploads-and-webhooks.md > Video uploads and webhooks) */
  FFMPEG_PATH: z.string().min(1).default("ffmpeg"),
  // which reverse proxies the app believes about the client's address (X-Forwarded-For):
  // a hop count (0 = none: the socket address is the client) or the proxies' addresses
  // (IPs, CIDRs, loopback, linklocal, uniquelocal; comma-separated); required in production
  TRUST_PROXY: z
    .string()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (parsed === null) {
        ctx.addIssue({ code: "custom", message: "must be a hop count 0-10 or comma-separated proxy addresses (IP, CIDR, loopback, linklocal, uniquelocal)" });
        return z.NEVER;
      }
      return parsed;
    })
    .optional(),
  // the older name of TRUST_PROXY as a hop count (kept as an alias)
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).optional(),
  // production refuses plain-http PUBLIC_URL, ADMIN_URL, OIDC_ISSUER, IDP_API_URL and
  // PAYMENT_GATEWAY_URL unless this is true (a private rehearsal without TLS)
  ALLOW_INSECURE_URLS: bool.default(false),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SEED_DEMO_DATA: bool.optional(),
  // identity provider
  OIDC_ISSUER: url.optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  IDP_CLAIM_PREFIX: z
    .string()
    .regex(/^[a-z][a-z0-9_]*$/)
    .default("sportup"),
  APP_ROLE_PREFIX: z
    .string()
    .regex(/^[a-z][a-z0-9_-]*$/)
    .default("academy"),
  IDP_API_URL: url.optional(),
  IDP_API_TOKEN: z.string().min(1).optional(),
  // step-up: how old (seconds) an admin's sign-in may be for refunds, grants, cancellations,
  // migrations, certificates and publishing (docs/decisions/identity/step-up-for-sensitive-admin-actions.md > Step-up for sensitive admin actions)
  STEP_UP_MAX_AGE_SEC: z.coerce
    .number()
    .int()
    .min(60)
    .max(24 * 60 * 60)
    .default(900),
  // payment gateway
  PAYMENT_GATEWAY_URL: url.optional(),
  PAYMENT_WEBHOOK_SECRET: z.string().min(16).optional(),
  // the sandbox gateway settles a refund (sends payment.refunded) this many ms after the
  // request; "manual": never by itself (tests deliver the event)
  SANDBOX_REFUND_DELAY_MS: z.union([z.literal("manual").transform(() => null), z.coerce.number().int().min(0).max(600_000)]).default(2000),
  // video provider (Mux)
  MUX_TOKEN_ID: z.string().min(1).optional(),
  MUX_TOKEN_SECRET: z.string().min(1).optional(),
  MUX_SIGNING_KEY_ID: z.string().min(1).optional(),
  MUX_SIGNING_KEY_PRIVATE: z.string().min(1).optional(),
  MUX_WEBHOOK_SECRET: z.string().min(1).optional(),
  // where the Mux client and the signed playback URLs point: Mux's own hosts by default; a
  // Mux-protocol stand-in in tests and the production rehearsal (https in production)
  MUX_API_URL: origin.default("https://api.mux.com"),
  MUX_STREAM_URL: origin.default("https://stream.mux.com"),
  MUX_IMAGE_URL: origin.default("https://image.mux.com"),
  // course files (presentation PDFs, images, attachments) served through signed URLs; not public/
  MEDIA_DIR: z.string().min(1).default("media"),
  // uploaded files (server/files): the caps of PDFs and attachments, and of images (MiB)
  FILE_MAX_DOCUMENT_MIB: z.coerce.number().int().min(1).max(1024).default(50),
  FILE_MAX_IMAGE_MIB: z.coerce.number().int().min(1).max(1024).default(10),
  // phase 2: the clientState of the meetings (recording) subscription
  MEETINGS_CLIENT_STATE: z.string().min(16, "must be at least 16 characters").optional(),
  // phase 2: the meeting provider (Microsoft Graph, app-only client credentials) whose
  // recordings are imported; unset: the local Graph stand-in outside production, the
  // automation off in production (docs/decisions/webinars/recording-automation.md)
  GRAPH_TENANT_ID: z.string().min(1).max(100).optional(),
  GRAPH_CLIENT_ID: z.string().min(1).max(100).optional(),
  GRAPH_CLIENT_SECRET: z.string().min(1).optional(),
  GRAPH_API_URL: url.transform((u) => u.replace(/\/+$/, "")).default("https://graph.microsoft.com/v1.0"),
  GRAPH_LOGIN_URL: origin.default("https://login.microsoftonline.com"),
  // mail
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default("Akadémia športového manažmentu <noreply@localhost>"),
  // who gets the admins' notices (a course or level completed); comma-separated
  ADMIN_NOTIFY_EMAIL: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.email("must be e-mail addresses separated by commas"))),
  // the supplier printed on tax invoices (server/invoices); demo values by default,
  // required in production
  INVOICE_SUPPLIER_NAME: z.string().min(1).optional(),
  INVOICE_SUPPLIER_ADDRESS: z.string().min(1).optional(),
  INVOICE_SUPPLIER_ICO: z
    .string()
    .regex(/^\d{6,8}$/, "must be 6 to 8 digits")
    .optional(),
  INVOICE_SUPPLIER_DIC: z
    .string()
    .regex(/^\d{10}$/, "must be 10 digits")
    .optional(),
  INVOICE_SUPPLIER_IC_DPH: z
    .string()
    .regex(/^[A-Z]{2}[0-9A-Z]{2,13}$/, "must be a VAT id such as SK2020123456")
    .optional(),
  INVOICE_SUPPLIER_IBAN: z
    .string()
    .regex(/^[A-Z]{2}\d{2}[0-9A-Z ]{10,36}$/, "must be an IBAN")
    .refine(ibanChecksumValid, "has wrong check digits (ISO 13616 mod 97); check for a typo")
    .optional(),
  INVOICE_SUPPLIER_BIC: z
    .string()
    .regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, "must be a BIC/SWIFT code")
    .optional(),
  INVOICE_SUPPLIER_REGISTRATION: z.string().min(1).optional(),
  // the seller's public contact address (course page, footer, terms); a demo address by
  // default, required in production (docs/decisions/catalog/what-a-buyer-must-know.md > What a buyer must know)
  SUPPORT_EMAIL: z.email("must be an e-mail address").optional(),
  // the Peppol access point that delivers e-invoices (server/einvoices access-point.ts):
  // its API base and bearer credential; unset: the local stand-in (refused in production),
  // which takes EINVOICE_AP_TOKEN as its own credential when that alone is set
  EINVOICE_AP_URL: url.optional(),
  EINVOICE_AP_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  EINVOICE_AP_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  // accreditation partner adapter (server/certificates): `manual` (phase 1: an admin
  // enters the partner's registration number) or `sandbox` (numbers assigned locally;
  // refused in production); unset: sandbox with the local identity provider, else manual
  CERTIFICATE_PARTNER: z.enum(["manual", "sandbox"]).optional(),
  // the Open Badges issuer's private key (Ed25519 or P-256) as PEM or JWK; unset: a key
  // generated into DATA_DIR (required in production); retired public keys stay published
  // from CREDENTIAL_PREVIOUS_KEYS (a JWK set or an array of JWKs)
  CREDENTIAL_SIGNING_KEY: z.string().min(1).optional(),
  CREDENTIAL_PREVIOUS_KEYS: z.string().min(1).optional(),
  // whether certificates carry the student's birth date (read from the provider's person API)
  CERTIFICATE_BIRTH_DATE: bool.default(true),
  // LinkedIn's organization ids of the accreditation partners, so "Pridať na LinkedIn" names
  // the partner (with its logo) as the certificate's issuer: comma-separated
  // `<partnerOrgId>=<LinkedIn organization id>` pairs; a partner without one is named by text
  LINKEDIN_ORGANIZATION_IDS: z
    .string()
    .transform((v, ctx) => {
      const parsed = parseLinkedInOrganizationIds(v);
      if (parsed === null) {
        ctx.addIssue({ code: "custom", message: "must be comma-separated <partnerOrgId>=<LinkedIn organization id (digits)> pairs, e.g. o-9001=1234567" });
        return z.NEVER;
      }
      return parsed;
    })
    .optional(),
  // rate limits (spec: Limits); raise them in tests that are not about limits
  RATE_LIMIT_CATALOG_PER_MIN: positiveInt.default(60),
  RATE_LIMIT_PREVIEW_PER_MIN: positiveInt.default(30),
  RATE_LIMIT_PUBLIC_PER_MIN: positiveInt.default(60),
  RATE_LIMIT_LOGIN_PER_15MIN: positiveInt.default(10),
  RATE_LIMIT_ORDERS_PER_HOUR: positiveInt.default(5),
  RATE_LIMIT_ATTEMPT_STARTS_PER_15MIN: positiveInt.default(10),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  // operability (server/http/front.ts): Prometheus metrics on their own listener, or at
  // /metrics on the main port behind a bearer token; the grace period of a SIGTERM
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().max(300).default(10),
  // on SIGTERM: how long /readyz answers 503 while the listener stays open and the app keeps
  // serving, so the load balancer takes the instance out before new connections are refused
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
  /** how long an anonymous visitor's answer made from memory is given again (0: never) */
  ANSWER_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(10),
});

export type Env = z.infer<typeof schema>;

export type Config = Omit<Env, "HOST" | "TRUST_PROXY"> & {
  /** HOST, or 127.0.0.1 with the local demo identity provider, else 0.0.0.0 */
  HOST: string;
  production: boolean;
  publicUrl: string;
  adminUrl: string;
  allowedOrigins: string[];
  /** true when no external issuer is configured: the local demo provider runs in-process */
  localIdp: boolean;
  embeddedDatabase: boolean;
  /** the invoice supplier: INVOICE_SUPPLIER_* or the demo defaults */
  invoiceSupplier: InvoiceSupplier;
  /** SUPPORT_EMAIL or the demo supplier's address: the seller's public contact */
  supportEmail: string;
  /** CERTIFICATE_PARTNER, or its default (sandbox only with the local identity provider) */
  certificatePartner: "manual" | "sandbox";
  /** Express's "trust proxy": TRUST_PROXY (or TRUST_PROXY_HOPS) as hops or proxy addresses; 0 outside production when unset */
  trustProxy: TrustProxy;
};

/** "o-9001=1234567, o-42=89" → {"o-9001": "1234567", "o-42": "89"}; a malformed list → null. */
export function parseLinkedInOrganizationIds(value: string): Record<string, string> | null {
  const out = new Map<string, string>();
  const pairs = value
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (!pairs.length) return null;
  for (const pair of pairs) {
    const m = /^([^=\s]+)\s*=\s*(\d{1,20})$/.exec(pair);
    if (!m || out.has(m[1]!)) return null;
    out.set(m[1]!, m[2]!);
  }
  return Object.fromEntries(out);
}

/** A hop count, or the addresses (IP, CIDR, loopback/linklocal/uniquelocal) of trusted proxies. */
export type TrustProxy = number | string[];

const namedSubnets = new Set(["loopback", "linklocal", "uniquelocal"]);

/** "2" → 2; "10.0.0.1, 10.0.1.0/24, loopback" → the list; anything else → null. */
export function parseTrustProxy(value: string): TrustProxy | null {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    return hops <= 10 ? hops : null;
  }
  const parts = trimmed
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.length) return null;
  for (const part of parts) {
    if (namedSubnets.has(part)) continue;
    const [address, prefix, extra] = part.split("/");
    const family = net.isIP(address ?? "");
    if (!family || extra !== undefined) return null;
    if (prefix !== undefined && !(/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128))) return null;
  }
  return parts;
}

/** The seller on every tax invoice (server/invoices). */
export type InvoiceSupplier = {
  name: string;
  /** one line per comma-separated part when printed */
  address: string;
  ico: string;
  dic: string;
  icDph: string;
  iban: string;
  bic?: string;
  /** commercial register entry ("Zapísaná v Obchodnom registri …") */
  registration?: string;
};

/** Fictitious demo supplier (valid formats, IBAN checksum included) for the embedded setup. */
export const DEMO_INVOICE_SUPPLIER: InvoiceSupplier = {
  name: "Akadémia športového manažmentu, s. r. o.",
  address: "Športová 12, 831 04 Bratislava, Slovensko",
  ico: "12345678",
  dic: "2021234567",
  icDph: "SK2021234567",
  iban: "SK31 1200 0000 1987 4263 7541",
  bic: "SUBASKBX",
  registration: "Zapísaná v Obchodnom registri Mestského súdu Bratislava III, oddiel Sro, vložka č. 000000/B (demo)",
};

/** The demo supplier's public contact (SUPPORT_EMAIL's default outside production). */
export const DEMO_SUPPORT_EMAIL = "kontakt@akademia-sportu.example";

/** One thing wrong with the configuration, naming its variable. */
export type ConfigProblem = { variable: string; kind: "missing" | "invalid"; message: string };

function problemLine(p: ConfigProblem): string {
  return `${p.kind === "missing" ? "Missing" : "Invalid"} configuration: ${p.variable} ${p.message}`;
}

/**
 * The configuration cannot run. The message lists every problem, one line each (a single
 * problem is a single line); `problems` has them as data.
 */
export class ConfigError extends Error {
  readonly problems: ConfigProblem[];
  constructor(messageOrProblems: string | ConfigProblem[]) {
    const problems = typeof messageOrProblems === "string" ? [] : messageOrProblems;
    super(
      typeof messageOrProblems === "string"
        ? messageOrProblems
        : problems.length === 1
          ? problemLine(problems[0]!)
          : [`${problems.length} configuration problems; the server does not start:`, ...problems.map((p) => `  ${problemLine(p)}`)].join("\n"),
    );
    this.problems = problems;
  }
}

// Each embedded stand-in and the variable(s) that replace it in production.
const productionRequirements: [keyof Env, string][] = [
  ["DATABASE_URL", "the embedded PGlite database is not allowed in production"],
  ["PUBLIC_URL", "the student origin must be set in production"],
  ["SESSION_SECRET", "a generated development secret is not allowed in production"],
  ["OIDC_ISSUER", "the local demo identity provider is not allowed in production"],
  ["OIDC_CLIENT_ID", "required with OIDC_ISSUER"],
  ["OIDC_CLIENT_SECRET", "required with OIDC_ISSUER"],
  ["IDP_API_URL", "the identity provider's REST API refreshes the user and organization caches"],
  ["IDP_API_TOKEN", "required with IDP_API_URL"],
  ["PAYMENT_GATEWAY_URL", "the sandbox payment gateway is not allowed in production"],
  ["PAYMENT_WEBHOOK_SECRET", "required with PAYMENT_GATEWAY_URL"],
  ["SMTP_URL", "the local mail outbox is not allowed in production"],
  ["CREDENTIAL_SIGNING_KEY", "Open Badges credentials are signed with the issuer's own key, not one generated into DATA_DIR"],
  ["INVOICE_SUPPLIER_NAME", "tax invoices must name the real supplier, not the demo one"],
  ["INVOICE_SUPPLIER_ADDRESS", "tax invoices carry the supplier's address"],
  ["INVOICE_SUPPLIER_ICO", "tax invoices carry the supplier's IČO"],
  ["INVOICE_SUPPLIER_DIC", "tax invoices carry the supplier's DIČ"],
  ["INVOICE_SUPPLIER_IC_DPH", "tax invoices carry the supplier's IČ DPH"],
  ["INVOICE_SUPPLIER_IBAN", "tax invoices carry the supplier's bank account"],
  ["SUPPORT_EMAIL", "distance selling requires the seller's contact before the order (course page, footer, terms)"],
  ["EINVOICE_AP_URL", "e-invoices of company orders are delivered through an accredited Peppol access point; the local stand-in is not allowed in production"],
  ["EINVOICE_AP_TOKEN", "required with EINVOICE_AP_URL (the access point's credential)"],
];

/** Variables holding secrets: production refuses short, low-entropy and published values. */
export const SECRET_VARIABLES = [
  "SESSION_SECRET",
  "EINVOICE_AP_TOKEN",
  "OIDC_CLIENT_SECRET",
  "IDP_API_TOKEN",
  "PAYMENT_WEBHOOK_SECRET",
  "MUX_TOKEN_SECRET",
  "MUX_WEBHOOK_SECRET",
  "METRICS_TOKEN",
  "MEETINGS_CLIENT_STATE",
  "GRAPH_CLIENT_SECRET",
] as const satisfies readonly (keyof Env)[];

/** URLs that carry sessions, tokens or payments: https in production (ALLOW_INSECURE_URLS aside). */
const SECURE_URL_VARIABLES = [
  "PUBLIC_URL",
  "ADMIN_URL",
  "OIDC_ISSUER",
  "IDP_API_URL",
  "PAYMENT_GATEWAY_URL",
  "EINVOICE_AP_URL",
  "MUX_API_URL",
  "MUX_STREAM_URL",
  "MUX_IMAGE_URL",
  "GRAPH_API_URL",
  "GRAPH_LOGIN_URL",
] as const;

/** Every variable the configuration reads (the Dockerfile and docs/configuration.md list them; a test compares). */
export const CONFIG_VARIABLES = Object.keys(schema.shape) as (keyof Env)[];

/** Variables production cannot start without (TRUST_PROXY_HOPS may stand for TRUST_PROXY). */
export const PRODUCTION_REQUIRED: string[] = [...productionRequirements.map(([name]) => name), "TRUST_PROXY"];

const MUX_VARIABLES = ["MUX_TOKEN_ID", "MUX_TOKEN_SECRET", "MUX_SIGNING_KEY_ID", "MUX_SIGNING_KEY_PRIVATE", "MUX_WEBHOOK_SECRET"] as const;

/**
 * Every problem of the environment at once: malformed values, what production requires,
 * what goes together, and the weak or example values production refuses.
 */
export function configProblems(source: Record<string, string | undefined>): { problems: ConfigProblem[]; env: Env | null } {
  // empty strings count as unset, as most deploy tools write them for blank fields
  const input = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== "")) as Record<string, string>;
  const problems: ConfigProblem[] = [];
  const named = new Set<string>();
  const add = (variable: string, kind: ConfigProblem["kind"], message: string) => {
    // one line per variable and kind: a missing variable is not also "required with …"
    const key = `${kind}:${variable}`;
    if (kind === "missing" && named.has(key)) return;
    named.add(key);
    problems.push({ variable, kind, message });
  };
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(String(issue.path[0]), "invalid", issue.message);
  }
  const has = (name: string) => input[name] !== undefined;
  const production = input.APP_ENV === "production";
  if (production) {
    for (const [name, why] of productionRequirements) {
      if (!has(name)) add(name, "missing", `(${why}; APP_ENV=production)`);
    }
    if (!has("TRUST_PROXY") && !has("TRUST_PROXY_HOPS")) {
      add(
        "TRUST_PROXY",
        "missing",
        "(say which proxies may name the client's address: the number of proxy hops in front of the app, 0 when clients connect directly, or the proxies' addresses; APP_ENV=production)",
      );
    }
  }
  if (has("TRUST_PROXY") && has("TRUST_PROXY_HOPS") && input.TRUST_PROXY!.trim() !== input.TRUST_PROXY_HOPS!.trim()) {
    add("TRUST_PROXY_HOPS", "invalid", "contradicts TRUST_PROXY (TRUST_PROXY_HOPS is its older name; set only TRUST_PROXY)");
  }
  if (has("OIDC_ISSUER")) {
    for (const name of ["OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "IDP_API_URL", "IDP_API_TOKEN"]) {
      if (!has(name)) add(name, "missing", "(required with OIDC_ISSUER)");
    }
  }
  if (has("PAYMENT_GATEWAY_URL") && !has("PAYMENT_WEBHOOK_SECRET")) add("PAYMENT_WEBHOOK_SECRET", "missing", "(required with PAYMENT_GATEWAY_URL)");
  if (MUX_VARIABLES.some(has)) {
    for (const name of MUX_VARIABLES) {
      if (!has(name)) add(name, "missing", `(Mux needs all of ${MUX_VARIABLES.join(", ")})`);
    }
  }
  if (production) {
    if (input.CERTIFICATE_PARTNER === "sandbox") {
      add("CERTIFICATE_PARTNER", "invalid", "sandbox assigns its own registration numbers and is not allowed in production (use manual)");
    }
    if (parsed.success && parsed.data.SEED_DEMO_DATA === true) {
      add("SEED_DEMO_DATA", "invalid", "demo data is never seeded in production (APP_ENV=production)");
    }
    for (const name of SECRET_VARIABLES) {
      const value = input[name];
      const reason = value === undefined ? null : weakSecretReason(value);
      if (reason) add(name, "invalid", reason);
    }
    const demo: [string, string][] = [
      ["INVOICE_SUPPLIER_NAME", DEMO_INVOICE_SUPPLIER.name],
      ["INVOICE_SUPPLIER_ADDRESS", DEMO_INVOICE_SUPPLIER.address],
      ["INVOICE_SUPPLIER_ICO", DEMO_INVOICE_SUPPLIER.ico],
      ["INVOICE_SUPPLIER_DIC", DEMO_INVOICE_SUPPLIER.dic],
      ["INVOICE_SUPPLIER_IC_DPH", DEMO_INVOICE_SUPPLIER.icDph],
      ["INVOICE_SUPPLIER_IBAN", DEMO_INVOICE_SUPPLIER.iban],
      ["INVOICE_SUPPLIER_BIC", DEMO_INVOICE_SUPPLIER.bic!],
      ["INVOICE_SUPPLIER_REGISTRATION", DEMO_INVOICE_SUPPLIER.registration!],
      ["SUPPORT_EMAIL", DEMO_SUPPORT_EMAIL],
    ];
    const canonical = (v: string) => v.replace(/\s+/g, "").toLowerCase();
    for (const [name, demoValue] of demo) {
      if (has(name) && canonical(input[name]!) === canonical(demoValue)) {
        add(name, "invalid", "is the fictitious demo supplier of the embedded default; tax invoices must name the real one");
      }
    }
    const insecureAllowed = ["true", "1", "yes"].includes(input.ALLOW_INSECURE_URLS ?? "");
    if (!insecureAllowed) {
      for (const name of SECURE_URL_VARIABLES) {
        if (has(name) && /^http:/i.test(input[name]!)) {
          add(name, "invalid", "must be https in production (plain http exposes sessions and tokens; ALLOW_INSECURE_URLS=true only for a private rehearsal)");
        }
      }
    }
    // e-invoices (docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md > E-invoices): the parts the UBL carries must be right
    if (has("INVOICE_SUPPLIER_IC_DPH") && input.INVOICE_SUPPLIER_IC_DPH!.startsWith("SK") && !/^SK\d{10}$/.test(input.INVOICE_SUPPLIER_IC_DPH!)) {
      add("INVOICE_SUPPLIER_IC_DPH", "invalid", "must be SK followed by ten digits (SK-R-003)");
    }
    if (has("INVOICE_SUPPLIER_ADDRESS")) {
      const parts = input.INVOICE_SUPPLIER_ADDRESS!.split(/\s*,\s*/);
      const postal = parts.findIndex((p) => /^\d{3}\s?\d{2}\s+\S/.test(p));
      if (postal < 1) {
        add(
          "INVOICE_SUPPLIER_ADDRESS",
          "invalid",
          'must read "street, postal code city[, country]" (e.g. "Športová 12, 831 04 Bratislava"); e-invoices carry the parts (SK-R-008)',
        );
      }
    }
  }
  if (has("EINVOICE_AP_URL") && !has("EINVOICE_AP_TOKEN"))
    add("EINVOICE_AP_TOKEN", "missing", "(required with EINVOICE_AP_URL: the access point's credential)");
  // the recording automation: the three Graph credentials and the clientState together, or none
  const graph = ["GRAPH_TENANT_ID", "GRAPH_CLIENT_ID", "GRAPH_CLIENT_SECRET"] as const;
  if (graph.some(has)) {
    for (const name of graph)
      if (!has(name))
        add(name, "missing", "(GRAPH_TENANT_ID, GRAPH_CLIENT_ID and GRAPH_CLIENT_SECRET go together: the recording automation's app credentials)");
    if (!has("MEETINGS_CLIENT_STATE"))
      add("MEETINGS_CLIENT_STATE", "missing", "(required with GRAPH_TENANT_ID: the secret the meeting provider's notifications carry)");
  }
  return { problems, env: parsed.success ? parsed.data : null };
}

/** What `npm run migrate` needs: the database settings only (no secrets). */
export type DatabaseConfig = Pick<Env, "DATABASE_URL" | "DATA_DIR" | "DATABASE_CONNECT_TIMEOUT_SECONDS" | "DATABASE_STATEMENT_TIMEOUT_SECONDS">;

export function loadDatabaseConfig(source: Record<string, string | undefined> = process.env): DatabaseConfig {
  const input = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const picked = schema.pick({ DATABASE_URL: true, DATA_DIR: true, DATABASE_CONNECT_TIMEOUT_SECONDS: true, DATABASE_STATEMENT_TIMEOUT_SECONDS: true });
  const parsed = picked.safeParse(input);
  const problems: ConfigProblem[] = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ variable: String(i.path[0]), kind: "invalid", message: i.message }));
  if (input.APP_ENV === "production" && !input.DATABASE_URL) {
    problems.push({ variable: "DATABASE_URL", kind: "missing", message: "(the embedded PGlite database is not allowed in production; APP_ENV=production)" });
  }
  if (problems.length || !parsed.success) throw new ConfigError(problems);
  return parsed.data;
}

/** Parses the environment; throws ConfigError listing every problem, one line each naming its variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const { problems, env } = configProblems(source);
  if (problems.length || !env) throw new ConfigError(problems);
  const production = env.APP_ENV === "production";
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const adminUrl = env.ADMIN_URL ?? publicUrl;
  const { TRUST_PROXY, ...rest } = env;
  return {
    ...rest,
    HOST: env.HOST ?? (env.OIDC_ISSUER ? "0.0.0.0" : "127.0.0.1"),
    production,
    publicUrl,
    adminUrl,
    allowedOrigins: [...new Set([publicUrl, adminUrl])],
    localIdp: !env.OIDC_ISSUER,
    embeddedDatabase: !env.DATABASE_URL,
    certificatePartner: env.CERTIFICATE_PARTNER ?? (!production && !env.OIDC_ISSUER ? "sandbox" : "manual"),
    trustProxy: TRUST_PROXY ?? env.TRUST_PROXY_HOPS ?? 0,
    supportEmail: env.SUPPORT_EMAIL ?? DEMO_SUPPORT_EMAIL,
    invoiceSupplier: {
      name: env.INVOICE_SUPPLIER_NAME ?? DEMO_INVOICE_SUPPLIER.name,
      address: env.INVOICE_SUPPLIER_ADDRESS ?? DEMO_INVOICE_SUPPLIER.address,
      ico: env.INVOICE_SUPPLIER_ICO ?? DEMO_INVOICE_SUPPLIER.ico,
      dic: env.INVOICE_SUPPLIER_DIC ?? DEMO_INVOICE_SUPPLIER.dic,
      icDph: env.INVOICE_SUPPLIER_IC_DPH ?? DEMO_INVOICE_SUPPLIER.icDph,
      iban: env.INVOICE_SUPPLIER_IBAN ?? DEMO_INVOICE_SUPPLIER.iban,
      // the demo BIC and register entry belong to the demo supplier only
      bic: env.INVOICE_SUPPLIER_BIC ?? (env.INVOICE_SUPPLIER_IBAN ? undefined : DEMO_INVOICE_SUPPLIER.bic),
      registration: env.INVOICE_SUPPLIER_REGISTRATION ?? (env.INVOICE_SUPPLIER_NAME ? undefined : DEMO_INVOICE_SUPPLIER.registration),
    },
  };
}
