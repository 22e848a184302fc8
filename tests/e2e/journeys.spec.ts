// Both demo courses from purchase to the finish page on a 360 px phone, with JavaScript off
// and on (issue 29, item 9; docs/decisions/learning/one-next-step-everywhere.md > One next step everywhere, > Failure with a
// way forward): a student buys the course through the sandbox gateway and walks it. At every
// end (a part completed, a module completed, a part/level/course test passed, a level's end
// with its intermediate certificate, the course's end) the page has one primary button
// (`data-next-step`) naming the right next item; a failed test shows the topics to repeat and
// "Skúsiť znova". Parts whose point is the button are finished with the part page's button;
// parts with a video (whose watching video.spec.ts and next-step.spec.ts cover) are completed
// through the API and the part page is read afterwards. Each run ends the student's earlier
// enrollment in the course first (one app is shared by all specs), so every walk starts
// fresh. The failed course test's cooldown is moved into the past in the app's database, so
// PostgreSQL only (E2E_DATABASE_URL), like test-refusals.spec.ts.
import { and, eq, inArray } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { openDatabase, schema, type DatabaseHandle } from "#server/db";
import { expect, test } from "./support/fixtures";
import { buyThroughSandbox, completeOpenPartThroughApi, expectNoSidewaysScroll, signIn } from "./support/journeys";

const databaseUrl = process.env.E2E_DATABASE_URL;
const PHONE = { width: 360, height: 740 };

test.skip(!databaseUrl, "needs the app's PostgreSQL database (TEST_DATABASE_URL); PGlite is open in the app's process only");

test.beforeEach(async ({ context }) => {
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
});

let handle: DatabaseHandle | undefined;
test.afterAll(async () => {
  await handle?.close();
});

/** Students no other spec uses: one per JavaScript mode, each walking both courses. */
const STUDENTS = {
  off: { id: "p-5003", email: "marek.kral@demo.sk", firstName: "Marek", lastName: "Kráľ" },
  on: { id: "p-5004", email: "katarina.urbanova@demo.sk", firstName: "Katarína", lastName: "Urbanová" },
};

/** The right answer of every demo question (server/seed/catalog.ts) by its label. */
const RIGHT = [
  "Valné zhromaždenie (členská schôdza)",
  "Poslanie, ciele a merateľné ukazovatele",
  "Stanovy",
  "Zápisnice z orgánov",
  "Aspoň štvrťročne",
  "Plán príjmov a výdavkov na obdobie",
  "Príspevok uznanému športu",
  "Dotácia obce",
  "Použiť ich na účel a riadne ich vyúčtovať",
  "Pohyb peňažných prostriedkov v čase",
];

async function db() {
  handle ??= await openDatabase({ databaseUrl, poolSize: 2 });
  return handle.db;
}

/** Ends the student's enrollments in every version of the course: the walk starts on a new one. */
async function endEnrollments(studentId: string, slug: string) {
  const d = await db();
  const versions = await d.select({ id: schema.courses.id }).from(schema.courses).where(eq(schema.courses.slug, slug));
  await d
    .update(schema.enrollments)
    .set({ state: "cancelled", cancelledAt: new Date(), cancelReason: "journeys.spec" })
    .where(
      and(
        eq(schema.enrollments.studentId, studentId),
        inArray(
          schema.enrollments.courseId,
          versions.map((v) => v.id),
        ),
      ),
    );
}

/** The one primary button of the page. */
function nextStep(page: Page) {
  return page.locator("[data-next-step]");
}

async function expectNext(page: Page, label: string) {
  await expect(nextStep(page)).toHaveCount(1);
  await expect(nextStep(page)).toHaveText(label);
}

/** On the test's page: starts an attempt. */
async function startTest(page: Page, title: string) {
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.getByRole("button", { name: /^(Začať test|Začať nový pokus|Skúsiť znova)$/ }).click();
  await expect(page).toHaveURL(/\/pokus\/[0-9a-f]{24}$/);
  await expect(page.getByRole("button", { name: "Odovzdať test" })).toBeVisible();
}

