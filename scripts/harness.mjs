// What the benchmarks (bench/*.mjs) and the Lighthouse run (scripts/lighthouse.mjs) do alike
// before they measure: a free port for each server they start, a scratch database on the
// PostgreSQL server they are given, and waiting until a started server answers.
import { randomBytes } from "node:crypto";
import net from "node:net";
import pg from "pg";

/** A TCP port on 127.0.0.1 that nothing listens on now. */
export function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });
}

/**
 * A new database `<prefix>_<8 hex>` on the server of `base` (a PostgreSQL URL): its name,
 * its URL, and the connected client on `base` that made it (and drops it at the end).
 */
export async function scratchDatabase(base, prefix) {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { name, url, admin };
}

/**
 * Resolves once GET `target` answers 2xx (every 200 ms, about a minute at most, or
 * HARNESS_START_SECONDS on a loaded machine); `host` sets the Host header.
 */
export async function waitUntilAnswering(target, { host, what = target } = {}) {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(target, host ? { headers: { host } } : {})).ok) return;
    } catch {}
    if (i > Number(process.env.HARNESS_START_SECONDS ?? 60) * 5) throw new Error(`${what} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
