import { describe, expect, it } from "vitest";
import { newId } from "./ids";
import { isId } from "../../shared/ids";

describe("newId", () => {
  it("is 24 lowercase hex chars with the creation second in front", () => {
    const at = new Date("2026-11-22T10:00:00Z");
    const id = newId(at);
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(parseInt(id.slice(0, 8), 16)).toBe(at.getTime() / 1000);
  });

  it("does not repeat", () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newId()));
    expect(ids.size).toBe(10_000);
  });

  it("isId refuses uppercase and wrong lengths", () => {
    expect(isId(newId())).toBe(true);
    expect(isId("ABCDEFABCDEFABCDEFABCDEF")).toBe(false);
    expect(isId("abc")).toBe(false);
    expect(isId(42)).toBe(false);
  });
});
