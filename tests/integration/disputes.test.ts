// Disputes end (docs/decisions/payments/disputes-end.md > Disputes end; docs/api.md > Admin: orders): a
// payment.disputed suspends the order's enrollment; the admin then restores access (the
// order is paid again) or ends it (the enrollment is cancelled, the order stays disputed),
// through POST /api/admin/orders/<id>/dispute/resolve and through the order's admin page
// without JavaScript. Both need a reason, write audit rows, e-mail the student through the
// mail.send job (read here from the local outbox) and show on the order's timeline. Only
// admins; only a disputed order with a suspended enrollment (409 otherwise). HTTP against
// the built app with the sandbox gateway's signed events.
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "#server/db";
import { messageIdFor } from "#server/mail";
import { CreateOrderResponse, DisputeResolutionResponse } from "#server/orders";
import { expectMatchesContract } from "../support/contract";
import { deliver, idempotencyKey, orderBody, paymentEvent, signInStudent, startCommerceApp, type CommerceApp, type Student } from "../support/commerce";

let app: CommerceApp;
let admin: Student;
let manager: Student;
let jana: Student;
let peter: Student;
let eva: Student;
const ids: Record<string, string> = {};

const SEKRETAR = "sekretar-klubu-v-praxi";
const FINANCIE = "financie-a-granty-v-sporte";
const RIADENIE = "riadenie-sportoveho-klubu";
const ADMIN_ID = "p-4001";

beforeAll(async () => {
  app = await startCommerceApp();
  const list = (await (await fetch(`${app.url}/api/courses`)).json()) as { data: { _id: string; slug: string }[] };
  for (const c of list.data) ids[c.slug] = c._id;
  [admin, manager, jana, peter, eva] = await Promise.all([
    signInStudent(app.url, "zuzana.bielikova@demo.sk"),
    signInStudent(app.url, "martin.simko@demo.sk"),
    signInStudent(app.url),
    signInStudent(app.url, "peter.horvath@demo.sk"),
    signInStudent(app.url, "eva.kovacova@demo.sk"),
  ]);
});
afterAll(async () => {
  if (process.env.DEBUG_APP_OUTPUT) console.log(app?.output());
  await app?.stop();
});

async function order(student: Student, slug: string) {
  const res = await student.post("/api/orders", orderBody(ids[slug]));
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return CreateOrderResponse.parse(body);
}

async function paidOrder(student: Student, slug: string) {
  const created = await order(student, slug);
  expect(await (await deliver(app.url, paymentEvent(created.orderId, created.amount))).json()).toMatchObject({ result: "paid" });
  return created;
}

/** A paid order whose payment the bank disputes: the order is disputed, its enrollment suspended. */
async function disputedOrder(student: Student, slug: string) {
  const created = await paidOrder(student, slug);
  const res = await deliver(app.url, paymentEvent(created.orderId, created.amount, { eventType: "payment.disputed" }));
  expect(await res.json()).toMatchObject({ result: "disputed" });
  expect((await orderRow(created.orderId)).state).toBe("disputed");
  const [enrollment] = await enrollmentsOf(created.orderId);
  expect(enrollment).toMatchObject({ state: "active" });
  expect(enrollment.suspendedAt).toBeInstanceOf(Date);
  return { ...created, enrollmentId: enrollment.id };
}

function resolve(orderId: string, body: unknown, options: { as?: Student; key?: string | null; origin?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.key) headers["Idempotency-Key"] = options.key;
  if (options.origin) headers.Origin = options.origin;
  return (options.as ?? admin).post(`/api/admin/orders/${orderId}/dispute/resolve`, body, headers);
}

const orderRow = async (id: string) => (await app.db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0];
const enrollmentsOf = (id: string) => app.db.select().from(schema.enrollments).where(eq(schema.enrollments.orderId, id));
const disputeAudit = (orderId: string) =>
  app.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.targetId, orderId), like(schema.auditLog.action, "order.dispute.%")));

