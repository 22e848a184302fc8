// What the webinar routes (API and pages) share: the student's panel, the feed URL, the Slovak date lines
// of the student's sessions (Europe/Bratislava).
import type { RouterContextProvider } from "react-router";
import { calendarFeedOf, listStudentWebinars, type StudentWebinar } from "#server/webinars";
import { servicesContext } from "../context";
import { bratislavaOffsetAt } from "#shared/calendar";
import { DomainError } from "#server/kernel/errors";
import { depsOf } from "./deps.server";

/** The absolute URL of the student's personal calendar feed (made on first use). */
export async function calendarFeedUrl(context: Readonly<RouterContextProvider>, studentId: string): Promise<string> {
  const services = context.get(servicesContext);
  return `${services.site.publicUrl}${await calendarFeedOf(services.db, services.webinars.feedKey, studentId)}`;
}

const dayFormat = new Intl.DateTimeFormat("sk-SK", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Bratislava" });
const timeFormat = new Intl.DateTimeFormat("sk-SK", { hour: "numeric", minute: "2-digit", timeZone: "Europe/Bratislava" });

/** "piatok 3. apríla 2026, 18:00 – 19:30" (Bratislava time). */
export function sessionWhen(startsAt: string, endsAt: string): string {
  const s = new Date(startsAt);
  const e = new Date(endsAt);
  const sameDay = dayFormat.format(s) === dayFormat.format(e);
  const text = sameDay
    ? `${dayFormat.format(s)}, ${timeFormat.format(s)} – ${timeFormat.format(e)}`
    : `${dayFormat.format(s)}, ${timeFormat.format(s)} – ${dayFormat.format(e)}, ${timeFormat.format(e)}`;
  return text.replace(/[\s\u202f]+/g, "\u00a0");
}

export type WebinarLine = StudentWebinar & { when: string; opensAt: string };

/** The student's sessions of a course for a page (403 no_enrollment when not enrolled). */
export async function webinarPanel(context: Readonly<RouterContextProvider>, studentId: string, slug: string, knownCourseId?: string) {
  const deps = depsOf(context);
  // the pages link the calendar page (/ucet/kalendar) for the feed: none is made here
  const list = await listStudentWebinars(deps, studentId, slug, "", knownCourseId);
  const line = (w: StudentWebinar): WebinarLine => ({ ...w, when: sessionWhen(w.startsAt, w.endsAt), opensAt: timeFormat.format(new Date(w.joinOpensAt)) });
  return { slug, upcoming: list.upcoming.map(line), past: list.past.map(line) };
}
export type WebinarPanelData = Awaited<ReturnType<typeof webinarPanel>>;

/** "2026-03-30" + "18:00" on Bratislava's wall clock → ISO 8601 UTC (summer time included). */
export function bratislavaInstant(day: string, time: string): string {
  const [y, m, d] = day.split("-").map(Number);
  const [h, min] = time.split(":").map(Number);
  const wall = Date.UTC(y, m - 1, d, h, min);
  return new Date(wall - bratislavaOffsetAt(wall - bratislavaOffsetAt(wall))).toISOString();
}

const isoDay = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "Europe/Bratislava" });
const isoTime = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "Europe/Bratislava" });

/** An instant as the form's day and time in Bratislava. */
export function bratislavaFields(iso: string): { day: string; time: string } {
  const at = new Date(iso);
  return { day: isoDay.format(at), time: isoTime.format(at) };
}

/** The panel for a page that anyone may see (the course page): null without a session or an enrollment. */
export async function webinarPanelIfEnrolled(
  context: Readonly<RouterContextProvider>,
  studentId: string | null,
  slug: string,
): Promise<WebinarPanelData | null> {
  if (!studentId) return null;
  try {
    return await webinarPanel(context, studentId, slug);
  } catch (error) {
    if (error instanceof DomainError && error.code === "no_enrollment") return null;
    throw error;
  }
}
