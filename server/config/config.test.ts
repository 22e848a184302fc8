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

  it("reduces PUBLIC_URL and ADMIN_URL to origins", () => {
    const c = loadConfig({ PUBLIC_URL: "https://kurzy.example.sk/", ADMIN_URL: "https://admin.example.sk/x" });
    expect(c.allowedOrigins).toEqual(["https://kurzy.example.sk", "https://admin.example.sk"]);
  });
});
