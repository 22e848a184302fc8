// The certificates area on a real database (PostgreSQL with TEST_DATABASE_URL, else PGlite)
// with a real pg-boss queue: the issuing job after completions the learning engine makes,
// the spec's fields and hash, one certificate however often or concurrently the job runs,
// the manual partner's task and the admin's number (audit), verification.
// spec: Resources > Certificate; Course completion; the verification endpoint.
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../db";
import { loadConfig } from "../config";
import { createLogger } from "../log";
import { listAudit } from "../audit";
import { DomainError } from "../kernel/errors";
import { isOutcome, valueOrThrow } from "../kernel/outcome";
import { IdpApiError, type IdpApi, type IdpPerson } from "../identity";
import { startJobs, type Jobs } from "../../jobs";
import { openTestDatabase, type OpenTestDatabase } from "../../tests/support/db";
import { enrollIn, writeLearningCourse, type LearningFixture } from "../../tests/support/learning-fixtures";
import { certificatesOf, completeCourse, completeLevel1, queuedJobs } from "../../tests/support/certificate-fixtures";
import { normalizeSpaces, pdfText } from "../../tests/support/pdf-text";
import {
  issueCertificate,
  issueCertificateManually,
  listCertificateRequests,
  linkedInAddUrl,
  renderConfirmationPdf,
  sandboxRegistrationNumber,
  shortVerificationCode,
  storeCertificate,
  toVerificationResponse,
  verifyCertificate,
  type IssueDeps,
  type IssueJob,
} from "./index";

let t: OpenTestDatabase;
let jobs: Jobs;
let course: LearningFixture;
let otherCourse: LearningFixture;

// The provider's person API as this test needs it: known people, and a switch to fail.
let providerDown = false;
const askedFor: string[] = [];
const idpApi: IdpApi = {
  async getPerson(id) {
    askedFor.push(id);
    if (providerDown) throw new IdpApiError("identity provider API unreachable: connect ECONNREFUSED");
    if (!id.startsWith("p-cert-")) return null;
    return {
      id,
      displayName: "Ing. Jana Nováková",
      email: null,
      avatarUrl: null,
      roles: ["user"],
      organizations: [],
      birthdate: "1990-04-12",
    } satisfies IdpPerson;
  },
  getOrganization: async () => null,
  getMembership: async () => null,
};

beforeAll(async () => {
  t = await openTestDatabase();
  jobs = await startJobs(t.handle, loadConfig({ DATABASE_URL: t.url }), createLogger("silent"), { work: false });
  course = await writeLearningCourse(t.db);
  otherCourse = await writeLearningCourse(t.db);
});
afterAll(async () => {
  await jobs?.stop();
  await t?.close();
});

function deps(extra: Partial<IssueDeps> = {}): IssueDeps {
  return { db: t.db, log: createLogger("silent"), queue: jobs.queue, idpApi, partner: "sandbox", birthDate: true, ...extra };
}

let seq = 0;
async function newStudent(fixture = course) {
  const studentId = `p-cert-${++seq}`;
  const enrollmentId = await enrollIn(t.db, fixture, studentId);
  return { studentId, enrollmentId };
}

/** The certificates.issue jobs the engine queued for the enrollment. */
async function issueJobs(enrollmentId: string): Promise<IssueJob[]> {
  return (await queuedJobs(t.db, { enrollmentId }))
    .filter((j) => j.name === "certificates.issue")
    .map((j) => ({ enrollmentId: j.enrollmentId as string, type: j.type as IssueJob["type"], levelId: (j.levelId as string | null) ?? null }));
}

/** The spec's hash, computed here from the stored fields (not with the area's function). */
function expectedHash(row: typeof schema.certificates.$inferSelect): string {
  const text = [row.registrationNumber, row.type, row.studentId, row.courseId, row.courseVersionId, row.levelId ?? "", row.issuedAt.toISOString()].join("|");
  return createHash("sha256").update(text, "utf8").digest("hex");
}

