// Order numbers (docs/decisions/payments/order-numbers.md > Order numbers): year in Europe/Bratislava + the place among
// that year's orders by creation time then id, the same on every read; the billing name is the
// company or club on the order, else the person.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId, schema } from "../db";
import { openTestDatabase, type OpenTestDatabase } from "../../tests/support/db";
import { formatOrderNumber, orderLabels, orderNumber } from "./index";

let t: OpenTestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

function order(createdAt: string, billingDetails: Record<string, unknown> = { type: "personal", firstName: "Jana", lastName: "Nováková" }, id = newId()) {
  return {
    id,
    courseId: newId(),
    courseVersionId: newId(),
    courseTitle: "Kurz",
    studentId: "p-1001",
    studentDisplayName: "Jana Nováková",
    billingType: "personal" as const,
    billingDetails,
    amountCents: 100,
    state: "paid" as const,
    createdAt: new Date(createdAt),
  };
}

describe("order numbers", () => {
  it("count within the Bratislava year by creation time, then id; stable on every read", async () => {
    // 31 Dec 2030 23:30 UTC is already 2031 in Bratislava (UTC+1)
    const a = order("2030-03-01T10:00:00Z");
    const b = order("2030-12-31T22:59:59Z");
    const c = order("2030-12-31T23:30:00Z");
    const d = order("2031-01-02T08:00:00Z");
    // the same instant as d: the smaller id goes first
    const [lo, hi] = [newId(), newId()].sort();
    const e = order("2031-01-02T08:00:00Z", undefined, hi);
    const f = order("2031-01-02T08:00:00Z", undefined, lo);
    await t.db.insert(schema.orders).values([d, c, e, b, a, f]);
    const labels = await orderLabels(t.db, [a.id, b.id, c.id, d.id, e.id, f.id]);
    const numbers = [a, b, c, d, e, f].map((o) => labels.get(o.id)?.number);
    // d, e and f share an instant: their ids decide
    const sameInstant = [d.id, e.id, f.id].sort();
    expect(numbers.slice(0, 3)).toEqual(["2030-0001", "2030-0002", "2031-0001"]);
    expect(sameInstant.map((id) => labels.get(id)?.number)).toEqual(["2031-0002", "2031-0003", "2031-0004"]);
    // a later order does not move earlier numbers
    await t.db.insert(schema.orders).values(order("2031-06-01T08:00:00Z"));
    expect(await orderNumber(t.db, a.id)).toBe("2030-0001");
    expect(await orderNumber(t.db, c.id)).toBe("2031-0001");
    expect(await orderNumber(t.db, newId())).toBeNull();
    expect(formatOrderNumber(2031, 12345)).toBe("2031-12345");
  });

  it("the billing name: the company or club on the order, else the person billed", async () => {
    const person = order("2032-01-01T10:00:00Z");
    const company = order("2032-01-01T11:00:00Z", { type: "company", companyName: "Rozpočty s. r. o.", ico: "12345678" });
    const club = order("2032-01-01T12:00:00Z", {
      type: "organization",
      orgId: "o-5001",
      orgName: "Športový klub Tatran Demo, o. z.",
      billingAddress: { companyName: "Iné" },
    });
    await t.db.insert(schema.orders).values([person, company, club]);
    const labels = await orderLabels(t.db, [person.id, company.id, club.id]);
    expect(labels.get(person.id)).toEqual({ number: "2032-0001", billingName: "Jana Nováková" });
    expect(labels.get(company.id)?.billingName).toBe("Rozpočty s. r. o.");
    expect(labels.get(club.id)?.billingName).toBe("Športový klub Tatran Demo, o. z.");
  });
});
