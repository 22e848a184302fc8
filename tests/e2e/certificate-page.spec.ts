// The certificate page on a 360 px phone, JavaScript off and on (issue 29, items 5 and 7;
// docs/decisions/certificates/a-certificate-page-that-says-what-it.md > A certificate page that says what it is, > Phone polish): the course
// in the heading, the one statement of the two documents, "Pridať na LinkedIn" and
// "Stiahnuť odznak" as the first buttons, the picture enlarged by tapping it, the files for
// verifiers behind "Pre overovateľov"; the short code on the page verifies; breadcrumbs and
// the dashboard's part rows are at least 44 px tall, the whole row opening the part with one
// state icon. Self-contained like certificates.spec.ts: the spec writes a small course,
// completes it for Jana through the learning engine and the app's worker issues the
// certificate. A test on the phone: the question's legend inside its card (also when it runs
// to two lines), the multi-select hint before the answers, the unanswered summary below the
// sticky timer, a wrong chosen answer in red (not the blue "selected" look), "Uložené HH:MM"
// in the timer bar with JavaScript, and an intro that promises no saving it cannot keep
// without it. PostgreSQL only (E2E_DATABASE_URL).
import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { openDatabase, schema, type DatabaseHandle } from "#server/db";
import { loadConfig } from "#server/config";
import { createLogger } from "#server/log";
import { startJobs, type Jobs } from "../../jobs";
import { enrollIn, writeLearningCourse, type LearningFixture } from "../support/learning-fixtures";
import { completeCourse, completeLevel1, eventually } from "../support/certificate-fixtures";
import { reportProgress } from "#server/learning";
import { valueOrThrow } from "#server/kernel/outcome";
import { createUnsignedMediaUrls } from "#server/video";
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/journeys";

const databaseUrl = process.env.E2E_DATABASE_URL;
const PHONE = { width: 360, height: 740 };

test.skip(!databaseUrl, "needs the app's PostgreSQL database (TEST_DATABASE_URL); PGlite is open in the app's process only");

test.beforeEach(async ({ context }) => {
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
});

let handle: DatabaseHandle | undefined;
let jobs: Jobs | undefined;
let prepared: Promise<{ course: LearningFixture; certificate: typeof schema.certificates.$inferSelect }> | undefined;
test.afterAll(async () => {
  await jobs?.stop();
  await handle?.close();
});

/** Jana's completed course and its final certificate, made once for both runs. */
function janasCertificate() {
  prepared ??= (async () => {
    handle = await openDatabase({ databaseUrl, poolSize: 2 });
    const db = handle.db;
    jobs = await startJobs(handle, loadConfig({ DATABASE_URL: databaseUrl }), createLogger("silent"), { work: false });
    const course = await writeLearningCourse(db, { slug: `certifikat-${Date.now().toString(36)}` });
    const enrollmentId = await enrollIn(db, course, "p-1001");
    await completeLevel1(db, jobs.queue, course, "p-1001", enrollmentId);
    await completeCourse(db, jobs.queue, course, "p-1001", enrollmentId);
    const certificate = await eventually(async () => {
      const rows = await db.select().from(schema.certificates).where(eq(schema.certificates.enrollmentId, enrollmentId));
      return rows.find((r) => r.type === "final");
    }, "the final certificate from the app's worker");
    return { course, certificate };
  })();
  return prepared;
}

/** A fresh copy of the course with level 2's test open for Peter (level 1 and part c1 done). */
async function petersLevelTest() {
  await janasCertificate();
  const db = handle!.db;
  const course = await writeLearningCourse(db, { slug: `test-na-mobile-${Date.now().toString(36)}` });
  const enrollmentId = await enrollIn(db, course, "p-1002");
  await completeLevel1(db, jobs!.queue, course, "p-1002", enrollmentId);
  valueOrThrow(
    await reportProgress({ db, queue: jobs!.queue, media: createUnsignedMediaUrls(), now: new Date() }, "p-1002", course.part("c1").id, {
      markPartCompleted: true,
    }),
  );
  return course;
}

