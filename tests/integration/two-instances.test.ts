// Two app instances (two server.mjs processes) on one PostgreSQL database, as a load
// balancer would run them: a session made on one is valid on the other,
// the per-IP limits are one budget, a queued job runs once, and a catalog change made
// through the admin API of either is seen by the other at once (the catalog cache and
// the answer cache of both are emptied by the database's catalog_changed notification).
// Embedded PGlite serves one process only, so without TEST_DATABASE_URL this file is
// reported as skipped.
import http from "node:http";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, schema, type DatabaseHandle } from "#server/db";
import { CreateOrderResponse } from "#server/orders";
import { startApp, type RunningApp } from "../support/app";
import { createTestDatabase, serverUrl, type TestDatabase } from "../support/db";
import { signIn } from "../support/app-login";
import { deliver, idempotencyKey, orderBody, paymentEvent, WEBHOOK_SECRET } from "../support/commerce";
import type { CookieJar } from "../support/idp-login";

const CATALOG_LIMIT = 20;
const COURSE = "riadenie-sportoveho-klubu";

let database: TestDatabase;
let a: RunningApp;
let b: RunningApp;
let handle: DatabaseHandle;

describe.skipIf(!serverUrl())("two app instances on one PostgreSQL database (TEST_DATABASE_URL)", () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    const env = {
      // one secret for both, as a deployment configures it
      SESSION_SECRET: "two-instances-test-session-secret-0123456789",
      PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RATE_LIMIT_CATALOG_PER_MIN: String(CATALOG_LIMIT),
      // the job handlers say at debug level when they find their work done already
      LOG_LEVEL: "debug",
    };
    // one after the other: the first migrates and seeds, the second finds it done
    a = await startApp({ database, env });
    b = await startApp({ database, env, seed: false });
    handle = await openDatabase({ databaseUrl: database.url, migrate: false, poolSize: 2 });
  }, 180_000);
  afterAll(async () => {
    await handle?.close();
    await a?.stop();
    await b?.stop();
    await database?.drop();
  });

  it("a session made on one instance is valid on the other, and signing out on that one ends it for both", async () => {
    const { jar } = await signIn(a.url, "jana.novakova@demo.sk");
    const onA = await jar.fetch(`${a.url}/api/me`);
    expect(onA.status).toBe(200);
    const meA = await onA.json();
    const onB = await jar.fetch(`${b.url}/api/me`);
    expect(onB.status).toBe(200);
    expect(await onB.json()).toEqual(meA);
    // a signed-in person's answer is private, never stored for others
    expect(onB.headers.get("cache-control")).toMatch(/private/);
    expect(onB.headers.get("vary")).toMatch(/Cookie/i);

    const cookie = jar.header(`${a.url}/`);
    const csrf = await csrfTokenOf(jar, b.url);
    const logout = await jar.fetch(`${b.url}/api/auth/logout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: b.url },
      body: new URLSearchParams({ csrf }).toString(),
    });
    expect(logout.status).toBeLessThan(400);
    // the session ended in the database: A refuses the old cookie too
    expect((await fetch(`${a.url}/api/me`, { headers: { cookie } })).status).toBe(401);
    expect((await fetch(`${b.url}/api/me`, { headers: { cookie } })).status).toBe(401);
  });

  it("the per-IP catalog limit is one budget: what one instance counted, the other refuses", async () => {
    // instance A counts half the budget (the first read in the database at once, the rest
    // locally), flushes within a second; B then admits only what is left
    const ip = "127.0.0.61";
    for (let i = 0; i < CATALOG_LIMIT / 2; i++) expect((await getFrom(a, ip, "/api/courses")).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    let admittedOnB = 0;
    let refused: Reply | undefined;
    for (let i = 0; i < CATALOG_LIMIT; i++) {
      const reply = await getFrom(b, ip, "/api/courses");
      if (reply.status === 200) admittedOnB++;
      else {
        refused = reply;
        break;
      }
    }
    expect(admittedOnB).toBe(CATALOG_LIMIT / 2);
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(refused!.body)).toMatchObject({ error: "rate_limited", details: { limit: "catalog" } });
    // and A, which learns B's count at its next exchange, refuses too
    expect((await getFrom(a, ip, "/api/courses")).status).toBe(429);

    // alternating between the instances (small steps, each past half the budget exact)
    const ip2 = "127.0.0.62";
    let admitted = 0;
    for (let i = 0; i < CATALOG_LIMIT + 5; i++) if ((await getFrom(i % 2 ? b : a, ip2, "/api/courses")).status === 200) admitted++;
    expect(admitted).toBeGreaterThanOrEqual(CATALOG_LIMIT);
    // the reads counted locally on the other instance in the last second are the only slack
    expect(admitted).toBeLessThanOrEqual(CATALOG_LIMIT + CATALOG_LIMIT / 2);
  });

  it("a queued job runs once: a paid order on A renders one invoice PDF and sends one e-mail, whichever instance's worker took them", async () => {
    const { jar } = await signIn(a.url, "peter.horvath@demo.sk");
    const list = (await (await fetch(`${a.url}/api/courses`)).json()) as { data: { _id: string; slug: string }[] };
    const courseId = list.data.find((c) => c.slug === COURSE)!._id;
    const created = await jar.fetch(`${a.url}/api/orders`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: a.url, "Idempotency-Key": idempotencyKey() },
      body: JSON.stringify(orderBody(courseId)),
    });
    expect(created.status).toBe(201);
    const order = CreateOrderResponse.parse(await created.json());
    expect((await deliver(a.url, paymentEvent(order.orderId, order.amount))).status).toBe(200);

    const key = `purchase_confirmation:${order.orderId}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [delivery] = await handle.db.select().from(schema.mailDeliveries).where(eq(schema.mailDeliveries.key, key));
      if (delivery?.sentAt) break;
      if (Date.now() > deadline) throw new Error(`the confirmation was not sent:\nA:\n${a.output()}\nB:\n${b.output()}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    // time for a second worker to (wrongly) take the same job
    await new Promise((r) => setTimeout(r, 3000));

    // pg-boss kept one job of each, completed on its first try, and exactly one worker of
    // the two instances started it (each worker logs "job started" with the job's id)
    const [invoice] = await handle.db.select().from(schema.invoices).where(eq(schema.invoices.orderId, order.orderId));
    const lines = (a.output() + b.output()).split("\n").filter((l) => l.includes('"job started"'));
    for (const [name, field, value] of [
      ["invoices.render-pdf", "invoiceId", invoice.id],
      ["mail.send", "orderId", order.orderId],
    ] as const) {
      const jobs = await handle.db.execute(sql`select id, state, retry_count from pgboss.job where name = ${name} and data->>${field} = ${value}`);
      const rows = (jobs as unknown as { rows: { id: string; state: string; retry_count: number }[] }).rows;
      expect(rows.map(({ state, retry_count }) => ({ state, retry_count })), `${name} jobs of the order`).toEqual([{ state: "completed", retry_count: 0 }]);
      const starts = lines.filter((l) => l.includes(rows[0].id));
      expect(starts, `${name} job ${rows[0].id} started`).toHaveLength(1);
    }
    const [outbox] = await handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.mailDeliveries)
      .where(and(eq(schema.mailDeliveries.key, key)));
    expect(outbox.n).toBe(1);
  }, 120_000);

  it("a course archived through A's admin API leaves B's catalog at once, and re-published through B returns to A's", async () => {
    const { jar: admin } = await signIn(a.url, "zuzana.bielikova@demo.sk");
    const [course] = await handle.db
      .select({ id: schema.courses.id })
      .from(schema.courses)
      .where(and(eq(schema.courses.slug, COURSE), eq(schema.courses.state, "published")));
    // B has the list, the detail and the pages in its caches (asked twice: the second
    // answer comes from memory)
    for (let i = 0; i < 3; i++) {
      expect(slugs(await (await fetch(`${b.url}/api/courses`)).json())).toContain(COURSE);
      expect((await fetch(`${b.url}/api/courses/${COURSE}`)).status).toBe(200);
      expect(await (await fetch(`${b.url}/`)).text()).toContain(`/kurzy/${COURSE}`);
    }

    const archived = await admin.fetch(`${a.url}/api/admin/courses/${course.id}/archive`, { method: "POST", headers: { origin: a.url } });
    expect(archived.status).toBe(200);
    const gone = await within(2000, async () => {
      const list = slugs(await (await fetch(`${b.url}/api/courses`)).json());
      const detail = (await fetch(`${b.url}/api/courses/${COURSE}`)).status;
      const page = await (await fetch(`${b.url}/`)).text();
      const coursePage = (await fetch(`${b.url}/kurzy/${COURSE}`)).status;
      return !list.includes(COURSE) && detail === 404 && !page.includes(`/kurzy/${COURSE}`) && coursePage === 404;
    });
    expect(gone, "B still shows the archived course").toBe(true);

    // the other way round: B's admin API, A's catalog (A had it cached as archived)
    for (let i = 0; i < 2; i++) expect(slugs(await (await fetch(`${a.url}/api/courses`)).json())).not.toContain(COURSE);
    const { jar: adminOnB } = await signIn(b.url, "zuzana.bielikova@demo.sk");
    const republished = await adminOnB.fetch(`${b.url}/api/admin/courses/${course.id}/publish`, { method: "POST", headers: { origin: b.url } });
    expect(republished.status).toBe(200);
    const back = await within(2000, async () => {
      const list = slugs(await (await fetch(`${a.url}/api/courses`)).json());
      const detail = await fetch(`${a.url}/api/courses/${COURSE}`);
      return list.includes(COURSE) && detail.status === 200 && (await detail.json()).course._id === course.id;
    });
    expect(back, "A does not show the re-published course").toBe(true);
  });
});

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** GET from a chosen local address, which the server sees as the client's. */
function getFrom(app: RunningApp, from: string, path: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port: app.port, path, localAddress: from, headers: { host: new URL(app.url).host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
  });
}

function slugs(list: { data: { slug: string }[] }): string[] {
  return list.data.map((c) => c.slug);
}

/** Polls `probe` until it holds or `ms` pass; true when it held. */
async function within(ms: number, probe: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await probe()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The CSRF token of the signed-in person's forms (the sign-out form in the header). */
async function csrfTokenOf(jar: CookieJar, appUrl: string): Promise<string> {
  const html = await (await jar.fetch(`${appUrl}/ucet`)).text();
  const match = /name="csrf" value="([^"]+)"/.exec(html);
  if (!match) throw new Error("no CSRF token on /ucet");
  return match[1];
}
