// What the mail area needs for a student's webinar e-mail (reminder, change, cancellation):
// the address, the session and its .ics. Stale jobs are skipped: a reminder of an older
// sequence or of a cancelled session, a change superseded by a newer one, a student whose
// enrollment is no longer active.
import { eq } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";
import { formatDateTime } from "../../shared/format";
import { icsCalendar } from "./ics";
import { icsEventOf } from "./student";
import type { WebinarRow } from "./admin";

const { webinars, enrollments, users } = schema;

export type WebinarMailJob =
  | { kind: "webinar_reminder"; webinarId: string; enrollmentId: string; reminder: "day" | "hour"; sequence: number }
  | { kind: "webinar_changed"; webinarId: string; enrollmentId: string; sequence: number }
  | { kind: "webinar_cancelled"; webinarId: string; enrollmentId: string };

export type WebinarMail =
  | {
      to: string;
      name: string;
      courseTitle: string;
      webinar: WebinarRow;
      /** "2. 4. 2026 18:00" in Bratislava */
      when: string;
      courseUrl: string;
      ics: string;
    }
  | { skip: string };

export async function webinarMail(db: DbOrTx, job: WebinarMailJob, publicUrl: string, now: Date): Promise<WebinarMail> {
  const [webinar] = await db.select().from(webinars).where(eq(webinars.id, job.webinarId));
  if (!webinar) return { skip: "webinar not found" };
  const [enrollment] = await db.select().from(enrollments).where(eq(enrollments.id, job.enrollmentId));
  if (!enrollment) return { skip: "enrollment not found" };
  if (enrollment.state !== "active" || enrollment.suspendedAt) return { skip: `enrollment not active (${enrollment.state})` };
  if (job.kind !== "webinar_cancelled") {
    if (webinar.state === "cancelled") return { skip: "webinar cancelled" };
    if (webinar.sequence !== job.sequence) return { skip: `superseded (sequence ${webinar.sequence})` };
  }
  if (job.kind === "webinar_reminder" && webinar.startsAt.getTime() <= now.getTime()) return { skip: "webinar already started" };
  const [cached] = enrollment.studentEmail ? [] : await db.select({ email: users.email }).from(users).where(eq(users.id, enrollment.studentId));
  const to = enrollment.studentEmail ?? cached?.email ?? null;
  if (!to) return { skip: "no e-mail address for the student" };
  const courseUrl = `${publicUrl}/kurzy/${enrollment.courseSlug}/studium`;
  return {
    to,
    name: enrollment.studentDisplayName,
    courseTitle: enrollment.courseTitle,
    webinar,
    when: formatDateTime(webinar.startsAt),
    courseUrl,
    ics: icsCalendar([icsEventOf(webinar, courseUrl)], { host: new URL(publicUrl).hostname, now }),
  };
}
