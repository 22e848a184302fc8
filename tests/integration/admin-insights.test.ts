// Admin insights over HTTP against the built app (server/insights; docs/guide.md > Admin
// insights): a small fixed data set in March 2021 (and one row in the period before), each
// figure worked out by hand below, compared with the pages' tables and the CSV exports.
// Roles: the content manager sees learning and test statistics but no money, a student 403.
import { eq, and } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, type Database } from "#server/db";
import { formatMoney } from "#server/money";
import { getTestInsights } from "#server/insights";
import type { QuestionSnapshot, SubmittedAnswer } from "#server/db/schema/learning";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { signInStudent, type Student } from "../support/commerce";
import { enrollIn, writeLearningCourse, type LearningFixture } from "../support/learning-fixtures";

let app: InProcessApp;
let db: Database;
let admin: Student;
let manager: Student;
let student: Student;
let course: LearningFixture;
const enrollment: Record<string, string> = {};
const attemptIds: string[] = [];
const DAY = 86_400_000;

const MARCH = "obdobie=vlastne&od=2021-03-01&do=2021-03-31";
const at = (iso: string) => new Date(iso);

async function insertOrder(o: {
  amount: number;
  vatBp: number;
  state: "paid" | "failed" | "expired" | "pending" | "refunded";
  created: string;
  paid?: string;
  billing?: Record<string, unknown>;
  invoice?: { seq: number; issue: string };
  creditNote?: { seq: number; issue: string; amount: number };
}) {
  const [order] = await db
    .insert(schema.orders)
    .values({
      courseId: course.courseId,
      courseVersionId: course.courseId,
      courseTitle: "Testovací kurz učenia",
      studentId: "p-9001",
      studentDisplayName: "Kupujúci",
      billingType: "personal",
      billingDetails: o.billing ?? { firstName: "Eva", lastName: "Kupcová" },
      amountCents: o.amount,
      vatRateBp: o.vatBp,
      state: o.state,
      createdAt: at(o.created),
      paidAt: o.paid ? at(o.paid) : null,
    })
    .returning();
  if (o.invoice) {
    const [invoice] = await db
      .insert(schema.invoices)
      .values({
        orderId: order.id,
        number: `INV-2021-${String(o.invoice.seq).padStart(4, "0")}`,
        year: 2021,
        sequence: o.invoice.seq,
        issueDate: o.invoice.issue,
        supplyDate: o.invoice.issue,
        variableSymbol: `2021${String(o.invoice.seq).padStart(4, "0")}`,
      })
      .returning();
    if (o.creditNote) {
      const [refund] = await db
        .insert(schema.refunds)
        .values({
          orderId: order.id,
          amountCents: o.creditNote.amount,
          reason: "Odstúpenie",
          state: "completed",
          requestedBy: "p-4001",
          settledAt: at(`${o.creditNote.issue}T10:00:00Z`),
        })
        .returning();
      await db.insert(schema.creditNotes).values({
        refundId: refund.id,
        orderId: order.id,
        invoiceId: invoice.id,
        number: `DOB-2021-${String(o.creditNote.seq).padStart(4, "0")}`,
        year: 2021,
        sequence: o.creditNote.seq,
        issueDate: o.creditNote.issue,
        amountCents: o.creditNote.amount,
        reason: "Odstúpenie; do 14 dní",
      });
    }
  }
  return order.id;
}

