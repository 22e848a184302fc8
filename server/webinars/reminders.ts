// Reminder e-mails (issue 33 item 3): the day before and an hour before a session, to every
// active enrollment of its course. A scheduled sweep (`webinars.remind`, every 5 minutes,
// policy exclusive) finds sessions whose reminder is due and, per enrollment, inserts a
// webinar_reminders row with ON CONFLICT DO NOTHING and enqueues the mail.send job in the
// same transaction only when the row is new. The unique index (webinar, enrollment, kind,
// sequence) holds across reruns, restarts and any number of instances running the sweep at
// once: whoever inserts the row enqueues the e-mail, the others insert nothing; the e-mail
// job itself is keyed too (mail_deliveries). A moved session (a new sequence) is reminded
// again for its new time. docs/decisions/webinars/webinars.md > Webinars.
import { and, eq, gt, isNull, lte } from "drizzle-orm";
import { schema, type Database } from "../db";
import type { Queue } from "../queue";

const { webinars, webinarReminders, enrollments } = schema;

export const REMIND_CRON = "*/5 * * * *";
const HOUR = 3_600_000;

/** Which reminder is due now: "hour" within the last hour before the start, "day" within the day before it. */
export function dueReminder(startsAt: Date, now: Date): "day" | "hour" | null {
  const left = startsAt.getTime() - now.getTime();
  if (left <= 0) return null;
  if (left <= HOUR) return "hour";
  if (left <= 24 * HOUR) return "day";
  return null;
}

/** One sweep; returns how many reminders were enqueued by this run. */
export async function sendDueReminders(deps: { db: Database; queue: Queue; now: Date }): Promise<number> {
  const { db, now } = deps;
  const due = await db
    .select()
    .from(webinars)
    .where(and(eq(webinars.state, "scheduled"), gt(webinars.startsAt, now), lte(webinars.startsAt, new Date(now.getTime() + 24 * HOUR))));
  let enqueued = 0;
  for (const webinar of due) {
    const kind = dueReminder(webinar.startsAt, now);
    if (!kind) continue;
    enqueued += await db.transaction(async (tx) => {
      const students = await tx
        .select({ id: enrollments.id })
        .from(enrollments)
        .where(and(eq(enrollments.courseId, webinar.courseId), eq(enrollments.state, "active"), isNull(enrollments.suspendedAt)));
      if (students.length === 0) return 0;
      const inserted = await tx
        .insert(webinarReminders)
        .values(students.map((s) => ({ webinarId: webinar.id, enrollmentId: s.id, kind, sequence: webinar.sequence, createdAt: now })))
        .onConflictDoNothing({ target: [webinarReminders.webinarId, webinarReminders.enrollmentId, webinarReminders.kind, webinarReminders.sequence] })
        .returning({ enrollmentId: webinarReminders.enrollmentId });
      for (const row of inserted) {
        await deps.queue.enqueue(tx, "mail.send", {
          kind: "webinar_reminder",
          webinarId: webinar.id,
          enrollmentId: row.enrollmentId,
          reminder: kind,
          sequence: webinar.sequence,
        });
      }
      return inserted.length;
    });
  }
  return enqueued;
}
