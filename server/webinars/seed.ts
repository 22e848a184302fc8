// Demo webinars (server/seed): a newcomer sees live sessions on the demo course: two
// upcoming (in 3 and in 10 days, 18:00 in Bratislava) and one held a week ago with its
// recording (a `demo-*` playback id: the local video stand-in plays the committed sample).
import type { Tx } from "../db";
import { schema } from "../db";
import { bratislavaOffsetAt } from "../../shared/calendar";

/** The instant `days` from `now` at hh:mm on Bratislava's wall clock. */
function atBratislava(now: Date, days: number, hour: number, minute = 0): Date {
  const day = new Date(now.getTime() + days * 86_400_000);
  const wall = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour, minute);
  return new Date(wall - bratislavaOffsetAt(wall - bratislavaOffsetAt(wall)));
}

export async function seedDemoWebinars(tx: Tx, courseId: string, now: Date = new Date()): Promise<void> {
  const hours = (from: Date, h: number) => new Date(from.getTime() + h * 3_600_000);
  const upcoming1 = atBratislava(now, 3, 18);
  const upcoming2 = atBratislava(now, 10, 18);
  const past = atBratislava(now, -7, 18);
  await tx.insert(schema.webinars).values([
    {
      courseId,
      title: "Otázky a odpovede: poslanie a stratégia klubu",
      description: "Živé stretnutie s lektorom k prvej úrovni kurzu. Pripravte si otázky zo svojho klubu.",
      startsAt: upcoming1,
      endsAt: hours(upcoming1, 1.5),
      joinUrl: "https://teams.microsoft.com/l/meetup-join/demo-poslanie",
      lecturer: "Mgr. Eva Kováčová",
      createdBy: "seed",
    },
    {
      courseId,
      title: "Workshop: rozpočet klubu na budúcu sezónu",
      description: "Spoločne zostavíme rozpočet modelového klubu.",
      startsAt: upcoming2,
      endsAt: hours(upcoming2, 2),
      joinUrl: "https://zoom.us/j/0000000000",
      lecturer: "Ing. Juraj Kráľ, PhD.",
      attendanceRequired: false,
      createdBy: "seed",
    },
    {
      courseId,
      title: "Úvodný webinár kurzu",
      description: "Predstavenie kurzu, lektorov a spôsobu štúdia.",
      startsAt: past,
      endsAt: hours(past, 1),
      joinUrl: "https://teams.microsoft.com/l/meetup-join/demo-uvod",
      lecturer: "Mgr. Eva Kováčová",
      recordingPlaybackId: "demo-webinar-uvod",
      recordingDurationSec: 30,
      createdBy: "seed",
    },
  ]);
}
