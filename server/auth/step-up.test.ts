// The step-up verdict on a session's sign-in age (docs/decisions/identity/step-up-for-sensitive-admin-actions.md > Step-up for sensitive
// admin actions), and the form fields a step-up keeps.
import { describe, expect, it } from "vitest";
import { formFields, stepUpChallenge, stepUpVerdict } from "./step-up";

const now = new Date("2026-05-04T10:00:00Z");
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe("stepUpVerdict", () => {
  it("a sign-in at most max_age old is recent, one second more is not", () => {
    expect(stepUpVerdict({ authTime: ago(15), createdAt: ago(15) }, now, 900)).toEqual({ recent: true });
    expect(stepUpVerdict({ authTime: new Date(ago(15).getTime() - 1000), createdAt: ago(60) }, now, 900)).toEqual({
      recent: false,
      authTime: new Date(ago(15).getTime() - 1000),
      forceLogin: false,
    });
  });

  it("a session without auth_time is never recent and asks with prompt=login", () => {
    expect(stepUpVerdict({ authTime: null, createdAt: ago(1) }, now, 900)).toEqual({ recent: false, authTime: null, forceLogin: true });
  });

  it("a recent session whose auth_time is old (the provider answered from an older sign-in) asks with prompt=login", () => {
    expect(stepUpVerdict({ authTime: ago(40), createdAt: ago(2) }, now, 900)).toMatchObject({ recent: false, forceLogin: true });
    expect(stepUpVerdict({ authTime: ago(40), createdAt: ago(40) }, now, 900)).toMatchObject({ recent: false, forceLogin: false });
  });

  it("a sign-in dated more than a minute ahead is not trusted", () => {
    expect(stepUpVerdict({ authTime: new Date(now.getTime() + 5 * 60_000), createdAt: ago(1) }, now, 900).recent).toBe(false);
    expect(stepUpVerdict({ authTime: new Date(now.getTime() + 30_000), createdAt: ago(1) }, now, 900).recent).toBe(true);
  });

  it("honours the configured limit", () => {
    expect(stepUpVerdict({ authTime: ago(4), createdAt: ago(4) }, now, 300).recent).toBe(true);
    expect(stepUpVerdict({ authTime: ago(6), createdAt: ago(6) }, now, 300).recent).toBe(false);
  });
});

describe("stepUpChallenge", () => {
  it("is RFC 9470's Bearer challenge with max_age", () => {
    expect(stepUpChallenge(900)).toBe('Bearer error="insufficient_user_authentication", error_description="A more recent sign-in is required", max_age=900');
  });
});

describe("formFields", () => {
  it("keeps text fields in order, repeated names too, and drops files", () => {
    const form = new FormData();
    form.append("amount", "12,50");
    form.append("tag", "a");
    form.append("tag", "b");
    form.append("file", new Blob(["x"]), "x.txt");
    expect(formFields(form)).toEqual([
      ["amount", "12,50"],
      ["tag", "a"],
      ["tag", "b"],
    ]);
  });

  it("stops at 64 KB of text", () => {
    const form = new FormData();
    for (let i = 0; i < 10; i++) form.append(`f${i}`, "x".repeat(10_000));
    expect(formFields(form)).toHaveLength(6);
  });
});
