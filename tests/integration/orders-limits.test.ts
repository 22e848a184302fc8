// Order creation: 5 per hour per student (spec: Limits), 429 with Retry-After; a replayed
// double click (same Idempotency-Key) spends nothing.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "#server/db";
import { idempotencyKey, orderBody, signInStudent, startCommerceApp, type CommerceApp } from "../support/commerce";

let app: CommerceApp;
beforeAll(async () => {
  app = await startCommerceApp({ RATE_LIMIT_ORDERS_PER_HOUR: "5" });
});
afterAll(async () => {
  await app?.stop();
});

describe("order rate limit", () => {
  it("the sixth order within an hour is 429 with Retry-After; replays and other students are not counted", async () => {
    const courses = (await (await fetch(`${app.url}/api/courses`)).json()) as { data: { _id: string }[] };
    const courseId = courses.data[0]._id;
    const jana = await signInStudent(app.url);
    const key = idempotencyKey();
    const first = await jana.post("/api/orders", orderBody(courseId), { "Idempotency-Key": key });
    expect(first.status).toBe(201);
    for (let i = 0; i < 3; i++) {
      const replay = await jana.post("/api/orders", orderBody(courseId), { "Idempotency-Key": key });
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
    }
    for (let i = 0; i < 4; i++) expect((await jana.post("/api/orders", orderBody(courseId))).status).toBe(201);
    const sixth = await jana.post("/api/orders", orderBody(courseId));
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await sixth.json()).error).toBe("rate_limited");

    const peter = await signInStudent(app.url, "peter.horvath@demo.sk");
    expect((await peter.post("/api/orders", orderBody(courseId))).status).toBe(201);
  });

  it("30 parallel copies of one request (one key) spend one unit: replays and the in-progress 409 come first", async () => {
    const courses = (await (await fetch(`${app.url}/api/courses`)).json()) as { data: { _id: string }[] };
    const courseId = courses.data[1]._id;
    const eva = await signInStudent(app.url, "eva.kovacova@demo.sk");
    const key = idempotencyKey();
    const answers = await Promise.all(Array.from({ length: 30 }, () => eva.post("/api/orders", orderBody(courseId), { "Idempotency-Key": key })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const orderIds = new Set(await Promise.all(answers.filter((r) => r.status === 201).map(async (r) => (await r.json()).orderId)));
    expect(orderIds.size).toBe(1);
    const [counter] = await app.db.select().from(schema.rateLimits).where(eq(schema.rateLimits.key, "orders:p-2001"));
    expect(counter.points).toBe(1);
    // four more requests fit the budget of five; the sixth does not
    for (let i = 0; i < 4; i++) expect((await eva.post("/api/orders", orderBody(courseId), { "Idempotency-Key": idempotencyKey() })).status).toBe(201);
    expect((await eva.post("/api/orders", orderBody(courseId), { "Idempotency-Key": idempotencyKey() })).status).toBe(429);
  });
});