beforeAll(async () => {
  app = await startInProcessApp();
  db = app.db;
  course = await writeLearningCourse(db);

  // --- money (March 2021; previous period 2021-01-29 .. 2021-02-28) ---
  // previous: one paid order, invoice 60,00 € at 20 % → net 50,00, VAT 10,00
  await insertOrder({
    amount: 6000,
    vatBp: 2000,
    state: "paid",
    created: "2021-02-10T09:00:00Z",
    paid: "2021-02-10T09:05:00Z",
    invoice: { seq: 1, issue: "2021-02-10" },
  });
  // 120,00 € at 20 %: net 100,00, VAT 20,00
  await insertOrder({
    amount: 12000,
    vatBp: 2000,
    state: "paid",
    created: "2021-03-02T10:00:00Z",
    paid: "2021-03-02T10:01:00Z",
    invoice: { seq: 2, issue: "2021-03-02" },
  });
  // 99,99 € at 20 %: net 9999 / 1,2 = 83,325 → 83,33 (half up), VAT 83,33 × 20 % = 16,67 (EN 16931: VAT is net × rate),
  // rounding −0,01 (docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md > E-invoices); the buyer a company with a semicolon
  await insertOrder({
    amount: 9999,
    vatBp: 2000,
    state: "paid",
    created: "2021-03-15T10:00:00Z",
    paid: "2021-03-15T10:01:00Z",
    invoice: { seq: 3, issue: "2021-03-15" },
    billing: { companyName: "Klub; s.r.o.", ico: "12345678" },
  });
  // 50,00 € at 10 %: net 45,4545 → 45,45, VAT 4,55; refunded in full: credit note 50,00 (net 45,45, VAT 4,55);
  // the buyer's name starts with "=" (a spreadsheet formula unless guarded)
  await insertOrder({
    amount: 5000,
    vatBp: 1000,
    state: "refunded",
    created: "2021-03-20T10:00:00Z",
    paid: "2021-03-20T10:01:00Z",
    invoice: { seq: 4, issue: "2021-03-20" },
    creditNote: { seq: 1, issue: "2021-03-25", amount: 5000 },
    billing: { firstName: "=SUM(A1)", lastName: "X" },
  });
  await insertOrder({ amount: 1000, vatBp: 2000, state: "failed", created: "2021-03-05T10:00:00Z" });
  await insertOrder({ amount: 1000, vatBp: 2000, state: "expired", created: "2021-03-06T10:00:00Z" });
  // 31 March 23:30 in Bratislava (CEST, UTC+2): inside March
  await insertOrder({ amount: 1000, vatBp: 2000, state: "pending", created: "2021-03-31T21:30:00Z" });
  // 1 April 00:30 in Bratislava: outside March although 31 March in UTC
  await insertOrder({ amount: 1000, vatBp: 2000, state: "failed", created: "2021-03-31T22:30:00Z" });

  // --- learning: four students on the fixture course ---
  const now = Date.now();
  for (const [key, id] of [
    ["e1", "p-9001"],
    ["e2", "p-9002"],
    ["e3", "p-9003"],
    ["e4", "p-9004"],
  ] as const) {
    enrollment[key] = await enrollIn(db, course, id);
  }
  const setEnrollment = (key: string, values: Partial<typeof schema.enrollments.$inferInsert>) =>
    db.update(schema.enrollments).set(values).where(eq(schema.enrollments.id, enrollment[key]));
  const progress = (lastActivityAt: string | null) => ({ completedModules: 0, totalModules: 3, completedLevels: 0, totalLevels: 2, lastActivityAt });
  // e1: granted 3 March, completed after 10 days; e2: paid 4 March, completed after 20 days → median 15 days
  await setEnrollment("e1", {
    reason: "admin_grant",
    enrolledAt: at("2021-03-03T10:00:00Z"),
    state: "completed",
    completedAt: at("2021-03-13T10:00:00Z"),
    progress: progress(new Date(now).toISOString()),
  });
  await setEnrollment("e2", {
    reason: "paid",
    enrolledAt: at("2021-03-04T10:00:00Z"),
    state: "completed",
    completedAt: at("2021-03-24T10:00:00Z"),
    progress: progress(new Date(now).toISOString()),
  });
  // e3: sponsored 10 March, active, last active 20 days ago → inactive
  await setEnrollment("e3", { reason: "sponsor", enrolledAt: at("2021-03-10T10:00:00Z"), progress: progress(new Date(now - 20 * DAY).toISOString()) });
  // e4: granted 15 February (previous period), active yesterday, access ends in 5 days → expiring
  await setEnrollment("e4", {
    reason: "admin_grant",
    enrolledAt: at("2021-02-15T10:00:00Z"),
    accessExpiresAt: new Date(now + 5 * DAY),
    progress: progress(new Date(now - DAY).toISOString()),
  });

  // parts completed: a1 by all four, a2 by e1-e3, a3 (optional) by e1, b1 and c1 by e1 and e2
  const completeParts = async (key: string, slugs: string[]) => {
    for (const slug of slugs) {
      await db
        .update(schema.partProgress)
        .set({ state: "completed", completedAt: new Date() })
        .where(and(eq(schema.partProgress.enrollmentId, enrollment[key]), eq(schema.partProgress.partId, course.part(slug).id)));
    }
  };
  await completeParts("e1", ["a1", "a2", "a3", "b1", "c1"]);
  await completeParts("e2", ["a1", "a2", "b1", "c1"]);
  await completeParts("e3", ["a1", "a2"]);
  await completeParts("e4", ["a1"]);
  const [zaklady, testy, pokrocile] = course.structure.levels.flatMap((l) => l.topics.map((t) => t.module!.id));
  for (const [key, modules] of [
    ["e1", [zaklady, testy, pokrocile]],
    ["e2", [zaklady, testy, pokrocile]],
    ["e3", [zaklady]],
  ] as const) {
    for (const moduleId of modules) await db.insert(schema.moduleCompletions).values({ enrollmentId: enrollment[key], moduleId });
  }
  for (const key of ["e1", "e2"]) {
    for (const level of course.structure.levels) await db.insert(schema.levelCompletions).values({ enrollmentId: enrollment[key], levelId: level.id });
  }
  // one final certificate issued 13 March
  await db.insert(schema.certificates).values({
    type: "final",
    studentId: "p-9001",
    studentDisplayName: "Študent 1",
    courseId: course.courseId,
    courseVersionId: course.courseId,
    courseTitle: "Testovací kurz učenia",
    enrollmentId: enrollment.e1,
    issuedAt: at("2021-03-13T11:00:00Z"),
    issuedBy: { partnerOrgId: "org-1", partnerName: "Partner", certificateType: "kurz" },
    registrationNumber: "INS-2021-0001",
    verificationHash: "x".repeat(64),
    certificateTitle: "Certifikát",
  });

  // --- the level test's attempts: Q1 single choice (weight 1), Q2 multiple choice {2, 4} (weight 2), Q3 text "dvadsať" / "20" (weight 1)
  const questions = await db.select().from(schema.questions).where(eq(schema.questions.testId, course.levelTestId)).orderBy(schema.questions.orderIndex);
  const snapshots: QuestionSnapshot[] = questions.map((q) => ({
    questionId: q.id,
    type: q.type,
    text: q.text,
    answers: q.answers,
    acceptedAnswers: q.acceptedAnswers,
    explanation: q.explanation,
    weight: q.weight,
  }));
  const [q1, q2, q3] = snapshots;
  const right1 = q1.answers.find((a) => a.isCorrect)!.id;
  const wrong1 = q1.answers.find((a) => !a.isCorrect)!.id;
  const [two, four] = q2.answers.filter((a) => a.isCorrect).map((a) => a.id);
  const five = q2.answers.find((a) => !a.isCorrect)!.id;
  const attempt = async (
    key: string,
    number: number,
    answers: SubmittedAnswer[],
    score: number | null,
    extra: Partial<typeof schema.testAttempts.$inferInsert> = {},
  ) => {
    const [row] = await db
      .insert(schema.testAttempts)
      .values({
        testId: course.levelTestId,
        enrollmentId: enrollment[key],
        studentId: "p-9000",
        attemptNumber: number,
        state: "submitted",
        score,
        passed: score === null ? null : score >= 0.7,
        startedAt: at("2021-03-20T10:00:00Z"),
        deadline: at("2021-03-20T10:10:00Z"),
        submittedAt: at(`2021-03-20T10:0${attemptIds.length}:00Z`),
        questionSnapshots: snapshots,
        questionOrder: [q3.questionId, q1.questionId, q2.questionId],
        answerOrders: {},
        answers,
        ...extra,
      })
      .returning();
    attemptIds.push(row.id);
  };
  // A1: all right (text "Dvadsat " normalizes to "dvadsat") → 4/4
  await attempt(
    "e1",
    1,
    [
      { questionId: q1.questionId, selectedAnswerIds: [right1] },
      { questionId: q2.questionId, selectedAnswerIds: [four, two] },
      { questionId: q3.questionId, textAnswer: "Dvadsat " },
    ],
    1,
  );
  // A2: Q1 wrong then right (the last answer counts), Q2 {2} only → wrong, Q3 "20" → 2/4
  await attempt(
    "e2",
    1,
    [
      { questionId: q1.questionId, selectedAnswerIds: [wrong1] },
      { questionId: q2.questionId, selectedAnswerIds: [two] },
      { questionId: q3.questionId, textAnswer: "20" },
      { questionId: q1.questionId, selectedAnswerIds: [right1] },
    ],
    0.5,
  );
  // A3: Q1 wrong, Q2 right, Q3 " 20 " → 3/4
  await attempt(
    "e3",
    1,
    [
      { questionId: q1.questionId, selectedAnswerIds: [wrong1] },
      { questionId: q2.questionId, selectedAnswerIds: [two, four] },
      { questionId: q3.questionId, textAnswer: " 20 " },
    ],
    0.75,
  );
  // A4: Q1 wrong, Q2 {2, 5} wrong, Q3 unanswered → 0/4
  await attempt(
    "e4",
    1,
    [
      { questionId: q1.questionId, selectedAnswerIds: [wrong1] },
      { questionId: q2.questionId, selectedAnswerIds: [two, five] },
    ],
    0,
  );
  // not counted: a voided attempt (all right) and one still in progress
  await attempt(
    "e3",
    2,
    [
      { questionId: q1.questionId, selectedAnswerIds: [right1] },
      { questionId: q2.questionId, selectedAnswerIds: [two, four] },
      { questionId: q3.questionId, textAnswer: "20" },
    ],
    1,
    { voidedAt: new Date(), voidReason: "test" },
  );
  await attempt("e4", 2, [{ questionId: q1.questionId, selectedAnswerIds: [right1] }], null, { state: "in_progress", submittedAt: null });

  [admin, manager, student] = await Promise.all([
    signInStudent(app.url, "zuzana.bielikova@demo.sk"),
    signInStudent(app.url, "martin.simko@demo.sk"),
    signInStudent(app.url, "jana.novakova@demo.sk"),
  ]);
});
afterAll(async () => {
  await app?.stop();
});

