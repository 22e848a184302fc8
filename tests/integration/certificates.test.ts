// Certificates over HTTP against the built app with its job workers (sandbox partner, the
// embedded default; the local provider's person API gives the birth date): a student
// completes level 1 and the course through the learning engine, the app's
// `certificates.issue` worker issues both certificates and the e-mails land in the outbox.
// Then the student's API and pages, the confirmation PDF, the public verification (API and
// page), and the admin's manual issuing (API and page). PostgreSQL with TEST_DATABASE_URL,
// else PGlite in-process. spec: Resources > Certificate; the verification endpoint;
// Events > Notifications.
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "#server/db";
import { loadConfig } from "#server/config";
import { createLogger } from "#server/log";
import { createIdpApi } from "#server/identity";
import { issueCertificate } from "#server/certificates";
import type { Queue } from "#server/queue";
import { loader as verifyApiLoader } from "../../app/routes/api/verify";
import { startAppWithQueue, type AppWithQueue } from "../support/app-with-queue";
import { TEST_IDP_API_TOKEN } from "../support/app";
import { signInStudent, type Student } from "../support/commerce";
import { expectApiError, expectMatchesContract } from "../support/contract";
import { normalizeSpaces, pdfText } from "../support/pdf-text";
import { startTestServices } from "../support/route-context";
import { enrollIn, writeLearningCourse, type LearningFixture } from "../support/learning-fixtures";
import { certificatesOf, completeCourse, completeLevel1, eventually, queuedJobs } from "../support/certificate-fixtures";

type App = AppWithQueue;

let app: App;
let course: LearningFixture;
let jana: Student;
let peter: Student;
let admin: Student;
let manager: Student;
let janaId: string;
let enrollmentId: string;
let intermediate: typeof schema.certificates.$inferSelect;
let final: typeof schema.certificates.$inferSelect;

async function personId(s: Student): Promise<string> {
  return ((await (await s.get("/api/me")).json()) as { user: { id: string } }).user.id;
}

async function outboxMessage(certificateId: string) {
  const [delivery] = await app.db
    .select()
    .from(schema.mailDeliveries)
    .where(and(eq(schema.mailDeliveries.key, `certificate_issued:${certificateId}`), eq(schema.mailDeliveries.state, "sent")));
  if (!delivery) return null;
  const [message] = await app.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.messageId, delivery.messageId!));
  return message ?? null;
}

beforeAll(async () => {
  app = await startAppWithQueue();
  course = await writeLearningCourse(app.db);
  [jana, peter, admin, manager] = await Promise.all([
    signInStudent(app.url),
    signInStudent(app.url, "peter.horvath@demo.sk"),
    signInStudent(app.url, "zuzana.bielikova@demo.sk"),
    signInStudent(app.url, "martin.simko@demo.sk"),
  ]);
  janaId = await personId(jana);
  enrollmentId = await enrollIn(app.db, course, janaId);
  await completeLevel1(app.db, app.queue, course, janaId, enrollmentId);
  await completeCourse(app.db, app.queue, course, janaId, enrollmentId);
  const rows = await eventually(async () => {
    const found = await certificatesOf(app.db, enrollmentId);
    return found.length === 2 ? found : null;
  }, "both certificates from the app's worker");
  intermediate = rows.find((r) => r.type === "intermediate")!;
  final = rows.find((r) => r.type === "final")!;
}, 180_000);
afterAll(async () => {
  await app?.stop();
});

const expectError = expectApiError;

const verifyPath = (c: { registrationNumber: string; verificationHash: string }, h: string | null = c.verificationHash) =>
  `/api/verify/${encodeURIComponent(c.registrationNumber)}${h === null ? "" : `?h=${h}`}`;