/** Answers every question of the open attempt right and submits; the pass is shown. */
async function passAttempt(page: Page) {
  const form = page.locator(".questions");
  // (with JavaScript: answered once the page is hydrated, so the autosave sees every change)
  await page.waitForLoadState("networkidle");
  for (const label of RIGHT) {
    const answer = form.getByLabel(label, { exact: true });
    if ((await answer.count()) > 0) await answer.check();
  }
  for (const field of await form
    .locator("fieldset")
    .filter({ has: page.getByLabel("Vaša odpoveď") })
    .all()) {
    const legend = (await field.locator("legend").textContent()) ?? "";
    await field.getByLabel("Vaša odpoveď").fill(legend.includes("DPH") ? "20" : "RPO");
  }
  await page.getByRole("button", { name: "Odovzdať test" }).click();
  await expect(page.getByText("Test ste úspešne absolvovali.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Skúsiť znova|Začať nový pokus/ })).toHaveCount(0);
}

/** Submits the open attempt with nothing answered (through the unanswered summary); the fail is shown. */
async function failAttempt(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Odovzdať test" }).click();
  await page.getByRole("button", { name: "Odovzdať aj tak" }).click();
  await expect(page.getByText("Test ste tentoraz neabsolvovali.")).toBeVisible();
  await expect(nextStep(page)).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 2, name: "Čo ďalej" })).toBeVisible();
}

/** The video part on the page: completed through the API (its watching is not the point here). */
async function completeVideoPart(page: Page, title: string) {
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await completeOpenPartThroughApi(page);
  await expect(page.getByText("Túto časť máte dokončenú.")).toBeVisible();
}

/** The part on the page, finished with its one button. */
async function finishPart(page: Page, title: string) {
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.getByRole("button", { name: "Dokončiť a pokračovať" }).click();
}

