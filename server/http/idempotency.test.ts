// Idempotency keys against a real database (PostgreSQL with TEST_DATABASE_URL, else PGlite):
// every rule of docs/decisions/platform/errors-and-auth.md > Errors and auth, plus release on failure, purge and concurrency.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { schema, type Tx } from "../db";
import { openTestDatabase, type OpenTestDatabase } from "../../tests/support/db";
import {
  canonicalJson,
  idempotencyOf,
  idempotencyRoute,
  parseIdempotencyKey,
  purgeIdempotencyKeys,
  requestHash,
  answerResponse,
  withIdempotency as runIdempotent,
  type Answer,
  type IdempotentRequest,
} from "./idempotency";

/** The answer as an /api route sends it (the work returns a value; the route wraps it). */
async function withIdempotency(request: IdempotentRequest, work: (tx: Tx) => Promise<Answer>): Promise<Response> {
  return answerResponse(await runIdempotent(request, work));
}

let t: OpenTestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

const ROUTE = "POST /api/tests/0123456789abcdef01234567/attempts";
let executions = 0;

/** The business work: one audit row per execution, answered 201 with the new id. */
function startAttempt(marker: string, options: { delayMs?: number; status?: number; fail?: boolean } = {}) {
  return async (tx: Tx) => {
    executions++;
    const [row] = await tx
      .insert(schema.auditLog)
      .values({ actorId: "p-1", action: "attempt.start", targetType: "test", targetId: marker })
      .returning({ id: schema.auditLog.id });
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
    if (options.fail) throw new Error("database went away");
    return {
      status: options.status ?? 201,
      body: { attemptId: row.id, marker },
      headers: { Location: `/api/attempts/${row.id}`, "Set-Cookie": "x=1" },
    };
  };
}

async function auditRows(marker: string) {
  return (await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.targetId, marker))).length;
}

function request(over: Partial<IdempotentRequest> = {}): IdempotentRequest {
  return { db: t.db, userId: "p-1", route: ROUTE, key: randomUUID(), body: {}, required: true, ...over };
}

describe("key format", () => {
  it("accepts a UUID, bare or as a structured-field string, in any case", () => {
    const key = "8e03978e-40d5-43e8-bc93-6894a57f9324";
    expect(parseIdempotencyKey(key)).toBe(key);
    expect(parseIdempotencyKey(`"${key.toUpperCase()}"`)).toBe(key);
    expect(parseIdempotencyKey(null)).toBeNull();
    expect(parseIdempotencyKey("  ")).toBeNull();
  });
  it.each(["abc", "8e03978e40d543e8bc936894a57f9324", "8e03978e-40d5-43e8-bc93-6894a57f932", "x".repeat(300)])(
    "refuses %s with 400 idempotency_key_invalid",
    (raw) => {
      expect(() => parseIdempotencyKey(raw)).toThrow(expect.objectContaining({ status: 400, code: "idempotency_key_invalid" }));
    },
  );
  it("canonical body: key order and absent values do not matter", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: undefined } })).toBe('{"a":{"d":[1,{"x":1,"y":2}]},"b":1}');
    expect(canonicalJson(undefined)).toBe("null");
  });
  it("route is the method and the path; the key comes from the header", () => {
    expect(idempotencyRoute(new Request("http://x/api/orders?x=1", { method: "post" }))).toBe("POST /api/orders");
    const request = new Request("http://x/api/tests/t1/attempts", { method: "POST", headers: { "Idempotency-Key": "k" } });
    expect(idempotencyOf(request)).toEqual({ route: "POST /api/tests/t1/attempts", key: "k" });
  });
});