/** The current and previous cells of a figure row (`data-figure`). */
function figure(html: string, key: string): { current: string; previous: string } | null {
  const m = new RegExp(
    `<tr data-figure="${key}"><th scope="row">[^<]*</th><td class="amount" data-current="">([^<]*)</td><td class="amount" data-previous="">([^<]*)</td>`,
  ).exec(html);
  return m ? { current: m[1], previous: m[2] } : null;
}
async function page(as: Student, path: string, status = 200) {
  const res = await as.get(path);
  const html = await res.text();
  expect(res.status, html.slice(0, 500)).toBe(status);
  return html;
}
async function csv(as: Student, path: string) {
  const res = await as.get(path);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(res.headers.get("content-disposition")).toMatch(/^attachment;/);
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 byte order mark
  const text = new TextDecoder().decode(bytes.slice(3));
  expect(text.endsWith("\r\n")).toBe(true);
  return text.split("\r\n").slice(0, -1);
}
/** Pearson's r, for the hand-worked discrimination indices. */
function pearson(x: number[], y: number[]) {
  const mx = x.reduce((a, b) => a + b) / x.length;
  const my = y.reduce((a, b) => a + b) / y.length;
  let sxy = 0,
    sxx = 0,
    syy = 0;
  for (let i = 0; i < x.length; i++) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) ** 2;
    syy += (y[i] - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

describe("the dashboard for March 2021", () => {
  it("shows the admin revenue, VAT, credit notes and the funnel beside February", async () => {
    const html = await page(admin, `/admin?${MARCH}`);
    // invoices 120,00 + 99,99 + 50,00 = 269,99; net 100,00 + 83,33 + 45,45 = 228,78; VAT 20,00 + 16,67 + 4,55 = 41,22
    expect(figure(html, "invoices")).toEqual({ current: "3", previous: "1" });
    expect(figure(html, "gross")).toEqual({ current: formatMoney(26999), previous: formatMoney(6000) });
    expect(figure(html, "net")).toEqual({ current: formatMoney(22878), previous: formatMoney(5000) });
    expect(figure(html, "vat")).toEqual({ current: formatMoney(4122), previous: formatMoney(1000) });
    expect(figure(html, "creditNotes")).toEqual({ current: "1", previous: "0" });
    expect(figure(html, "creditGross")?.current).toBe(formatMoney(5000));
    expect(figure(html, "creditNet")?.current).toBe(formatMoney(4545));
    expect(figure(html, "creditVat")?.current).toBe(formatMoney(455));
    expect(figure(html, "balance")?.current).toBe(formatMoney(21999));
    expect(figure(html, "refunds")?.current).toBe("1");
    expect(figure(html, "refundedAmount")?.current).toBe(formatMoney(5000));
    // created in March (Bratislava days): 3 paid (one later refunded), 1 failed, 1 expired, 1 pending;
    // the order of 1 April 00:30 local time is not March's
    expect(figure(html, "created")).toEqual({ current: "6", previous: "1" });
    expect(figure(html, "paid")).toEqual({ current: "3", previous: "1" });
    expect(figure(html, "refunded")).toEqual({ current: "1", previous: "0" });
    for (const [key, n] of [
      ["failed", "1"],
      ["expired", "1"],
      ["pending", "1"],
      ["disputed", "0"],
    ] as const)
      expect(figure(html, key)?.current).toBe(n);
    // charts: server-side SVG with a title and description, and the table of the same numbers
    expect(html).toMatch(/<svg class="chart-svg" viewBox="0 0 360 \d+" role="img"/);
    expect(html).toContain('<title id="graf-trzby-svg-title">');
    expect(html).toMatch(new RegExp(`<th scope="row">2021-03-02</th><td class="amount">${formatMoney(12000)}</td>`));
    expect(html).toContain("Kniha faktúr za obdobie (CSV)");
  });

  it("counts enrollments by reason, completions and certificates, for admin and content manager alike", async () => {
    for (const as of [admin, manager]) {
      const html = await page(as, `/admin?${MARCH}`);
      expect(figure(html, "enrollments")).toEqual({ current: "3", previous: "1" });
      expect(figure(html, "reason-paid")).toEqual({ current: "1", previous: "0" });
      expect(figure(html, "reason-admin_grant")).toEqual({ current: "1", previous: "1" });
      expect(figure(html, "reason-sponsor")).toEqual({ current: "1", previous: "0" });
      expect(figure(html, "completions")).toEqual({ current: "2", previous: "0" });
      expect(figure(html, "certificatesFinal")).toEqual({ current: "1", previous: "0" });
      // completion per course: 2 of 4
      expect(html).toMatch(/Testovací kurz učenia<\/a><\/th><td class="amount">4<\/td><td class="amount">2<\/td><td class="amount">50\u00a0%<\/td>/);
    }
  });

  it("shows the content manager no money: no sales, no funnel, no exports, 403 on the invoice book", async () => {
    const html = await page(manager, `/admin?${MARCH}`);
    for (const key of ["gross", "net", "vat", "creditNotes", "created"]) expect(figure(html, key)).toBeNull();
    expect(html).not.toContain("Tržby");
    expect(html).not.toContain(formatMoney(26999));
    expect(html).not.toContain("faktury.csv");
    expect((await manager.get(`/admin/export/faktury.csv?${MARCH}`)).status).toBe(403);
    expect((await manager.get(`/admin/export/dobropisy.csv?${MARCH}`)).status).toBe(403);
  });

  it("answers an invalid custom period with 422 and the form's errors", async () => {
    const html = await page(admin, "/admin?obdobie=vlastne&od=2021-02-30&do=2021-01-01", 422);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain("Zadajte dátum v tvare RRRR-MM-DD.");
    expect((await admin.get("/admin/export/faktury.csv?obdobie=vlastne&od=2021-03-31&do=2021-03-01")).status).toBe(422);
  });

  it("refuses a student every insights page and export", async () => {
    for (const path of [
      `/admin?${MARCH}`,
      `/admin/kurzy/${course.courseId}/statistiky`,
      `/admin/kurzy/${course.courseId}/testy/${course.levelTestId}/statistiky`,
      `/admin/export/faktury.csv?${MARCH}`,
      `/admin/kurzy/${course.courseId}/statistiky/zapisy.csv`,
    ]) {
      expect((await student.get(path)).status, path).toBe(403);
    }
  });
});

describe("CSV exports", () => {
  it("the invoice book: net, VAT and gross per invoice, semicolons, guarded text", async () => {
    const lines = await csv(admin, `/admin/export/faktury.csv?${MARCH}`);
    expect(lines[0]).toBe(
      "Číslo faktúry;Dátum vystavenia;Dátum dodania;Variabilný symbol;Objednávka;Odberateľ;IČO;Kurz;Základ dane;Sadzba DPH %;DPH;Spolu s DPH;Mena;Stav objednávky;Zaokrúhlenie;E-faktúra",
    );
    expect(lines).toHaveLength(4);
    const cells = lines.slice(1).map((l) => l.split(";"));
    expect(cells.map((c) => c[0])).toEqual(["INV-2021-0002", "INV-2021-0003", "INV-2021-0004"]);
    expect(lines[1]).toMatch(/;Eva Kupcová;;Testovací kurz učenia;100,00;20;20,00;120,00;EUR;paid;0,00;—$/);
    // the company's name holds a semicolon: quoted
    expect(lines[2]).toContain(';"Klub; s.r.o.";12345678;Testovací kurz učenia;83,33;20;16,67;99,99;EUR;paid;-0,01;—');
    // "=SUM(A1) X" is text, not a formula
    expect(lines[3]).toContain(";'=SUM(A1) X;;Testovací kurz učenia;45,45;10;4,55;50,00;EUR;refunded");
    // the book's gross and VAT add up to the dashboard's 269,99 and 41,22
    const cents = (line: string, fromEnd: number) => Math.round(Number(line.split(";").at(-fromEnd)!.replace(",", ".")) * 100);
    expect(lines.slice(1).reduce((a, l) => a + cents(l, 5), 0)).toBe(26999);
    expect(lines.slice(1).reduce((a, l) => a + cents(l, 6), 0)).toBe(4122);
  });

  it("credit notes: negative amounts", async () => {
    const lines = await csv(admin, `/admin/export/dobropisy.csv?${MARCH}`);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^DOB-2021-0001;2021-03-25;INV-2021-0004;[0-9a-f]{24};'=SUM\(A1\) X;Testovací kurz učenia;"Odstúpenie; do 14 dní";-45,45;10;-4,55;-50,00;EUR$/,
    );
    // February has none
    expect(await csv(admin, "/admin/export/dobropisy.csv?obdobie=vlastne&od=2021-02-01&do=2021-02-28")).toHaveLength(1);
  });

  it("enrollments with progress and a test's attempts (admins: they name students)", async () => {
    expect((await manager.get(`/admin/kurzy/${course.courseId}/statistiky/zapisy.csv`)).status).toBe(403);
    expect((await manager.get(`/admin/kurzy/${course.courseId}/testy/${course.levelTestId}/statistiky/pokusy.csv`)).status).toBe(403);
    const enrollments = await csv(admin, `/admin/kurzy/${course.courseId}/statistiky/zapisy.csv`);
    expect(enrollments).toHaveLength(5);
    expect(
      enrollments
        .slice(1)
        .map((l) => l.split(";")[0])
        .sort(),
    ).toEqual(Object.values(enrollment).sort());
    const completed = await csv(admin, `/admin/kurzy/${course.courseId}/statistiky/zapisy.csv?stav=completed`);
    expect(completed).toHaveLength(3);
    expect((await admin.get(`/admin/kurzy/${course.courseId}/statistiky/zapisy.csv?stav=nic`)).status).toBe(422);
    const attempts = await csv(admin, `/admin/kurzy/${course.courseId}/testy/${course.levelTestId}/statistiky/pokusy.csv`);
    expect(attempts).toHaveLength(7);
    expect(attempts.slice(1).map((l) => l.split(";")[0])).toEqual([...attemptIds].sort());
    const a3 = attempts.find((l) => l.startsWith(attemptIds[2]))!.split(";");
    expect(a3.slice(3, 5)).toEqual(["1", "submitted"]);
    expect(a3[7]).toBe("0,75");
    expect(a3[8]).toBe("áno");
  });
});

