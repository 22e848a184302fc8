// The mail.send job against a real database (PostgreSQL with TEST_DATABASE_URL, else
// PGlite): the purchase confirmation with the invoice PDF through a real SMTP server
// (smtp-server) and through the local outbox; sponsorship; a rerun sends nothing new;
// claims and skips.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { newId, schema, type Database } from "../db";
import { loadConfig } from "../config";
import { createLogger } from "../log";
import { assignInvoice, invoiceForOrder, issueCreditNote } from "../invoices";
import { StandInRefusedError } from "../stand-ins";
import { openTestDatabase, type OpenTestDatabase } from "../../tests/support/db";
import { startTestSmtp, type TestSmtp } from "../../tests/support/smtp";
import { normalizeSpaces, pdfText } from "../../tests/support/pdf-text";
import {
  CLAIM_TIMEOUT_MS,
  createMailer,
  getOutboxAttachment,
  getOutboxMessage,
  getOutboxRaw,
  listOutbox,
  MailInProgressError,
  sendMail,
  sendMailJob,
  messageIdFor,
  type MailDeps,
  type Mailer,
} from "./index";

let t: OpenTestDatabase;
let db: Database;
let courseId: string;
beforeAll(async () => {
  t = await openTestDatabase();
  db = t.db;
  const [course] = await db
    .insert(schema.courses)
    .values({ slug: "riadenie-klubu", title: "Riadenie športového klubu", priceCents: 24_900, createdBy: "test", state: "published" })
    .returning({ id: schema.courses.id });
  courseId = course.id;
});
afterAll(async () => {
  await t?.close();
});

const config = loadConfig({});
const PUBLIC_URL = "http://kurzy.test:3000";
const log = createLogger("silent", false);

function deps(mailer: Mailer): MailDeps {
  return { db, log, mailer, publicUrl: PUBLIC_URL, supplier: config.invoiceSupplier };
}

const outboxMailer = async () => createMailer({ db, config: { SMTP_URL: undefined, MAIL_FROM: config.MAIL_FROM, production: false } });

/** A paid order with its invoice assigned (PDF not rendered yet), as the paying transaction leaves it. */
async function paidOrder(options: { email?: string | null } = {}) {
  const [order] = await db
    .insert(schema.orders)
    .values({
      courseId,
      courseVersionId: courseId,
      courseTitle: "Riadenie športového klubu",
      studentId: "person-jana",
      studentDisplayName: "Jana Nováková",
      studentEmail: options.email === undefined ? "jana.novakova@demo.sk" : options.email,
      billingType: "personal",
      billingDetails: {
        firstName: "Jana",
        lastName: "Nováková",
        email: "jana@example.sk",
        street: "Hlavná 1",
        city: "Trnava",
        postalCode: "917 01",
        country: "SK",
      },
      amountCents: 24_900,
      state: "paid",
      paidAt: new Date("2026-03-02T10:00:00Z"),
    })
    .returning({ id: schema.orders.id });
  const invoice = await db.transaction((tx) => assignInvoice(tx, { orderId: order.id, paidAt: new Date("2026-03-02T10:00:00Z") }));
  return { orderId: order.id, invoice };
}

async function outboxCount() {
  return (await listOutbox(db, { limit: 200 })).total;
}

/** RFC 2047 encoded words (=?UTF-8?B|Q?…?=) decoded, for header checks. */
function decodeHeader(value: string): string {
  return value.replace(/\?=\s+=\?/g, "?==?").replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
    enc.toUpperCase() === "B"
      ? Buffer.from(data, "base64").toString("utf8")
      : Buffer.from(
          data.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? decodeHeader(line.slice(name.length + 1).trim()) : "";
}

/** The base64 body of the MIME part whose headers match `partHeader`. */
function base64Part(raw: string, partHeader: RegExp): Buffer | null {
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const [head, ...body] = part.split(/\r?\n\r?\n/);
    if (partHeader.test(head.replace(/\r?\n[ \t]+/g, " ")))
      return Buffer.from(
        body
          .join("\n")
          .replace(/--[^\s]+--\s*$/, "")
          .replace(/\s+/g, ""),
        "base64",
      );
  }
  return null;
}