describe("withIdempotency", () => {
  it("requires a key where the route requires one (400 idempotency_key_required), before any work", async () => {
    const before = executions;
    for (const key of [null, undefined, ""]) {
      await expect(withIdempotency(request({ key }), startAttempt("no-key"))).rejects.toMatchObject({
        status: 400,
        code: "idempotency_key_required",
      });
    }
    await expect(withIdempotency(request({ key: "nope" }), startAttempt("no-key"))).rejects.toMatchObject({
      status: 400,
      code: "idempotency_key_invalid",
    });
    expect(executions).toBe(before);
  });

  it("runs a keyless request plainly where the key is only recommended (nothing remembered)", async () => {
    const a = await withIdempotency(request({ key: null, required: false }), startAttempt("keyless"));
    const b = await withIdempotency(request({ key: null, required: false }), startAttempt("keyless"));
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await auditRows("keyless")).toBe(2);
  });

  it("replays the first response, status, body and headers included, for the same key and body", async () => {
    const key = randomUUID();
    const before = executions;
    let beforeExecute = 0;
    const hook = async () => void beforeExecute++;
    const first = await withIdempotency(request({ key, body: { a: 1, b: [1, 2] }, beforeExecute: hook }), startAttempt("replay"));
    const firstBody = await first.json();
    expect(first.status).toBe(201);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    // same key (quoted, upper-case), same body in another key order
    const again = await withIdempotency(request({ key: `"${key.toUpperCase()}"`, body: { b: [1, 2], a: 1 }, beforeExecute: hook }), startAttempt("replay"));
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(again.headers.get("Location")).toBe(`/api/attempts/${firstBody.attemptId}`);
    expect(again.headers.get("Set-Cookie")).toBeNull();
    expect(await again.json()).toEqual(firstBody);
    expect(executions - before).toBe(1);
    expect(beforeExecute).toBe(1);
    expect(await auditRows("replay")).toBe(1);
  });

  it("refuses the same key with another body (422 idempotency_key_reused)", async () => {
    const key = randomUUID();
    await withIdempotency(request({ key, body: { answers: [1] } }), startAttempt("reused"));
    await expect(withIdempotency(request({ key, body: { answers: [2] } }), startAttempt("reused"))).rejects.toMatchObject({
      status: 422,
      code: "idempotency_key_reused",
    });
    expect(await auditRows("reused")).toBe(1);
  });

  it("scopes keys per user and per route", async () => {
    const key = randomUUID();
    await withIdempotency(request({ key }), startAttempt("scoped"));
    const otherUser = await withIdempotency(request({ key, userId: "p-2" }), startAttempt("scoped"));
    const otherRoute = await withIdempotency(request({ key, route: "POST /api/orders" }), startAttempt("scoped"));
    expect(otherUser.headers.get("Idempotent-Replayed")).toBeNull();
    expect(otherRoute.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await auditRows("scoped")).toBe(3);
  });

  it("releases the key when the work throws: nothing it did stays, a retry runs", async () => {
    const key = randomUUID();
    await expect(withIdempotency(request({ key }), startAttempt("thrown", { fail: true }))).rejects.toThrow("database went away");
    expect(await auditRows("thrown")).toBe(0);
    const retry = await withIdempotency(request({ key }), startAttempt("thrown"));
    expect(retry.status).toBe(201);
    expect(retry.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await auditRows("thrown")).toBe(1);
  });

  it("releases the key when the work answers 5xx, and rolls its work back", async () => {
    const key = randomUUID();
    const failed = await withIdempotency(request({ key }), startAttempt("five-hundred", { status: 503 }));
    expect(failed.status).toBe(503);
    expect(await auditRows("five-hundred")).toBe(0);
    const retry = await withIdempotency(request({ key }), startAttempt("five-hundred"));
    expect(retry.status).toBe(201);
    expect(await auditRows("five-hundred")).toBe(1);
  });

  it("remembers a returned 4xx like any other answer", async () => {
    const key = randomUUID();
    const refused = () => async () => ({ status: 409, body: { error: "cooldown_active", message: "…", details: {} } });
    const first = await withIdempotency(request({ key }), refused());
    const again = await withIdempotency(request({ key }), refused());
    expect([first.status, again.status]).toEqual([409, 409]);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.json()).toMatchObject({ error: "cooldown_active" });
  });

  it("answers 409 idempotency_in_progress for a key whose first request has not finished", async () => {
    const key = randomUUID();
    // a row without its response: what another instance would leave mid-request
    await t.db.insert(schema.idempotencyKeys).values({ userId: "p-1", route: ROUTE, key, requestHash: requestHash({}) });
    await expect(withIdempotency(request({ key }), startAttempt("in-progress"))).rejects.toMatchObject({
      status: 409,
      code: "idempotency_in_progress",
      headers: { "Retry-After": "1" },
    });
  });

  it("two concurrent requests with one key: one execution; the other gets 409 or the replay", async () => {
    const key = randomUUID();
    const before = executions;
    const settled = await Promise.allSettled([
      withIdempotency(request({ key }), startAttempt("concurrent", { delayMs: 400 })),
      withIdempotency(request({ key }), startAttempt("concurrent", { delayMs: 400 })),
    ]);
    expect(executions - before).toBe(1);
    expect(await auditRows("concurrent")).toBe(1);
    const executed = settled.filter((s) => s.status === "fulfilled" && s.value.status === 201 && s.value.headers.get("Idempotent-Replayed") === null);
    expect(executed).toHaveLength(1);
    const other = settled.find((s) => !executed.includes(s))!;
    if (other.status === "rejected") {
      expect(other.reason).toMatchObject({ status: 409, code: "idempotency_in_progress" });
    } else {
      expect(other.value.status).toBe(201);
      expect(other.value.headers.get("Idempotent-Replayed")).toBe("true");
    }
    // once the first has finished, the key replays
    const later = await withIdempotency(request({ key }), startAttempt("concurrent"));
    expect(later.headers.get("Idempotent-Replayed")).toBe("true");
    if (t.url) expect(other.status).toBe("rejected"); // a server runs them side by side
  });

  it("the claim reads the stored answer after the lock: a holder that commits while the claim's statement waits is replayed, not run again", async () => {
    if (!t.url) return; // PGlite runs one transaction at a time: no holder can commit meanwhile
    const key = randomUUID();
    const pg = (await import("pg")).default;
    const [holder, claimant] = [new pg.Client({ connectionString: t.url }), new pg.Client({ connectionString: t.url })];
    await Promise.all([holder.connect(), claimant.connect()]);
    try {
      // the holder: the key's lock, its answer written, and a second lock the claimant will wait
      // on, held by the session so that it is let go only after the commit has let the key's go
      await holder.query("begin");
      expect((await holder.query("select * from idempotency_claim($1, $2, $3)", ["p-1", ROUTE, key])).rows[0]).toMatchObject({
        locked: true,
        request_hash: null,
      });
      await holder.query("select pg_advisory_lock(4242)");
      await holder.query(
        `insert into idempotency_keys (user_id, route, key, request_hash, response_status, response_body, response_headers, completed_at)
         values ('p-1', $1, $2, $3, 201, '{"first":true}', '{}', now())`,
        [ROUTE, key, requestHash({})],
      );
      // the claimant's statement starts now (its snapshot predates the holder's commit) and
      // reaches the claim only once the holder has committed and then let the second lock go
      await claimant.query("begin");
      const claimed = claimant.query(
        `select c.* from (select pg_advisory_xact_lock(4242), 1 as x) w
           cross join lateral idempotency_claim($1 || repeat('', w.x), $2, $3) c`,
        ["p-1", ROUTE, key],
      );
      await new Promise((r) => setTimeout(r, 200));
      await holder.query("commit");
      await holder.query("select pg_advisory_unlock(4242)");
      const { rows } = await claimed;
      await claimant.query("rollback");
      expect(rows[0]).toMatchObject({ locked: true, response_status: 201, response_body: { first: true } });
    } finally {
      await Promise.all([holder.end(), claimant.end()]);
    }
  });

  it("keeps keys 24 hours; the purge deletes older ones, after which the key runs again", async () => {
    const key = randomUUID();
    await withIdempotency(request({ key }), startAttempt("purged"));
    const now = new Date();
    expect(await purgeIdempotencyKeys(t.db, new Date(now.getTime() + 23 * 3600_000))).toBe(0);
    const again = await withIdempotency(request({ key }), startAttempt("purged"));
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await purgeIdempotencyKeys(t.db, new Date(now.getTime() + 25 * 3600_000))).toBeGreaterThanOrEqual(1);
    const fresh = await withIdempotency(request({ key }), startAttempt("purged"));
    expect(fresh.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await auditRows("purged")).toBe(2);
  });
});
