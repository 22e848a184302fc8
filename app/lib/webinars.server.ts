// What the webinar routes (API and pages) share: the student's panel, the feed URL, the Slovak date lines
// of the student's sessions (Europe/Bratislava).
import type { RouterContextProvider } from "react-router";
import { calendarFeedOf, listStudentWebinars, type StudentWebinar } from "#server/webinars";
import { servicesContext } from "../context";
import { bratislavaOffsetAt } from "#shared/calendar";
import { ok, valueOrThrow, type Outcome } from "#server/kernel/outcome";
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

export type WebinarPanelData = { slug: string; upcoming: WebinarLine[]; past: WebinarLine[] };

/** The student's sessions of a course for a page, or the refusal (403 no_enrollment when not enrolled). */
export async function webinarPanelOf(
  context: Readonly<RouterContextProvider>,
  studentId: string,
  slug: string,
  knownCourseId?: string,
): Promise<Outcome<WebinarPanelData>> {
  // the pages link the calendar page (/ucet/kalendar) for the feed: none is made here
  const list = await listStudentWebinars(depsOf(context), studentId, slug, "", knownCourseId);
  if (!list.ok) return list;
  const line = (w: StudentWebinar): WebinarLine => ({ ...w, when: sessionWhen(w.startsAt, w.endsAt), opensAt: timeFormat.format(new Date(w.joinOpensAt)) });
  return ok({ slug, upcoming: list.value.upcoming.map(line), past: list.value.past.map(line) });
}

/** The panel of a page only an enrolled student reaches: a refusal is the page's error (403 no_enrollment). */
export async function webinarPanel(
  context: Readonly<RouterContextProvider>,
  studentId: string,
  slug: string,
  knownCourseId?: string,
): Promise<WebinarPanelData> {
  return valueOrThrow(await webinarPanelOf(context, studentId, slug, knownCourseId));
}

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
  const panel = await webinarPanelOf(context, studentId, slug);
  if (panel.ok) return panel.value;
  if (panel.error.code === "no_enrollment") return null;
  throw panel.error;
}
