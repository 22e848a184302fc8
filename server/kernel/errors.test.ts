// The error table against the texts that name the codes: the interface spec and DESIGN.md.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { apiError, DomainError, ERROR_CODES, errorBody, methodNotAllowed, statusOf, type ErrorCode } from "./errors";

const shared = path.resolve(import.meta.dirname, "../../../shared");
const spec = readFileSync(path.join(shared, "spec/interface-0.1.0.md"), "utf8");
const design = readFileSync(path.join(shared, "DESIGN.md"), "utf8");

/** Text of a Markdown section from its heading to the next heading of the same or higher level. */
function section(text: string, heading: string): string {
  const start = text.indexOf(heading);
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const level = /^#+/.exec(heading)![0].length;
  const rest = text.slice(start + heading.length);
  const end = rest.search(new RegExp(`\\n#{1,${level}} `));
  return end < 0 ? rest : rest.slice(0, end);
}

/** Sentences of a Markdown text: list items and paragraphs joined across wrapped lines, table rows as they are. */
function sentences(text: string): string[] {
  const units: string[] = [];
  for (const line of text.split("\n")) {
    const continues = units.length > 0 && /^\s+\S/.test(line) && !/^\s*([-*]|\d+\.)\s/.test(line);
    if (continues) units[units.length - 1] += " " + line.trim();
    else if (line.trim()) units.push(line.trim());
  }
  return units.flatMap((u) => (u.startsWith("|") ? [u] : u.split(/(?<=\.)\s+(?=[A-Z`(])/)));
}

// Every code a text names in a sentence that also names an HTTP status (4xx/5xx).
function codesNearStatuses(text: string, codePattern: RegExp): Set<string> {
  const found = new Set<string>();
  for (const sentence of sentences(text)) {
    if (!/\b[45]\d\d\b/.test(sentence)) continue;
    for (const m of sentence.matchAll(codePattern)) found.add(m[1]);
  }
  return found;
}

describe("the error table", () => {
  it("holds every code the spec names (Errors; Endpoints), with the spec's status", () => {
    // spec: Errors 2-3 and the Endpoints tables name codes in plain words
    const named = new Set(
      [
        ...codesNearStatuses(section(spec, "## Errors"), /\b([a-z]+(?:_[a-z]+)+)\b/g),
        ...codesNearStatuses(section(spec, "## Endpoints"), /\b(\d{3} [a-z]+(?:_[a-z]+)+)\b/g),
        ...[...spec.matchAll(/\{error: ([a-z_]+)\b/g)].map((m) => m[1]),
        ...[...spec.matchAll(/code ([a-z_]+):/g)].map((m) => m[1]),
        ...[...spec.matchAll(/internal code ([a-z_]+)/g)].map((m) => m[1]),
      ].map((c) => c.replace(/^\d{3} /, "")),
    );
    expect([...named].sort()).toEqual(["cooldown_active", "max_attempts_reached", "order_not_found", "prerequisites_not_met", "validation"]);
    for (const code of named) expect(ERROR_CODES, code).toHaveProperty(code);
    // statuses as the spec gives them (Errors 2; Tests endpoints)
    const specStatus: Partial<Record<ErrorCode, number>> = {
      prerequisites_not_met: 403,
      max_attempts_reached: 409,
      cooldown_active: 409,
      validation: 422,
    };
    for (const [code, status] of Object.entries(specStatus)) expect(statusOf(code as ErrorCode), code).toBe(status);
  });

  it("holds every code DESIGN.md names next to a status, with that status", () => {
    const texts = ["## Decisions for what the spec leaves open"].map((h) => section(design, h)).join("\n");
    const named = codesNearStatuses(texts, /`([a-z]+(?:_[a-z]+)*)`/g);
    // field names that share a sentence with a status ("When `deadline` + 60 s passes … 409")
    for (const field of ["deadline"]) named.delete(field);
    for (const code of named) expect(ERROR_CODES, code).toHaveProperty(code);
    // DESIGN: Errors and auth; Orders and payments; Tests (quizzes)
    const designStatus: Record<string, number> = {
      unauthorized: 401,
      forbidden: 403,
      no_enrollment: 403,
      part_locked: 403,
      origin_not_allowed: 403,
      not_found: 404,
      course_not_editable: 409,
      rate_limited: 429,
      course_not_available: 409,
      enrollment_deadline_passed: 409,
      enrollment_limit_reached: 409,
      already_enrolled: 409,
      attempt_expired: 409,
      idempotency_key_required: 400,
      idempotency_key_reused: 422,
      idempotency_in_progress: 409,
    };
    expect([...named].sort()).toEqual(Object.keys(designStatus).sort());
    for (const [code, status] of Object.entries(designStatus)) expect(statusOf(code as ErrorCode), code).toBe(status);
  });

  it("has the statuses of the spec's status table and of the webhook and size rules", () => {
    // spec: Errors 2 (401 invalid webhook signature, 429), Authentication 10; decisions: Request size
    expect(statusOf("invalid_signature")).toBe(401);
    expect(statusOf("payload_too_large")).toBe(413);
    expect(statusOf("method_not_allowed")).toBe(405);
    expect(statusOf("course_has_enrollments")).toBe(409);
    expect(statusOf("conflict")).toBe(409);
    expect(statusOf("internal")).toBe(500);
  });

  it("gives every code a status and a Slovak sentence", () => {
    for (const [code, { status, message }] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(status >= 400 && status < 600, code).toBe(true);
      expect(message, code).toMatch(/^[A-ZÁČĎÉÍĽĹŇÓÔŔŠŤÚÝŽ].*\.$/);
    }
  });
});

describe("DomainError", () => {
  it("takes status and default message from the table", () => {
    const e = new DomainError("cooldown_active", undefined, { retryAt: "2026-01-01T00:00:00.000Z" });
    expect(e).toBeInstanceOf(Error);
    expect(e.status).toBe(409);
    expect(e.toBody()).toEqual({
      error: "cooldown_active",
      message: ERROR_CODES.cooldown_active.message,
      details: { retryAt: "2026-01-01T00:00:00.000Z" },
    });
    expect(new DomainError("not_found", "Kurz sa nenašiel.").toBody()).toEqual({ error: "not_found", message: "Kurz sa nenašiel.", details: {} });
  });

  it("names only codes of the table", () => {
    // @ts-expect-error a typo does not compile
    const typo = () => new DomainError("not_fuond");
    expect(typeof typo).toBe("function");
  });
});

describe("apiError and methodNotAllowed", () => {
  it("derives the status from the code, or the code from the status", async () => {
    const byCode = apiError({ code: "enrollment_limit_reached", details: { limit: 3 } });
    expect(byCode.status).toBe(409);
    expect(byCode.headers.get("content-type")).toMatch(/^application\/json/);
    expect(byCode.headers.get("cache-control")).toBe("no-store");
    expect(await byCode.json()).toEqual({ error: "enrollment_limit_reached", message: ERROR_CODES.enrollment_limit_reached.message, details: { limit: 3 } });

    const byStatus = apiError(404, { headers: { "X-Test": "1" } });
    expect(byStatus.status).toBe(404);
    expect(byStatus.headers.get("x-test")).toBe("1");
    expect(await byStatus.json()).toEqual(errorBody("not_found"));
  });

  it("405 carries Allow and the error body", async () => {
    const res = methodNotAllowed(["GET", "HEAD"]);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD");
    expect(await res.json()).toEqual({ error: "method_not_allowed", message: ERROR_CODES.method_not_allowed.message, details: { allowed: ["GET", "HEAD"] } });
  });
});

describe("isConnectionLoss", () => {
  it("knows a cut database connection from a failed call to another service", async () => {
    const { isConnectionLoss } = await import("./errors");
    expect(isConnectionLoss(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))).toBe(true);
    expect(isConnectionLoss(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isConnectionLoss(new Error("query failed", { cause: Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }) }))).toBe(true);
    // fetch to the provider or the gateway, SMTP: the same socket codes, not the database
    expect(isConnectionLoss(new TypeError("fetch failed", { cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }) }))).toBe(false);
    expect(isConnectionLoss(Object.assign(new Error("Connection timeout"), { code: "ETIMEDOUT", command: "CONN" }))).toBe(false);
    expect(isConnectionLoss(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
  });
});