async function enrollmentRow(id: string) {
  const [row] = await t.db.select().from(schema.enrollments).where(eq(schema.enrollments.id, id));
  return row;
}

async function mailJobsFor(certificateId: string) {
  return (await queuedJobs(t.db, { certificateId })).filter((j) => j.name === "mail.send");
}

/** The refusal of a use case: a refused Outcome it returned, or the DomainError it threw. */
async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  try {
    const outcome = await promise;
    if (isOutcome(outcome) && !outcome.ok) return outcome.error;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a DomainError");
}

describe("issuing after completions", () => {
  it("issues the intermediate certificate of a completed level with the spec's fields, snapshots and hash", async () => {
    const s = await newStudent();
    await completeLevel1(t.db, jobs.queue, course, s.studentId, s.enrollmentId);
    const [job] = await issueJobs(s.enrollmentId);
    const level1 = course.structure.levels[0];
    expect(job).toEqual({ enrollmentId: s.enrollmentId, type: "intermediate", levelId: level1.id });

    const issuedAt = new Date("2026-03-01T23:30:00.123Z");
    const result = await issueCertificate(deps({ clock: { now: () => issuedAt } }), job);
    expect(result).toMatchObject({ status: "issued", registrationNumber: expect.stringMatching(/^SBX-2026-[0-9A-Z]{8}$/) });
    const [row] = await certificatesOf(t.db, s.enrollmentId);
    expect(row).toMatchObject({
      type: "intermediate",
      studentId: s.studentId,
      // the provider's current name wins over the enrollment's snapshot ("Jana Nováková")
      studentDisplayName: "Ing. Jana Nováková",
      studentBirthDate: "1990-04-12",
      courseId: course.courseId,
      courseVersionId: course.courseId,
      courseTitle: "Testovací kurz učenia",
      levelId: level1.id,
      levelTitle: "Úroveň 1",
      enrollmentId: s.enrollmentId,
      issuedBy: { partnerOrgId: "org-1", partnerName: "Partner", certificateType: "kurz" },
      certificateTitle: "kurz – Úroveň 1",
      pdfUrl: null,
      revokedAt: null,
    });
    expect(row.issuedAt.toISOString()).toBe("2026-03-01T23:30:00.123Z");
    expect(row.verificationHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.verificationHash).toBe(expectedHash(row));
    expect((await enrollmentRow(s.enrollmentId)).intermediateCertificateIds).toEqual([row.id]);
    expect((await enrollmentRow(s.enrollmentId)).finalCertificateId).toBeNull();
    expect(await mailJobsFor(row.id)).toEqual([expect.objectContaining({ name: "mail.send", kind: "certificate_issued", certificateId: row.id })]);
    // the verification answer gives the day of issue in Bratislava (00:30 on 2 March)
    expect(toVerificationResponse(row)).toEqual({
      registrationNumber: row.registrationNumber,
      type: "intermediate",
      courseTitle: "Testovací kurz učenia",
      levelTitle: "Úroveň 1",
      issuedAt: "2026-03-02",
      issuedBy: "Partner",
      valid: true,
      verificationHash: row.verificationHash,
    });
  });

  it("issues the final certificate once the course is completed, with no level (empty text in the hash)", async () => {
    const s = await newStudent();
    await completeLevel1(t.db, jobs.queue, course, s.studentId, s.enrollmentId);
    await completeCourse(t.db, jobs.queue, course, s.studentId, s.enrollmentId);
    const queued = await issueJobs(s.enrollmentId);
    expect(queued.map((j) => j.type)).toEqual(["intermediate", "final"]);
    for (const job of queued) expect((await issueCertificate(deps(), job)).status).toBe("issued");
    const rows = await certificatesOf(t.db, s.enrollmentId);
    const final = rows.find((r) => r.type === "final")!;
    expect(final).toMatchObject({ levelId: null, levelTitle: null, certificateTitle: "kurz" });
    expect(final.verificationHash).toBe(expectedHash(final));
    expect(final.verificationHash).toBe(
      createHash("sha256")
        .update(`${final.registrationNumber}|final|${s.studentId}|${course.courseId}|${course.courseId}||${final.issuedAt.toISOString()}`)
        .digest("hex"),
    );
    const enrollment = await enrollmentRow(s.enrollmentId);
    expect(enrollment.finalCertificateId).toBe(final.id);
    expect(enrollment.intermediateCertificateIds).toEqual([rows.find((r) => r.type === "intermediate")!.id]);
    expect(toVerificationResponse(final).levelTitle).toBeNull();
  });

  it("a job run twice, or six times in parallel, stores one certificate, links it once and queues one e-mail", async () => {
    const s = await newStudent();
    await completeLevel1(t.db, jobs.queue, course, s.studentId, s.enrollmentId);
    const [job] = await issueJobs(s.enrollmentId);
    const first = await issueCertificate(deps(), job);
    const second = await issueCertificate(deps(), job);
    expect(first.status).toBe("issued");
    expect(second).toEqual({ status: "already_issued", certificateId: (first as { certificateId: string }).certificateId });

    const p = await newStudent();
    await completeLevel1(t.db, jobs.queue, course, p.studentId, p.enrollmentId);
    await completeCourse(t.db, jobs.queue, course, p.studentId, p.enrollmentId);
    const finalJob = (await issueJobs(p.enrollmentId)).find((j) => j.type === "final")!;
    const results = await Promise.all(Array.from({ length: 6 }, () => issueCertificate(deps(), finalJob)));
    expect(results.filter((r) => r.status === "issued")).toHaveLength(1);
    expect(results.filter((r) => r.status === "already_issued")).toHaveLength(5);
    const finals = (await certificatesOf(t.db, p.enrollmentId)).filter((r) => r.type === "final");
    expect(finals).toHaveLength(1);
    expect(new Set(results.map((r) => (r as { certificateId: string }).certificateId))).toEqual(new Set([finals[0].id]));
    expect((await enrollmentRow(p.enrollmentId)).finalCertificateId).toBe(finals[0].id);
    expect(await mailJobsFor(finals[0].id)).toHaveLength(1);
  });

  it("issues nothing for a level or course not completed, a cancelled enrollment or a level of another course", async () => {
    const s = await newStudent();
    const level1 = course.structure.levels[0].id;
    expect(await issueCertificate(deps(), { enrollmentId: s.enrollmentId, type: "intermediate", levelId: level1 })).toEqual({
      status: "skipped",
      reason: "the level is not completed",
    });
    expect(await issueCertificate(deps(), { enrollmentId: s.enrollmentId, type: "final", levelId: null })).toEqual({
      status: "skipped",
      reason: "the course is not completed",
    });
    expect(await issueCertificate(deps(), { enrollmentId: s.enrollmentId, type: "intermediate", levelId: otherCourse.structure.levels[0].id })).toMatchObject({
      status: "skipped",
    });
    expect(await issueCertificate(deps(), { enrollmentId: "0123456789abcdef01234567", type: "final", levelId: null })).toEqual({
      status: "skipped",
      reason: "enrollment not found",
    });

    await completeLevel1(t.db, jobs.queue, course, s.studentId, s.enrollmentId);
    await t.db.update(schema.enrollments).set({ state: "cancelled", cancelledAt: new Date() }).where(eq(schema.enrollments.id, s.enrollmentId));
    expect(await issueCertificate(deps(), { enrollmentId: s.enrollmentId, type: "intermediate", levelId: level1 })).toEqual({
      status: "skipped",
      reason: "the enrollment is cancelled",
    });
    expect(await certificatesOf(t.db, s.enrollmentId)).toEqual([]);
  });

  it("fails the run while the provider cannot say the birth date (pg-boss retries); without CERTIFICATE_BIRTH_DATE it is not asked", async () => {
    const s = await newStudent();
    await completeLevel1(t.db, jobs.queue, course, s.studentId, s.enrollmentId);
    const [job] = await issueJobs(s.enrollmentId);
    providerDown = true;
    try {
      await expect(issueCertificate(deps(), job)).rejects.toBeInstanceOf(IdpApiError);
    } finally {
      providerDown = false;
    }
    expect(await certificatesOf(t.db, s.enrollmentId)).toEqual([]);

    askedFor.length = 0;
    expect((await issueCertificate(deps({ birthDate: false }), job)).status).toBe("issued");
    expect(askedFor).toEqual([]);
    const [row] = await certificatesOf(t.db, s.enrollmentId);
    // no provider answer: the enrollment's snapshot of the name
    expect(row).toMatchObject({ studentBirthDate: null, studentDisplayName: "Jana Nováková" });
  });
});