describe("mail.send over SMTP", () => {
  let smtp: TestSmtp;
  let received: TestSmtp["received"];
  let smtpUrl: string;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ({ received, url: smtpUrl } = smtp);
  });
  afterAll(async () => {
    await smtp?.stop();
  });

  it("delivers the purchase confirmation with the invoice PDF attached, once", async () => {
    const mailer = await createMailer({ db, config: { SMTP_URL: smtpUrl, MAIL_FROM: "Akadémia <noreply@kurzy.test>", production: false } });
    expect(mailer.transport).toBe("smtp");
    const { orderId, invoice } = await paidOrder();
    const job = sendMailJob(deps(mailer));
    const result = await job({ kind: "purchase_confirmation", orderId });
    expect(result).toMatchObject({ status: "sent", transport: "smtp", messageId: `<purchase_confirmation.${orderId}@kurzy.test>` });
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail.to).toEqual(["jana.novakova@demo.sk"]);
    expect(mail.from).toBe("noreply@kurzy.test");
    expect(header(mail.raw, "Subject")).toBe("Potvrdenie nákupu kurzu „Riadenie športového klubu“");
    expect(header(mail.raw, "Message-ID")).toBe(`<purchase_confirmation.${orderId}@kurzy.test>`);
    expect(mail.raw).toMatch(/Content-Type: multipart\/mixed/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    // the attachment is the stored invoice PDF (rendered inline: its job had not run)
    expect(decodeHeader(mail.raw)).toContain(`faktura-${invoice.number}.pdf`);
    const pdf = base64Part(mail.raw, /Content-Type: application\/pdf/i);
    expect(pdf?.subarray(0, 5).toString()).toBe("%PDF-");
    const text = normalizeSpaces(await pdfText(new Uint8Array(pdf!)));
    expect(text).toContain(invoice.number);
    expect(text).toContain("DPH 20 %: 41,50 €");
    expect((await invoiceForOrder(db, orderId))?.pdfReady).toBe(true);
    // the text part (quoted-printable) carries the amount and the course link
    const textPart = base64Part(mail.raw, /Content-Type: text\/plain[^]*base64/i);
    const plain = textPart ? textPart.toString("utf8") : mail.raw;
    expect(normalizeSpaces(plain)).toMatch(/kurzy\.test:3000\/kurzy\/riadenie-klubu/);

    // a rerun (pg-boss delivers at least once) sends nothing
    expect(await job({ kind: "purchase_confirmation", orderId })).toMatchObject({ status: "already_done" });
    expect(received).toHaveLength(1);
    // SMTP does not fill the outbox
    expect(await getOutboxRaw(db, "000000000000000000000000")).toBeNull();
  });

  it("releases its claim when the SMTP server is unreachable, so a retry sends", async () => {
    const { orderId } = await paidOrder();
    const broken = await createMailer({ db, config: { SMTP_URL: "smtp://127.0.0.1:1", MAIL_FROM: config.MAIL_FROM, production: false } });
    await expect(sendMail(deps(broken), { kind: "purchase_confirmation", orderId })).rejects.toThrow();
    const [claim] = await db
      .select()
      .from(schema.mailDeliveries)
      .where(eq(schema.mailDeliveries.key, `purchase_confirmation:${orderId}`));
    expect(claim).toBeUndefined();
    const before = received.length;
    const working = await createMailer({ db, config: { SMTP_URL: smtpUrl, MAIL_FROM: config.MAIL_FROM, production: false } });
    expect(await sendMail(deps(working), { kind: "purchase_confirmation", orderId })).toMatchObject({ status: "sent" });
    expect(received.length).toBe(before + 1);
  });
});

