// PostgreSQL ends the app's connections while requests run (as a restart or a failover
// does): the process keeps serving. Connections are cut while idle, while a checked-out
// one sits inside the order transaction waiting for the payment gateway, and on the
// LISTEN connection. A request whose connection died answers the spec's 503 body (or is
// retried when it was a read); /readyz recovers and the next requests succeed.
// docs/decisions/platform/database-connection-loss.md > Database connection loss.
import http from "node:http";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "../support/app";
import { databaseName, serverUrl } from "../support/db";
import { signInStudent, orderBody, WEBHOOK_SECRET, type Student } from "../support/commerce";

const onServer = !!serverUrl();

/** A payment gateway that takes `delayMs` to open a session, so the order transaction waits. */
function slowGateway(delayMs: number) {
  let calls = 0;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      calls++;
      const { merchantOrderId } = JSON.parse(body || "{}") as { merchantOrderId?: string };
      setTimeout(() => {
        res.writeHead(201, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ sessionId: `s-${randomUUID()}`, redirectUrl: `http://gateway.invalid/pay/${merchantOrderId}` }));
      }, delayMs);
    });
  });
  return {
    server,
    calls: () => calls,
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!onServer)("connection loss on PostgreSQL", () => {
  let app: RunningApp;
  let admin: pg.Client;
  let student: Student;
  let courseId: string;
  const gateway = slowGateway(1500);

  /** Terminates every backend of the app's database (the app's pool, pg-boss, LISTEN). */
  async function cutAll(): Promise<number> {
    const result = await admin.query("select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [
      databaseName(app.database.url!),
    ]);
    return result.rows[0].n as number;
  }

  /** Whether the server process is still running (its exit resolves `exited`). */
  async function alive(): Promise<boolean> {
    return Promise.race([app.exited.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), 50))]);
  }

  async function untilReady(): Promise<void> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const res = await fetch(`${app.url}/readyz`).catch(() => null);
      if (res?.status === 200) return;
      if (Date.now() > deadline) throw new Error(`/readyz did not recover:\n${app.output()}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  beforeAll(async () => {
    const gatewayUrl = await gateway.listen();
    app = await startApp({ env: { PAYMENT_GATEWAY_URL: gatewayUrl, PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET, RATE_LIMIT_ORDERS_PER_HOUR: "1000" } });
    admin = new pg.Client({ connectionString: serverUrl() });
    await admin.connect();
    student = await signInStudent(app.url);
    const list = (await (await fetch(`${app.url}/api/courses?pageSize=50`)).json()) as { data: { _id: string; slug: string }[] };
    courseId = list.data[0]._id;
  }, 120_000);

  afterAll(async () => {
    await admin?.end();
    await app?.stop();
    await gateway.close();
  });

  it("a connection cut inside the order transaction, while it waits for the gateway, is a 503 and the process lives on", async () => {
    const ordering = student.post("/api/orders", orderBody(courseId), { "Idempotency-Key": randomUUID() });
    // the order transaction holds its connection while the gateway takes 1.5 s
    await new Promise((r) => setTimeout(r, 600));
    expect(await cutAll()).toBeGreaterThan(0);
    const res = await ordering;
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: "database_unavailable", message: expect.any(String), details: expect.any(Object) });
    expect(res.headers.get("retry-after")).toBe("1");
    // nothing of the order was kept
    const check = new pg.Client({ connectionString: app.database.url });
    await check.connect();
    try {
      expect((await check.query("select count(*)::int as n from orders")).rows[0].n).toBe(0);
    } finally {
      await check.end();
    }
    expect(await alive()).toBe(true);
    await untilReady();
    // the same student orders again on fresh connections
    const again = await student.post("/api/orders", orderBody(courseId), { "Idempotency-Key": randomUUID() });
    expect(again.status).toBe(201);
  }, 60_000);

  it("cuts under mixed load (reads, signed-in reads, orders in flight, LISTEN) never end the process", async () => {
    let stop = false;
    const statuses: number[] = [];
    const failures: string[] = [];
    const paths = ["/api/courses", "/", "/api/enrollments/me", "/api/orders/me", "/ucet"];
    const worker = async (i: number) => {
      let n = 0;
      while (!stop) {
        const path = paths[(i + n++) % paths.length];
        const res = await student.get(path).catch(() => null);
        if (res) {
          statuses.push(res.status);
          if (res.status >= 500 && res.status !== 503) failures.push(`${path} ${res.status}`);
          await res.arrayBuffer().catch(() => {});
        }
      }
    };
    const workers = Array.from({ length: 8 }, (_, i) => worker(i));
    for (let round = 0; round < 4; round++) {
      const ordering = student.post("/api/orders", orderBody(courseId), { "Idempotency-Key": randomUUID() });
      await new Promise((r) => setTimeout(r, 400));
      await cutAll();
      await ordering.then((r) => statuses.push(r.status)).catch(() => {});
      await new Promise((r) => setTimeout(r, 300));
    }
    stop = true;
    await Promise.all(workers);
    expect(await alive()).toBe(true);
    // every answer is a real answer: 2xx/3xx, a 409 for a pending order, or the 503 body; never a 500
    expect(failures).toEqual([]);
    expect(statuses.filter((s) => s === 500)).toEqual([]);
    expect(statuses.length).toBeGreaterThan(20);
    await untilReady();
    for (const path of paths) {
      const res = await student.get(path);
      expect(res.status, path).toBeLessThan(400);
      await res.arrayBuffer();
    }
    // the LISTEN connection came back: a catalog change is still heard (readyz reports it)
    const ready = (await (await fetch(`${app.url}/readyz`)).json()) as { checks?: Record<string, { ok: boolean }> };
    for (const [name, check] of Object.entries(ready.checks ?? {})) expect(check.ok, name).toBe(true);
    expect(app.output()).not.toMatch(/Unhandled 'error' event/);
  }, 90_000);
});