/** The page fits the viewport's width: nothing makes a phone scroll sideways. */
async function fitsWidth(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** Every element's height in CSS pixels (boundingBox), at least 44 for a tap target. */
async function expectTall(page: Page, selector: string, minimum = 44) {
  const boxes = await page
    .locator(selector)
    .evaluateAll((els) => els.map((el) => ({ text: (el.textContent ?? "").trim().slice(0, 40), height: el.getBoundingClientRect().height })));
  expect(boxes.length, `${selector} on ${page.url()}`).toBeGreaterThan(0);
  for (const box of boxes) expect(box.height, `${selector} "${box.text}"`).toBeGreaterThanOrEqual(minimum);
  return boxes;
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`at 360 px with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: PHONE });

    test("the certificate page says what it is, buttons first; breadcrumbs and dashboard rows are tap targets", async ({ page }) => {
      test.setTimeout(120_000);
      const { course, certificate } = await janasCertificate();
      await signIn(page, "jana.novakova@demo.sk", `/ucet/certifikaty/${certificate.id}`);
      await expect(page).toHaveURL(new RegExp(`/ucet/certifikaty/${certificate.id}$`));

      // the course in the heading; one statement of the two documents and the partner's state
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Testovací kurz učenia");
      const documents = page.getByRole("region", { name: "Čo ste dostali" });
      await expect(documents).toContainText(
        "máte dva doklady: potvrdenie o absolvovaní od platformy Akadémia športového manažmentu, ktoré máte hneď, a akreditovaný certifikát „kurz“, ktorý vydáva Partner a ktorý je právne záväzný.",
      );
      await expect(documents.getByRole("listitem").nth(1)).toContainText(`vydaný`);
      await expect(documents.getByRole("listitem").nth(1)).toContainText(certificate.registrationNumber);

      // the first two buttons after the heading: LinkedIn (the partner as issuer), the badge
      const firstTwo = await page.locator("main").evaluate((main) => {
        const h1 = main.querySelector("h1")!;
        return [...main.querySelectorAll("a, button, summary")]
          .filter((el) => h1.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING && (el as HTMLElement).offsetParent !== null)
          .slice(0, 2)
          .map((el) => (el.textContent ?? "").trim());
      });
      expect(firstTwo).toEqual(["Pridať na LinkedIn (otvorí sa v novom okne)", "Stiahnuť odznak"]);
      const linkedIn = new URL((await page.getByRole("link", { name: /^Pridať na LinkedIn/ }).getAttribute("href"))!);
      expect(linkedIn.searchParams.get("organizationName")).toBe("Partner");
      await expect(page.getByRole("link", { name: "Stiahnuť odznak" })).toHaveAttribute("href", `/api/certificates/${certificate.id}/credential?format=png`);

      // the technical files wait behind "Pre overovateľov"
      const jwtLink = page.getByRole("link", { name: "Overiteľný certifikát Open Badge (.jwt)" });
      await expect(jwtLink).toBeHidden();
      await page.getByText("Pre overovateľov").click();
      await expect(jwtLink).toBeVisible();

      // the picture: tapping it enlarges it (wider than the phone, scrolling in its own box)
      const picture = page.getByRole("img", { name: /^Potvrdenie o absolvovaní: Jana Nováková, Testovací kurz učenia/ });
      const small = (await picture.boundingBox())!;
      expect(small.width).toBeLessThanOrEqual(PHONE.width);
      await page.getByRole("link", { name: /Potvrdenie o absolvovaní: Jana Nováková/ }).click();
      await expect(page).toHaveURL(/#potvrdenie$/);
      expect((await picture.boundingBox())!.width).toBeGreaterThanOrEqual(800);
      await page.getByRole("link", { name: "Zavrieť zväčšenie" }).click();
      await expect(page).toHaveURL(/#potvrdenie-nadpis$/);
      expect((await picture.boundingBox())!.width).toBeLessThanOrEqual(PHONE.width);
      await fitsWidth(page);

      // breadcrumbs are tap targets
      await expectTall(page, ".breadcrumbs a");

      // the short code on the page verifies with the number on the public form
      const shortCode = (await page.locator("dl.facts dt:text-is('Overovací kód') + dd").textContent())!.trim();
      expect(shortCode).toMatch(/^[0-9A-F]{5}-[0-9A-F]{5}$/);
      await page.goto("/verify");
      await page.getByLabel("Registračné číslo certifikátu").fill(certificate.registrationNumber);
      await page.getByLabel("Overovací kód").fill(shortCode);
      await page.getByRole("button", { name: "Overiť certifikát" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Certifikát je platný." })).toBeVisible();
      await expect(page.locator(".verify-holder")).toHaveText("Jana Nováková");
      await expect(page.locator(".verify-card")).toContainText("Testovací kurz učenia");
      await fitsWidth(page);

      // the dashboard: every part row is at least 44 px tall and as wide as the list, one icon,
      // and a tap anywhere on the row opens the part
      await page.goto(`/kurzy/${course.slug}/studium`);
      await expectTall(page, ".breadcrumbs a");
      const rows = page.locator(".part-list > li");
      await expectTall(page, ".part-list > li");
      const list = (await page.locator(".part-list").first().boundingBox())!;
      const row = (await rows.first().boundingBox())!;
      expect(row.width).toBeGreaterThanOrEqual(list.width - 1);
      // the state's word is for screen readers only: one visible icon per row
      expect(
        await rows
          .first()
          .locator(".state-badge")
          .evaluate((el) => el.getBoundingClientRect().width),
      ).toBeLessThanOrEqual(1);
      await expect(rows.first().getByText("Dokončené", { exact: true })).toHaveCount(1);
      await page.mouse.click(row.x + row.width - 8, row.y + row.height / 2);
      await expect(page).toHaveURL(new RegExp(`/kurzy/${course.slug}/studium/[0-9a-f]{24}$`));
    });
  });
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`a test at 360 px with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: PHONE });

    test("questions stay in their cards, the hint comes first, the timer leaves the summary visible, a wrong answer is red", async ({ page }) => {
      test.setTimeout(120_000);
      const course = await petersLevelTest();
      await signIn(page, "peter.horvath@demo.sk", `/kurzy/${course.slug}/testy/${course.levelTestId}`);
      await expect(page.getByRole("heading", { level: 1, name: "Test úrovne 2" })).toBeVisible();
      // the intro promises only what happens with and without JavaScript
      await expect(
        page.getByText(
          /Odpovede uložíte tlačidlom „Uložiť odpovede“ \(so zapnutým JavaScriptom sa ukladajú aj samy pri každej zmene\); po uplynutí času sa test uzavrie s uloženými odpoveďami\./,
        ),
      ).toBeVisible();
      await expect(page.getByText(/priebežne ukladajú/)).toHaveCount(0);
      await page.getByRole("button", { name: "Začať test" }).click();
      await expect(page.getByText("Otázka 1 z 3")).toBeVisible();
      // (with JavaScript: measured once the page is hydrated, so React does not redraw the changed legend)
      await page.waitForLoadState("networkidle");

      // every legend inside its card, a two-line one too
      await page
        .locator(".questions legend")
        .first()
        .evaluate((legend) => legend.append(" a k tomu dosť dlhé doplnenie otázky, aby mala na telefóne dva riadky"));
      const cards = await page.locator(".questions fieldset").evaluateAll((sets) =>
        sets.map((set) => {
          const f = set.getBoundingClientRect();
          const l = set.querySelector("legend")!.getBoundingClientRect();
          return { top: l.top - f.top, bottom: f.bottom - l.bottom, height: l.height };
        }),
      );
      expect(cards[0]!.height).toBeGreaterThan(40);
      for (const card of cards) {
        expect(card.top).toBeGreaterThanOrEqual(1);
        expect(card.bottom).toBeGreaterThanOrEqual(1);
      }
      // the multi-select hint before the answers
      const multi = page.locator(".questions fieldset").filter({ hasText: "Ktoré sú párne?" });
      const hint = (await multi.getByText("Vyberte všetky správne odpovede.").boundingBox())!;
      const firstAnswer = (await multi.locator(".answer-row").first().boundingBox())!;
      expect(hint.y + hint.height).toBeLessThanOrEqual(firstAnswer.y);

      // one answer, wrong; with JavaScript it is saved and the timer bar says when
      await page.getByLabel("Modrá").check();
      if (javaScriptEnabled) await expect(page.locator(".countdown-bar").getByRole("status")).toHaveText(/^Uložené \d{1,2}:\d{2}$/);
      await page.getByRole("button", { name: "Odovzdať test" }).click();
      const summary = page.locator("#zhrnutie");
      await expect(summary).toContainText("Nezodpovedané otázky: 2 z 3");
      await expect(page).toHaveURL(/#zhrnutie$/);
      await expect
        .poll(
          async () => {
            const bar = (await page.locator(".countdown-bar").boundingBox())!;
            const box = (await summary.boundingBox())!;
            return box.y - (bar.y + bar.height);
          },
          { message: "the summary starts below the sticky timer" },
        )
        .toBeGreaterThanOrEqual(0);
      await expect(page.getByLabel("Modrá")).toBeChecked();
      await page.getByRole("button", { name: "Odovzdať aj tak" }).click();

      // the result: the wrong chosen answer is red, not the blue "selected" look
      await expect(page.getByText("Test ste tentoraz neabsolvovali.")).toBeVisible();
      const wrong = page.locator(".answer-row.chosen-wrong");
      await expect(wrong).toContainText("Modrá");
      expect(await wrong.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(253, 240, 239)");
      await fitsWidth(page);
    });
  });
}
