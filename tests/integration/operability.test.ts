// operability and the start-up/connection hardening lines: probes, metrics,
// graceful SIGTERM, a database that goes away (at start, and an idle connection later),
// the local provider's API token, production headers.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startApp, type RunningApp } from "../support/app";
import { serverUrl } from "../support/db";
import { rawExchange } from "../support/raw-http";
import { productionEnv } from "../support/production-env";

const root = path.resolve(import.meta.dirname, "../..");
const onServer = !!serverUrl();

function getWithHost(port: number, hostHeader: string, urlPath: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: urlPath, headers: { host: hostHeader, ...headers } }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("probes and metrics", () => {
  let app: RunningApp;
  let metricsPort: number;
  const token = "metrics-token-0123456789";
  beforeAll(async () => {
    metricsPort = await freePort();
    app = await startApp({ env: { METRICS_TOKEN: token, METRICS_PORT: String(metricsPort) } });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("GET /healthz: 200 while the process lives, also when asked by IP address (no canonical-host redirect)", async () => {
    const res = await getWithHost(app.port, `127.0.0.1:${app.port}`, "/healthz");
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ status: "ok" });
  });

  it("GET /readyz: database reachable, migrations current, job workers running", async () => {
    const res = await getWithHost(app.port, `127.0.0.1:${app.port}`, "/readyz");
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({
      status: "ready",
      checks: { database: { ok: true }, migrations: { ok: true }, jobs: { ok: true } },
    });
  });

  it("metrics: behind the token on the main port, open on METRICS_PORT; durations by route pattern, pool, queues", async () => {
    await fetch(`${app.url}/api/courses/neexistuje`);
    await fetch(`${app.url}/api/courses?pageSize=1`);
    // two ids in the path, and a course slug that is not one: labelled by their patterns
    await fetch(`${app.url}/api/tests/${"a".repeat(24)}/attempts/${"b".repeat(24)}`);
    await fetch(`${app.url}/api/courses/${"c".repeat(24)}`);
    expect((await fetch(`${app.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${app.url}/metrics`, { headers: { authorization: "Bearer wrong-token-0123456789" } })).status).toBe(401);
    const withToken = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(withToken.status).toBe(200);
    const text = await withToken.text();
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/courses\/:slug",status="404"\} \d+/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/api\/courses",status="200"\}/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/tests\/:testId\/attempts\/:attemptId",status="401"\} \d+/);
    expect(text).not.toMatch(/route="[^"]*[0-9a-f]{24}/);
    expect(text).toMatch(/job_queue_depth\{queue="platform\.purge-rate-limits",state="queued"\}/);
    expect(text).toMatch(/job_failures\{queue="mail\.send"\} \d+/);
    if (onServer) expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
    expect(text).toContain("process_cpu_user_seconds_total");

    const separate = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(separate.status).toBe(200);
    expect(await separate.text()).toContain("http_request_duration_seconds");
  });
});

