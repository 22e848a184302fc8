// Environment parsed once at start (STYLE.md > Server code). A missing or malformed
// setting stops the server with one line naming the variable.
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");
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
  DATA_DIR: z.string().min(1).default("./.data"),
  /** the local video stand-in cuts preview clips with it (docs/decisions.md > Video uploads and webhooks) */
  FFMPEG_PATH: z.string().min(1).default("ffmpeg"),
  // number of trusted reverse-proxy hops in front of the app; 0 = use the socket address
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SEED_DEMO_DATA: bool.optional(),
  // identity provider
  OIDC_ISSUER: url.optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  IDP_CLAIM_PREFIX: z.string().regex(/^[a-z][a-z0-9_]*$/).default("sportup"),
  APP_ROLE_PREFIX: z.string().regex(/^[a-z][a-z0-9_-]*$/).default("academy"),
  IDP_API_URL: url.optional(),
  IDP_API_TOKEN: z.string().min(1).optional(),
  // step-up: how old (seconds) an admin's sign-in may be for refunds, grants, cancellations,
  // migrations, certificates and publishing (docs/decisions.md > Step-up for sensitive admin actions)
  STEP_UP_MAX_AGE_SEC: z.coerce.number().int().min(60).max(24 * 60 * 60).default(900),
  // payment gateway
  PAYMENT_GATEWAY_URL: url.optional(),
  PAYMENT_WEBHOOK_SECRET: z.string().min(16).optional(),
  // the sandbox gateway settles a refund (sends payment.refunded) this many ms after the
  // request; "manual": never by itself (tests deliver the event)
  SANDBOX_REFUND_DELAY_MS: z
    .union([z.literal("manual").transform(() => null), z.coerce.number().int().min(0).max(600_000)])
    .default(2000),
  // video provider (Mux)
  MUX_TOKEN_ID: z.string().min(1).optional(),
  MUX_TOKEN_SECRET: z.string().min(1).optional(),
  MUX_SIGNING_KEY_ID: z.string().min(1).optional(),
  MUX_SIGNING_KEY_PRIVATE: z.string().min(1).optional(),
  MUX_WEBHOOK_SECRET: z.string().min(1).optional(),
  // course files (presentation PDFs, images, attachments) served through signed URLs; not public/
  MEDIA_DIR: z.string().min(1).default("media"),
  // phase 2: the clientState of the meetings (recording) subscription
  MEETINGS_CLIENT_STATE: z.string().min(16, "must be at least 16 characters").optional(),
  // mail
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default("Akadémia športového manažmentu <noreply@localhost>"),
  // who gets the admins' notices (a course or level completed); comma-separated
  ADMIN_NOTIFY_EMAIL: z
    .string()
    .optional()
    .transform((v) => (v ?? "").split(",").map((a) => a.trim()).filter(Boolean))
    .pipe(z.array(z.email("must be e-mail addresses separated by commas"))),
  // the supplier printed on tax invoices (server/invoices); demo values by default,
  // required in production
  INVOICE_SUPPLIER_NAME: z.string().min(1).optional(),
  INVOICE_SUPPLIER_ADDRESS: z.string().min(1).optional(),
  INVOICE_SUPPLIER_ICO: z.string().regex(/^\d{6,8}$/, "must be 6 to 8 digits").optional(),
  INVOICE_SUPPLIER_DIC: z.string().regex(/^\d{10}$/, "must be 10 digits").optional(),
  INVOICE_SUPPLIER_IC_DPH: z.string().regex(/^[A-Z]{2}[0-9A-Z]{2,13}$/, "must be a VAT id such as SK2020123456").optional(),
  INVOICE_SUPPLIER_IBAN: z.string().regex(/^[A-Z]{2}\d{2}[0-9A-Z ]{10,36}$/, "must be an IBAN").optional(),
  INVOICE_SUPPLIER_BIC: z.string().regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, "must be a BIC/SWIFT code").optional(),
  INVOICE_SUPPLIER_REGISTRATION: z.string().min(1).optional(),
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
  /** how long an anonymous visitor's answer made from memory is given again (0: never) */
  ANSWER_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(10),
});

export type Env = z.infer<typeof schema>;

export type Config = Omit<Env, "HOST"> & {
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
  /** CERTIFICATE_PARTNER, or its default (sandbox only with the local identity provider) */
  certificatePartner: "manual" | "sandbox";
};

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

export class ConfigError extends Error {}