describe("a course's statistics", () => {
  it("enrollments by state, the drop-off per level, topic and part, the median time, pass rates, nudges", async () => {
    for (const as of [admin, manager]) {
      const html = await page(as, `/admin/kurzy/${course.courseId}/statistiky`);
      expect(html).toMatch(/<tr data-state="active"><th scope="row">Aktívne<\/th><td class="amount">2<\/td>/);
      expect(html).toMatch(/<tr data-state="completed"><th scope="row">Dokončené<\/th><td class="amount">2<\/td>/);
      // median of 10 and 20 days
      expect(html).toContain("<strong>15 dňa</strong>");
      // drop-off of 4 enrolled: a1 4 (100 %), a2 3 (75 %), a3 1 (25 %), b1 2, c1 2; topics by their module; levels
      const step = (label: string) =>
        new RegExp(`<th scope="row">${label}</th><td class="amount">(\\d+)</td><td class="amount">([^<]*)</td>`).exec(html)?.slice(1);
      expect(step("Úroveň 1: Úroveň 1")).toEqual(["2", "50\u00a0%"]);
      expect(step("Téma a modul 1.1: Základy")).toEqual(["3", "75\u00a0%"]);
      expect(step("Časť 1.1.1: Časť A1")).toEqual(["4", "100\u00a0%"]);
      expect(step("Časť 1.1.2: Časť A2")).toEqual(["3", "75\u00a0%"]);
      expect(step("Časť 1.1.3: Časť A3 \\(nepovinná\\)")).toEqual(["1", "25\u00a0%"]);
      expect(step("Časť 1.2.1: Časť B1")).toEqual(["2", "50\u00a0%"]);
      expect(step("Časť 2.1.1: Časť C1")).toEqual(["2", "50\u00a0%"]);
      // the level test: 4 counted attempts by 4 students, 2 passed (1 and 0,75), mean score 0,5625
      const row = new RegExp(`<tr data-test="${course.levelTestId}">.*?</tr>`).exec(html)![0];
      const cells = [...row.matchAll(/<td class="amount">([^<]*(?:<!-- -->[^<]*)*)<\/td>/g)].map((m) => m[1].replace(/<!-- -->/g, ""));
      expect(cells).toEqual(["4", "4", "2", "50\u00a0%", "50\u00a0%", "1 (3)", "56,3\u00a0%"]);
      // inactive 14+ days: e3; access ending within 14 days: e4 — named, with links, for the admin;
      // the content manager sees how many, without names
      if (as === admin) {
        expect(new RegExp(`<table class="admin-table" id="neaktivni">.*data-enrollment="${enrollment.e3}"`).test(html)).toBe(true);
        expect(new RegExp(`<table class="admin-table" id="koniec">.*data-enrollment="${enrollment.e4}"`).test(html)).toBe(true);
        expect(html).toContain(`href="/admin/zapisy/${enrollment.e3}"`);
        expect(html).toContain("zapisy.csv");
      } else {
        expect(html).not.toContain("data-enrollment=");
        expect(html).not.toContain("jana.novakova@demo.sk");
        // one student, in the singular (the one plural helper), never "1 študentov"
        expect(html.match(/1\u00a0študent \(mená vidí administrátor\)/g)).toHaveLength(2);
        expect(html).not.toContain("študentov (mená");
        expect(html).not.toContain("zapisy.csv");
      }
    }
  });

  it("is 404 for an unknown course", async () => {
    expect((await admin.get("/admin/kurzy/ffffffffffffffffffffffff/statistiky")).status).toBe(404);
  });
});

