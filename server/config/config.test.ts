import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./index";

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
    expect(() =>
      loadConfig({ APP_ENV: "production", DATABASE_URL: "postgres://db/x", PUBLIC_URL: "https://a.sk", SESSION_SECRET: "x".repeat(32) }),
    ).toThrow(/OIDC_ISSUER/);
  });

  it("requires client credentials with an external issuer", () => {
    expect(() => loadConfig({ OIDC_ISSUER: "https://idp.example" })).toThrow(/OIDC_CLIENT_ID/);
  });

  it("takes Mux only with all five MUX_* variables, naming the missing ones", () => {
    expect(() => loadConfig({ MUX_TOKEN_ID: "id" })).toThrow(/MUX_TOKEN_SECRET, MUX_SIGNING_KEY_ID, MUX_SIGNING_KEY_PRIVATE, MUX_WEBHOOK_SECRET/);
    expect(() => loadConfig({ MUX_WEBHOOK_SECRET: "s" })).toThrow(/^Missing configuration: MUX_TOKEN_ID,/);
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
    const external = { OIDC_ISSUER: "https://idp.example", OIDC_CLIENT_ID: "c", OIDC_CLIENT_SECRET: "s", IDP_API_URL: "https://idp.example/api", IDP_API_TOKEN: "t" };
    expect(loadConfig(external).certificatePartner).toBe("manual");
    expect(loadConfig({ CERTIFICATE_PARTNER: "manual" }).certificatePartner).toBe("manual");
    expect(loadConfig({ ...external, CERTIFICATE_PARTNER: "sandbox" }).certificatePartner).toBe("sandbox");
    expect(loadConfig({ CERTIFICATE_BIRTH_DATE: "false" }).CERTIFICATE_BIRTH_DATE).toBe(false);
    expect(() => loadConfig({ CERTIFICATE_PARTNER: "api" })).toThrow(/^Invalid configuration: CERTIFICATE_PARTNER /);
    const production = {
      APP_ENV: "production", DATABASE_URL: "postgres://db/x", PUBLIC_URL: "https://a.sk", SESSION_SECRET: "x".repeat(32), ...external,
      PAYMENT_GATEWAY_URL: "https://pay.example", PAYMENT_WEBHOOK_SECRET: "w".repeat(16), MUX_TOKEN_ID: "m", MUX_TOKEN_SECRET: "m",
      MUX_SIGNING_KEY_ID: "m", MUX_SIGNING_KEY_PRIVATE: "m", MUX_WEBHOOK_SECRET: "m", SMTP_URL: "smtp://mail.example",
      INVOICE_SUPPLIER_NAME: "A", INVOICE_SUPPLIER_ADDRESS: "Športová 12, 831 04 Bratislava", INVOICE_SUPPLIER_ICO: "12345678", INVOICE_SUPPLIER_DIC: "2021234567",
      INVOICE_SUPPLIER_IC_DPH: "SK2021234567", INVOICE_SUPPLIER_IBAN: "SK3112000000198742637541",
      CREDENTIAL_SIGNING_KEY: "-----BEGIN PRIVATE KEY-----…", EINVOICE_AP_URL: "https://ap.example/api", EINVOICE_AP_TOKEN: "t".repeat(16),
    };
    expect(loadConfig(production).certificatePartner).toBe("manual");
    // the Open Badges issuer key: generated into DATA_DIR only outside production
    expect(loadConfig({}).CREDENTIAL_SIGNING_KEY).toBeUndefined();
    const { CREDENTIAL_SIGNING_KEY: _key, ...withoutKey } = production;
    expect(() => loadConfig(withoutKey)).toThrow(/^Missing configuration: CREDENTIAL_SIGNING_KEY \(Open Badges/);
    expect(() => loadConfig({ ...production, CERTIFICATE_PARTNER: "sandbox" })).toThrow(/CERTIFICATE_PARTNER sandbox .* not allowed in production/);
  });

  it("requires the e-invoice settings in production, each with its own message", () => {
    const production = {
      APP_ENV: "production", DATABASE_URL: "postgres://db/x", PUBLIC_URL: "https://a.sk", SESSION_SECRET: "x".repeat(32),
      OIDC_ISSUER: "https://idp.example", OIDC_CLIENT_ID: "c", OIDC_CLIENT_SECRET: "s", IDP_API_URL: "https://idp.example/api", IDP_API_TOKEN: "t",
      PAYMENT_GATEWAY_URL: "https://pay.example", PAYMENT_WEBHOOK_SECRET: "w".repeat(16), SMTP_URL: "smtp://mail.example",
      INVOICE_SUPPLIER_NAME: "A", INVOICE_SUPPLIER_ADDRESS: "Športová 12, 831 04 Bratislava", INVOICE_SUPPLIER_ICO: "12345678", INVOICE_SUPPLIER_DIC: "2021234567",
      INVOICE_SUPPLIER_IC_DPH: "SK2021234567", INVOICE_SUPPLIER_IBAN: "SK3112000000198742637541", CREDENTIAL_SIGNING_KEY: "k",
      MUX_TOKEN_ID: "m", MUX_TOKEN_SECRET: "m", MUX_SIGNING_KEY_ID: "m", MUX_SIGNING_KEY_PRIVATE: "m", MUX_WEBHOOK_SECRET: "m",
      EINVOICE_AP_URL: "https://ap.example/api", EINVOICE_AP_TOKEN: "t".repeat(16),
    };
    expect(loadConfig(production).EINVOICE_AP_URL).toBe("https://ap.example/api");
    const without = (name: keyof typeof production) => Object.fromEntries(Object.entries(production).filter(([k]) => k !== name));
    expect(() => loadConfig(without("INVOICE_SUPPLIER_DIC"))).toThrow(/^Missing configuration: INVOICE_SUPPLIER_DIC \(tax invoices carry the supplier's DIČ/);
    expect(() => loadConfig(without("INVOICE_SUPPLIER_IC_DPH"))).toThrow(/^Missing configuration: INVOICE_SUPPLIER_IC_DPH /);
    expect(() => loadConfig(without("INVOICE_SUPPLIER_IBAN"))).toThrow(/^Missing configuration: INVOICE_SUPPLIER_IBAN /);
    expect(() => loadConfig(without("EINVOICE_AP_URL"))).toThrow(/^Missing configuration: EINVOICE_AP_URL \(e-invoices .* Peppol access point/);
    expect(() => loadConfig(without("EINVOICE_AP_TOKEN"))).toThrow(/^Missing configuration: EINVOICE_AP_TOKEN /);
    expect(() => loadConfig({ ...production, INVOICE_SUPPLIER_IBAN: "SK3112000000198742637542" })).toThrow(/INVOICE_SUPPLIER_IBAN has wrong check digits/);
    expect(() => loadConfig({ ...production, INVOICE_SUPPLIER_IC_DPH: "SK20212345" })).toThrow(/INVOICE_SUPPLIER_IC_DPH must be SK followed by ten digits/);
    expect(() => loadConfig({ ...production, INVOICE_SUPPLIER_ADDRESS: "Športová 12 Bratislava" })).toThrow(/INVOICE_SUPPLIER_ADDRESS must read "street, postal code city/);
    // outside production the stand-in delivers; a URL needs its credential anywhere
    expect(loadConfig({}).EINVOICE_AP_URL).toBeUndefined();
    expect(() => loadConfig({ EINVOICE_AP_URL: "https://ap.example" })).toThrow(/EINVOICE_AP_TOKEN is required with EINVOICE_AP_URL/);
  });
});
