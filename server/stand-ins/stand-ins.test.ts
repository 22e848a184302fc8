import { describe, expect, it } from "vitest";
import { StandInRefusedError, startGraphStandIn, startLocalIdp } from "./index";

describe("stand-ins", () => {
  it("the local identity provider refuses to start in production, whatever the configuration let through", async () => {
    const start = startLocalIdp({
      issuer: "http://localhost:3999/idp",
      appUrl: "http://localhost:3999",
      claimPrefix: "sportup",
      rolePrefix: "academy",
      clientId: "c",
      clientSecret: "s",
      apiToken: "t",
      cookieKeys: ["k"],
      production: true,
    });
    await expect(start).rejects.toBeInstanceOf(StandInRefusedError);
    await expect(start).rejects.toThrow(/APP_ENV=production/);
  });

  it("the Microsoft Graph stand-in refuses to start in production", () => {
    expect(() => startGraphStandIn({ production: true, tenantId: "t", clientId: "c", clientSecret: "s", sampleFile: "media/video/sample.mp4" })).toThrow(
      StandInRefusedError,
    );
  });
});