describe("a test's question statistics", () => {
  it("facility and discrimination as computed by hand, answer frequencies, flags, links to the editor", async () => {
    const html = await page(manager, `/admin/kurzy/${course.courseId}/testy/${course.levelTestId}/statistiky`);
    const questions = await db.select().from(schema.questions).where(eq(schema.questions.testId, course.levelTestId)).orderBy(schema.questions.orderIndex);
    // scores per attempt A1..A4 (earned of 4): 4, 2, 3, 0
    const earned = [4, 2, 3, 0];
    const byQuestion = [
      { q: [1, 1, 0, 0], w: 1 },
      { q: [1, 0, 1, 0], w: 2 },
      { q: [1, 1, 1, 0], w: 1 },
    ];
    // by hand: Q1 r = 0,1667 / √0,75 = 0,19245; Q2 r = 0,25 / √0,6875 = 0,30151; Q3 r = 0,5 / √(0,75 · 0,5556) = 0,7746
    const expected = [0.19245, 0.30151, 0.7746];
    for (const [i, { q, w }] of byQuestion.entries()) {
      const rest = q.map((s, k) => (earned[k] - s * w) / (4 - w));
      expect(pearson(q, rest)).toBeCloseTo(expected[i], 4);
      const row = new RegExp(`<tr data-question="${questions[i].id}" data-version="1">.*?</tr>`).exec(html)![0];
      const facility = Number(/data-facility="([^"]*)"/.exec(row)![1]);
      const discrimination = Number(/data-discrimination="([^"]*)"/.exec(row)![1]);
      expect(facility).toBeCloseTo(q.reduce((a, b) => a + b) / 4, 10);
      expect(discrimination).toBeCloseTo(expected[i], 4);
      expect(row).toContain(`href="/admin/kurzy/${course.courseId}/testy/${course.levelTestId}#otazka-${questions[i].id}"`);
      expect(row.includes("slabo rozlišuje")).toBe(i === 0);
      expect(row).toMatch(/<td class="amount">4<\/td>/);
    }
    // answer frequencies: Q1 right answer chosen by A1 and A2 (its last answer), the first wrong one by A3 and A4
    const q1 = questions[0].answers;
    expect(html).toMatch(new RegExp(`<th scope="row">${q1[0].text}</th><td class="amount">áno</td><td class="amount">2</td><td class="amount">50\u00a0%</td>`));
    expect(html).toMatch(new RegExp(`<th scope="row">${q1[1].text}</th><td class="amount">nie</td><td class="amount">2</td>`));
    // Q2: "2" by all four, "4" by two, "5" by one
    expect(html).toMatch(/<th scope="row">2<\/th><td class="amount">áno<\/td><td class="amount">4<\/td>/);
    expect(html).toMatch(/<th scope="row">4<\/th><td class="amount">áno<\/td><td class="amount">2<\/td>/);
    expect(html).toMatch(/<th scope="row">5<\/th><td class="amount">nie<\/td><td class="amount">1<\/td>/);
  });

  it("counts an edited question once per version of its snapshot", async () => {
    const [attempt] = await db.select().from(schema.testAttempts).where(eq(schema.testAttempts.id, attemptIds[3]));
    const edited = attempt.questionSnapshots.map((s, i) => (i === 0 ? { ...s, text: `${s.text} (upravená)` } : s));
    await db.update(schema.testAttempts).set({ questionSnapshots: edited }).where(eq(schema.testAttempts.id, attemptIds[3]));
    try {
      const html = await page(admin, `/admin/kurzy/${course.courseId}/testy/${course.levelTestId}/statistiky`);
      const id = attempt.questionSnapshots[0].questionId;
      expect(html).toContain(`data-question="${id}" data-version="1"`);
      expect(html).toContain(`data-question="${id}" data-version="2"`);
      expect(html).toContain("(upravená) (verzia 2)");
    } finally {
      await db.update(schema.testAttempts).set({ questionSnapshots: attempt.questionSnapshots }).where(eq(schema.testAttempts.id, attemptIds[3]));
    }
  });

  it("is 404 for a test of another course", async () => {
    expect((await admin.get(`/admin/kurzy/ffffffffffffffffffffffff/testy/${course.levelTestId}/statistiky`)).status).toBe(404);
  });

  it("beyond the live limit, the job's stored figures: pending, then stored, then stale when attempts come", async () => {
    const { queue } = app.process.services;
    const live = await getTestInsights(db, course.courseId, course.levelTestId);
    expect(live.source).toEqual({ kind: "live" });
    // the free-text question lists the answers given with their counts (the voided attempt not counted;
    // "20" and " 20 " are one answer), most frequent first
    const free = live.questions.find((q) => q.type === "text");
    expect(free?.textAnswers).toEqual([
      { text: "20", count: 2, accepted: true },
      { text: "Dvadsat", count: 1, accepted: true },
    ]);
    expect(live.questions.filter((q) => q.type !== "text").every((q) => q.textAnswers === undefined)).toBe(true);
    const first = await getTestInsights(db, course.courseId, course.levelTestId, { queue, liveLimit: 0 });
    expect(first.source).toEqual({ kind: "pending" });
    expect(first.questions).toEqual([]);
    expect(first.attempts).toBe(4);
    // the app's worker computes and stores them
    let stored = first;
    for (let i = 0; i < 100 && stored.source.kind !== "stored"; i++) {
      await new Promise((r) => setTimeout(r, 200));
      stored = await getTestInsights(db, course.courseId, course.levelTestId, { liveLimit: 0 });
    }
    expect(stored.source).toMatchObject({ kind: "stored", attempts: 4, stale: false });
    expect(stored.questions).toEqual(live.questions);
    expect(stored.passed).toBe(live.passed);
    // the page says when they were computed
    const html = await page(admin, `/admin/kurzy/${course.courseId}/testy/${course.levelTestId}/statistiky`);
    expect(html).toContain("Štatistiky otázok boli vypočítané");
    // a new attempt: the stored figures are stale, a recomputation is asked for
    const [template] = await db.select().from(schema.testAttempts).where(eq(schema.testAttempts.id, attemptIds[0]));
    const { id: _, ...copy } = template;
    await db.insert(schema.testAttempts).values({ ...copy, enrollmentId: enrollment.e2, attemptNumber: 3, submittedAt: new Date() });
    const stale = await getTestInsights(db, course.courseId, course.levelTestId, { liveLimit: 0 });
    expect(stale.source).toMatchObject({ kind: "stored", attempts: 4, stale: true });
    expect(stale.attempts).toBe(4);
  });
});