describe("mail.send without SMTP: the local outbox", () => {
  it("stores the purchase confirmation with its PDF, once", async () => {
    const { orderId, invoice } = await paidOrder();
    const before = await outboxCount();
    const mailer = await outboxMailer();
    expect(mailer.transport).toBe("outbox");
    expect(await sendMail(deps(mailer), { kind: "purchase_confirmation", orderId })).toMatchObject({ status: "sent", transport: "outbox" });
    expect(await outboxCount()).toBe(before + 1);
    const { items } = await listOutbox(db);
    const item = items[0]; // newest first
    expect(item).toMatchObject({ to: ["jana.novakova@demo.sk"], subject: "Potvrdenie nákupu kurzu „Riadenie športového klubu“", attachmentCount: 1 });
    const message = (await getOutboxMessage(db, item.id))!;
    expect(message.messageId).toBe(`<purchase_confirmation.${orderId}@kurzy.test>`);
    expect(message.from).toBe(config.MAIL_FROM);
    expect(message.text).toContain("Dobrý deň, Jana Nováková,");
    expect(message.text).toContain("Platbu 249,00\u00a0€ sme prijali 2.\u00a03.\u00a02026");
    expect(message.text).toContain(`faktúru ${invoice.number}`);
    expect(message.text).toContain(`${PUBLIC_URL}/kurzy/riadenie-klubu`);
    expect(message.html).toContain('<html lang="sk">');
    expect(message.html).toContain(`<a href="${PUBLIC_URL}/kurzy/riadenie-klubu">`);
    expect(message.attachments).toEqual([
      { id: expect.any(String), filename: `faktura-${invoice.number}.pdf`, contentType: "application/pdf", size: expect.any(Number) },
    ]);
    const attachment = (await getOutboxAttachment(db, item.id, message.attachments[0].id))!;
    expect(attachment.content.byteLength).toBe(message.attachments[0].size);
    expect(normalizeSpaces(await pdfText(attachment.content))).toContain(invoice.number);
    // not reachable through another message's id
    expect(await getOutboxAttachment(db, "000000000000000000000000", message.attachments[0].id)).toBeNull();
    const raw = Buffer.from((await getOutboxRaw(db, item.id))!).toString("utf8");
    expect(raw).toMatch(/^Content-Type: multipart\/mixed/im);

    // rerun: nothing new
    expect(await sendMail(deps(await outboxMailer()), { kind: "purchase_confirmation", orderId })).toMatchObject({ status: "already_done" });
    expect(await outboxCount()).toBe(before + 1);
  });

  it("sends the sponsorship notice naming the organization", async () => {
    await db.insert(schema.organizations).values({ id: "org-tatran", name: "ŠK Tatran Demo", lastSyncedAt: new Date() }).onConflictDoNothing();
    const [enrollment] = await db
      .insert(schema.enrollments)
      .values({
        courseId,
        courseVersionId: courseId,
        courseTitle: "Riadenie športového klubu",
        courseSlug: "riadenie-klubu",
        studentId: "person-peter",
        studentDisplayName: "Peter Horváth",
        studentEmail: "peter.horvath@demo.sk",
        reason: "sponsor",
        sponsorOrgId: "org-tatran",
        progress: { completedModules: 0, totalModules: 1, completedLevels: 0, totalLevels: 1, lastActivityAt: null },
      })
      .returning({ id: schema.enrollments.id });
    expect(await sendMail(deps(await outboxMailer()), { kind: "sponsorship", enrollmentId: enrollment.id })).toMatchObject({ status: "sent" });
    const { items } = await listOutbox(db);
    expect(items[0]).toMatchObject({
      to: ["peter.horvath@demo.sk"],
      subject: "Organizácia ŠK Tatran Demo vám sprístupnila kurz „Riadenie športového klubu“",
      attachmentCount: 0,
    });
    const message = (await getOutboxMessage(db, items[0].id))!;
    expect(message.text).toContain("organizácia ŠK Tatran Demo vás zapísala do kurzu „Riadenie športového klubu“");
    expect(await sendMail(deps(await outboxMailer()), { kind: "sponsorship", enrollmentId: enrollment.id })).toMatchObject({ status: "already_done" });
  });

  it("tells the student about an admin's grant, with the end of access and the learning link", async () => {
    const [enrollment] = await db
      .insert(schema.enrollments)
      .values({
        courseId,
        courseVersionId: courseId,
        courseTitle: "Riadenie športového klubu",
        courseSlug: "riadenie-klubu",
        studentId: "person-eva",
        studentDisplayName: "Mgr. Eva Kováčová",
        studentEmail: "eva.kovacova@demo.sk",
        reason: "admin_grant",
        grantReason: "lektorka",
        accessExpiresAt: new Date("2027-06-30T21:59:59Z"),
        progress: { completedModules: 0, totalModules: 1, completedLevels: 0, totalLevels: 1, lastActivityAt: null },
      })
      .returning({ id: schema.enrollments.id });
    expect(await sendMail(deps(await outboxMailer()), { kind: "enrollment_granted", enrollmentId: enrollment.id })).toMatchObject({
      status: "sent",
      key: `enrollment_granted:${enrollment.id}`,
    });
    const { items } = await listOutbox(db);
    expect(items[0]).toMatchObject({ to: ["eva.kovacova@demo.sk"], subject: "Máte sprístupnený kurz „Riadenie športového klubu“", attachmentCount: 0 });
    const message = (await getOutboxMessage(db, items[0].id))!;
    expect(message.text).toContain("administrátor akadémie vás zapísal do kurzu „Riadenie športového klubu“");
    expect(message.text).toMatch(/sprístupnený do 30\.\s?6\.\s?2027/);
    expect(message.text).toContain("/kurzy/riadenie-klubu/studium");
    expect(await sendMail(deps(await outboxMailer()), { kind: "enrollment_granted", enrollmentId: enrollment.id })).toMatchObject({ status: "already_done" });
  });

  it("tells the buyer about a completed refund, with the credit note attached and whether access ended, once", async () => {
    const { orderId } = await paidOrder();
    const settledAt = new Date("2026-03-10T09:00:00Z");
    const [refund] = await db
      .insert(schema.refunds)
      .values({ orderId, amountCents: 10_000, reason: "Nespokojnosť", requestedBy: "p-4001", state: "completed", settledAt })
      .returning({ id: schema.refunds.id });
    const note = (await db.transaction((tx) =>
      issueCreditNote(tx, { refundId: refund.id, orderId, amountCents: 10_000, reason: "Nespokojnosť", issuedAt: settledAt }),
    ))!;
    const before = await outboxCount();
    expect(await sendMail(deps(await outboxMailer()), { kind: "refund_completed", refundId: refund.id })).toMatchObject({ status: "sent" });
    const { items } = await listOutbox(db);
    expect(items[0]).toMatchObject({
      to: ["jana.novakova@demo.sk"],
      subject: "Vrátili sme vám 100,00\u00a0€ za kurz „Riadenie športového klubu“",
      attachmentCount: 1,
    });
    const message = (await getOutboxMessage(db, items[0].id))!;
    expect(message.text).toContain("10.\u00a03.\u00a02026 sme vám vrátili 100,00\u00a0€");
    expect(message.text).toContain(`dobropis) ${note.number}`);
    expect(message.text).not.toContain("prístup ku kurzu");
    expect(message.attachments).toEqual([expect.objectContaining({ filename: `dobropis-${note.number}.pdf`, contentType: "application/pdf" })]);
    const pdf = (await getOutboxAttachment(db, items[0].id, message.attachments[0].id))!;
    expect(normalizeSpaces(await pdfText(pdf.content))).toContain(note.number);
    expect(await sendMail(deps(await outboxMailer()), { kind: "refund_completed", refundId: refund.id })).toMatchObject({ status: "already_done" });
    expect(await outboxCount()).toBe(before + 1);

    // a refund that cancelled the enrollment says so; a pending one is not announced
    const second = await paidOrder();
    await db.insert(schema.enrollments).values({
      studentId: "person-jana",
      studentDisplayName: "Jana Nováková",
      studentEmail: "jana.novakova@demo.sk",
      courseId,
      courseVersionId: courseId,
      courseSlug: "riadenie-klubu",
      courseTitle: "Riadenie športového klubu",
      orderId: second.orderId,
      reason: "paid",
      state: "cancelled",
      cancelledAt: settledAt,
      progress: { completedModules: 0, totalModules: 1, completedLevels: 0, totalLevels: 1, lastActivityAt: null },
    });
    const [full] = await db
      .insert(schema.refunds)
      .values({
        orderId: second.orderId,
        amountCents: 24_900,
        reason: "Odstúpenie",
        requestedBy: "p-4001",
        state: "completed",
        settledAt,
        alsoCancelEnrollment: true,
      })
      .returning({ id: schema.refunds.id });
    expect(await sendMail(deps(await outboxMailer()), { kind: "refund_completed", refundId: full.id })).toMatchObject({ status: "sent" });
    const cancelledMail = (await getOutboxMessage(db, (await listOutbox(db)).items[0].id))!;
    expect(cancelledMail.text).toContain("Spolu s refundáciou sa ukončil aj váš prístup ku kurzu.");
    expect(cancelledMail.attachments).toEqual([]);
    const [pending] = await db
      .insert(schema.refunds)
      .values({ orderId: second.orderId, amountCents: 100, reason: "x", requestedBy: "p-4001" })
      .returning({ id: schema.refunds.id });
    expect(await sendMail(deps(await outboxMailer()), { kind: "refund_completed", refundId: pending.id })).toMatchObject({
      status: "skipped",
      reason: "refund not completed (state pending)",
    });
  });

  it("skips an order without an e-mail address, once", async () => {
    const [order] = await db
      .insert(schema.orders)
      .values({
        courseId,
        courseVersionId: courseId,
        courseTitle: "X",
        studentId: "p",
        studentDisplayName: "P",
        studentEmail: null,
        billingType: "personal",
        billingDetails: {},
        amountCents: 100,
        state: "paid",
        paidAt: new Date(),
      })
      .returning({ id: schema.orders.id });
    const before = await outboxCount();
    expect(await sendMail(deps(await outboxMailer()), { kind: "purchase_confirmation", orderId: order.id })).toMatchObject({
      status: "skipped",
      reason: "no e-mail address on the order",
    });
    expect(await sendMail(deps(await outboxMailer()), { kind: "purchase_confirmation", orderId: order.id })).toMatchObject({ status: "already_done" });
    expect(await outboxCount()).toBe(before);
  });

  it("waits for another worker's fresh claim and takes over a stale one", async () => {
    const { orderId } = await paidOrder();
    const key = `purchase_confirmation:${orderId}`;
    await db.insert(schema.mailDeliveries).values({ key, kind: "purchase_confirmation", state: "sending", claimedAt: new Date() });
    await expect(sendMail(deps(await outboxMailer()), { kind: "purchase_confirmation", orderId })).rejects.toBeInstanceOf(MailInProgressError);
    await db
      .update(schema.mailDeliveries)
      .set({ claimedAt: new Date(Date.now() - CLAIM_TIMEOUT_MS - 1000) })
      .where(eq(schema.mailDeliveries.key, key));
    expect(await sendMail(deps(await outboxMailer()), { kind: "purchase_confirmation", orderId })).toMatchObject({ status: "sent" });
  });

  it("skips the certificate e-mail of an unknown certificate (the certificates tests send real ones)", async () => {
    expect(await sendMail(deps(await outboxMailer()), { kind: "certificate_issued", certificateId: newId() })).toMatchObject({
      status: "skipped",
      reason: "certificate not found",
    });
  });

  it("sends the admins' completion notice of a level and of the course, once each", async () => {
    const [level] = await db
      .insert(schema.levels)
      .values({ courseId, orderIndex: 1, slug: "l1", title: "Základy riadenia", issuesIntermediateCertificate: true })
      .returning({ id: schema.levels.id });
    const [plain] = await db
      .insert(schema.levels)
      .values({ courseId, orderIndex: 2, slug: "l2", title: "Bez certifikátu" })
      .returning({ id: schema.levels.id });
    const [enrollment] = await db
      .insert(schema.enrollments)
      .values({
        courseId,
        courseVersionId: courseId,
        courseTitle: "Riadenie športového klubu",
        courseSlug: "riadenie-klubu",
        studentId: "p-notice",
        studentDisplayName: "Jana Nováková",
        studentEmail: "jana.novakova@demo.sk",
        reason: "admin_grant",
        progress: { completedModules: 0, totalModules: 1, completedLevels: 0, totalLevels: 1, lastActivityAt: null },
      })
      .returning({ id: schema.enrollments.id });
    const configured = { ...deps(await outboxMailer()), adminRecipients: ["admin@akademia.test", "druhy@akademia.test"] };
    const levelJob = { kind: "completion_notice" as const, enrollmentId: enrollment.id, levelId: level.id };
    expect(await sendMail(configured, levelJob)).toMatchObject({ status: "sent" });
    expect(await sendMail(configured, levelJob)).toMatchObject({ status: "already_done" });
    const [mail] = await db
      .select()
      .from(schema.mailOutbox)
      .where(eq(schema.mailOutbox.messageId, messageIdFor(`completion_notice:${enrollment.id}:${level.id}`, PUBLIC_URL)));
    expect(mail.toAddresses).toEqual(["admin@akademia.test", "druhy@akademia.test"]);
    expect(mail.subject).toBe("Študent dokončil úroveň „Základy riadenia“ (Riadenie športového klubu)");
    expect(mail.textBody).toContain("Jana Nováková (jana.novakova@demo.sk) dokončil(a)");
    expect(mail.textBody).toContain("Vydanie certifikátu sa spustilo: priebežný certifikát");

    // a level without an intermediate certificate is announced too, without asking to issue one
    expect(await sendMail(configured, { kind: "completion_notice", enrollmentId: enrollment.id, levelId: plain.id })).toMatchObject({ status: "sent" });
    const [plainMail] = await db
      .select()
      .from(schema.mailOutbox)
      .where(eq(schema.mailOutbox.messageId, messageIdFor(`completion_notice:${enrollment.id}:${plain.id}`, PUBLIC_URL)));
    expect(plainMail.subject).toBe("Študent dokončil úroveň „Bez certifikátu“ (Riadenie športového klubu)");
    expect(plainMail.textBody).toContain("nevydáva priebežný certifikát");
    expect(plainMail.textBody).not.toContain("Vydanie certifikátu sa spustilo");

    // without configured addresses: the cached admins; with none, skipped (not retried forever)
    const courseJob = { kind: "completion_notice" as const, enrollmentId: enrollment.id, levelId: null };
    expect(await sendMail(deps(await outboxMailer()), courseJob)).toMatchObject({ status: "skipped", reason: expect.stringContaining("ADMIN_NOTIFY_EMAIL") });
    await db.delete(schema.mailDeliveries).where(eq(schema.mailDeliveries.key, `completion_notice:${enrollment.id}:course`));
    await db
      .insert(schema.users)
      .values({ id: "p-admin-notice", displayName: "Zuzana", email: "zuzana@akademia.test", roles: ["student", "admin"], lastSyncedAt: new Date() });
    expect(await sendMail(deps(await outboxMailer()), courseJob)).toMatchObject({ status: "sent" });
    const [final] = await db
      .select()
      .from(schema.mailOutbox)
      .where(eq(schema.mailOutbox.messageId, messageIdFor(`completion_notice:${enrollment.id}:course`, PUBLIC_URL)));
    expect(final.toAddresses).toEqual(["zuzana@akademia.test"]);
    expect(final.subject).toBe("Študent dokončil kurz „Riadenie športového klubu“");
  });

  it("is refused in production", async () => {
    await expect(createMailer({ db, config: { SMTP_URL: undefined, MAIL_FROM: "x@y.sk", production: true } })).rejects.toThrow(StandInRefusedError);
  });
});
