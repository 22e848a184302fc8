// Pay by bank transfer (docs/decisions/payments/pay-by-bank-transfer.md > Pay by bank transfer), over HTTP against the
// built app with its job workers on PostgreSQL (PGlite without a server): a company or club
// buyer gets a payment request (variable symbol, IBAN, due date, PAY by square) e-mailed as
// PDF; an admin's recorded transfer or a CAMT.053 statement pays the order through the
// gateway's path exactly once; a wrong amount is flagged; an unpaid request expires.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "#server/db";
import { readPayBySquare, bratislavaDay } from "#server/invoices";
import { expirePendingOrders, expireTransferRequests } from "#server/orders";
import { startAppWithQueue, type AppWithQueue } from "../support/app-with-queue";
import { expectMatchesContract } from "../support/contract";
import { companyAddress, orderBody, signInStudent, WEBHOOK_SECRET, type Student } from "../support/commerce";
import { normalizeSpaces, pdfText } from "../support/pdf-text";
import { until } from "../support/wait";

let app: AppWithQueue;
let admin: Student;
let manager: Student;
const ids: Record<string, string> = {};
const RIADENIE = "riadenie-sportoveho-klubu";
const FINANCIE = "financie-a-granty-v-sporte";
const SEKRETAR = "sekretar-klubu-v-praxi";
/** the demo supplier's account (server/config DEMO_INVOICE_SUPPLIER) */
const IBAN = "SK3112000000198742637541";

beforeAll(async () => {
  app = await startAppWithQueue({ PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET, RATE_LIMIT_ORDERS_PER_HOUR: "1000" });
  const list = (await (await fetch(`${app.url}/api/courses`)).json()) as { data: { _id: string; slug: string }[] };
  for (const c of list.data) ids[c.slug] = c._id;
  [admin, manager] = await Promise.all([signInStudent(app.url, "zuzana.bielikova@demo.sk"), signInStudent(app.url, "martin.simko@demo.sk")]);
}, 180_000);
afterAll(async () => {
  await app?.stop();
});

type Created = {
  orderId: string;
  amount: number;
  currency: string;
  redirectUrl: string;
  paymentRequest: { variableSymbol: string; iban: string; amountCents: number; dueDate: string; payBySquare: string; pdfUrl: string };
};

const companyTransfer = { billingType: "company", billingAddress: companyAddress, paymentMethod: "transfer" };
const orderRow = async (id: string) => (await app.db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0];
const paymentsOf = (id: string) => app.db.select().from(schema.payments).where(eq(schema.payments.orderId, id));
const invoicesOf = (id: string) => app.db.select().from(schema.invoices).where(eq(schema.invoices.orderId, id));
const transfersOf = (id: string) => app.db.select().from(schema.bankTransfers).where(eq(schema.bankTransfers.orderId, id));
const delivery = async (key: string) => (await app.db.select().from(schema.mailDeliveries).where(eq(schema.mailDeliveries.key, key)))[0];
const auditOf = (id: string, action: string) =>
  app.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.targetId, id), eq(schema.auditLog.action, action)));

async function transferOrder(student: Student, slug: string, extra: Record<string, unknown> = companyTransfer): Promise<Created> {
  const res = await student.post("/api/orders", orderBody(ids[slug], extra), { "Idempotency-Key": randomUUID() });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body as Created;
}

const daysAgo = (n: number) => bratislavaDay(new Date(Date.now() - n * 24 * 60 * 60 * 1000));

