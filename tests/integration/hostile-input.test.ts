// Bad input inside bodies and dates at the edge of what PostgreSQL holds (found by a
// review after the front door): a NUL character in a JSON or form body, an offset
// that carries year 9999 into year 10000, an integer past the column's range. Each is a
// 422 with the error body (or the form's error), never a 500, and nothing is stored. And a
// page action's body that is no form (JSON, text, none, broken multipart): 415 or 400.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "#server/db";
import { deliver, orderBody, signInStudent, startCommerceApp, type CommerceApp, type Student } from "../support/commerce";

let app: CommerceApp;
let jana: Student;
let admin: Student;
let manager: Student;
let courseId: string;
let slug: string;

beforeAll(async () => {
  app = await startCommerceApp();
  const list = (await (await fetch(`${app.url}/api/courses`)).json()) as { data: { _id: string; slug: string }[] };
  ({ _id: courseId, slug } = list.data[0]);
  [jana, admin, manager] = await Promise.all([
    signInStudent(app.url),
    signInStudent(app.url, "zuzana.bielikova@demo.sk"),
    signInStudent(app.url, "martin.simko@demo.sk"),
  ]);
});
afterAll(async () => {
  await app?.stop();
});

const send = (who: Student, method: string, path: string, body: unknown) =>
  who.jar.fetch(`${app.url}${path}`, { method, headers: { "Content-Type": "application/json", Origin: app.url }, body: JSON.stringify(body) });

async function expectValidation(res: Response, path?: string) {
  const text = await res.text();
  expect(res.status, text).toBe(422);
  const body = JSON.parse(text);
  expect(body).toMatchObject({ error: "validation", message: expect.any(String) });
  if (path !== undefined) expect(body.details).toEqual([expect.objectContaining({ path })]);
  expect(text).not.toMatch(/\n\s+at |node_modules/);
}

const ordersOf = async (studentId: string) => app.db.select({ id: schema.orders.id }).from(schema.orders).where(eq(schema.orders.studentId, studentId));

describe("a NUL character in a body", () => {
  it("JSON: 422 naming the field, for students and admins alike; nothing stored", async () => {
    const before = await ordersOf("p-1001");
    const body = orderBody(courseId);
    await expectValidation(
      await jana.post("/api/orders", { ...body, billingAddress: { ...body.billingAddress, street: "Ulica\u0000 1" } }),
      "billingAddress.street",
    );
    expect(await ordersOf("p-1001")).toEqual(before);
    await expectValidation(await admin.post("/api/admin/enrollments/0123456789abcdef01234567/cancel", { reason: "a\u0000b" }), "reason");
    await expectValidation(
      await admin.post("/api/admin/enrollments", { studentId: "p-1002\u0000", courseId, reason: "admin_grant", grantReason: "x" }),
      "studentId",
    );
    const drafts = (await (await manager.get("/api/admin/courses?state=draft")).json()) as { data: { _id: string; title: string }[] };
    const draft = drafts.data[0];
    await expectValidation(await send(manager, "PATCH", `/api/admin/courses/${draft._id}`, { title: "T\u0000" }), "title");
    const [row] = await app.db.select({ title: schema.courses.title }).from(schema.courses).where(eq(schema.courses.id, draft._id));
    expect(row.title).toBe(draft.title);
  });

  it("the checkout form: the refusal is said on the form (422), no order", async () => {
    const before = await ordersOf("p-1001");
    const page = await jana.get(`/kurzy/${slug}/kupit`);
    expect(page.status).toBe(200);
    const key = (await page.text()).match(/name="idempotencyKey" value="([^"]+)"/)?.[1];
    const form = new URLSearchParams({
      billingType: "personal",
      firstName: "Jana",
      lastName: "Nováková",
      email: "jana.novakova@demo.sk",
      street: "U\u0000 1",
      city: "Trnava",
      postalCode: "917 01",
      country: "Slovensko",
      agreedTos: "on",
      agreedRefundPolicy: "on",
      ...(key ? { idempotencyKey: key } : {}),
    });
    const res = await jana.jar.fetch(`${app.url}/kurzy/${slug}/kupit`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
      body: form,
      redirect: "manual",
    });
    const html = await res.text();
    expect(res.status, html.slice(0, 500)).toBe(422);
    expect(html).toContain("Text obsahuje nepovolený znak");
    expect(await ordersOf("p-1001")).toEqual(before);
  });
});

