// The video webhook's signature (spec: Authentication 10): `t=<ts>,v1=<hex>` over
// "<t>.<raw body>", any of several v1 values may match, ±300 s. Handling against a real
// database and the app's HTTP route: tests/integration/video.test.ts.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signVideoEvent, verifyVideoSignature, VIDEO_SIGNATURE_TOLERANCE_SEC } from "./webhook";

const secret = "whsec_test_0123456789";
const body = JSON.stringify({ id: "evt_1", type: "video.asset.ready", data: { id: "asset" } });
const now = new Date("2026-04-01T12:00:00Z");
const t = Math.floor(now.getTime() / 1000);
const hmac = (s: string, text: string) => createHmac("sha256", s).update(text).digest("hex");

describe("video-signature", () => {
  it("accepts the HMAC of '<t>.<body>' made with the secret", () => {
    const header = signVideoEvent(secret, body, t);
    expect(header).toBe(`t=${t},v1=${hmac(secret, `${t}.${body}`)}`);
    expect(verifyVideoSignature(secret, body, header, now)).toBe(true);
    // spaces after commas and upper-case hex are tolerated
    expect(verifyVideoSignature(secret, body, `t=${t}, v1=${hmac(secret, `${t}.${body}`).toUpperCase()}`, now)).toBe(true);
  });

  it("accepts any one of several v1 values (key rotation), in any position", () => {
    const good = hmac(secret, `${t}.${body}`);
    const old = hmac("whsec_old_secret", `${t}.${body}`);
    expect(verifyVideoSignature(secret, body, `t=${t},v1=${old},v1=${good}`, now)).toBe(true);
    expect(verifyVideoSignature(secret, body, `v1=${good},t=${t},v1=${old}`, now)).toBe(true);
    expect(verifyVideoSignature(secret, body, `t=${t},v1=${old},v1=${"0".repeat(64)}`, now)).toBe(false);
  });

  it("refuses a changed body, another secret, or the body signed without the timestamp", () => {
    const header = signVideoEvent(secret, body, t);
    expect(verifyVideoSignature(secret, body.replace("ready", "errored"), header, now)).toBe(false);
    expect(verifyVideoSignature("another-secret", body, header, now)).toBe(false);
    expect(verifyVideoSignature(secret, body, `t=${t},v1=${hmac(secret, body)}`, now)).toBe(false);
    // the timestamp is part of what is signed: moving it breaks the signature
    expect(verifyVideoSignature(secret, body, header.replace(`t=${t}`, `t=${t + 1}`), now)).toBe(false);
  });

  it("refuses timestamps more than 300 s away, either way", () => {
    const edge = VIDEO_SIGNATURE_TOLERANCE_SEC;
    expect(verifyVideoSignature(secret, body, signVideoEvent(secret, body, t - edge), now)).toBe(true);
    expect(verifyVideoSignature(secret, body, signVideoEvent(secret, body, t + edge), now)).toBe(true);
    expect(verifyVideoSignature(secret, body, signVideoEvent(secret, body, t - edge - 1), now)).toBe(false);
    expect(verifyVideoSignature(secret, body, signVideoEvent(secret, body, t + edge + 1), now)).toBe(false);
  });

  it("refuses missing or malformed headers", () => {
    const v1 = hmac(secret, `${t}.${body}`);
    for (const header of [
      null,
      undefined,
      "",
      `v1=${v1}`,
      `t=${t}`,
      `t=abc,v1=${v1}`,
      `t=${t},v1=xyz`,
      `t=${t},v0=${v1}`,
      `t=${t},v1=${v1.slice(2)}`,
      "garbage",
      `t=${t},v1=${v1}`.padEnd(2100, ","),
    ]) {
      expect(verifyVideoSignature(secret, body, header, now), String(header).slice(0, 40)).toBe(false);
    }
  });
});
