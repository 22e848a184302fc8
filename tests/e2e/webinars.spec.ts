// Webinars on a 360 px phone without JavaScript (issue 33): an enrolled student sees the
// upcoming session on the learning dashboard (Slovak date), downloads its .ics, joins from
// 15 minutes before (the join is recorded, then the redirect to the meeting), and watches
// the recording of the past session. Needs the app's PostgreSQL database (E2E_DATABASE_URL)
// to enroll the student and schedule a session starting in a few minutes.
import fs from "node:fs";
import { and, eq } from "drizzle-orm";
import { openDatabase, schema, type DatabaseHandle } from "#server/db";
import { enrollStudent } from "#server/learning";
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/journeys";

const SLUG = "riadenie-sportoveho-klubu";
const STUDENT = { id: "p-2001", email: "eva.kovacova@demo.sk", name: "Eva Kováčová" };
const databaseUrl = process.env.E2E_DATABASE_URL;
let handle: DatabaseHandle | undefined;

test.skip(!databaseUrl, "needs the app's PostgreSQL database (TEST_DATABASE_URL); PGlite is open in the app's process only");
test.afterAll(async () => {
  await handle?.close();
});

test.describe("on a 360 px phone without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });

  test("the student sees the session, adds it to the calendar, joins it and watches a recording", async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    handle ??= await openDatabase({ databaseUrl, poolSize: 2 });
    const db = handle.db;
    const versions = await db.select().from(schema.courses).where(eq(schema.courses.slug, SLUG)).orderBy(schema.courses.version);
    const published = versions.find((v) => v.state === "published")!;
    const [held] = await db
      .select()
      .from(schema.enrollments)
      .where(and(eq(schema.enrollments.studentId, STUDENT.id), eq(schema.enrollments.courseId, versions[0].id), eq(schema.enrollments.state, "active")));
    if (!held) {
      await db.transaction((tx) =>
        enrollStudent(tx, {
          courseVersionId: published.id,
          courseId: versions[0].id,
          courseTitle: published.title,
          courseSlug: SLUG,
          studentId: STUDENT.id,
          studentDisplayName: STUDENT.name,
          studentEmail: STUDENT.email,
          reason: "admin_grant",
          grantReason: "e2e webinars",
          enrolledAt: new Date(),
        }),
      );
    }
    // a session starting in 5 minutes (its join link is open); the meeting is a page of this app
    const startsAt = new Date(Date.now() + 5 * 60_000);
    const [soon] = await db
      .insert(schema.webinars)
      .values({
        courseId: versions[0].id,
        title: "Konzultácia s lektorom",
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3_600_000),
        joinUrl: `${baseURL}/obchodne-podmienky?webinar=1`,
        lecturer: "Mgr. Eva Kováčová",
        createdBy: "e2e",
      })
      .returning();

    await signIn(page, STUDENT.email, `/kurzy/${SLUG}/studium`);
    const panel = page.getByRole("region", { name: "Webináre" });
    const item = panel.getByRole("listitem").filter({ hasText: "Konzultácia s lektorom" });
    await expect(item).toBeVisible();
    // the date in Slovak, Bratislava time (e.g. "piatok 27. novembra 2026, 22:15 – 23:15")
    await expect(item.locator("time")).toHaveText(/^\p{L}+\s\d{1,2}\.\s\p{L}+\s\d{4},\s\d{1,2}:\d{2}\s–\s/u);

    // "Pridať do kalendára": an iCalendar file with the join URL and a reminder
    const [download] = await Promise.all([page.waitForEvent("download"), item.getByRole("link", { name: "Pridať do kalendára" }).click()]);
    const ics = fs.readFileSync((await download.path())!, "utf8");
    expect(ics).toContain("BEGIN:VCALENDAR");
    expect(ics).toContain(`UID:webinar-${soon.id}@`);
    expect(ics).toContain("BEGIN:VALARM");
    expect(ics.replace(/\r\n /g, "")).toContain(`URL:${baseURL}/obchodne-podmienky?webinar=1`);

    // "Pripojiť sa": the join is recorded, the browser lands in the meeting
    await item.getByRole("button", { name: "Pripojiť sa" }).click();
    await expect(page).toHaveURL(/\/obchodne-podmienky\?webinar=1$/);
    const joins = await db
      .select()
      .from(schema.webinarJoins)
      .where(and(eq(schema.webinarJoins.webinarId, soon.id), eq(schema.webinarJoins.studentId, STUDENT.id)));
    expect(joins).toHaveLength(1);

    // the past session's recording (the seed's), played through a signed URL after the play address
    await page.goto(`/kurzy/${SLUG}/studium`);
    await page.getByRole("link", { name: "Záznam: Úvodný webinár kurzu" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Úvodný webinár kurzu" })).toBeVisible();
    // the element plays from the session's play address (a viewing starts), which redirects to a signed URL
    const src = await page.locator("video").getAttribute("src");
    expect(src).toMatch(new RegExp(`^/kurzy/${SLUG}/webinare/[0-9a-f]{24}/zaznam$`));
    const start = await page.request.get(src!, { maxRedirects: 0 });
    expect(start.status()).toBe(302);
    const signed = start.headers()["location"];
    expect(signed).toMatch(/\/local-video\/play\/demo-webinar-uvod\.mp4\?exp=\d+&sig=[0-9a-f]+$/);
    const played = await page.request.get(signed, { headers: { range: "bytes=0-99" } });
    expect(played.status()).toBe(206);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  });
});