describe("the signatory", () => {
  it("copies the accreditation's signatory into issuedBy, the API answer and the confirmation PDF", async () => {
    const signed = await writeLearningCourse(t.db);
    await t.db
      .update(schema.courses)
      .set({
        accreditation: {
          partnerOrgId: "org-1",
          partnerName: "Partner",
          certificateType: "kurz",
          signatoryName: "Mgr. Anna Kráľová",
          signatoryRole: "riaditeľka",
        },
      })
      .where(eq(schema.courses.id, signed.courseId));
    const s = await newStudent(signed);
    await completeLevel1(t.db, jobs.queue, signed, s.studentId, s.enrollmentId);
    const [job] = await issueJobs(s.enrollmentId);
    await issueCertificate(deps(), job);
    const [row] = await certificatesOf(t.db, s.enrollmentId);
    expect(row.issuedBy).toEqual({
      partnerOrgId: "org-1",
      partnerName: "Partner",
      certificateType: "kurz",
      signatoryName: "Mgr. Anna Kráľová",
      signatoryRole: "riaditeľka",
    });
    const text = normalizeSpaces(await pdfText(await renderConfirmationPdf(row, "https://kurzy.test/overenie")));
    expect(text).toContain("Za partnera podpisuje");
    expect(text).toContain("Mgr. Anna Kráľová, riaditeľka");
    // without a name, a role alone is not copied (a role nobody holds says nothing)
    await t.db
      .update(schema.courses)
      .set({ accreditation: { partnerOrgId: "org-1", partnerName: "Partner", certificateType: "kurz", signatoryRole: "riaditeľka" } })
      .where(eq(schema.courses.id, signed.courseId));
    const other = await newStudent(signed);
    await completeLevel1(t.db, jobs.queue, signed, other.studentId, other.enrollmentId);
    await issueCertificate(deps(), (await issueJobs(other.enrollmentId))[0]);
    const [second] = await certificatesOf(t.db, other.enrollmentId);
    expect(second.issuedBy).toEqual({ partnerOrgId: "org-1", partnerName: "Partner", certificateType: "kurz" });
    expect(normalizeSpaces(await pdfText(await renderConfirmationPdf(second, "https://kurzy.test/overenie")))).not.toContain("podpisuje");
  });
});

