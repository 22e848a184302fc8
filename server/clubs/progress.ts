// What a club sees of its people (docs/decisions/clubs/club-seats.md > Club seats): the enrollments it
// sponsored (reason sponsor, sponsorOrgId = the club), never a member's own purchases or
// another organization's grants; per member and course the state, percent, last activity,
// passed tests and certificates with their public verification link, and the CSV a
// federation's grant report asks for (members, courses, completion dates, hours, numbers).
import { and, asc, eq, inArray, isNull, ne } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";
import { BOM, csvLine } from "../insights";
import { formatDate } from "../../shared/format";
import type { ClubProgressResponse, ClubProgressRow } from "./contract";
import type { Club } from "./seats";

const { enrollments, courses, testAttempts, certificates } = schema;

export async function clubProgress(db: DbOrTx, club: Club, publicUrl: string): Promise<ClubProgressResponse> {
  const rows = await db
    .select({ e: enrollments, hours: courses.durationHours })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseVersionId))
    .where(and(eq(enrollments.sponsorOrgId, club.id), eq(enrollments.reason, "sponsor"), ne(enrollments.state, "cancelled")))
    .orderBy(asc(enrollments.studentDisplayName), asc(enrollments.courseTitle), asc(enrollments.id));
  const ids = rows.map((r) => r.e.id);
  const passed = ids.length
    ? await db
        .selectDistinct({ enrollmentId: testAttempts.enrollmentId, testId: testAttempts.testId })
        .from(testAttempts)
        .where(and(inArray(testAttempts.enrollmentId, ids), eq(testAttempts.passed, true), isNull(testAttempts.voidedAt)))
    : [];
  const certs = ids.length
    ? await db
        .select({ enrollmentId: certificates.enrollmentId, number: certificates.registrationNumber, type: certificates.type, issuedAt: certificates.issuedAt })
        .from(certificates)
        .where(and(inArray(certificates.enrollmentId, ids), isNull(certificates.revokedAt)))
        .orderBy(asc(certificates.issuedAt))
    : [];
  const data: ClubProgressRow[] = rows.map(({ e, hours }) => ({
    enrollmentId: e.id,
    personId: e.studentId,
    displayName: e.studentDisplayName,
    email: e.studentEmail,
    courseId: e.courseId,
    courseTitle: e.courseTitle,
    state: e.state,
    percent: e.state === "completed" ? 100 : e.progress.totalModules > 0 ? Math.floor((e.progress.completedModules * 100) / e.progress.totalModules) : 0,
    lastActivityAt: e.progress.lastActivityAt,
    completedAt: e.completedAt?.toISOString() ?? null,
    hours,
    passedTests: passed.filter((p) => p.enrollmentId === e.id).length,
    certificates: certs
      .filter((c) => c.enrollmentId === e.id)
      .map((c) => ({
        registrationNumber: c.number,
        type: c.type,
        issuedAt: c.issuedAt.toISOString(),
        verificationUrl: `${publicUrl}/verify/${encodeURIComponent(c.number)}`,
      })),
  }));
  return { orgId: club.id, orgName: club.name, data };
}

const STATE_LABELS: Record<string, string> = { active: "prebieha", completed: "dokončený", expired: "vypršaný" };

/** The CSV export: semicolons, UTF-8 with BOM, CRLF (server/insights csv). */
export function clubProgressCsv(progress: ClubProgressResponse): string {
  const head = csvLine(["Člen", "E-mail", "Kurz", "Stav", "Percento", "Posledná aktivita", "Dokončené", "Hodiny", "Úspešné testy", "Čísla certifikátov"]);
  const lines = progress.data.map((r) =>
    csvLine([
      r.displayName,
      r.email,
      r.courseTitle,
      STATE_LABELS[r.state] ?? r.state,
      { n: String(r.percent) },
      r.lastActivityAt ? formatDate(new Date(r.lastActivityAt)) : null,
      r.completedAt ? formatDate(new Date(r.completedAt)) : null,
      { n: String(r.hours).replace(".", ",") },
      { n: String(r.passedTests) },
      r.certificates.map((c) => c.registrationNumber).join(", ") || null,
    ]),
  );
  return BOM + head + lines.join("");
}
