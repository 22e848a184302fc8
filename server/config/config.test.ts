import { describe, expect, it } from "vitest";
import { ConfigError, DEMO_INVOICE_SUPPLIER, loadConfig, PRODUCTION_REQUIRED } from "./index";
import { ibanChecksumValid } from "./weak-values";
import { productionEnv } from "../../tests/support/production-env";

describe("loadConfig", () => {
  it("runs on the embedded default with no variables at all", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.embeddedDatabase).toBe(true);
    expect(config.localIdp).toBe(true);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.allowedOrigins).toEqual(["http://localhost:3000"]);
  });

  it("names the malformed variable", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow(/^Invalid configuration: PORT /);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ RATE_LIMIT_CATALOG_PER_MIN: "0" })).toThrow(/RATE_LIMIT_CATALOG_PER_MIN/);
  });

  it("in production refuses every embedded stand-in", () => {
    expect(() => loadConfig({ APP_ENV: "production" })).toThrow(ConfigError);
    expect(() => loadConfig({ APP_ENV: "production" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ APP_ENV: "production", DATABASE_URL: "postgres://db/x", PUBLIC_URL: "https://a.sk", SESSION_SECRET: "x".repeat(32) })).toThrow(
      /OIDC_ISSUER/,
    );
  });

  it("requires client credentials with an external issuer", () => {
    expect(() => loadConfig({ OIDC_ISSUER: "https://idp.example" })).toThrow(/OIDC_CLIENT_ID/);
  });

  it("takes Mux only with all five MUX_* variables, naming the missing ones", () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems.map((p) => p.variable);
      }
    };
    expect(problems({ MUX_TOKEN_ID: "id" })).toEqual(["MUX_TOKEN_SECRET", "MUX_SIGNING_KEY_ID", "MUX_SIGNING_KEY_PRIVATE", "MUX_WEBHOOK_SECRET"]);
    expect(() => loadConfig({ MUX_WEBHOOK_SECRET: "s" })).toThrow(/^4 configuration problems.*\n {2}Missing configuration: MUX_TOKEN_ID \(Mux needs all of/);
    const all = { MUX_TOKEN_ID: "id", MUX_TOKEN_SECRET: "secret", MUX_SIGNING_KEY_ID: "key", MUX_SIGNING_KEY_PRIVATE: "pem", MUX_WEBHOOK_SECRET: "whsec" };
    expect(loadConfig(all).MUX_TOKEN_ID).toBe("id");
    expect(loadConfig({}).MEDIA_DIR).toBe("media");
    expect(() => loadConfig({ MEETINGS_CLIENT_STATE: "short" })).toThrow(/MEETINGS_CLIENT_STATE/);
  });

  it("reduces PUBLIC_URL and ADMIN_URL to origins", () => {
    const c = loadConfig({ PUBLIC_URL: "https://kurzy.example.sk/", ADMIN_URL: "https://admin.example.sk/x" });
    expect(c.allowedOrigins).toEqual(["https://kurzy.example.sk", "https://admin.example.sk"]);
  });

  it("chooses the certificate partner: sandbox only with the local provider, never in production", () => {
    expect(loadConfig({}).certificatePartner).toBe("sandbox");
    expect(loadConfig({}).CERTIFICATE_BIRTH_DATE).toBe(true);
    const external = {
      OIDC_ISSUER: "https://idp.example",
      OIDC_CLIENT_ID: "c",
      OIDC_CLIENT_SECRET: "s",
      IDP_API_URL: "https://idp.example/api",
      IDP_API_TOKEN: "t",
    };
    expect(loadConfig(external).certificatePartner).toBe("manual");
    const production = productionEnv();
    expect(loadConfig({ CERTIFICATE_PARTNER: "manual" }).certificatePartner).toBe("manual");
    expect(loadConfig({ ...external, CERTIFICATE_PARTNER: "sandbox" }).certificatePartner).toBe("sandbox");
    expect(loadConfig({ CERTIFICATE_BIRTH_DATE: "false" }).CERTIFICATE_BIRTH_DATE).toBe(false);
    expect(() => loadConfig({ CERTIFICATE_PARTNER: "api" })).toThrow(/^Invalid configuration: CERTIFICATE_PARTNER /);
    // LinkedIn organization ids of the partners: <partnerOrgId>=<digits> pairs, all checked
    expect(loadConfig({}).LINKEDIN_ORGANIZATION_IDS).toBeUndefined();
    expect(loadConfig({ LINKEDIN_ORGANIZATION_IDS: "o-9001=1234567, org-2 = 89" }).LINKEDIN_ORGANIZATION_IDS).toEqual({ "o-9001": "1234567", "org-2": "89" });
    for (const bad of ["o-9001", "o-9001=abc", "=123", "o-9001=1,o-9001=2", ","]) {
      expect(() => loadConfig({ LINKEDIN_ORGANIZATION_IDS: bad }), bad).toThrow(/^Invalid configuration: LINKEDIN_ORGANIZATION_IDS must be comma-separated/);
    }
    expect(loadConfig(production).certificatePartner).toBe("manual");
    // the Open Badges issuer key: generated into DATA_DIR only outside production
    expect(loadConfig({}).CREDENTIAL_SIGNING_KEY).toBeUndefined();
    const { CREDENTIAL_SIGNING_KEY: _key, ...withoutKey } = production;
    expect(() => loadConfig(withoutKey)).toThrow(/^Missing configuration: CREDENTIAL_SIGNING_KEY \(Open Badges/);
    expect(() => loadConfig({ ...production, CERTIFICATE_PARTNER: "sandbox" })).toThrow(/CERTIFICATE_PARTNER sandbox .* not allowed in production/);
  });

  it("requires the e-invoice settings in production, each with its own message", () => {
    const production = productionEnv();
    expect(loadConfig(production).EINVOICE_AP_URL).toBe("https://ap.example/api");
    const without = (name: string) => Object.fromEntries(Object.entries(production).filter(([k]) => k !== name));
    expect(() => loadConfig(without("INVOICE_SUPPLIER_DIC"))).toThrow(/^Missing configuration: INVOICE_SUPPLIER_DIC \(tax invoices carry the supplier's DIČ/);
    expect(() => loadConfig(without("INVOICE_SUPPLIER_IC_DPH"))).toThrow(/^Missing configuration: INVOICE_SUPPLIER_IC_DPH /);
    expect(() => loadConfig(without("INVOICE_SUPPLIER_IBAN"))).toThrow(/^Missing configuration: INVOICE_SUPPLIER_IBAN /);
    expect(() => loadConfig(without("EINVOICE_AP_URL"))).toThrow(/^Missing configuration: EINVOICE_AP_URL \(e-invoices .* Peppol access point/);
    expect(() => loadConfig(without("EINVOICE_AP_TOKEN"))).toThrow(/^Missing configuration: EINVOICE_AP_TOKEN /);
    expect(() => loadConfig({ ...production, INVOICE_SUPPLIER_IBAN: "SK3112000000198742637542" })).toThrow(/INVOICE_SUPPLIER_IBAN/);
    expect(() => loadConfig({ ...production, INVOICE_SUPPLIER_IC_DPH: "SK20212345" })).toThrow(/INVOICE_SUPPLIER_IC_DPH must be SK followed by ten digits/);
    expect(() => loadConfig({ ...production, INVOICE_SUPPLIER_ADDRESS: "Športová 12 Bratislava" })).toThrow(
      /INVOICE_SUPPLIER_ADDRESS must read "street, postal code city/,
    );
    // outside production the stand-in delivers; a URL needs its credential anywhere
    expect(loadConfig({}).EINVOICE_AP_URL).toBeUndefined();
    expect(() => loadConfig({ EINVOICE_AP_URL: "https://ap.example" })).toThrow(/EINVOICE_AP_TOKEN/);
  });

  it("accepts a complete production configuration", () => {
    const config = loadConfig(productionEnv());
    expect(config.production).toBe(true);
    expect(config.trustProxy).toBe(1);
  });
});

/** The variables a configuration's ConfigError names, in order. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems.map((p) => `${p.kind} ${p.variable}`);
  }
  return [];
}

describe("every problem in one start", () => {
  it("lists every variable production misses at once, one line each", () => {
    let message = "";
    try {
      loadConfig({ APP_ENV: "production" });
    } catch (error) {
      message = (error as Error).message;
    }
    const lines = message.split("\n");
    expect(lines[0]).toBe(`${PRODUCTION_REQUIRED.length} configuration problems; the server does not start:`);
    expect(lines.slice(1)).toHaveLength(PRODUCTION_REQUIRED.length);
    for (const name of PRODUCTION_REQUIRED) expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^  Missing configuration: ${name} \\(`)));
    // the video provider is optional (Mux or none: video blocks then do not publish)
    expect(PRODUCTION_REQUIRED.length).toBeGreaterThanOrEqual(22);
    expect(PRODUCTION_REQUIRED.filter((name) => name.startsWith("MUX_"))).toEqual([]);
  });

  it("the Mux hosts default to Mux's own, take a stand-in's address, and must be https in production", () => {
    const config = loadConfig({});
    expect([config.MUX_API_URL, config.MUX_STREAM_URL, config.MUX_IMAGE_URL]).toEqual([
      "https://api.mux.com",
      "https://stream.mux.com",
      "https://image.mux.com",
    ]);
    expect(loadConfig({ MUX_API_URL: "http://127.0.0.1:4010/" }).MUX_API_URL).toBe("http://127.0.0.1:4010");
    expect(problemsOf({ MUX_STREAM_URL: "ftp://x" })).toEqual(["invalid MUX_STREAM_URL"]);
    const insecure = { MUX_API_URL: "http://127.0.0.1:4010", MUX_STREAM_URL: "http://127.0.0.1:4010", MUX_IMAGE_URL: "https://image.mux.com" };
    expect(problemsOf(productionEnv(insecure))).toEqual(["invalid MUX_API_URL", "invalid MUX_STREAM_URL"]);
    expect(problemsOf(productionEnv({ ...insecure, ALLOW_INSECURE_URLS: "true" }))).toEqual([]);
  });

  it("production starts without a video provider (no MUX_*)", () => {
    const env = productionEnv();
    for (const name of Object.keys(env)) if (name.startsWith("MUX_")) delete env[name];
    expect(problemsOf(env)).toEqual([]);
  });

  it("lists malformed and missing variables together", () => {
    expect(problemsOf({ APP_ENV: "production", PORT: "abc", ...productionEnv({ PORT: "abc", RATE_LIMIT_CATALOG_PER_MIN: "0", SMTP_URL: "" }) })).toEqual([
      "invalid PORT",
      "invalid RATE_LIMIT_CATALOG_PER_MIN",
      "missing SMTP_URL",
    ]);
  });

  it("a single problem is a single line", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow(/^Invalid configuration: PORT [^\n]*$/);
  });
});

describe("weak and example values refused in production", () => {
  it("secrets shorter than 32 bytes, of low entropy, or published in the repository", () => {
    expect(problemsOf(productionEnv({ SESSION_SECRET: "a".repeat(32) }))).toEqual(["invalid SESSION_SECRET"]);
    expect(problemsOf(productionEnv({ SESSION_SECRET: "abcdefghijklmnopqrstuvwxyz0123456789" }))).toEqual(["invalid SESSION_SECRET"]);
    expect(problemsOf(productionEnv({ SESSION_SECRET: "Ab1-".repeat(10) }))).toEqual(["invalid SESSION_SECRET"]);
    expect(problemsOf(productionEnv({ PAYMENT_WEBHOOK_SECRET: "w".repeat(16), METRICS_TOKEN: "metrics-token-0123456789" }))).toEqual([
      "invalid PAYMENT_WEBHOOK_SECRET",
      "invalid METRICS_TOKEN",
    ]);
    expect(() => loadConfig(productionEnv({ OIDC_CLIENT_SECRET: "short-secret" }))).toThrow(
      /^Invalid configuration: OIDC_CLIENT_SECRET must be at least 32 bytes/,
    );
    expect(() => loadConfig(productionEnv({ SESSION_SECRET: "two-instances-test-session-secret-0123456789" }))).toThrow(
      /^Invalid configuration: SESSION_SECRET is a value published in this repository/,
    );
    // outside production the same values run (tests and the embedded default use them)
    expect(loadConfig({ SESSION_SECRET: "two-instances-test-session-secret-0123456789" }).SESSION_SECRET).toBeDefined();
  });

  it("the embedded default's demo invoice supplier", () => {
    expect(
      problemsOf(
        productionEnv({
          INVOICE_SUPPLIER_NAME: DEMO_INVOICE_SUPPLIER.name,
          INVOICE_SUPPLIER_ICO: DEMO_INVOICE_SUPPLIER.ico,
          INVOICE_SUPPLIER_IBAN: "SK3112000000198742637541",
        }),
      ),
    ).toEqual(["invalid INVOICE_SUPPLIER_NAME", "invalid INVOICE_SUPPLIER_ICO", "invalid INVOICE_SUPPLIER_IBAN"]);
  });

  it("an IBAN with wrong check digits, in every mode", () => {
    expect(() => loadConfig({ INVOICE_SUPPLIER_IBAN: "SK3212000000198742637541" })).toThrow(
      /^Invalid configuration: INVOICE_SUPPLIER_IBAN has wrong check digits/,
    );
    expect(() => loadConfig({ INVOICE_SUPPLIER_IBAN: "SK89 7500 0000 0000 1234 5672" })).toThrow(/INVOICE_SUPPLIER_IBAN/);
    expect(loadConfig({ INVOICE_SUPPLIER_IBAN: "SK89 7500 0000 0000 1234 5671" }).invoiceSupplier.iban).toBe("SK89 7500 0000 0000 1234 5671");
    expect(ibanChecksumValid("DE89370400440532013000")).toBe(true);
    expect(ibanChecksumValid("GB82WEST12345698765432")).toBe(true);
    expect(ibanChecksumValid("GB82WEST12345698765433")).toBe(false);
  });

  it("plain-http public and provider URLs, unless ALLOW_INSECURE_URLS for a private rehearsal", () => {
    const insecure = { PUBLIC_URL: "http://kurzy.example", OIDC_ISSUER: "http://idp.example", IDP_API_URL: "http://idp.example/api" };
    expect(problemsOf(productionEnv(insecure))).toEqual(["invalid PUBLIC_URL", "invalid OIDC_ISSUER", "invalid IDP_API_URL"]);
    expect(() => loadConfig(productionEnv({ PUBLIC_URL: "http://kurzy.example" }))).toThrow(/^Invalid configuration: PUBLIC_URL must be https in production/);
    expect(loadConfig(productionEnv({ ...insecure, ALLOW_INSECURE_URLS: "true" })).publicUrl).toBe("http://kurzy.example");
    expect(loadConfig({ PUBLIC_URL: "http://localhost:3000" }).publicUrl).toBe("http://localhost:3000");
  });

  it("demo data and the sandbox partner", () => {
    expect(problemsOf(productionEnv({ SEED_DEMO_DATA: "true", CERTIFICATE_PARTNER: "sandbox" }))).toEqual([
      "invalid CERTIFICATE_PARTNER",
      "invalid SEED_DEMO_DATA",
    ]);
    expect(loadConfig(productionEnv({ SEED_DEMO_DATA: "false" })).SEED_DEMO_DATA).toBe(false);
  });
});

describe("proxy trust is a decision", () => {
  it("production refuses to start without TRUST_PROXY (or its alias TRUST_PROXY_HOPS)", () => {
    const { TRUST_PROXY: _t, ...without } = productionEnv();
    expect(() => loadConfig(without)).toThrow(/^Missing configuration: TRUST_PROXY \(say which proxies/);
    expect(loadConfig({ ...without, TRUST_PROXY_HOPS: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ ...without, TRUST_PROXY: "0" }).trustProxy).toBe(0);
  });

  it("takes a hop count or the proxies' addresses", () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 10.1.0.0/16 ,loopback, ::1" }).trustProxy).toEqual(["10.0.0.1", "10.1.0.0/16", "loopback", "::1"]);
    expect(loadConfig({ TRUST_PROXY: "1", TRUST_PROXY_HOPS: "1" }).trustProxy).toBe(1);
    expect(() => loadConfig({ TRUST_PROXY: "11" })).toThrow(/^Invalid configuration: TRUST_PROXY must be a hop count/);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.1/40" })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: "proxy.internal" })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: "2", TRUST_PROXY_HOPS: "1" })).toThrow(/^Invalid configuration: TRUST_PROXY_HOPS contradicts TRUST_PROXY/);
  });
});