/** A level's end names its intermediate certificate with its link (the app's worker issues it). */
async function expectLevelCertificate(page: Page, levelTitle: string) {
  const panel = page.locator(".next-step");
  await expect(panel).toContainText(`Za úroveň ${levelTitle}`);
  const link = panel.getByRole("link", { name: /osvedčenie|certifikát/i }).first();
  // before the job wrote it the panel links "Moje certifikáty"; once written, the certificate itself
  await expect(async () => {
    await page.reload();
    await expect(panel.locator('a[href^="/ucet/certifikaty/"]')).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(panel).toContainText(`Za úroveň ${levelTitle} sme vám vydali priebežné osvedčenie:`);
  await expect(link).toBeVisible();
}

type Walk = (page: Page, slug: string, studentId: string) => Promise<void>;

/** Riadenie športového klubu: three levels, part tests, level tests, two intermediate certificates. */
const walkRiadenie: Walk = async (page, slug) => {
  await expect(page.getByText("Hotovo 0 %: 0 z 13 povinných krokov (časti a testy)")).toBeVisible();
  await expectNext(page, "Začať: Prečo váš klub existuje");
  await expectNoSidewaysScroll(page);
  await nextStep(page).click();

  // level 1: a video part, then the part with a required test
  await completeVideoPart(page, "Prečo váš klub existuje");
  await expectNext(page, "Začať: Vízia na päť rokov");
  await nextStep(page).click();
  await finishPart(page, "Vízia na päť rokov");
  // the part's test opened: "Dokončiť a pokračovať" goes to it
  await expect(page).toHaveURL(new RegExp(`/kurzy/${slug}/testy/[0-9a-f]{24}$`));
  await startTest(page, "Kontrolný test: poslanie a vízia");

  // a failed part test: the part to repeat and "Skúsiť znova" (no cooldown), then the pass
  await failAttempt(page);
  await expect(page.locator(".review-topics").getByRole("link", { name: "Vízia na päť rokov" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  const retry = page.getByRole("button", { name: "Skúsiť znova" });
  await expect(retry).toBeEnabled();
  await retry.click();
  await expect(page).toHaveURL(/\/pokus\/[0-9a-f]{24}$/);
  await passAttempt(page);
  await expect(page.getByText("Úspech! Dokončili ste modul.")).toBeVisible();
  await expectNext(page, "Začať: Stanovy a orgány klubu");
  await nextStep(page).click();

  // the level's last required part: the module ends, the level test is next (not the optional part)
  await finishPart(page, "Stanovy a orgány klubu");
  await expect(page.getByText("Časť je dokončená a s ňou celý modul.")).toBeVisible();
  await expectNext(page, "Prejsť na test: Test úrovne: Základy riadenia");
  await expect(page.getByText("Úspešným testom dokončíte úroveň a odomknete ďalšiu.")).toBeVisible();
  await nextStep(page).click();
  await startTest(page, "Test úrovne: Základy riadenia");
  await passAttempt(page);
  await expect(page.getByText("Úspech! Dokončili ste úroveň.")).toBeVisible();
  await expectLevelCertificate(page, "Základy riadenia klubu");
  await expectNext(page, "Začať: Zostavenie ročného rozpočtu");
  await expectNoSidewaysScroll(page);

  // the dashboard agrees: the next level's first part, never the optional part of level 1
  await page.goto(`/kurzy/${slug}/studium`);
  await expect(page.getByText("Hotovo 38 %: 5 z 13 povinných krokov (časti a testy)")).toBeVisible();
  await expectNext(page, "Začať: Zostavenie ročného rozpočtu");
  await nextStep(page).click();

  // level 2: a video part whose test comes next from its own page
  await completeVideoPart(page, "Zostavenie ročného rozpočtu");
  await expectNext(page, "Prejsť na test: Kontrolný test: rozpočet");
  await nextStep(page).click();
  await startTest(page, "Kontrolný test: rozpočet");
  await passAttempt(page);
  await expectNext(page, "Začať: Cash-flow počas sezóny");
  await nextStep(page).click();
  await finishPart(page, "Cash-flow počas sezóny");
  await expect(page.getByText("Časť je dokončená a s ňou celý modul.")).toBeVisible();
  await expectNext(page, "Začať: Práca s dobrovoľníkmi");
  await nextStep(page).click();
  await finishPart(page, "Práca s dobrovoľníkmi");
  await expect(page.getByText("Časť je dokončená a s ňou celý modul.")).toBeVisible();
  await expectNext(page, "Prejsť na test: Test úrovne: Financie a ľudia");
  await nextStep(page).click();
  await startTest(page, "Test úrovne: Financie a ľudia");
  await passAttempt(page);
  await expect(page.getByText("Úspech! Dokončili ste úroveň.")).toBeVisible();
  await expectLevelCertificate(page, "Financie a ľudia");
  await expectNext(page, "Začať: Ponuka pre partnera");
  await nextStep(page).click();

  // level 3, the last: its test completes the course (it opens no further level)
  await completeVideoPart(page, "Ponuka pre partnera");
  await expectNext(page, "Začať: Komunikačný plán na sezónu");
  await nextStep(page).click();
  await finishPart(page, "Komunikačný plán na sezónu");
  await expect(page.getByText("Časť je dokončená a s ňou celý modul.")).toBeVisible();
  await expectNext(page, "Prejsť na test: Test úrovne: Strategický rozvoj");
  await expect(page.getByText("Úspešným testom dokončíte kurz.")).toBeVisible();
  await expect(page.getByText(/odomkne(te)? ďalšiu/)).toHaveCount(0);
  await page.goto(`/kurzy/${slug}/studium`);
  await expect(page.getByText("Hotovo 92 %: 12 z 13 povinných krokov (časti a testy)")).toBeVisible();
  await expectNext(page, "Prejsť na test: Test úrovne: Strategický rozvoj");
  await nextStep(page).click();
  await startTest(page, "Test úrovne: Strategický rozvoj");
  await passAttempt(page);
  await expect(page.getByText("Gratulujeme, dokončili ste celý kurz.")).toBeVisible();
  await expectNext(page, "Na záver kurzu a k certifikátu");
};

/** Financie a granty v športe: two levels without tests, then the required course test. */
const walkFinancie: Walk = async (page, slug, studentId) => {
  await expect(page.getByText("Hotovo 0 %: 0 z 4 povinných krokov (časti a testy)")).toBeVisible();
  await expectNext(page, "Začať: Príspevok uznanému športu");
  await expectNoSidewaysScroll(page);
  await nextStep(page).click();

  await completeVideoPart(page, "Príspevok uznanému športu");
  await expectNext(page, "Začať: Dotácie obcí a VÚC");
  await nextStep(page).click();
  // the level's end without a test or a certificate: on to the next level
  await finishPart(page, "Dotácie obcí a VÚC");
  await expect(page.getByText("Dokončili ste celú úroveň.")).toBeVisible();
  await expect(page.getByText(/priebežné osvedčenie/)).toHaveCount(0);
  await expectNext(page, "Začať: Doklady a termíny");
  await nextStep(page).click();
  await finishPart(page, "Doklady a termíny");
  await expect(page.getByText("Dokončili ste celú úroveň.")).toBeVisible();
  await expectNext(page, "Prejsť na test: Záverečný test kurzu");
  await expect(page.getByText("Úspešným záverečným testom dokončíte kurz.")).toBeVisible();
  await nextStep(page).click();
  await startTest(page, "Záverečný test kurzu");

  // a failed course test: every topic of the course to repeat, "Skúsiť znova" after the cooldown
  await failAttempt(page);
  const topics = page.locator(".review-topics");
  await expect(topics.getByRole("link", { name: "Príspevok uznanému športu" })).toBeVisible();
  await expect(topics.getByRole("link", { name: "Doklady a termíny" })).toBeVisible();
  await expect(page.getByText("Zostávajúce pokusy: 2.")).toBeVisible();
  const retry = page.getByRole("button", { name: "Skúsiť znova" });
  await expect(retry).toBeDisabled();
  // without JavaScript the minutes left; with it a countdown (mm:ss)
  await expect(page.locator(".retry-test")).toContainText(/Ďalší pokus bude možný od .*(10 min|\(o [0-9]:[0-5][0-9]\))/);
  await expectNoSidewaysScroll(page);
  // the 10 minutes' cooldown is over
  const attemptId = new URL(page.url()).pathname.split("/").at(-1)!;
  const d = await db();
  await d
    .update(schema.testAttempts)
    .set({ submittedAt: new Date(Date.now() - 11 * 60_000) })
    .where(and(eq(schema.testAttempts.id, attemptId), eq(schema.testAttempts.studentId, studentId)));
  await page.reload();
  await expect(retry).toBeEnabled();
  await retry.click();
  await expect(page).toHaveURL(/\/pokus\/[0-9a-f]{24}$/);
  await expect(page).not.toHaveURL(new RegExp(`${attemptId}$`));
  await passAttempt(page);
  await expect(page.getByText("Gratulujeme, dokončili ste celý kurz.")).toBeVisible();
  await expectNext(page, "Na záver kurzu a k certifikátu");
};

const COURSES: { slug: string; title: string; walk: Walk }[] = [
  { slug: "riadenie-sportoveho-klubu", title: "Riadenie športového klubu", walk: walkRiadenie },
  { slug: "financie-a-granty-v-sporte", title: "Financie a granty v športe", walk: walkFinancie },
];

for (const javaScriptEnabled of [false, true]) {
  const student = javaScriptEnabled ? STUDENTS.on : STUDENTS.off;
  test.describe(`at 360 px with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: PHONE });

    for (const course of COURSES) {
      test(`${course.title}: from the purchase to the finish page, one next step at every end`, async ({ page, browser, baseURL }) => {
        // (axe-core checks every page it passes: about forty pages on two shared cores)
        test.setTimeout(720_000);
        await endEnrollments(student.id, course.slug);
        await buyThroughSandbox(browser, baseURL!, student, course.slug);
        await signIn(page, student.email, `/kurzy/${course.slug}/studium`);
        await expect(page).toHaveURL(new RegExp(`/kurzy/${course.slug}/studium$`));

        await course.walk(page, course.slug, student.id);

        // the course's end: the finish page, and the dashboard at 100 % with the same way there
        await nextStep(page).click();
        await expect(page).toHaveURL(new RegExp(`/kurzy/${course.slug}/hotovo$`));
        await expectNoSidewaysScroll(page);
        await page.goto(`/kurzy/${course.slug}/studium`);
        await expect(page.getByText(/^Hotovo 100 %: (\d+) z \1 povinných krokov \(časti a testy\)$/)).toBeVisible();
        await expectNext(page, "Na záver kurzu a k certifikátu");
      });
    }
  });
}
