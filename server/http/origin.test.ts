// The Origin check's verdicts (spec: Authentication 9).
import { describe, expect, it } from "vitest";
import { checkOrigin } from "./origin";

const allowed = ["https://akademia.example", "https://admin.akademia.example/"];
const req = (method: string, path: string, headers: Record<string, string> = {}) => ({
  method,
  url: `https://akademia.example${path}`,
  headers: new Headers(headers),
});

describe("checkOrigin", () => {
  it("lets safe methods through whatever their Origin", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect(checkOrigin(req(method, "/api/me", { origin: "https://evil.example" }), allowed)).toEqual({ allowed: true });
    }
  });

  it("accepts the student and admin origins (trailing slash or not)", () => {
    expect(checkOrigin(req("POST", "/api/orders", { origin: "https://akademia.example" }), allowed).allowed).toBe(true);
    expect(checkOrigin(req("DELETE", "/api/x", { origin: "https://admin.akademia.example" }), allowed).allowed).toBe(true);
  });

  it("refuses any other origin, a different scheme or port, and the opaque origin null", () => {
    for (const origin of ["https://evil.example", "http://akademia.example", "https://akademia.example:8443", "null"]) {
      expect(checkOrigin(req("POST", "/api/orders", { origin }), allowed)).toEqual({ allowed: false, origin });
    }
  });

  it("falls back to the Referer's origin; neither header means not a browser page", () => {
    expect(checkOrigin(req("POST", "/api/orders", { referer: "https://akademia.example/kurzy/x" }), allowed).allowed).toBe(true);
    expect(checkOrigin(req("POST", "/api/orders", { referer: "https://evil.example/page" }), allowed)).toEqual({
      allowed: false,
      origin: "https://evil.example",
    });
    expect(checkOrigin(req("POST", "/api/orders", { referer: "::not a url" }), allowed).allowed).toBe(false);
    expect(checkOrigin(req("POST", "/api/orders"), allowed).allowed).toBe(true);
  });

  it("exempts webhook receivers and the provider's signed posts, nothing else", () => {
    const evil = { origin: "https://evil.example" };
    expect(checkOrigin(req("POST", "/api/webhooks/payment", evil), allowed).allowed).toBe(true);
    expect(checkOrigin(req("POST", "/api/auth/backchannel-logout", evil), allowed).allowed).toBe(true);
    expect(checkOrigin(req("POST", "/api/auth/erasure", evil), allowed).allowed).toBe(true);
    expect(checkOrigin(req("POST", "/api/auth/logout", evil), allowed).allowed).toBe(false);
    expect(checkOrigin(req("POST", "/api/webhooksx", evil), allowed).allowed).toBe(false);
    expect(checkOrigin(req("POST", "/api/auth/erasure/x", evil), allowed).allowed).toBe(false);
  });
});