describe("issuing by the app's job worker", () => {
  it("stores both certificates with the spec's fields, the birth date from the provider, and a hash the test recomputes", async () => {
    for (const c of [intermediate, final]) {
      expect(c).toMatchObject({
        studentId: janaId,
        studentDisplayName: "Jana Nováková",
        studentBirthDate: "1990-04-12",
        courseId: course.courseId,
        courseVersionId: course.courseId,
        courseTitle: "Testovací kurz učenia",
        enrollmentId,
        issuedBy: { partnerOrgId: "org-1", partnerName: "Partner", certificateType: "kurz" },
        registrationNumber: expect.stringMatching(/^SBX-\d{4}-[0-9A-Z]{8}$/),
        pdfUrl: null,
        revokedAt: null,
      });
      const text = [c.registrationNumber, c.type, c.studentId, c.courseId, c.courseVersionId, c.levelId ?? "", c.issuedAt.toISOString()].join("|");
      expect(c.verificationHash).toBe(createHash("sha256").update(text).digest("hex"));
    }
    expect(intermediate).toMatchObject({ levelId: course.structure.levels[0].id, levelTitle: "Úroveň 1", certificateTitle: "kurz – Úroveň 1" });
    expect(final).toMatchObject({ levelId: null, levelTitle: null, certificateTitle: "kurz" });
    const [enrollment] = await app.db.select().from(schema.enrollments).where(eq(schema.enrollments.id, enrollmentId));
    expect(enrollment.intermediateCertificateIds).toEqual([intermediate.id]);
    expect(enrollment.finalCertificateId).toBe(final.id);
    // the engine queued each issuing job once
    const issueJobs = (await queuedJobs(app.db, { enrollmentId })).filter((j) => j.name === "certificates.issue");
    expect(issueJobs.map((j) => j.type)).toEqual(["intermediate", "final"]);
  });

  it("e-mails the student the detail link and the public verification URL (local outbox)", async () => {
    const message = await eventually(() => outboxMessage(final.id), "the certificate e-mail in the outbox");
    expect(message.toAddresses).toEqual(["jana.novakova@demo.sk"]);
    expect(message.subject).toBe("Certifikát za kurz „Testovací kurz učenia“");
    const verification = `${app.url}/verify/${final.registrationNumber}?h=${final.verificationHash}`;
    expect(message.textBody).toContain(`Detail certifikátu: ${app.url}/ucet/certifikaty/${final.id}`);
    expect(message.textBody).toContain(`Verejné overenie certifikátu: ${verification}`);
    expect(message.htmlBody).toContain(`href="${verification}"`);
    const levelMessage = await eventually(() => outboxMessage(intermediate.id), "the intermediate certificate e-mail");
    expect(levelMessage.subject).toBe("Certifikát za úroveň „Úroveň 1“ (Testovací kurz učenia)");
  });
});