/** Waits until the mail.send job stored the e-mail in the local outbox. */
async function sentMail(key: string) {
  const messageId = messageIdFor(key, app.url);
  for (let i = 0; i < 120; i++) {
    const [mail] = await app.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.messageId, messageId));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`e-mail ${key} was never sent:\n${app.output()}`);
}

async function learnStatus(student: Student, slug: string) {
  return (await student.get(`/api/courses/${slug}/learn`)).status;
}

describe("POST /api/admin/orders/<id>/dispute/resolve", () => {
  it("restore: the suspension ends, the order is paid again, audited, the student is e-mailed; a repeat with the key replays, without it 409", async () => {
    const disputed = await disputedOrder(jana, SEKRETAR);
    expect(await learnStatus(jana, SEKRETAR)).toBe(403);

    const key = idempotencyKey();
    const body = { outcome: "restore", reason: "Banka reklamáciu zamietla v náš prospech." };
    const res = await resolve(disputed.orderId, body, { key });
    const answer = await res.json();
    expect(res.status, JSON.stringify(answer)).toBe(200);
    await expectMatchesContract("POST", `/api/admin/orders/${disputed.orderId}/dispute/resolve`, res, answer);
    const resolved = DisputeResolutionResponse.parse(answer);
    expect(resolved).toMatchObject({
      ok: true,
      orderId: disputed.orderId,
      outcome: "restore",
      orderState: "paid",
      enrollments: [{ _id: disputed.enrollmentId, state: "active" }],
    });

    const row = await orderRow(disputed.orderId);
    expect(row.state).toBe("paid");
    expect(row.paidAt).toBeInstanceOf(Date);
    const [enrollment] = await enrollmentsOf(disputed.orderId);
    expect(enrollment).toMatchObject({ state: "active", suspendedAt: null, cancelledAt: null });
    expect(await learnStatus(jana, SEKRETAR)).toBe(200);

    const [audit] = await disputeAudit(disputed.orderId);
    expect(audit).toMatchObject({ id: resolved.auditId, actorId: ADMIN_ID, action: "order.dispute.restore", targetType: "order", reason: body.reason });
    expect(audit.details).toMatchObject({ outcome: "restore", previousState: "disputed", state: "paid", enrollmentIds: [disputed.enrollmentId] });
    const enrollmentAudit = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.targetId, disputed.enrollmentId), eq(schema.auditLog.action, "enrollment.dispute.restore")));
    expect(enrollmentAudit).toHaveLength(1);

    const mail = await sentMail(`dispute_access_restored:${disputed.enrollmentId}:${resolved.auditId}`);
    expect(mail.toAddresses).toEqual(["jana.novakova@demo.sk"]);
    expect(mail.subject).toMatch(/^Prístup ku kurzu „.+“ je opäť otvorený$/);
    expect(mail.textBody).toContain(body.reason);
    expect(mail.textBody).toContain(`/kurzy/${SEKRETAR}/studium`);

    // the same key: the first answer again, nothing redone
    const replay = await resolve(disputed.orderId, body, { key });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(answer);
    expect(await disputeAudit(disputed.orderId)).toHaveLength(1);
    // without a key: the dispute is over
    const again = await resolve(disputed.orderId, body);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: "order_not_disputed", details: { state: "paid" } });
  });

  it("cancel: the enrollment is cancelled, the order stays disputed, the student is told; no second decision", async () => {
    const disputed = await disputedOrder(peter, SEKRETAR);
    const body = { outcome: "cancel", reason: "Banka vrátila platbu držiteľovi karty." };
    const res = await resolve(disputed.orderId, body);
    const answer = DisputeResolutionResponse.parse(await res.json());
    expect(res.status).toBe(200);
    expect(answer).toMatchObject({ outcome: "cancel", orderState: "disputed", enrollments: [{ _id: disputed.enrollmentId, state: "cancelled" }] });

    expect((await orderRow(disputed.orderId)).state).toBe("disputed");
    const [enrollment] = await enrollmentsOf(disputed.orderId);
    expect(enrollment).toMatchObject({ state: "cancelled", cancelReason: "dispute", suspendedAt: null });
    expect(enrollment.cancelledAt).toBeInstanceOf(Date);
    expect(await learnStatus(peter, SEKRETAR)).toBe(403);
    const [audit] = await disputeAudit(disputed.orderId);
    expect(audit).toMatchObject({ actorId: ADMIN_ID, action: "order.dispute.cancel", reason: body.reason });

    const mail = await sentMail(`dispute_access_ended:${disputed.enrollmentId}:${answer.auditId}`);
    expect(mail.toAddresses).toEqual(["peter.horvath@demo.sk"]);
    expect(mail.subject).toMatch(/bol ukončený$/);
    expect(mail.textBody).toContain(body.reason);

    // decided: neither outcome applies again
    for (const outcome of ["restore", "cancel"]) {
      const second = await resolve(disputed.orderId, { outcome, reason: "Znova" });
      expect(second.status).toBe(409);
      expect(await second.json()).toMatchObject({ error: "no_suspended_enrollment" });
    }
    expect(await disputeAudit(disputed.orderId)).toHaveLength(1);
    expect((await enrollmentsOf(disputed.orderId))[0].state).toBe("cancelled");
  });

  it("refuses other roles, a foreign Origin, a missing reason or outcome, orders not disputed, and unknown orders; nothing changes", async () => {
    const disputed = await disputedOrder(eva, SEKRETAR);
    const body = { outcome: "restore", reason: "Vyhraté" };
    // roles first: a content manager and a student get 403
    for (const as of [manager, eva]) {
      const res = await resolve(disputed.orderId, body, { as });
      expect(res.status).toBe(403);
      expect((await res.json()).error).toBe("forbidden");
    }
    const anonymous = await fetch(`${app.url}/api/admin/orders/${disputed.orderId}/dispute/resolve`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: app.url },
      body: JSON.stringify(body),
    });
    expect(anonymous.status).toBe(401);
    const foreign = await resolve(disputed.orderId, body, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).error).toBe("origin_not_allowed");
    // the body: 422 with the field's path
    for (const [bad, path] of [
      [{ outcome: "restore" }, "reason"],
      [{ outcome: "restore", reason: "   " }, "reason"],
      [{ reason: "x" }, "outcome"],
      [{ outcome: "refund", reason: "x" }, "outcome"],
      [{ outcome: "restore", reason: "x", extra: true }, ""],
    ] as const) {
      const res = await resolve(disputed.orderId, bad);
      const err = await res.json();
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(err.error).toBe("validation");
      expect(JSON.stringify(err.details)).toContain(`"path":"${path}`);
    }
    expect((await orderRow(disputed.orderId)).state).toBe("disputed");
    expect((await enrollmentsOf(disputed.orderId))[0].suspendedAt).toBeInstanceOf(Date);
    expect(await disputeAudit(disputed.orderId)).toEqual([]);

    // a paid order and a pending one are not disputed
    const paid = await paidOrder(peter, FINANCIE);
    const pending = await order(eva, RIADENIE);
    for (const [id, state] of [
      [paid.orderId, "paid"],
      [pending.orderId, "pending"],
    ] as const) {
      const res = await resolve(id, { outcome: "cancel", reason: "x" });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ error: "order_not_disputed", details: { state } });
      expect((await orderRow(id)).state).toBe(state);
    }
    expect((await enrollmentsOf(paid.orderId))[0].state).toBe("active");
    // unknown or malformed ids: 404
    for (const id of ["a".repeat(24), "nope"]) {
      const res = await resolve(id, body);
      expect(res.status).toBe(404);
      expect((await res.json()).error).toBe("not_found");
    }
    // GET is not a decision
    expect((await admin.get(`/api/admin/orders/${disputed.orderId}/dispute/resolve`)).status).toBe(405);
  });
});

