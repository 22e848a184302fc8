import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "./index";
import { currentRequestId, requestIdFrom, runWithRequest } from "./context";
import { errorBody } from "../kernel/errors";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, destination };
}

describe("logger (pino)", () => {
  it("writes one JSON object per line with level, time and message", () => {
    const { lines, destination } = capture();
    const log = createLogger("info", true, { destination });
    log.info("hello", { n: 1 });
    log.debug("not at info");
    expect(lines).toEqual([expect.objectContaining({ level: "info", message: "hello", n: 1, time: expect.any(String) })]);
  });

  it("redacts cookies, tokens, secrets and passwords at any depth, and passwords in database URLs", () => {
    const { lines, destination } = capture();
    const log = createLogger("debug", true, { destination });
    log.warn("refused postgres://app:hunter2@db/x", {
      headers: { cookie: "__Secure-app.session=abc", authorization: "Bearer t", accept: "*/*" },
      token: "t1",
      nested: { session: { refreshToken: "r", idToken: "i", password: "p" } },
      clientSecret: "s",
      "set-cookie": "a=b",
    });
    const text = JSON.stringify(lines[0]);
    for (const secret of ["abc", "Bearer t", "t1", '"r"', '"i"', '"p"', '"s"', "a=b", "hunter2"]) expect(text).not.toContain(secret);
    expect(lines[0]).toMatchObject({ headers: { accept: "*/*", cookie: "[Redacted]" }, message: "refused postgres://app:[Redacted]@db/x" });
  });

  it("puts the request id of the request being served on every line", async () => {
    const { lines, destination } = capture();
    const log = createLogger("info", true, { destination });
    await runWithRequest({ requestId: "req-12345678" }, async () => {
      await new Promise((r) => setTimeout(r, 1));
      log.info("inside");
    });
    log.info("outside");
    expect(lines[0]).toMatchObject({ requestId: "req-12345678", message: "inside" });
    expect(lines[1].requestId).toBeUndefined();
  });

  it("serializes an Error with its type and message", () => {
    const { lines, destination } = capture();
    createLogger("info", true, { destination }).error("failed", { error: new TypeError("bad") });
    expect(lines[0].error).toMatchObject({ type: "TypeError", message: "bad" });
  });
});

describe("request ids", () => {
  it("keeps a sane X-Request-Id and replaces anything else with a UUID", () => {
    expect(requestIdFrom("proxy-1234abcd")).toBe("proxy-1234abcd");
    for (const bad of [undefined, "", "short", "has space 12345", "x".repeat(200), "a\nb12345678"]) {
      expect(requestIdFrom(bad)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("reach the details of a 5xx error body (not of a 4xx, not of array details)", () => {
    runWithRequest({ requestId: "req-abcdefgh" }, () => {
      expect(currentRequestId()).toBe("req-abcdefgh");
      expect(errorBody("internal").details).toEqual({ requestId: "req-abcdefgh" });
      expect(errorBody("not_ready", undefined, { checks: {} }).details).toEqual({ checks: {}, requestId: "req-abcdefgh" });
      expect(errorBody("not_found").details).toEqual({});
      expect(errorBody("validation", undefined, [{ path: "a" }]).details).toEqual([{ path: "a" }]);
    });
    expect(errorBody("internal").details).toEqual({});
  });
});