function camt(
  entries: { ref: string; amountCents: number; vs: string | null; date?: string; via?: "strd" | "e2e" | "ustrd" }[],
  options: { stmtId?: string; iban?: string } = {},
) {
  const amount = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, "0")}`;
  const ntry = entries
    .map((e) => {
      const via = e.via ?? "strd";
      const rmt =
        e.vs === null
          ? "<RmtInf><Ustrd>Dar klubu</Ustrd></RmtInf>"
          : via === "strd"
            ? `<RmtInf><Strd><CdtrRefInf><Ref>${e.vs}</Ref></CdtrRefInf></Strd></RmtInf>`
            : via === "ustrd"
              ? `<RmtInf><Ustrd>Kurz VS ${e.vs} klub</Ustrd></RmtInf>`
              : "";
      const e2e = via === "e2e" && e.vs ? `/VS${e.vs}/SS/KS0308` : "NOTPROVIDED";
      return `<Ntry><Amt Ccy="EUR">${amount(e.amountCents)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${e.date ?? daysAgo(1)}</Dt></BookgDt><ValDt><Dt>${e.date ?? daysAgo(1)}</Dt></ValDt><AcctSvcrRef>${e.ref}</AcctSvcrRef>
        <NtryDtls><TxDtls><Refs><EndToEndId>${e2e}</EndToEndId></Refs><RltdPties><Dbtr><Nm>ŠK Tatran Demo</Nm></Dbtr></RltdPties>${rmt}</TxDtls></NtryDtls></Ntry>`;
    })
    .join("\n");
  const debit = `<Ntry><Amt Ccy="EUR">12.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${daysAgo(1)}</Dt></BookgDt><AcctSvcrRef>DBIT-${randomUUID()}</AcctSvcrRef></Ntry>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>MSG-${options.stmtId ?? "1"}</MsgId><CreDtTm>${new Date().toISOString()}</CreDtTm></GrpHdr>
<Stmt><Id>${options.stmtId ?? `STMT-${randomUUID()}`}</Id><Acct><Id><IBAN>${options.iban ?? IBAN}</IBAN></Id></Acct>
${ntry}
${debit}
</Stmt></BkToCstmrStmt></Document>`;
}

const uploadStatement = (who: Student, xml: string, contentType = "application/xml") =>
  who.jar.fetch(`${app.url}/api/admin/bank-statements`, { method: "POST", headers: { "Content-Type": contentType, Origin: app.url }, body: xml });

describe("the payment request", () => {
  it("a company buyer gets a pending order with a payment request, shown on its page and e-mailed as PDF", async () => {
    const jana = await signInStudent(app.url);
    const res = await jana.post("/api/orders", orderBody(ids[RIADENIE], companyTransfer), { "Idempotency-Key": randomUUID() });
    const created = (await res.json()) as Created;
    expect(res.status, JSON.stringify(created)).toBe(201);
    await expectMatchesContract("POST", "/api/orders", res, created);
    expect(created.redirectUrl).toBe(`${app.url}/objednavky/${created.orderId}/return`);
    const r = created.paymentRequest;
    expect(r.variableSymbol).toMatch(/^1\d{9}$/);
    expect(r.iban).toBe(IBAN);
    expect(r.amountCents).toBe(created.amount);
    expect(r.dueDate).toBe(bratislavaDay(new Date(Date.now() + 14 * 24 * 60 * 60 * 1000)));
    // the QR code asks for exactly this payment
    expect(readPayBySquare(r.payBySquare)).toMatchObject({
      amountCents: created.amount,
      variableSymbol: r.variableSymbol,
      iban: IBAN,
      dueDate: r.dueDate.replace(/-/g, ""),
    });

    const row = await orderRow(created.orderId);
    expect(row).toMatchObject({ state: "pending", transferVariableSymbol: r.variableSymbol, transferDueDate: r.dueDate, paymentSessionId: null });
    expect(row.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 13 * 24 * 60 * 60 * 1000);
    expect(await paymentsOf(created.orderId)).toEqual([]);
    expect(await invoicesOf(created.orderId)).toEqual([]);

    // asked again: the same order and the same variable symbol (stable), no second e-mail
    const again = await transferOrder(jana, RIADENIE);
    expect([again.orderId, again.paymentRequest.variableSymbol]).toEqual([created.orderId, r.variableSymbol]);

    // the order's API view and status page show it
    const detail = await (await jana.get(`/api/orders/${created.orderId}`)).json();
    expect(detail.paymentRequest).toMatchObject({ variableSymbol: r.variableSymbol, iban: IBAN, pdfUrl: `/api/orders/${created.orderId}/payment-request` });
    const page = await (await jana.get(`/objednavky/${created.orderId}/return`)).text();
    expect(page).toContain("Výzva na úhradu");
    expect(page).toContain(r.variableSymbol);
    expect(page).toContain('src="data:image/svg+xml;base64,');
    expect(page).not.toContain('http-equiv="refresh"');

    // e-mailed with the PDF, which says it is not a tax invoice
    const sent = await until(
      "the payment request e-mail",
      () => delivery(`payment_request:${created.orderId}`),
      (d) => d?.state === "sent",
    );
    const [message] = await app.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.messageId, sent.messageId!));
    expect(message.subject).toContain(`VS ${r.variableSymbol}`);
    expect(message.textBody).toContain(r.variableSymbol);
    const attachments = await app.db.select().from(schema.mailOutboxAttachments).where(eq(schema.mailOutboxAttachments.outboxId, message.id));
    expect(attachments.map((a) => a.filename)).toEqual([`vyzva-na-uhradu-${r.variableSymbol}.pdf`]);
    const text = normalizeSpaces(await pdfText(new Uint8Array(attachments[0].content)));
    for (const expected of [
      "Výzva na úhradu",
      "Toto nie je daňový doklad",
      r.variableSymbol,
      "SK31 1200 0000 1987 4263 7541".replace(/ /g, ""),
      "PAY by square",
    ]) {
      expect(text.replace(/ /g, "")).toContain(expected.replace(/ /g, ""));
    }
    expect(text).not.toContain("Faktúra – daňový doklad");
    const outbox = await app.db
      .select()
      .from(schema.mailDeliveries)
      .where(eq(schema.mailDeliveries.key, `payment_request:${created.orderId}`));
    expect(outbox).toHaveLength(1);

    // the PDF from the API, owner only
    const pdf = await jana.get(r.pdfUrl);
    expect([pdf.status, pdf.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    const peter = await signInStudent(app.url, "peter.horvath@demo.sk");
    expect((await peter.get(r.pdfUrl)).status).toBe(404);
  });

  it("a person buying privately is refused a transfer (422, the spec's error body); nothing is created", async () => {
    const peter = await signInStudent(app.url, "peter.horvath@demo.sk");
    const res = await peter.post("/api/orders", orderBody(ids[SEKRETAR], { paymentMethod: "transfer" }), { "Idempotency-Key": randomUUID() });
    const body = await res.json();
    expect(res.status).toBe(422);
    expect(body).toMatchObject({ error: "validation", details: [{ path: "paymentMethod", code: "transfer_not_allowed" }] });
    expect(typeof body.message).toBe("string");
    const rows = await app.db.select().from(schema.orders).where(eq(schema.orders.courseId, ids[SEKRETAR]));
    expect(rows.filter((o) => o.studentEmail === "peter.horvath@demo.sk")).toEqual([]);
    // an unknown method is refused too
    const bad = await peter.post("/api/orders", orderBody(ids[SEKRETAR], { ...companyTransfer, paymentMethod: "cash" }));
    expect(bad.status).toBe(422);
  });
});

describe("a recorded transfer", () => {
  it("pays the order exactly once through the gateway's path, also when recorded twice at the same moment", async () => {
    const buyer = await signInStudent(app.url, "jana.novakova@demo.sk");
    const created = await transferOrder(buyer, FINANCIE);
    const bookingDate = daysAgo(2);
    const reference = `REF-${randomUUID()}`;
    const body = { amountCents: created.amount, bookingDate, bankReference: reference };
    const answers = await Promise.all(Array.from({ length: 4 }, () => admin.post(`/api/admin/orders/${created.orderId}/transfers`, body)));
    const results = await Promise.all(answers.map(async (r) => ({ status: r.status, body: await r.json() })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    expect(results.map((r) => r.body.result).sort()).toEqual(["duplicate", "duplicate", "duplicate", "paid"]);

    const row = await orderRow(created.orderId);
    expect(row.state).toBe("paid");
    const pays = await paymentsOf(created.orderId);
    expect(pays).toHaveLength(1);
    expect(pays[0]).toMatchObject({ gateway: "bank_transfer", transactionId: reference, amountCents: created.amount, method: "bank_transfer" });
    expect(row.payingPaymentId).toBe(pays[0].id);
    // the tax invoice's supply date is the booking date
    const [invoice] = await invoicesOf(created.orderId);
    expect(invoice.supplyDate).toBe(bookingDate);
    expect(invoice.issueDate).toBe(bratislavaDay(new Date()));
    // a company buyer's enrollment and e-mails, like a card payment
    const enrollments = await app.db.select().from(schema.enrollments).where(eq(schema.enrollments.orderId, created.orderId));
    expect(enrollments.map((e) => e.state)).toEqual(["active"]);
    expect(await transfersOf(created.orderId)).toHaveLength(1);
    await until(
      "the purchase confirmation",
      () => delivery(`purchase_confirmation:${created.orderId}`),
      (d) => d?.state === "sent",
    );
    const einvoices = await app.db.select().from(schema.eInvoices).where(eq(schema.eInvoices.invoiceId, invoice.id));
    expect(einvoices).toHaveLength(1);
    // audited: the admin's record and the payment
    expect(await auditOf(created.orderId, "order.transfer.record")).toHaveLength(4);
    expect(await auditOf(created.orderId, "order.transfer.paid")).toHaveLength(1);

    // the same reference again later: nothing
    const later = await admin.post(`/api/admin/orders/${created.orderId}/transfers`, body);
    expect([later.status, (await later.json()).result]).toEqual([200, "duplicate"]);
    expect(await paymentsOf(created.orderId)).toHaveLength(1);
  });

  it("a wrong amount is flagged and the admins alerted; the order stays pending", async () => {
    const buyer = await signInStudent(app.url, "tomas.balaz@demo.sk");
    const created = await transferOrder(buyer, SEKRETAR);
    const res = await admin.post(`/api/admin/orders/${created.orderId}/transfers`, {
      amountCents: created.amount - 100,
      bookingDate: daysAgo(0),
      bankReference: `REF-${randomUUID()}`,
    });
    const body = await res.json();
    expect([res.status, body.result]).toEqual([201, "amount_mismatch"]);
    expect((await orderRow(created.orderId)).state).toBe("pending");
    expect(await paymentsOf(created.orderId)).toEqual([]);
    expect(await invoicesOf(created.orderId)).toEqual([]);
    await until(
      "the admins' alert",
      () => delivery(`admin_order_alert:transfer_amount_mismatch:${body.transferId}`),
      (d) => d?.state === "sent",
    );
    // the admin's order page shows it
    const page = await (await admin.get(`/admin/objednavky/${created.orderId}`)).text();
    expect(page).toContain("nesprávnej sume");
  });

  it("refusals: a non-admin (403), a future date and a bad body (422), an order without a request (422), an unknown order (404)", async () => {
    const buyer = await signInStudent(app.url, "peter.horvath@demo.sk");
    const created = await transferOrder(buyer, RIADENIE);
    const ok = { amountCents: created.amount, bookingDate: daysAgo(0), bankReference: `REF-${randomUUID()}` };
    const asManager = await manager.post(`/api/admin/orders/${created.orderId}/transfers`, ok);
    expect([asManager.status, (await asManager.json()).error]).toEqual([403, "forbidden"]);
    const asBuyer = await buyer.post(`/api/admin/orders/${created.orderId}/transfers`, ok);
    expect(asBuyer.status).toBe(403);
    const future = await admin.post(`/api/admin/orders/${created.orderId}/transfers`, {
      ...ok,
      bookingDate: bratislavaDay(new Date(Date.now() + 3 * 24 * 60 * 60 * 1000)),
    });
    expect([future.status, (await future.json()).error]).toEqual([422, "validation"]);
    const bad = await admin.post(`/api/admin/orders/${created.orderId}/transfers`, { amountCents: "12", bookingDate: "včera" });
    expect([bad.status, (await bad.json()).error]).toEqual([422, "validation"]);
    const unknown = await admin.post(`/api/admin/orders/${"f".repeat(24)}/transfers`, ok);
    expect(unknown.status).toBe(404);
    // a card order has no payment request: nothing to record against
    const card = await buyer.post("/api/orders", orderBody(ids[SEKRETAR], { billingType: "company", billingAddress: companyAddress }), {
      "Idempotency-Key": randomUUID(),
    });
    const cardOrder = (await card.json()) as { orderId: string; paymentRequest?: unknown };
    expect([card.status, cardOrder.paymentRequest]).toEqual([201, undefined]);
    const noRequest = await admin.post(`/api/admin/orders/${cardOrder.orderId}/transfers`, ok);
    expect([noRequest.status, (await noRequest.json()).details[0].code]).toEqual([422, "no_payment_request"]);
    expect(await transfersOf(cardOrder.orderId)).toEqual([]);
    expect((await orderRow(created.orderId)).state).toBe("pending");
    expect(await transfersOf(created.orderId)).toEqual([]);
  });
});

describe("a CAMT.053 statement", () => {
  it("pays matching credits, flags a wrong amount, reports an unknown variable symbol, and changes nothing when uploaded again", async () => {
    const jana = await signInStudent(app.url);
    const tomas = await signInStudent(app.url, "tomas.balaz@demo.sk");
    const club = await transferOrder(tomas, RIADENIE, { ...companyTransfer, sponsorOrgId: "o-5001" });
    const wrong = await transferOrder(jana, SEKRETAR);
    const refs = { club: `AR-${randomUUID()}`, wrong: `AR-${randomUUID()}`, unknown: `AR-${randomUUID()}`, gift: `AR-${randomUUID()}` };
    const xml = camt([
      { ref: refs.club, amountCents: club.amount, vs: club.paymentRequest.variableSymbol, via: "e2e" },
      { ref: refs.wrong, amountCents: wrong.amount + 500, vs: wrong.paymentRequest.variableSymbol, via: "ustrd" },
      { ref: refs.unknown, amountCents: 4200, vs: "1999999999" },
      { ref: refs.gift, amountCents: 1000, vs: null },
    ]);
    const res = await uploadStatement(admin, xml);
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    await expectMatchesContract("POST", "/api/admin/bank-statements", res, body);
    expect(body.counts).toEqual({ paid: 1, amount_mismatch: 1, order_not_payable: 0, unmatched: 2, duplicate: 0 });
    expect(body.credits.map((c: { bankReference: string; result: string }) => [c.bankReference, c.result])).toEqual([
      [refs.club, "paid"],
      [refs.wrong, "amount_mismatch"],
      [refs.unknown, "unmatched"],
      [refs.gift, "unmatched"],
    ]);
    // the club order is paid (no personal enrollment), invoiced with the booking date
    expect((await orderRow(club.orderId)).state).toBe("paid");
    const [invoice] = await invoicesOf(club.orderId);
    expect(invoice.supplyDate).toBe(daysAgo(1));
    expect(await app.db.select().from(schema.enrollments).where(eq(schema.enrollments.orderId, club.orderId))).toEqual([]);
    expect((await orderRow(wrong.orderId)).state).toBe("pending");
    expect(await paymentsOf(wrong.orderId)).toEqual([]);
    const audits = await app.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "bank_statement.import"));
    expect(audits.length).toBeGreaterThanOrEqual(1);

    // the same statement again: every credit a duplicate, nothing changes
    const again = await uploadStatement(admin, xml);
    const againBody = await again.json();
    expect(again.status).toBe(200);
    expect(againBody.counts).toEqual({ paid: 0, amount_mismatch: 0, order_not_payable: 0, unmatched: 0, duplicate: 4 });
    expect(await paymentsOf(club.orderId)).toHaveLength(1);
    expect(await invoicesOf(club.orderId)).toHaveLength(1);

    // the admin's page lists the flagged credits
    const page = await (await admin.get("/admin/prevody")).text();
    expect(page).toContain(refs.wrong);
    expect(page).toContain(refs.unknown);
  });

  it("refusals: not XML, not a statement, another account (422), a non-admin (403), another media type (415)", async () => {
    const count = async () => (await app.db.select().from(schema.bankTransfers)).length;
    const before = await count();
    for (const xml of ["<Document><unclosed></Document>", "not xml at all", '<?xml version="1.0"?><Document><Other/></Document>']) {
      const res = await uploadStatement(admin, xml);
      const body = await res.json();
      expect([res.status, body.error], xml).toEqual([422, "validation"]);
      expect(body.details[0]).toMatchObject({ path: "statement", code: "invalid_statement" });
    }
    const foreign = await uploadStatement(admin, camt([{ ref: `X-${randomUUID()}`, amountCents: 100, vs: "1" }], { iban: "SK8975000000000012345671" }));
    expect([foreign.status, (await foreign.json()).details[0].code]).toEqual([422, "foreign_account"]);
    const asManager = await uploadStatement(manager, camt([]));
    expect(asManager.status).toBe(403);
    const asJson = await uploadStatement(admin, "{}", "application/json");
    expect(asJson.status).toBe(415);
    expect(await count()).toBe(before);
  });
});

describe("the pages, without JavaScript", () => {
  it("the checkout refuses a private buyer's transfer on the form; /admin/prevody takes a statement as a multipart upload", async () => {
    const eva = await signInStudent(app.url, "eva.kovacova@demo.sk");
    const form = new URLSearchParams({
      billingType: "personal",
      firstName: "Eva",
      lastName: "Kováčová",
      email: "eva.kovacova@demo.sk",
      street: "Hlavná 1",
      city: "Bratislava",
      postalCode: "811 01",
      country: "SK",
      agreedTos: "on",
      agreedRefundPolicy: "on",
      idempotencyKey: randomUUID(),
      paymentMethod: "transfer",
    });
    const refused = await eva.jar.fetch(`${app.url}/kurzy/${FINANCIE}/kupit`, {
      method: "POST",
      headers: { Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: form,
      redirect: "manual",
    });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("Prevodom na účet môže platiť firma alebo klub");
    const evaOrders = (await app.db.select().from(schema.orders).where(eq(schema.orders.courseId, ids[FINANCIE]))).filter(
      (o) => o.studentEmail === "eva.kovacova@demo.sk",
    );
    expect(evaOrders).toEqual([]);

    const buyer = await signInStudent(app.url, "eva.kovacova@demo.sk");
    const created = await transferOrder(buyer, SEKRETAR);
    const reference = `PAGE-${randomUUID()}`;
    const upload = () => {
      const body = new FormData();
      body.set(
        "statement",
        new File([camt([{ ref: reference, amountCents: created.amount, vs: created.paymentRequest.variableSymbol }])], "vypis.xml", {
          type: "application/xml",
        }),
      );
      return admin.jar.fetch(`${app.url}/admin/prevody`, { method: "POST", headers: { Origin: app.url }, body });
    };
    const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");
    const page = await upload();
    expect(page.status).toBe(200);
    expect(await text(page)).toContain("Zaplatené objednávky: 1");
    expect((await orderRow(created.orderId)).state).toBe("paid");
    // again: already recorded, nothing changes
    expect(await text(await upload())).toContain("už zaznamenané: 1");
    expect(await paymentsOf(created.orderId)).toHaveLength(1);
    // a content manager is refused the page and its action
    const asManager = await manager.jar.fetch(`${app.url}/admin/prevody`, { method: "POST", headers: { Origin: app.url }, body: new FormData() });
    expect(asManager.status).toBe(403);
  });
});

describe("an unpaid payment request", () => {
  it("expires after its due date with an e-mail; a card order's 24 h expiry leaves it alone", async () => {
    const buyer = await signInStudent(app.url, "martin.simko@demo.sk");
    const created = await transferOrder(buyer, FINANCIE);
    // a day before the due date ends: nothing; the card expiry job does not touch it
    const dueEnd = (await orderRow(created.orderId)).expiresAt!;
    await expirePendingOrders(app.db, new Date(dueEnd.getTime() + 1000));
    expect((await orderRow(created.orderId)).state).toBe("pending");
    expect(await expireTransferRequests(app.db, app.queue, new Date(dueEnd.getTime() - 24 * 60 * 60 * 1000))).toBe(0);
    expect((await orderRow(created.orderId)).state).toBe("pending");
    // after the due date
    expect(await expireTransferRequests(app.db, app.queue, new Date(dueEnd.getTime() + 1000))).toBeGreaterThanOrEqual(1);
    expect((await orderRow(created.orderId)).state).toBe("expired");
    const sent = await until(
      "the expiry e-mail",
      () => delivery(`payment_request_expired:${created.orderId}`),
      (d) => d?.state === "sent",
    );
    const [message] = await app.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.messageId, sent.messageId!));
    expect(message.subject).toContain("vypršala");
    expect(message.textBody).toContain(created.paymentRequest.variableSymbol);
    // run again: nothing more
    expect(await expireTransferRequests(app.db, app.queue, new Date(dueEnd.getTime() + 2000))).toBe(0);
  });
});