describe("the manual partner (phase 1)", () => {
  const admin = { actorId: "p-4001", actorRoles: ["student", "admin"], ip: "203.0.113.5" };

  async function pendingTask() {
    const s = await newStudent();
    await completeLevel1(t.db, jobs.queue, course, s.studentId, s.enrollmentId);
    const [job] = await issueJobs(s.enrollmentId);
    return { ...s, job };
  }

  it("leaves one task however often the job runs, and stores no certificate until the admin enters the number", async () => {
    const s = await pendingTask();
    const results = await Promise.all(Array.from({ length: 4 }, () => issueCertificate(deps({ partner: "manual" }), s.job)));
    expect(results.every((r) => r.status === "awaiting_admin")).toBe(true);
    expect(new Set(results.map((r) => (r as { requestId: string }).requestId)).size).toBe(1);
    const tasks = (await listCertificateRequests(t.db, { state: "pending" })).filter((r) => r.enrollmentId === s.enrollmentId);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({
      type: "intermediate",
      levelId: course.structure.levels[0].id,
      studentEmail: "jana.novakova@demo.sk",
      draft: {
        studentId: s.studentId,
        studentBirthDate: "1990-04-12",
        courseTitle: "Testovací kurz učenia",
        levelTitle: "Úroveň 1",
        certificateTitle: "kurz – Úroveň 1",
      },
    });
    expect(await certificatesOf(t.db, s.enrollmentId)).toEqual([]);
  });

  it("issues the certificate with the admin's number and PDF URL, writes the audit row, and refuses a second completion", async () => {
    const s = await pendingTask();
    const waiting = await issueCertificate(deps({ partner: "manual" }), s.job);
    const requestId = (waiting as { requestId: string }).requestId;
    const at = new Date("2026-05-04T08:00:00.000Z");
    const certificate = valueOrThrow(
      await issueCertificateManually({ db: t.db, queue: jobs.queue, clock: { now: () => at } }, admin, requestId, {
        registrationNumber: "AK-2026/0142-7",
        pdfUrl: "https://partner.example/certifikaty/7.pdf",
      }),
    );
    expect(certificate).toMatchObject({
      registrationNumber: "AK-2026/0142-7",
      pdfUrl: "https://partner.example/certifikaty/7.pdf",
      studentBirthDate: "1990-04-12",
    });
    expect(certificate.issuedAt.toISOString()).toBe(at.toISOString());
    expect(certificate.verificationHash).toBe(expectedHash(certificate));
    expect((await enrollmentRow(s.enrollmentId)).intermediateCertificateIds).toEqual([certificate.id]);
    expect(await mailJobsFor(certificate.id)).toHaveLength(1);
    const [task] = (await listCertificateRequests(t.db)).filter((r) => r.id === requestId);
    expect(task).toMatchObject({ state: "issued", certificateId: certificate.id, completedBy: admin.actorId });
    const audit = await listAudit(t.db, { targetType: "certificate", targetId: certificate.id });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: "p-4001",
      actorRoles: ["student", "admin"],
      action: "certificate.issue_manual",
      ip: "203.0.113.5",
      details: { certificateRequestId: requestId, enrollmentId: s.enrollmentId, registrationNumber: "AK-2026/0142-7", type: "intermediate" },
    });

    const again = await rejection(issueCertificateManually({ db: t.db, queue: jobs.queue }, admin, requestId, { registrationNumber: "AK-2026/0142-8" }));
    expect(again).toMatchObject({ code: "certificate_request_not_pending", status: 409, details: { certificateId: certificate.id } });
    // a later run of the job finds the certificate
    expect(await issueCertificate(deps({ partner: "manual" }), s.job)).toEqual({ status: "already_issued", certificateId: certificate.id });
    expect(await certificatesOf(t.db, s.enrollmentId)).toHaveLength(1);
  });

  it("refuses a number another certificate holds (409) and an unknown task (404), storing nothing", async () => {
    const first = await pendingTask();
    const second = await pendingTask();
    const r1 = (await issueCertificate(deps({ partner: "manual" }), first.job)) as { requestId: string };
    const r2 = (await issueCertificate(deps({ partner: "manual" }), second.job)) as { requestId: string };
    const manualDeps = { db: t.db, queue: jobs.queue };
    await issueCertificateManually(manualDeps, admin, r1.requestId, { registrationNumber: "DUP-0001" });
    const taken = await rejection(issueCertificateManually(manualDeps, admin, r2.requestId, { registrationNumber: "DUP-0001" }));
    expect(taken).toMatchObject({ code: "registration_number_taken", status: 409, details: [expect.objectContaining({ path: "registrationNumber" })] });
    expect(await certificatesOf(t.db, second.enrollmentId)).toEqual([]);
    const [task] = (await listCertificateRequests(t.db, { state: "pending" })).filter((r) => r.id === r2.requestId);
    expect(task.state).toBe("pending");
    expect(await listAudit(t.db, { targetType: "certificate" })).not.toContainEqual(
      expect.objectContaining({ details: expect.objectContaining({ certificateRequestId: r2.requestId }) }),
    );

    expect((await rejection(issueCertificateManually(manualDeps, admin, "0123456789abcdef01234567", { registrationNumber: "X-1" }))).code).toBe("not_found");
    expect((await rejection(issueCertificateManually(manualDeps, admin, "not-an-id", { registrationNumber: "X-1" }))).code).toBe("not_found");
  });

  it("a task whose certificate was issued another way (the sandbox, after a change of partner) is closed with it", async () => {
    const s = await pendingTask();
    const { requestId } = (await issueCertificate(deps({ partner: "manual" }), s.job)) as { requestId: string };
    const issued = (await issueCertificate(deps({ partner: "sandbox" }), s.job)) as { certificateId: string };
    const [task] = (await listCertificateRequests(t.db)).filter((r) => r.id === requestId);
    expect(task).toMatchObject({ state: "issued", certificateId: issued.certificateId, completedBy: null });
    expect((await listCertificateRequests(t.db, { state: "pending" })).map((r) => r.id)).not.toContain(requestId);
  });

  it("two admins completing one task at once: one certificate, the other gets 409", async () => {
    const s = await pendingTask();
    const { requestId } = (await issueCertificate(deps({ partner: "manual" }), s.job)) as { requestId: string };
    const manualDeps = { db: t.db, queue: jobs.queue };
    const results = await Promise.all([
      issueCertificateManually(manualDeps, admin, requestId, { registrationNumber: `PAR-${requestId}-A` }),
      issueCertificateManually(manualDeps, { ...admin, actorId: "p-4002" }, requestId, { registrationNumber: `PAR-${requestId}-B` }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const refused = results.find((r) => !r.ok);
    expect(refused?.error).toMatchObject({ code: "certificate_request_not_pending" });
    expect(await certificatesOf(t.db, s.enrollmentId)).toHaveLength(1);
  });
});

describe("verification and numbers", () => {
  it("finds a certificate by number and hash (any case), and answers not_found alike for a wrong, missing or unknown one; revoked is found but not valid", async () => {
    const s = await newStudent();
    await completeLevel1(t.db, jobs.queue, course, s.studentId, s.enrollmentId);
    const [job] = await issueJobs(s.enrollmentId);
    await issueCertificate(deps(), job);
    const [row] = await certificatesOf(t.db, s.enrollmentId);
    expect(valueOrThrow(await verifyCertificate(t.db, row.registrationNumber, row.verificationHash)).id).toBe(row.id);
    expect(valueOrThrow(await verifyCertificate(t.db, row.registrationNumber, row.verificationHash.toUpperCase())).id).toBe(row.id);
    const changed = row.verificationHash.slice(0, -1) + (row.verificationHash.endsWith("0") ? "1" : "0");
    for (const [number, h] of [
      [row.registrationNumber, changed],
      [row.registrationNumber, null],
      [row.registrationNumber, ""],
      [row.registrationNumber, row.verificationHash.slice(0, 32)],
      ["SBX-1999-NEEXISTUJE", row.verificationHash],
    ] as const) {
      const error = await rejection(verifyCertificate(t.db, number, h));
      expect(error).toMatchObject({ code: "not_found", status: 404 });
    }
    await t.db.update(schema.certificates).set({ revokedAt: new Date(), revokedReason: "podvod pri teste" }).where(eq(schema.certificates.id, row.id));
    const revoked = valueOrThrow(await verifyCertificate(t.db, row.registrationNumber, row.verificationHash));
    expect(toVerificationResponse(revoked).valid).toBe(false);
  });

  it("takes the short code printed on the certificate (10 hex digits, any case, with its dash or spaces) with the number; nothing shorter or other", async () => {
    const s = await newStudent();
    await completeLevel1(t.db, jobs.queue, course, s.studentId, s.enrollmentId);
    const [job] = await issueJobs(s.enrollmentId);
    await issueCertificate(deps(), job);
    const [row] = await certificatesOf(t.db, s.enrollmentId);
    const code = shortVerificationCode(row.verificationHash);
    expect(code).toBe(`${row.verificationHash.slice(0, 5).toUpperCase()}-${row.verificationHash.slice(5, 10).toUpperCase()}`);
    for (const typed of [code, code.toLowerCase(), code.replace("-", " "), ` ${code.replace("-", "")} `, row.verificationHash.slice(0, 10)]) {
      expect(valueOrThrow(await verifyCertificate(t.db, row.registrationNumber, typed)).id).toBe(row.id);
    }
    expect(valueOrThrow(await verifyCertificate(t.db, ` ${row.registrationNumber} `, code)).id).toBe(row.id);
    const other = row.verificationHash[9] === "a" ? "b" : "a";
    for (const [number, typed] of [
      [row.registrationNumber, row.verificationHash.slice(0, 9) + other],
      [row.registrationNumber, row.verificationHash.slice(0, 9)],
      [row.registrationNumber, row.verificationHash.slice(0, 11)],
      [row.registrationNumber, row.verificationHash.slice(1, 11)],
      ["SBX-1999-NEEXISTUJE", code],
    ] as const) {
      expect(await rejection(verifyCertificate(t.db, number, typed))).toMatchObject({ code: "not_found", status: 404 });
    }
  });

  it("LinkedIn's add-to-profile link names the partner: its organization id when configured, else its name", async () => {
    const s = await newStudent();
    await completeLevel1(t.db, jobs.queue, course, s.studentId, s.enrollmentId);
    const [job] = await issueJobs(s.enrollmentId);
    await issueCertificate(deps(), job);
    const [row] = await certificatesOf(t.db, s.enrollmentId);
    const byName = new URL(linkedInAddUrl("https://akademia.example", row));
    expect(Object.fromEntries(byName.searchParams)).toMatchObject({
      startTask: "CERTIFICATION_NAME",
      organizationName: "Partner",
      certId: row.registrationNumber,
    });
    expect(byName.searchParams.has("organizationId")).toBe(false);
    const byId = new URL(linkedInAddUrl("https://akademia.example", row, { [row.issuedBy.partnerOrgId]: "2345678", "o-9001": "1" }));
    expect(byId.searchParams.get("organizationId")).toBe("2345678");
    expect(byId.searchParams.has("organizationName")).toBe(false);
    // another partner's id is not used
    const other = new URL(linkedInAddUrl("https://akademia.example", row, { "o-9001": "1" }));
    expect(other.searchParams.get("organizationName")).toBe("Partner");
  });

  it("sandbox numbers carry the year and differ; a number already used is reported, not stored twice", async () => {
    const at = new Date("2027-01-01T00:00:00Z");
    const numbers = new Set(Array.from({ length: 200 }, () => sandboxRegistrationNumber(at)));
    expect(numbers.size).toBe(200);
    for (const n of numbers) expect(n).toMatch(/^SBX-2027-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);

    const [existing] = await t.db.select().from(schema.certificates).limit(1);
    const s = await newStudent();
    const draft = { ...existing, studentId: s.studentId, studentBirthDate: null, issuedBy: existing.issuedBy, levelTitle: null };
    const result = await t.db.transaction((tx) =>
      storeCertificate(tx, jobs.queue, {
        enrollmentId: s.enrollmentId,
        type: "final",
        levelId: null,
        draft,
        registrationNumber: existing.registrationNumber,
        pdfUrl: null,
        issuedAt: new Date(),
      }),
    );
    expect(result).toEqual({ status: "number_taken" });
    expect(
      await t.db
        .select()
        .from(schema.certificates)
        .where(and(eq(schema.certificates.enrollmentId, s.enrollmentId))),
    ).toEqual([]);
  });
});