/** ISO 13616 check digits of an IBAN (mod 97 = 1); spaces allowed. */
export function ibanChecksumValid(iban: string): boolean {
  const compact = iban.replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact)) return false;
  let remainder = 0;
  for (const ch of compact.slice(4) + compact.slice(0, 4)) {
    const digits = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
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
  ["MUX_TOKEN_ID", "local video files are not allowed in production"],
  ["MUX_TOKEN_SECRET", "required for Mux"],
  ["MUX_SIGNING_KEY_ID", "required for signed Mux playback"],
  ["MUX_SIGNING_KEY_PRIVATE", "required for signed Mux playback"],
  ["MUX_WEBHOOK_SECRET", "required for Mux webhooks"],
  ["SMTP_URL", "the local mail outbox is not allowed in production"],
  ["CREDENTIAL_SIGNING_KEY", "Open Badges credentials are signed with the issuer's own key, not one generated into DATA_DIR"],
  ["INVOICE_SUPPLIER_NAME", "tax invoices must name the real supplier, not the demo one"],
  ["INVOICE_SUPPLIER_ADDRESS", "tax invoices carry the supplier's address"],
  ["INVOICE_SUPPLIER_ICO", "tax invoices carry the supplier's IČO"],
  ["INVOICE_SUPPLIER_DIC", "tax invoices carry the supplier's DIČ"],
  ["INVOICE_SUPPLIER_IC_DPH", "tax invoices carry the supplier's IČ DPH"],
  ["INVOICE_SUPPLIER_IBAN", "tax invoices carry the supplier's bank account"],
  ["EINVOICE_AP_URL", "e-invoices of company orders are delivered through an accredited Peppol access point; the local stand-in is not allowed in production"],
  ["EINVOICE_AP_TOKEN", "required with EINVOICE_AP_URL (the access point's credential)"],
];

/** Parses the environment; throws ConfigError with a one-line message naming the variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // empty strings count as unset, as most deploy tools write them for blank fields
  const input = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const env = parsed.data;
  const production = env.APP_ENV === "production";
  if (production) {
    for (const [name, why] of productionRequirements) {
      if (env[name] === undefined) throw new ConfigError(`Missing configuration: ${name} (${why}; APP_ENV=production)`);
    }
  }
  if (env.OIDC_ISSUER && (!env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET)) {
    throw new ConfigError("Missing configuration: OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required with OIDC_ISSUER");
  }
  if (env.OIDC_ISSUER && (!env.IDP_API_URL || !env.IDP_API_TOKEN)) {
    throw new ConfigError("Missing configuration: IDP_API_URL and IDP_API_TOKEN are required with OIDC_ISSUER");
  }
  const muxParts = ["MUX_TOKEN_ID", "MUX_TOKEN_SECRET", "MUX_SIGNING_KEY_ID", "MUX_SIGNING_KEY_PRIVATE", "MUX_WEBHOOK_SECRET"] as const;
  if (muxParts.some((name) => env[name] !== undefined)) {
    const missing = muxParts.filter((name) => env[name] === undefined);
    if (missing.length) throw new ConfigError(`Missing configuration: ${missing.join(", ")} (Mux needs all of ${muxParts.join(", ")})`);
  }
  if (env.EINVOICE_AP_URL && !env.EINVOICE_AP_TOKEN) {
    throw new ConfigError("Missing configuration: EINVOICE_AP_TOKEN is required with EINVOICE_AP_URL (the access point's credential)");
  }
  if (production && env.INVOICE_SUPPLIER_IBAN && !ibanChecksumValid(env.INVOICE_SUPPLIER_IBAN)) {
    throw new ConfigError("Invalid configuration: INVOICE_SUPPLIER_IBAN has wrong check digits (ISO 13616); e-invoices would be refused (SK-R-005)");
  }
  if (production && env.INVOICE_SUPPLIER_IC_DPH && env.INVOICE_SUPPLIER_IC_DPH.startsWith("SK") && !/^SK\d{10}$/.test(env.INVOICE_SUPPLIER_IC_DPH)) {
    throw new ConfigError("Invalid configuration: INVOICE_SUPPLIER_IC_DPH must be SK followed by ten digits (SK-R-003)");
  }
  if (production && env.INVOICE_SUPPLIER_ADDRESS) {
    const parts = env.INVOICE_SUPPLIER_ADDRESS.split(/\s*,\s*/);
    const postal = parts.findIndex((p) => /^\d{3}\s?\d{2}\s+\S/.test(p));
    if (postal < 1) {
      throw new ConfigError(
        'Invalid configuration: INVOICE_SUPPLIER_ADDRESS must read "street, postal code city[, country]" (e.g. "Športová 12, 831 04 Bratislava"); e-invoices carry the parts (SK-R-008)',
      );
    }
  }
  if (production && env.CERTIFICATE_PARTNER === "sandbox") {
    throw new ConfigError("Invalid configuration: CERTIFICATE_PARTNER sandbox assigns its own registration numbers and is not allowed in production (use manual)");
  }
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const adminUrl = env.ADMIN_URL ?? publicUrl;
  return {
    ...env,
    HOST: env.HOST ?? (env.OIDC_ISSUER ? "0.0.0.0" : "127.0.0.1"),
    production,
    publicUrl,
    adminUrl,
    allowedOrigins: [...new Set([publicUrl, adminUrl])],
    localIdp: !env.OIDC_ISSUER,
    embeddedDatabase: !env.DATABASE_URL,
    certificatePartner: env.CERTIFICATE_PARTNER ?? (!production && !env.OIDC_ISSUER ? "sandbox" : "manual"),
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