describe("dates and numbers past what a column holds", () => {
  const edge = encodeURIComponent("9999-12-31T23:59:59-23:59");

  it("an offset into year 10000 is 422 in filters and bodies, and on the admin orders page", async () => {
    await expectValidation(await admin.get(`/api/admin/orders?createdAfter=${edge}`));
    await expectValidation(await admin.get(`/api/admin/orders?createdBefore=${edge}`));
    await expectValidation(await admin.get(`/api/admin/enrollments?enrolledAfter=${edge}`));
    await expectValidation(await admin.post("/api/admin/enrollments/0123456789abcdef01234567/extend", { newExpiresAt: "9999-12-31T23:59:59-23:59" }));
    const page = await admin.get(`/admin/objednavky?createdAfter=${edge}`);
    expect(page.status).toBe(422);
    // the last representable moment is fine
    expect((await admin.get(`/api/admin/orders?createdAfter=${encodeURIComponent("9999-12-31T23:59:59Z")}`)).status).toBe(200);
  });

  it("an enrollment limit past the column's range is 422, the draft unchanged", async () => {
    const drafts = (await (await manager.get("/api/admin/courses?state=draft")).json()) as { data: { _id: string }[] };
    const id = drafts.data[0]._id;
    const [before] = await app.db.select({ limit: schema.courses.enrollmentLimit }).from(schema.courses).where(eq(schema.courses.id, id));
    await expectValidation(await send(manager, "PATCH", `/api/admin/courses/${id}`, { enrollmentLimit: 3_000_000_000 }), "enrollmentLimit");
    const [after] = await app.db.select({ limit: schema.courses.enrollmentLimit }).from(schema.courses).where(eq(schema.courses.id, id));
    expect(after.limit).toBe(before.limit);
  });
});

describe("a page action's body that is no form", () => {
  const post = (who: Student, path: string, init: { type?: string; body?: string }) =>
    who.jar.fetch(`${app.url}${path}`, {
      method: "POST",
      headers: { Origin: app.url, ...(init.type ? { "Content-Type": init.type } : {}) },
      ...(init.body !== undefined ? { body: init.body } : {}),
      redirect: "manual",
    });

  it("JSON, text or no body is 415; a broken multipart body is 400; pages and their .data twins alike", async () => {
    for (const [who, path] of [
      [jana, `/kurzy/${slug}/kupit`],
      [jana, `/kurzy/${slug}/kupit.data`],
      [admin, "/admin/zapisy"],
      [manager, "/admin/kurzy/novy"],
    ] as const) {
      for (const init of [{ type: "application/json", body: '{"intent":"x"}' }, { type: "text/plain", body: "intent=x" }, {}]) {
        const res = await post(who, path, init);
        expect(res.status, `${path} ${init.type ?? "(none)"}`).toBe(415);
        expect(await res.text()).not.toMatch(/\n\s+at |node_modules/);
      }
      const broken = await post(who, path, { type: "multipart/form-data; boundary=x", body: "--x\r\nbroken" });
      expect(broken.status, `${path} broken multipart`).toBe(400);
      const noBoundary = await post(who, path, { type: "multipart/form-data", body: "intent=x" });
      expect(noBoundary.status, `${path} multipart without boundary`).toBe(400);
    }
  });

  it("the outbox page past any real page is an empty page, not a 500", async () => {
    // the outbox is the admin's (docs/decisions/mail/the-outbox-is-the-admin-s.md > The outbox is the admin's)
    const res = await admin.get("/admin/posta?strana=99999999999999999999");
    expect(res.status).toBe(200);
  });
});

describe("a JSON body nested 10,000 levels deep", () => {
  const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
  const deepObject = (n: number) => '{"a":'.repeat(n) + "1" + "}".repeat(n);

  it("is 400 with the error body before any schema, on student, admin and webhook endpoints; nothing stored", async () => {
    const before = await ordersOf("p-1001");
    const parts = await app.db.select({ id: schema.parts.id }).from(schema.parts).limit(1);
    const tests = await app.db.select({ id: schema.tests.id }).from(schema.tests).limit(1);
    const targets: [string, string][] = [
      ["POST", "/api/orders"],
      ["POST", `/api/parts/${parts[0].id}/progress`],
      ["POST", `/api/tests/${tests[0].id}/attempts`],
      ["POST", `/api/tests/${tests[0].id}/attempts/0123456789abcdef01234567/submit`],
      ["POST", "/api/admin/enrollments"],
    ];
    for (const [method, path] of targets) {
      for (const body of [deep(10_000), deepObject(10_000), `{"courseId": ${deep(40)}}`]) {
        const res = await jana.jar.fetch(`${app.url}${path}`, {
          method,
          headers: { "Content-Type": "application/json", Origin: app.url, "Idempotency-Key": crypto.randomUUID() },
          body,
        });
        const text = await res.text();
        // the admin endpoint refuses a student first (403); every other answers 400 for the depth
        if (path.startsWith("/api/admin")) expect(res.status, `${path} ${text}`).toBe(403);
        else {
          expect(res.status, `${path} ${text}`).toBe(400);
          expect(JSON.parse(text)).toMatchObject({ error: "bad_request", message: expect.any(String), details: { maxDepth: 32 } });
        }
      }
    }
    const res = await admin.jar.fetch(`${app.url}/api/admin/enrollments`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: app.url },
      body: deepObject(10_000),
    });
    expect(res.status).toBe(400);
    const hook = await fetch(`${app.url}/api/webhooks/payment`, { method: "POST", headers: { "Content-Type": "application/json" }, body: deep(10_000) });
    expect(hook.status).toBe(401); // the signature comes first, nothing parsed without it
    const signed = await deliver(app.url, { eventId: "evt_deep" }, { raw: `{"eventId":"evt_deep","payment":${deepObject(10_000)}}` });
    expect(signed.status).toBe(400);
    expect(await signed.json()).toMatchObject({ error: "bad_request", details: { maxDepth: 32 } });
    expect(await ordersOf("p-1001")).toEqual(before);
  });
});
