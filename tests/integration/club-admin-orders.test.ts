// A club admin (club_admin:<org> at the provider) buys for the club a course they hold
// themselves, over HTTP against the built app and its sandbox gateway on PostgreSQL (PGlite
// without a server): the personal `already_enrolled` check applies to personal orders only,
// and a pending personal order and a pending club order of one course stay apart.
// docs/decisions/clubs/club-admins-buy-what-they-hold.md > Club admins buy what they hold.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "#server/db";
import { expectMatchesContract } from "../support/contract";
import { companyAddress, deliver, orderBody, paymentEvent, signInStudent, startCommerceApp, type CommerceApp, type Student } from "../support/commerce";

let app: CommerceApp;
const ids: Record<string, string> = {};
const FINANCIE = "financie-a-granty-v-sporte";
const SEKRETAR = "sekretar-klubu-v-praxi";
/** Tomáš Baláž (p-5001) is club_admin:o-5001 at the local provider */
const CLUB = "o-5001";
const TOMAS = "p-5001";

beforeAll(async () => {
  app = await startCommerceApp();
  const list = (await (await fetch(`${app.url}/api/courses`)).json()) as { data: { _id: string; slug: string }[] };
  for (const c of list.data) ids[c.slug] = c._id;
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

type Created = { orderId: string; amount: number; redirectUrl: string };

async function order(student: Student, slug: string, extra: Record<string, unknown> = {}): Promise<Created> {
  const res = await student.post("/api/orders", orderBody(ids[slug], extra), { "Idempotency-Key": randomUUID() });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body as Created;
}

const clubOrder = { billingType: "company", billingAddress: companyAddress, sponsorOrgId: CLUB };
const orderRow = async (id: string) => (await app.db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0];

describe("a club admin buys for the club a course they hold themselves", () => {
  it("the personal enrollment refuses a personal order only; a club order and its retry go through", async () => {
    const tomas = await signInStudent(app.url, "tomas.balaz@demo.sk");
    const mine = await order(tomas, FINANCIE);
    expect((await deliver(app.url, paymentEvent(mine.orderId, mine.amount))).status).toBe(200);
    expect((await orderRow(mine.orderId)).state).toBe("paid");

    // for himself: held
    const again = await tomas.post("/api/orders", orderBody(ids[FINANCIE]));
    const refusal = await again.json();
    expect([again.status, refusal.error]).toEqual([409, "already_enrolled"]);

    // for the club: a new club order
    const res = await tomas.post("/api/orders", orderBody(ids[FINANCIE], clubOrder));
    const club = (await res.json()) as Created;
    expect(res.status, JSON.stringify(club)).toBe(201);
    await expectMatchesContract("POST", "/api/orders", res, club);
    expect(club.orderId).not.toBe(mine.orderId);
    expect(await orderRow(club.orderId)).toMatchObject({ sponsorOrgId: CLUB, state: "pending", billingType: "company" });

    // its payment fails; retry-payment of the club order runs the club's checks, not his own
    await deliver(app.url, paymentEvent(club.orderId, club.amount, { eventType: "payment.failed" }));
    const retry = await tomas.post(`/api/orders/${club.orderId}/retry-payment`, {}, { "Idempotency-Key": randomUUID() });
    expect(retry.status, JSON.stringify(await retry.clone().json())).toBe(200);

    // paid: the club order enrolls nobody, his own enrollment stays the only one
    expect((await deliver(app.url, paymentEvent(club.orderId, club.amount))).status).toBe(200);
    expect((await orderRow(club.orderId)).state).toBe("paid");
    const enrollments = await app.db.select().from(schema.enrollments).where(eq(schema.enrollments.studentId, TOMAS));
    expect(enrollments.map((e) => e.orderId)).toEqual([mine.orderId]);
  }, 60_000);

  it("a pending personal order and a pending club order of one course are never returned for each other", async () => {
    const tomas = await signInStudent(app.url, "tomas.balaz@demo.sk");
    const personal = await order(tomas, SEKRETAR);
    const club = await order(tomas, SEKRETAR, clubOrder);
    expect(club.orderId).not.toBe(personal.orderId);
    expect(await orderRow(personal.orderId)).toMatchObject({ state: "pending", sponsorOrgId: null });
    expect(await orderRow(club.orderId)).toMatchObject({ state: "pending", sponsorOrgId: CLUB });

    // each buyer's repeat returns its own pending order
    expect((await order(tomas, SEKRETAR)).orderId).toBe(personal.orderId);
    expect((await order(tomas, SEKRETAR, clubOrder)).orderId).toBe(club.orderId);
    expect((await orderRow(personal.orderId)).billingDetails).toMatchObject({ type: "personal" });
    expect((await orderRow(club.orderId)).billingDetails).toMatchObject({ type: "organization", orgId: CLUB });

    // a failed club order is not blocked by the personal pending one (and the other way round)
    await deliver(app.url, paymentEvent(club.orderId, club.amount, { eventType: "payment.failed" }));
    expect((await tomas.post(`/api/orders/${club.orderId}/retry-payment`, {})).status).toBe(200);
    await deliver(app.url, paymentEvent(personal.orderId, personal.amount, { eventType: "payment.failed" }));
    const pendingClub = await order(tomas, SEKRETAR, clubOrder);
    expect(pendingClub.orderId).not.toBe(club.orderId); // the failed club order is not pending
    expect((await tomas.post(`/api/orders/${personal.orderId}/retry-payment`, {})).status).toBe(200);
  }, 60_000);
});
