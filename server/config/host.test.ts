import { describe, expect, it } from "vitest";
import { loadConfig } from "./index";

describe("HOST default (the embedded default is not on the network)", () => {
  it("binds loopback while the local demo identity provider runs", () => {
    expect(loadConfig({}).HOST).toBe("127.0.0.1");
    expect(loadConfig({ DATABASE_URL: "postgres://db/x" }).HOST).toBe("127.0.0.1");
  });

  it("binds every interface with an external provider, and HOST always wins", () => {
    const external = {
      OIDC_ISSUER: "https://idp.example",
      OIDC_CLIENT_ID: "c",
      OIDC_CLIENT_SECRET: "s",
      IDP_API_URL: "https://idp.example/api",
      IDP_API_TOKEN: "t",
    };
    expect(loadConfig(external).HOST).toBe("0.0.0.0");
    expect(loadConfig({ HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
    expect(loadConfig({ ...external, HOST: "10.0.0.5" }).HOST).toBe("10.0.0.5");
  });

  it("validates the metrics and shutdown settings", () => {
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_PORT: "x" })).toThrow(/METRICS_PORT/);
    expect(loadConfig({}).SHUTDOWN_TIMEOUT_SECONDS).toBe(10);
    expect(loadConfig({}).METRICS_HOST).toBe("127.0.0.1");
  });
});
