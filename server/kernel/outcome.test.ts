import { describe, expect, it } from "vitest";
import { DomainError } from "./errors";
import { isOutcome, ok, outcomeOf, refusalOf, refused, valueOrThrow } from "./outcome";

describe("Outcome", () => {
  it("ok carries the value; refused a DomainError with the table's status and message", () => {
    expect(ok(3)).toEqual({ ok: true, value: 3 });
    const r = refused("no_enrollment");
    expect(r.ok).toBe(false);
    expect(r.error).toBeInstanceOf(DomainError);
    expect(r.error.status).toBe(403);
    expect(r.error.message).toBe("Na tento kurz nie ste zapísaný.");
    expect(refused("conflict", "Webinár už skončil.", { a: 1 }).error.toBody()).toEqual({
      error: "conflict",
      message: "Webinár už skončil.",
      details: { a: 1 },
    });
  });

  it("refusalOf takes a DomainError and throws anything else on", () => {
    const e = new DomainError("not_found");
    expect(refusalOf(e)).toEqual({ ok: false, error: e });
    expect(() => refusalOf(new Error("boom"))).toThrow("boom");
  });

  it("valueOrThrow gives the value or throws the refusal", () => {
    expect(valueOrThrow(ok("x"))).toBe("x");
    expect(() => valueOrThrow(refused("conflict"))).toThrow(DomainError);
  });

  it("outcomeOf returns the value or the refusal thrown inside; a listed failure and anything else stay thrown", async () => {
    expect(await outcomeOf(async () => 3)).toEqual({ ok: true, value: 3 });
    const e = new DomainError("conflict");
    expect(await outcomeOf(async () => Promise.reject(e))).toEqual({ ok: false, error: e });
    const down = new DomainError("identity_provider_unavailable");
    await expect(outcomeOf(async () => Promise.reject(down), ["identity_provider_unavailable"])).rejects.toBe(down);
    await expect(outcomeOf(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
  });

  it("isOutcome knows an outcome from a value that merely has ok", () => {
    expect(isOutcome(ok({ ok: true, savedAt: "" }))).toBe(true);
    expect(isOutcome(refused("conflict"))).toBe(true);
    expect(isOutcome({ ok: true, savedAt: "", answers: [] })).toBe(false);
    expect(isOutcome({ ok: false, error: "conflict" })).toBe(false);
    expect(isOutcome(null)).toBe(false);
  });
});