describe("the student's certificates", () => {
  it("lists the caller's certificates and serves one to its owner only (someone else's is 404)", async () => {
    const list = await jana.get("/api/certificates/me");
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toBe("private, no-store");
    const body = (await list.json()) as {
      data: { _id: string; verificationUrl: string; confirmationPdfUrl: string; levelId: string | null; issuedAt: string }[];
    };
    await expectMatchesContract("GET", "/api/certificates/me", list, body);
    expect(body.data.map((c) => c._id).sort()).toEqual([intermediate.id, final.id].sort());
    const finalView = body.data.find((c) => c._id === final.id)!;
    expect(finalView).toMatchObject({
      levelId: null,
      issuedAt: final.issuedAt.toISOString(),
      verificationUrl: `${app.url}/verify/${final.registrationNumber}?h=${final.verificationHash}`,
      confirmationPdfUrl: `/api/certificates/${final.id}/pdf`,
    });

    const one = await jana.get(`/api/certificates/${intermediate.id}`);
    expect(one.status).toBe(200);
    const detail = await one.json();
    await expectMatchesContract("GET", `/api/certificates/${intermediate.id}`, one, detail);
    expect(detail).toMatchObject({
      _id: intermediate.id,
      type: "intermediate",
      studentBirthDate: "1990-04-12",
      levelTitle: "Úroveň 1",
      verificationHash: intermediate.verificationHash,
    });

    const peterList = (await (await peter.get("/api/certificates/me")).json()) as { data: unknown[] };
    expect(peterList.data).toEqual([]);
    await expectError(await peter.get(`/api/certificates/${final.id}`), 404, "not_found");
    await expectError(await peter.get(`/api/certificates/${final.id}/pdf`), 404, "not_found");
    await expectError(await jana.get("/api/certificates/0123456789abcdef01234567"), 404, "not_found");
    await expectError(await jana.get("/api/certificates/nie-je-id"), 404, "not_found");
    await expectError(await fetch(`${app.url}/api/certificates/me`), 401, "unauthorized");
    await expectError(await fetch(`${app.url}/api/certificates/${final.id}`), 401, "unauthorized");
    const post = await jana.post(`/api/certificates/${final.id}`, {});
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET");
  });

  it("downloads the platform's confirmation of completion as a Slovak PDF with the verification URL and a QR code", async () => {
    const res = await jana.get(`/api/certificates/${final.id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain(`-${final.registrationNumber}-potvrdenie.pdf"`);
    const pdf = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe("%PDF-");
    const raw = await pdfText(pdf);
    const text = normalizeSpaces(raw);
    expect(text).toContain("Potvrdenie o absolvovaní");
    expect(text).toContain("Nie je certifikátom akreditačného partnera");
    expect(text).toContain("Jana Nováková");
    expect(text).toContain("Testovací kurz učenia");
    expect(text).toContain(final.registrationNumber);
    // the URL may wrap across lines in the PDF
    expect(raw.replace(/\s+/g, "")).toContain(`${app.url}/verify/${final.registrationNumber}?h=${final.verificationHash}`);
    expect(Buffer.from(pdf).toString("latin1")).toMatch(/\/Subtype\s*\/Image/);
  });

  it("shows the certificates under the account, with the detail page; someone else's detail is 404", async () => {
    const account = await (await jana.get("/ucet")).text();
    expect(account).toContain('href="/ucet/certifikaty"');
    const page = await jana.get("/ucet/certifikaty");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Moje certifikáty");
    expect(html).toContain(final.registrationNumber);
    expect(html).toContain(`/ucet/certifikaty/${final.id}`);
    expect(html).toContain(`/api/certificates/${final.id}/pdf`);
    const detail = await jana.get(`/ucet/certifikaty/${final.id}`);
    expect(detail.status).toBe(200);
    const detailHtml = await detail.text();
    expect(detailHtml).toContain(final.verificationHash);
    expect(detailHtml).toContain("12. 4. 1990".replace(/ /g, "\u00a0"));
    expect((await peter.get(`/ucet/certifikaty/${final.id}`)).status).toBe(404);
    const anonymous = await fetch(`${app.url}/ucet/certifikaty`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toContain("/api/auth/login");
  });
});

describe("public verification", () => {
  it("answers the spec's fields for the right number and hash, without a session", async () => {
    for (const c of [intermediate, final]) {
      const res = await fetch(`${app.url}${verifyPath(c)}`);
      expect(res.status).toBe(200);
      const body = await res.json();
      await expectMatchesContract("GET", verifyPath(c), res, body);
      expect(Object.keys(body).sort()).toEqual([
        "courseTitle",
        "issuedAt",
        "issuedBy",
        "levelTitle",
        "registrationNumber",
        "type",
        "valid",
        "verificationHash",
      ]);
      expect(body).toEqual({
        registrationNumber: c.registrationNumber,
        type: c.type,
        courseTitle: "Testovací kurz učenia",
        levelTitle: c.type === "final" ? null : "Úroveň 1",
        issuedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        issuedBy: "Partner",
        valid: true,
        verificationHash: c.verificationHash,
      });
    }
  });

  it("is 404 for a changed h, no h, an empty h and an unknown number; revoked is 200 with valid: false", async () => {
    const h = final.verificationHash;
    const changed = h.slice(0, 10) + (h[10] === "a" ? "b" : "a") + h.slice(11);
    for (const path of [
      verifyPath(final, changed),
      verifyPath(final, null),
      verifyPath(final, ""),
      `/api/verify/SBX-2000-AAAAAAAA?h=${h}`,
      verifyPath(intermediate, h),
    ]) {
      const res = await fetch(`${app.url}${path}`);
      const body = await expectError(res, 404, "not_found");
      expect(JSON.stringify(body)).not.toContain(h);
    }
    // POST checks a presented credential (docs/decisions/certificates/open-badges.md > Open Badges): without one, 422
    expect((await fetch(`${app.url}/api/verify/${final.registrationNumber}?h=${h}`, { method: "POST", headers: { Origin: app.url } })).status).toBe(422);

    await app.db
      .update(schema.certificates)
      .set({ revokedAt: new Date(), revokedReason: "podvod pri teste" })
      .where(eq(schema.certificates.id, intermediate.id));
    try {
      const res = await fetch(`${app.url}${verifyPath(intermediate)}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ registrationNumber: intermediate.registrationNumber, valid: false });
      const page = await fetch(`${app.url}/verify/${intermediate.registrationNumber}?h=${intermediate.verificationHash}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Certifikát bol odvolaný");
    } finally {
      await app.db.update(schema.certificates).set({ revokedAt: null, revokedReason: null }).where(eq(schema.certificates.id, intermediate.id));
    }
  });

  it("an admin revokes a certificate: audit row, verification says not valid, a second revoke is 409; others get 403", async () => {
    const path = `/api/admin/certificates/${intermediate.id}/revoke`;
    await expectError(await manager.post(path, { reason: "podvod pri teste" }), 403, "forbidden");
    await expectError(await jana.post(path, { reason: "podvod pri teste" }), 403, "forbidden");
    await expectError(await admin.post(path, { reason: "x" }), 422, "validation");
    await expectError(await admin.post("/api/admin/certificates/0123456789abcdef01234567/revoke", { reason: "podvod pri teste" }), 404, "not_found");
    expect((await fetch(`${app.url}${verifyPath(intermediate)}`).then((r) => r.json())).valid).toBe(true);
    try {
      const res = await admin.post(path, { reason: "podvod pri teste" });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { ok: boolean; revokedAt: string };
      await expectMatchesContract("POST", path, res, body);
      const [row] = await app.db.select().from(schema.certificates).where(eq(schema.certificates.id, intermediate.id));
      expect(row.revokedReason).toBe("podvod pri teste");
      expect(row.revokedAt?.toISOString()).toBe(body.revokedAt);
      const audit = await app.db
        .select()
        .from(schema.auditLog)
        .where(and(eq(schema.auditLog.action, "certificate.revoke"), eq(schema.auditLog.targetId, intermediate.id)));
      expect(audit).toHaveLength(1);
      expect(audit[0].actorId).toBe(await personId(admin));
      expect((await fetch(`${app.url}${verifyPath(intermediate)}`).then((r) => r.json())).valid).toBe(false);
      await expectError(await admin.post(path, { reason: "znova" }), 409, "conflict");
    } finally {
      await app.db.update(schema.certificates).set({ revokedAt: null, revokedReason: null }).where(eq(schema.certificates.id, intermediate.id));
    }
  });

  it("has a page for people, with a form that works without JavaScript; a wrong code is a 404 page with the form", async () => {
    const page = await fetch(`${app.url}/verify/${final.registrationNumber}?h=${final.verificationHash}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Certifikát je platný.");
    expect(html).toContain("Jana Nováková");
    expect(html).toContain(final.registrationNumber);
    expect(html).toContain('name="robots" content="noindex"');

    const wrong = await fetch(`${app.url}/verify/${final.registrationNumber}?h=${"0".repeat(64)}`);
    expect(wrong.status).toBe(404);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain("sme nenašli");
    expect(wrongHtml).toContain('action="/verify"');

    const empty = await fetch(`${app.url}/verify`);
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain('name="cislo"');
    const submitted = await fetch(`${app.url}/verify?cislo=${encodeURIComponent(` ${final.registrationNumber} `)}&h=${final.verificationHash}`, {
      redirect: "manual",
    });
    expect(submitted.status).toBe(302);
    expect(submitted.headers.get("location")).toBe(`/verify/${final.registrationNumber}?h=${final.verificationHash}`);
  });

  it("verifies by the number and the short code printed on the certificate: the page, its form and the API; a wrong code is 404", async () => {
    const code = `${final.verificationHash.slice(0, 5)}-${final.verificationHash.slice(5, 10)}`.toUpperCase();
    // printed on the confirmation PDF and on the certificate page beside the number
    expect(normalizeSpaces(await pdfText(new Uint8Array(await (await jana.get(`/api/certificates/${final.id}/pdf`)).arrayBuffer())))).toContain(
      `Registračné číslo ${final.registrationNumber}, overovací kód ${code}`,
    );
    expect(await (await jana.get(`/ucet/certifikaty/${final.id}`)).text()).toContain(`<dt>Overovací kód</dt><dd><code>${code}</code></dd>`);

    const page = await fetch(`${app.url}/verify/${final.registrationNumber}?h=${code}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Certifikát je platný.");
    expect(html).toContain('<p class="verify-holder">Jana Nováková</p>');
    expect(html).toContain("Testovací kurz učenia");
    // the form as typed from paper: spaces around, lower case
    const typed = await fetch(
      `${app.url}/verify?cislo=${encodeURIComponent(` ${final.registrationNumber} `)}&h=${encodeURIComponent(` ${code.toLowerCase()} `)}`,
    );
    expect(typed.status).toBe(200);
    expect(typed.url).toBe(`${app.url}/verify/${final.registrationNumber}?h=${code.toLowerCase()}`);
    expect(await typed.text()).toContain("Certifikát je platný.");
    // the API answers the spec's body for the short code too
    const api = await fetch(`${app.url}/api/verify/${final.registrationNumber}?h=${code}`);
    expect(api.status).toBe(200);
    expect(await api.json()).toMatchObject({ registrationNumber: final.registrationNumber, valid: true, verificationHash: final.verificationHash });
    // one wrong digit, a code one digit short, the intermediate certificate's number: 404 alike
    const wrongDigit = code.slice(0, -1) + (code.endsWith("A") ? "B" : "A");
    for (const path of [
      `/verify/${final.registrationNumber}?h=${wrongDigit}`,
      `/verify/${final.registrationNumber}?h=${code.slice(0, -1)}`,
      `/verify/${intermediate.registrationNumber}?h=${code}`,
    ]) {
      const res = await fetch(`${app.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain("sme nenašli");
      await expectError(await fetch(`${app.url}/api${path}`), 404, "not_found");
    }
  });

  it("the certificate page names the course in its heading and says which two documents the student holds", async () => {
    const html = await (await jana.get(`/ucet/certifikaty/${final.id}`)).text();
    expect(html).toMatch(/<h1[^>]*>Testovací kurz učenia<\/h1>/);
    expect(html).toContain("<title>Certifikát: Testovací kurz učenia | Akadémia športového manažmentu</title>");
    const documents = normalizeSpaces(
      html.slice(html.indexOf('id="dva-doklady"'), html.indexOf("</section>", html.indexOf('id="dva-doklady"'))).replace(/<[^>]+>/g, ""),
    );
    expect(documents).toContain(
      "Ku kurzu máte dva doklady: potvrdenie o absolvovaní od platformy Akadémia športového manažmentu, ktoré máte hneď, a akreditovaný certifikát „kurz“, ktorý vydáva Partner a ktorý je právne záväzný.",
    );
    expect(documents).toContain(`Akreditovaný certifikát (Partner): vydaný`);
    expect(documents).toContain(`pod registračným číslom ${final.registrationNumber}.`);
    // no partner's PDF here (the sandbox gives none): the page says so and whom to ask
    expect(documents).toContain("Dokument partnera v PDF sme zatiaľ nedostali; ak ho potrebujete, napíšte na");
    // the list's entries differ by course and level
    const list = await (await jana.get("/ucet/certifikaty")).text();
    expect(list).toContain(`>Testovací kurz učenia</a></h2>`);
    expect(list).toContain(`>Testovací kurz učenia – Úroveň 1</a></h2>`);
  });

  it("counts as a public read: 60 per minute per IP by default, 429 with Retry-After beyond", async () => {
    const t = await startTestServices({ env: { RATE_LIMIT_PUBLIC_PER_MIN: "2" } });
    try {
      const call = () =>
        t.call(verifyApiLoader, "/api/verify/SBX-2000-AAAAAAAA?h=x", {
          params: { registrationNumber: "SBX-2000-AAAAAAAA" },
          clientIp: "198.51.100.7",
        }) as Promise<Response>;
      expect((await call()).status).toBe(404);
      expect((await call()).status).toBe(404);
      const limited = await call();
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await limited.json()).toMatchObject({ error: "rate_limited" });
      expect(loadConfig({}).RATE_LIMIT_PUBLIC_PER_MIN).toBe(60);
    } finally {
      await t.close();
    }
  });
});

describe("manual issuing by an admin (phase 1)", () => {
  let peterEnrollment: string;
  let requestId: string;
  const noQueue: Queue = { enqueue: async () => null };

  beforeAll(async () => {
    const peterId = await personId(peter);
    peterEnrollment = await enrollIn(app.db, course, peterId);
    // completed without queueing the app's (sandbox) job: this task is the manual partner's
    await completeLevel1(app.db, noQueue, course, peterId, peterEnrollment);
    const result = await issueCertificate(
      {
        db: app.db,
        log: createLogger("silent"),
        queue: app.queue,
        // the local provider's person API over HTTP, as the job asks it
        idpApi: createIdpApi({ apiUrl: `${app.url}/idp/api`, apiToken: TEST_IDP_API_TOKEN }),
        partner: "manual",
        birthDate: true,
      },
      { enrollmentId: peterEnrollment, type: "intermediate", levelId: course.structure.levels[0].id },
    );
    expect(result.status).toBe("awaiting_admin");
    requestId = (result as { requestId: string }).requestId;
  }, 60_000);

  it("lists the pending tasks to admins only", async () => {
    const res = await admin.get("/api/admin/certificate-requests?state=pending");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { _id: string; draft: Record<string, unknown> }[] };
    await expectMatchesContract("GET", "/api/admin/certificate-requests", res, body);
    expect(body.data.find((r) => r._id === requestId)).toMatchObject({
      enrollmentId: peterEnrollment,
      state: "pending",
      studentEmail: "jana.novakova@demo.sk",
      draft: { studentDisplayName: "Peter Horváth", studentBirthDate: "1985-09-30", levelTitle: "Úroveň 1" },
    });
    await expectError(await admin.get("/api/admin/certificate-requests?state=hotovo"), 422, "validation");
    await expectError(await manager.get("/api/admin/certificate-requests"), 403, "forbidden");
    await expectError(await jana.get("/api/admin/certificate-requests"), 403, "forbidden");
    await expectError(await fetch(`${app.url}/api/admin/certificate-requests`), 401, "unauthorized");

    const page = await admin.get("/admin/certifikaty");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Čakajú na registračné číslo");
    expect(html).toContain("Peter Horváth");
    expect(html).toContain('href="/admin/certifikaty"');
    expect((await manager.get("/admin/certifikaty")).status).toBe(403);
    expect(await (await manager.get("/admin")).text()).not.toContain('href="/admin/certifikaty"');
  });

  it("refuses a bad body (422) and a taken number (409) with a Slovak message, storing nothing", async () => {
    const path = `/api/admin/certificate-requests/${requestId}/issue`;
    const bad = await expectError(await admin.post(path, { registrationNumber: "číslo s medzerou", pdfUrl: "ftp://x" }), 422, "validation");
    expect((bad.details as { path: string }[]).map((d) => d.path).sort()).toEqual(["pdfUrl", "registrationNumber"]);
    await expectError(await admin.post(path, "{nie json"), 422, "validation");
    const taken = await expectError(await admin.post(path, { registrationNumber: final.registrationNumber }), 409, "registration_number_taken");
    expect(taken.message).toContain("registračné číslo");
    await expectError(await manager.post(path, { registrationNumber: "AK-1" }), 403, "forbidden");
    await expectError(await admin.post("/api/admin/certificate-requests/0123456789abcdef01234567/issue", { registrationNumber: "AK-1" }), 404, "not_found");
    expect(await certificatesOf(app.db, peterEnrollment)).toEqual([]);

    // the page's form: the same refusal as a Slovak message on the page, never a 500
    const form = await admin.jar.fetch(`${app.url}/admin/certifikaty`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
      body: new URLSearchParams({ requestId, registrationNumber: final.registrationNumber, pdfUrl: "" }).toString(),
    });
    expect(form.status).toBe(409);
    expect(await form.text()).toContain("Toto registračné číslo už má iný certifikát.");
    expect(await certificatesOf(app.db, peterEnrollment)).toEqual([]);
  });

  it("issues the certificate with the partner's number and PDF URL: 201, audit row, enrollment, e-mail; a second time is 409", async () => {
    const path = `/api/admin/certificate-requests/${requestId}/issue`;
    const res = await admin.post(path, { registrationNumber: "AK-2026/0142-15", pdfUrl: "https://partner.example/certifikaty/15.pdf" });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { _id: string; verificationHash: string; verificationUrl: string };
    await expectMatchesContract("POST", path, res, body);
    expect(body).toMatchObject({
      registrationNumber: "AK-2026/0142-15",
      pdfUrl: "https://partner.example/certifikaty/15.pdf",
      studentDisplayName: "Peter Horváth",
      studentBirthDate: "1985-09-30",
      verificationUrl: `${app.url}/verify/AK-2026%2F0142-15?h=${body.verificationHash}`,
    });
    const [stored] = await certificatesOf(app.db, peterEnrollment);
    expect(stored.id).toBe(body._id);
    const [enrollment] = await app.db.select().from(schema.enrollments).where(eq(schema.enrollments.id, peterEnrollment));
    expect(enrollment.intermediateCertificateIds).toEqual([stored.id]);
    const audit = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.targetType, "certificate"), eq(schema.auditLog.targetId, stored.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: await personId(admin),
      action: "certificate.issue_manual",
      details: expect.objectContaining({ certificateRequestId: requestId, registrationNumber: "AK-2026/0142-15" }),
    });
    const message = await eventually(() => outboxMessage(stored.id), "the manual certificate's e-mail");
    expect(message.textBody).toContain("Certifikát od partnera (PDF): https://partner.example/certifikaty/15.pdf");

    // a number with a slash verifies through the encoded path
    const verified = await fetch(`${app.url}${verifyPath(stored)}`);
    expect(verified.status).toBe(200);
    expect(await verified.json()).toMatchObject({ registrationNumber: "AK-2026/0142-15", valid: true });
    expect((await fetch(body.verificationUrl)).status).toBe(200);

    await expectError(await admin.post(path, { registrationNumber: "AK-2026/0142-16" }), 409, "certificate_request_not_pending");
    expect(await certificatesOf(app.db, peterEnrollment)).toHaveLength(1);
  });

  it("issues through the admin page's plain form and says so", async () => {
    const s = await personId(admin);
    const enrollment = await enrollIn(app.db, course, s);
    await completeLevel1(app.db, noQueue, course, s, enrollment);
    const task = await issueCertificate(
      { db: app.db, log: createLogger("silent"), queue: app.queue, partner: "manual", birthDate: false },
      { enrollmentId: enrollment, type: "intermediate", levelId: course.structure.levels[0].id },
    );
    const form = await admin.jar.fetch(`${app.url}/admin/certifikaty`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
      body: new URLSearchParams({ requestId: (task as { requestId: string }).requestId, registrationNumber: "AK-FORM-1", pdfUrl: "" }).toString(),
    });
    expect(form.status).toBe(302);
    const [stored] = await certificatesOf(app.db, enrollment);
    expect(stored).toMatchObject({ registrationNumber: "AK-FORM-1", pdfUrl: null });
    expect(form.headers.get("location")).toBe(`/admin/certifikaty?vydany=${stored.id}`);
    const after = await (await admin.get(`/admin/certifikaty?vydany=${stored.id}`)).text();
    expect(after).toContain("Certifikát č. AK-FORM-1 bol vydaný");
  });
});
