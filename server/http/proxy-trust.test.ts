import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { warnUntrustedForwarding } from "./proxy-trust";

type Warned = { message: string; fields?: Record<string, unknown> };

async function serve(trustProxy: number | string[], clock: { t: number }) {
  const warned: Warned[] = [];
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use(
    warnUntrustedForwarding({
      log: { warn: (message, fields) => warned.push({ message, fields }) },
      trusts: app.get("trust proxy fn"),
      intervalMs: 60_000,
      now: () => clock.t,
    }),
  );
  app.get("/", (req, res) => void res.json({ ip: req.ip }));
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { warned, url, close: () => new Promise((r) => server.close(r)) };
}

const open: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

describe("X-Forwarded-For from a peer TRUST_PROXY does not trust", () => {
  it("is ignored and warned about once, then at most once per interval with a count", async () => {
    const clock = { t: 1_000_000 };
    const app = await serve(0, clock);
    open.push(app);
    const get = (headers: Record<string, string> = {}) => fetch(app.url, { headers }).then((r) => r.json() as Promise<{ ip: string }>);
    expect((await get({ "x-forwarded-for": "203.0.113.7" })).ip).toBe("127.0.0.1");
    expect(app.warned).toHaveLength(1);
    expect(app.warned[0]!.message).toMatch(/X-Forwarded-For .* TRUST_PROXY does not trust/);
    expect(app.warned[0]!.fields).toMatchObject({ peer: "127.0.0.1", requests: 1 });
    await get({ "x-forwarded-for": "203.0.113.8" });
    await get({ "x-forwarded-for": "203.0.113.9" });
    await get();
    expect(app.warned).toHaveLength(1);
    clock.t += 60_000;
    await get({ "x-forwarded-for": "203.0.113.10" });
    expect(app.warned).toHaveLength(2);
    expect(app.warned[1]!.fields).toMatchObject({ requests: 3, sinceMinutes: 1 });
  });

  it("a trusted proxy's header is believed and not warned about (hops or addresses)", async () => {
    for (const trust of [1, ["loopback"], ["127.0.0.1/32"]]) {
      const app = await serve(trust, { t: 0 });
      open.push(app);
      const res = (await fetch(app.url, { headers: { "x-forwarded-for": "203.0.113.7" } }).then((r) => r.json())) as { ip: string };
      expect(res.ip).toBe("203.0.113.7");
      expect(app.warned).toEqual([]);
    }
  });
});