describe("graceful SIGTERM", () => {
  it("stops accepting, finishes the request in flight, exits 0 within the bound", { timeout: 120_000 }, async () => {
    const app = await startApp({ seed: false });
    try {
      // the receiver discovers the (local) provider once; do that before the signal, since
      // the local provider lives on this very server, which stops accepting
      const warm = await fetch(`${app.url}/api/auth/backchannel-logout`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "logout_token=not-a-jwt",
      });
      expect(warm.status).toBe(400);
      // a request whose body is still arriving when the signal comes
      const body = "logout_token=not-a-jwt";
      const socket = net.connect(app.port, "127.0.0.1");
      await new Promise((r) => socket.once("connect", r));
      let text = "";
      socket.on("data", (d) => (text += d));
      socket.write(
        `POST /api/auth/backchannel-logout HTTP/1.1\r\nHost: localhost:${app.port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
      );
      await new Promise((r) => setTimeout(r, 300));
      const started = Date.now();
      app.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 500));
      // no new connections
      const refused = await new Promise<boolean>((resolve) => {
        const probe = net.connect(app.port, "127.0.0.1");
        probe.once("connect", () => {
          probe.destroy();
          resolve(false);
        });
        probe.once("error", () => resolve(true));
      });
      expect(refused).toBe(true);
      // the request in flight is finished and answered
      socket.write(body.slice(5));
      const closed = new Promise((r) => socket.once("close", r));
      await closed;
      expect(text, app.output()).toMatch(/^HTTP\/1\.1 400 /);
      expect(text).toMatch(/connection: close/i);
      expect(text).toContain('"error":"invalid_request"');
      expect(await app.exited).toBe(0);
      // SHUTDOWN_TIMEOUT_SECONDS (10) for requests + at most 10 s for workers and pools
      expect(Date.now() - started).toBeLessThan(21_000);
    } finally {
      await app.stop();
    }
  });
});

describe("SIGTERM with SHUTDOWN_DRAIN_SECONDS", () => {
  it("/readyz answers 503 while the listener stays open and requests are served; then it closes and the process exits 0", { timeout: 120_000 }, async () => {
    const app = await startApp({ seed: false, env: { SHUTDOWN_DRAIN_SECONDS: "3", LOG_LEVEL: "info" } });
    try {
      expect((await getWithHost(app.port, `localhost:${app.port}`, "/readyz")).status).toBe(200);
      const signalled = Date.now();
      app.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 500));
      // draining: not ready, but new connections are taken and answered as usual
      const ready = await getWithHost(app.port, `localhost:${app.port}`, "/readyz");
      expect(ready.status, app.output()).toBe(503);
      expect(JSON.parse(ready.body).details.checks.shutdown.ok).toBe(false);
      const served = await getWithHost(app.port, `localhost:${app.port}`, "/api/courses?pageSize=1");
      expect(served.status).toBe(200);
      expect(Date.now() - signalled).toBeLessThan(2_500);
      expect(await app.exited).toBe(0);
      // the listener closed only after the drain
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(3_000);
      const refused = await new Promise<boolean>((resolve) => {
        const probe = net.connect(app.port, "127.0.0.1");
        probe.once("connect", () => (probe.destroy(), resolve(false)));
        probe.once("error", () => resolve(true));
      });
      expect(refused).toBe(true);
      expect(app.output()).toMatch(/"drainSeconds":3/);
    } finally {
      await app.stop();
    }
  });
});

describe("the database", () => {
  it("unreachable at start: one line that names DATABASE_URL, no stack, exit 1", () => {
    const r = spawnSync(process.execPath, ["server.mjs"], {
      cwd: root,
      env: {
        PATH: process.env.PATH!,
        ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
        DATABASE_URL: "postgres://app:secret-pw@127.0.0.1:1/test_unreachable",
        HOST: "127.0.0.1",
        PORT: "0",
        LOG_LEVEL: "silent",
      },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split("\n");
    expect(lines).toEqual([expect.stringMatching(/^Cannot reach the database named by DATABASE_URL \(.*127\.0\.0\.1:1\/test_unreachable\): ECONNREFUSED$/)]);
    expect(r.stderr).not.toContain("secret-pw");
  });

  it("accepts the connection but never answers: the start gives up after DATABASE_CONNECT_TIMEOUT_SECONDS with one line, exit 1", async () => {
    // a TCP server that takes the connection and then says nothing (a hung database or proxy)
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const started = Date.now();
      const r = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ["server.mjs"], {
          cwd: root,
          env: {
            PATH: process.env.PATH!,
            ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
            DATABASE_URL: `postgres://app:secret-pw@127.0.0.1:${port}/test_silent`,
            DATABASE_CONNECT_TIMEOUT_SECONDS: "1",
            HOST: "127.0.0.1",
            PORT: "0",
            LOG_LEVEL: "silent",
          },
        });
        let stderr = "";
        child.stderr.on("data", (d) => (stderr += d));
        const kill = setTimeout(() => child.kill("SIGKILL"), 25_000);
        child.once("exit", (status) => {
          clearTimeout(kill);
          resolve({ status, stderr });
        });
      });
      expect(r.status, r.stderr).toBe(1);
      expect(sockets.length).toBeGreaterThan(0);
      expect(r.stderr.trim().split("\n")).toEqual([
        expect.stringMatching(
          /^The database named by DATABASE_URL \(.*test_silent\) did not answer the connection within 1 s \(DATABASE_CONNECT_TIMEOUT_SECONDS\)$/,
        ),
      ]);
      expect(r.stderr).not.toContain("secret-pw");
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  it.skipIf(!onServer)("an idle connection terminated by the server (pg_terminate_backend): logged, reconnected, still serving", async () => {
    const app = await startApp({ env: { LOG_LEVEL: "warn" } });
    try {
      // fill the pool with idle connections
      await Promise.all(Array.from({ length: 8 }, () => fetch(`${app.url}/api/courses?pageSize=1`)));
      const admin = new pg.Client({ connectionString: app.database.url });
      await admin.connect();
      try {
        const dbName = new URL(app.database.url!).pathname.slice(1);
        const { rows } = await admin.query("select pg_terminate_backend(pid) as killed from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [
          dbName,
        ]);
        expect(rows.length).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      await new Promise((r) => setTimeout(r, 500));
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${app.url}/api/courses?pageSize=1`);
        expect(res.status).toBe(200);
      }
      expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
      expect(app.output()).toContain("idle database connection lost");
    } finally {
      await app.stop();
    }
  });
});

describe("the local identity provider's API token", () => {
  it("is random per data directory (0600), not the published constant", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lp-test-token-"));
    const app = await startApp({ seed: false, env: { IDP_API_TOKEN: "", ...(onServer ? { DATA_DIR: dataDir } : {}) } });
    try {
      const dir = onServer ? dataDir : (app.database.env.DATA_DIR as string);
      const file = path.join(dir, "idp-api-token");
      const token = fs.readFileSync(file, "utf8").trim();
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const old = await fetch(`${app.url}/idp/api/persons/p-1001`, { headers: { authorization: "Bearer local-dev-api-token" } });
      expect(old.status).toBe(401);
      const ok = await fetch(`${app.url}/idp/api/persons/p-1001`, { headers: { authorization: `Bearer ${token}` } });
      expect(ok.status).toBe(200);
    } finally {
      await app.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** A production configuration on the test app's own origin and database (appTestEnv's). */
function withoutOriginAndDatabase(overrides: Record<string, string>) {
  const { PUBLIC_URL: _origin, DATABASE_URL: _database, ...env } = productionEnv(overrides);
  return env;
}

describe.skipIf(!onServer)("APP_ENV=production", () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({
      seed: false,
      env: withoutOriginAndDatabase({
        NODE_ENV: "development",
        LOG_LEVEL: "info",
        // the test app's own origin (appTestEnv) is plain http: a private rehearsal
        ALLOW_INSECURE_URLS: "true",
        OIDC_ISSUER: "https://idp.invalid",
        IDP_API_URL: "https://idp.invalid/api",
        PAYMENT_GATEWAY_URL: "https://pay.invalid",
        SMTP_URL: "smtp://127.0.0.1:1",
        TRUST_PROXY: "0",
      }),
    });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("answers with HSTS, and NODE_ENV follows (errors show no stack even when NODE_ENV said development)", async () => {
    const res = await fetch(`${app.url}/api/courses?pageSize=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d{7,}/);
    const { responses, text } = await rawExchange(app.port, [`TRACE / HTTP/1.1\r\nHost: localhost:${app.port}\r\nConnection: close\r\n\r\n`]);
    expect(responses[0]?.status).toBe(405);
    expect(text).not.toMatch(/\n\s+at /);
    expect(app.output()).toMatch(/"appEnv":"production","nodeEnv":"production"/);
  });
});
