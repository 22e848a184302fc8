// What the dashboard's "Vyžaduje pozornosť" lists besides the orders (server/orders
// ordersNeedingAttention): students idle for NUDGE_DAYS or more, per course (each course's
// statistics page lists them by name), and the manual partner's certificates awaiting its
// number. Reads only.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db";
import { num, rows } from "./sql";
import { NUDGE_DAYS } from "./course";

/** as long as the course statistics page waits before listing a student to nudge */
export const IDLE_DAYS = NUDGE_DAYS;

export type IdleCourse = { courseId: string; title: string; idle: number };
export type LearningAttention = { idleStudents: number; idleByCourse: IdleCourse[]; certificatesAwaitingPartner: number };

export async function learningAttention(db: DbOrTx, now: Date): Promise<LearningAttention> {
  const lastActive = sql`coalesce((e.progress->>'lastActivityAt')::timestamptz, e.enrolled_at)`;
  const [byCourse, [pending]] = await Promise.all([
    rows<Record<string, unknown>>(
      db,
      sql`
      select (array_agg(c.id order by c.version desc))[1] as course_id, (array_agg(c.title order by c.version desc))[1] as title, count(*) as n
      from enrollments e join courses c on c.id = e.course_version_id
      where e.state = 'active' and ${lastActive} < ${now.toISOString()}::timestamptz - make_interval(days => ${IDLE_DAYS})
      group by c.slug order by 3 desc, 2`,
    ),
    rows<{ n: unknown }>(db, sql`select count(*) as n from certificate_requests where state = 'pending'`),
  ]);
  const idleByCourse = byCourse.map((r) => ({ courseId: String(r.course_id), title: String(r.title), idle: num(r.n) }));
  return {
    idleStudents: idleByCourse.reduce((a, c) => a + c.idle, 0),
    idleByCourse,
    certificatesAwaitingPartner: num(pending?.n),
  };
}