describe("the order's admin page without JavaScript", () => {
  const form = (as: Student, orderId: string, fields: Record<string, string>) =>
    as.jar.fetch(`${app.url}/admin/objednavky/${orderId}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });

  it("shows the decision form on a disputed order; cancel with a reason ends access once and shows on the timeline", async () => {
    const disputed = await disputedOrder(jana, FINANCIE);
    const path = `/admin/objednavky/${disputed.orderId}`;
    const page = await (await admin.get(path)).text();
    expect(page).toContain("Reklamácia platby");
    expect(page).toContain("Obnoviť prístup");
    expect(page).toContain("Ukončiť prístup");
    expect(page).toContain("Zápis pozastavený pre reklamáciu platby");
    const key = /name="idempotencyKey" value="([0-9a-f-]{36})"/.exec(page)?.[1];
    expect(key).toBeTruthy();

    // a content manager cannot post it
    const refused = await form(manager, disputed.orderId, { intent: "cancel", reason: "x", idempotencyKey: key! });
    expect(refused.status).toBe(403);
    // no reason: 422 on the form, nothing changed
    let res = await form(admin, disputed.orderId, { intent: "cancel", reason: "", idempotencyKey: key! });
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("Uveďte dôvod rozhodnutia.");
    expect((await enrollmentsOf(disputed.orderId))[0].state).toBe("active");

    // cancel, twice (a double click): one decision, both back to the order
    const fields = { intent: "cancel", reason: "Chargeback prehratý", idempotencyKey: key! };
    for (let i = 0; i < 2; i++) {
      res = await form(admin, disputed.orderId, fields);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(`${path}?hotovo=pristup-ukonceny`);
    }
    expect(await disputeAudit(disputed.orderId)).toHaveLength(1);
    expect((await orderRow(disputed.orderId)).state).toBe("disputed");
    expect((await enrollmentsOf(disputed.orderId))[0]).toMatchObject({ state: "cancelled", cancelReason: "dispute" });

    const after = await (await admin.get(`${path}?hotovo=pristup-ukonceny`)).text();
    expect(after).toContain("Prístup ku kurzu je ukončený");
    expect(after).toContain("Reklamácia rozhodnutá: prístup ukončený");
    expect(after).toContain("Chargeback prehratý");
    expect(after).toContain("po reklamácii platby");
    expect(after).not.toContain("Obnoviť prístup");

    // a stale form (another key) is refused with the reason on the page
    res = await form(admin, disputed.orderId, { intent: "restore", reason: "Neskoro", idempotencyKey: idempotencyKey() });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("o reklamácii už bolo rozhodnuté");
  });

  it("restore lifts the suspension and the order reads paid again", async () => {
    const disputed = await disputedOrder(eva, FINANCIE);
    const path = `/admin/objednavky/${disputed.orderId}`;
    const page = await (await admin.get(path)).text();
    const key = /name="idempotencyKey" value="([0-9a-f-]{36})"/.exec(page)?.[1];
    const res = await form(admin, disputed.orderId, { intent: "restore", reason: "Banka rozhodla v náš prospech", idempotencyKey: key! });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${path}?hotovo=pristup-obnoveny`);
    expect((await orderRow(disputed.orderId)).state).toBe("paid");
    expect((await enrollmentsOf(disputed.orderId))[0]).toMatchObject({ state: "active", suspendedAt: null });
    expect(await learnStatus(eva, FINANCIE)).toBe(200);
    const after = await (await admin.get(path)).text();
    expect(after).toContain("Reklamácia rozhodnutá: prístup obnovený");
    expect(after).toContain("Banka rozhodla v náš prospech");
    expect(after).not.toContain("Ukončiť prístup");
  });
});
