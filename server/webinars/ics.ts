// iCalendar (RFC 5545) of webinars: one session (the "Pridať do kalendára" file and the
// e-mails' attachment) or a student's feed. Times are UTC ("…Z"): every calendar shows
// them in its own zone, so no VTIMEZONE is needed and a daylight-saving change cannot
// shift a session. METHOD:PUBLISH; a cancelled session keeps its UID with STATUS:CANCELLED
// and a higher SEQUENCE, which calendars apply to the copy they hold (docs/decisions/webinars/webinars.md >
// Webinars). Lines end in CRLF and are folded at 75 octets (RFC 5545 3.1).

export type IcsEvent = {
  id: string;
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  joinUrl: string;
  lecturer: string | null;
  sequence: number;
  cancelled: boolean;
  /** the course page, shown in the description */
  pageUrl: string;
  updatedAt: Date;
};

/** Minutes before the start the calendar's reminder fires. */
export const ICS_ALARM_MINUTES = 15;

/** 20260330T160000Z */
export function icsInstant(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** TEXT value escaping (RFC 5545 3.3.11). */
export function icsText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Folds a content line at 75 octets, never inside a UTF-8 sequence. */
function fold(line: string): string {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, "utf8");
    const limit = out.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      out.push(current);
      current = "";
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n ");
}

function eventLines(e: IcsEvent, host: string, now: Date): string[] {
  const description = [e.description.trim(), e.lecturer ? `Lektor: ${e.lecturer}` : "", `Pripojenie: ${e.joinUrl}`, `Kurz: ${e.pageUrl}`]
    .filter(Boolean)
    .join("\n\n");
  const lines = [
    "BEGIN:VEVENT",
    `UID:webinar-${e.id}@${host}`,
    `DTSTAMP:${icsInstant(now)}`,
    `LAST-MODIFIED:${icsInstant(e.updatedAt)}`,
    `DTSTART:${icsInstant(e.startsAt)}`,
    `DTEND:${icsInstant(e.endsAt)}`,
    `SEQUENCE:${e.sequence}`,
    `STATUS:${e.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    `SUMMARY:${icsText(e.cancelled ? `ZRUŠENÉ: ${e.title}` : e.title)}`,
    `DESCRIPTION:${icsText(description)}`,
    `LOCATION:${icsText(e.joinUrl)}`,
    `URL:${e.joinUrl}`,
  ];
  if (!e.cancelled) {
    lines.push(
      "BEGIN:VALARM",
      "ACTION:DISPLAY",
      `TRIGGER:-PT${ICS_ALARM_MINUTES}M`,
      `DESCRIPTION:${icsText(`O ${ICS_ALARM_MINUTES} minút začína: ${e.title}`)}`,
      "END:VALARM",
    );
  }
  lines.push("END:VEVENT");
  return lines;
}

/** A VCALENDAR of the events (one for a session's file, all of a student's for the feed). */
export function icsCalendar(events: IcsEvent[], options: { host: string; now: Date; name?: string }): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Kurzy pre sportove kluby//Webinare//SK", "CALSCALE:GREGORIAN", "METHOD:PUBLISH"];
  if (options.name) lines.push(`X-WR-CALNAME:${icsText(options.name)}`);
  for (const e of events) lines.push(...eventLines(e, options.host, options.now));
  lines.push("END:VCALENDAR");
  return lines.map(fold).join("\r\n") + "\r\n";
}
