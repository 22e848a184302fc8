// Erasure (spec: External person and organization data; Limits > retention): the cache row
// goes, enrollment snapshots are anonymized, orders and certificates stay byte for byte.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId, schema } from "../db";
import { seedDemoData } from "../seed";
import { listAudit } from "../audit";
import { openTestDatabase, type OpenTestDatabase } from "../../tests/support/db";
import { getCachedUser, upsertUserFromClaims } from "../identity";
import { ANONYMIZED_STUDENT_LABEL } from "../enrollments";
import { eraseUser } from "./index";

const names = { claimPrefix: "sportup", rolePrefix: "academy" };
let t: OpenTestDatabase;

beforeAll(async () => {
  t = await openTestDatabase();
  await seedDemoData(t.db);
});
afterAll(async () => {
  await t?.close();
});

async function fixtures(personId: string, name: string) {
  const [course] = await t.db.select().from(schema.courses).where(eq(schema.courses.state, "published")).limit(1);
  const progress = { completedModules: 0, totalModules: 3, completedLevels: 0, totalLevels: 1, lastActivityAt: null };
  const orderId = newId();
  const enrollmentId = newId();
  await t.db.insert(schema.orders).values({
    id: orderId,
    courseId: course.id,
    courseVersionId: course.id,
    courseTitle: course.title,
    studentId: personId,
    studentDisplayName: name,
    studentEmail: `${personId}@demo.sk`,
    billingType: "personal",
    billingDetails: { name, street: "Obchodná 12", city: "Bratislava" },
    amountCents: 12900,
    state: "paid",
    paidAt: new Date("2026-01-02T10:00:00Z"),
  });
  await t.db.insert(schema.enrollments).values({
    id: enrollmentId,
    courseId: course.id,
    courseVersionId: course.id,
    courseTitle: course.title,
    courseSlug: course.slug,
    studentId: personId,
    studentDisplayName: name,
    studentEmail: `${personId}@demo.sk`,
    reason: "paid",
    orderId,
    progress,
  });
  await t.db.insert(schema.certificates).values({
    type: "final",
    studentId: personId,
    studentDisplayName: name,
    studentBirthDate: "1990-04-12",
    courseId: course.id,
    courseVersionId: course.id,
    courseTitle: course.title,
    enrollmentId,
    issuedAt: new Date("2026-02-01T10:00:00Z"),
    issuedBy: { partnerOrgId: "o-9001", partnerName: "Slovenská akadémia športového manažmentu", certificateType: "Osvedčenie" },
    registrationNumber: `REG-${personId}`,
    verificationHash: "abc123",
    certificateTitle: course.title,
  });
  await t.db.insert(schema.sessions).values({
    userId: personId,
    idpSid: `sid-${personId}`,
    tokenHash: "test",
    tokens: "sealed",
    accessExpiresAt: new Date(Date.now() + 900_000),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  await upsertUserFromClaims(t.db, { sub: personId, name, email: `${personId}@demo.sk`, sportup_roles: ["user"] }, names);
}

const snapshot = async (personId: string) => ({
  orders: await t.db.select().from(schema.orders).where(eq(schema.orders.studentId, personId)),
  certificates: await t.db.select().from(schema.certificates).where(eq(schema.certificates.studentId, personId)),
  enrollments: await t.db.select().from(schema.enrollments).where(eq(schema.enrollments.studentId, personId)),
  sessions: await t.db.select().from(schema.sessions).where(eq(schema.sessions.userId, personId)),
});

describe("eraseUser", () => {
  it("deletes the cache row, anonymizes enrollments, revokes sessions, keeps orders and certificates, audits", async () => {
    await fixtures("p-1001", "Jana Nováková");
    await fixtures("p-1002", "Peter Horváth");
    const before = await snapshot("p-1001");
    const otherBefore = await snapshot("p-1002");

    const result = await eraseUser(t.db, "p-1001", { ip: "127.0.0.1" });
    expect(result).toEqual({ personId: "p-1001", userCacheDeleted: true, enrollmentsAnonymized: 1, sessionsRevoked: 1 });

    expect(await getCachedUser(t.db, "p-1001")).toBeNull();
    const after = await snapshot("p-1001");
    expect(after.enrollments).toHaveLength(1);
    expect(after.enrollments[0]).toMatchObject({ studentDisplayName: ANONYMIZED_STUDENT_LABEL, studentEmail: null, studentId: "p-1001", state: "active" });
    // legal retention: invoices (orders) and certificates untouched
    expect(after.orders).toEqual(before.orders);
    expect(after.certificates).toEqual(before.certificates);
    expect(after.sessions[0]).toMatchObject({ revokedReason: "erasure", revokedAt: expect.any(Date) });

    // nobody else is touched
    expect(await getCachedUser(t.db, "p-1002")).not.toBeNull();
    expect(await snapshot("p-1002")).toEqual(otherBefore);

    const audit = await listAudit(t.db, { targetType: "person", targetId: "p-1001" });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: "system:idp", action: "user.erase", ip: "127.0.0.1", details: { enrollmentsAnonymized: 1 } });
    expect(JSON.stringify(audit[0])).not.toContain("Jana");
  });

  it("is safe to repeat and for a person the app never saw", async () => {
    expect(await eraseUser(t.db, "p-1001")).toEqual({ personId: "p-1001", userCacheDeleted: false, enrollmentsAnonymized: 1, sessionsRevoked: 0 });
    expect(await eraseUser(t.db, "p-0000")).toEqual({ personId: "p-0000", userCacheDeleted: false, enrollmentsAnonymized: 0, sessionsRevoked: 0 });
    expect(await listAudit(t.db, { targetType: "person", targetId: "p-1001" })).toHaveLength(2);
  });
});
