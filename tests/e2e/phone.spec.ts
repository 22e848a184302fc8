// A finished product on a phone (issue 20): the student's journey at 360 px and 1280 px,
// JavaScript on and off. Martin buys "Sekretár klubu v praxi" and, on a 360 px phone
// without JavaScript, sees the course as his (catalog mark, course page, account), the
// learning states, the lesson player (outline behind one button, video box in shape, the
// refusal saying how long is left), "Dokončiť a pokračovať", the test (numbered questions, 44 px
// answer rows, the unanswered-questions summary, marked results), the completion page
// and the certificate. Jana, on a desktop with JavaScript, plays the video and marks the
// text read: the video keeps playing. The checkout's error summary, with and without
// JavaScript. No page the tests visit scrolls sideways; axe checks every page.
// Screenshots: SCREENSHOTS_DIR (when set) receives PNGs of the phone journey.
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { buyThroughSandbox, signIn, completeOpenPartThroughApi } from "./support/journeys";

const SLUG = "sekretar-klubu-v-praxi";
const TITLE = "Sekretár klubu v praxi";
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

test.beforeEach(async ({ context }) => {
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
});

/** The page fits the viewport's width: nothing makes a phone scroll sideways. */
async function fitsWidth(page: Page) {
  await page.waitForLoadState("load");
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${page.url()} is ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(innerWidth);
}

async function shot(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

test.describe("on a 360 px phone without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test("an owned course, the learning states, the lesson player, a test and the certificate", async ({ page, browser, baseURL }) => {
    test.setTimeout(180_000);
    await buyThroughSandbox(browser, baseURL!, { email: "martin.simko@demo.sk", firstName: "Martin", lastName: "Šimko" }, SLUG);
    await signIn(page, "martin.simko@demo.sk", "/");
    await expect(page).toHaveURL(/\/$/);

    // 1. the catalog card says the course is his, instead of its price
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name: TITLE }) });
    await expect(card.getByText("Váš kurz")).toBeVisible();
    await expect(card.getByText("s DPH")).toHaveCount(0);
    await expect(card.getByRole("link", { name: `Pokračovať v štúdiu: ${TITLE}` })).toBeVisible();
    const other = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name: "Financie a granty v športe" }) });
    // the other course's card (its price, or its way back in when another spec's student bought it)
    await expect(other.getByRole("heading", { level: 2, name: "Financie a granty v športe" })).toBeVisible();
    await fitsWidth(page);
    await shot(page, "01-catalog-owned");

    // the course page: the way in, no price and no "Kúpiť kurz"
    await page.goto(`/kurzy/${SLUG}`);
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Pokračovať v štúdiu" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Kúpiť kurz" })).toHaveCount(0);
    await expect(main.getByText("Cena s DPH")).toHaveCount(0);
    await expect(main.getByText("Tento kurz máte")).toBeVisible();
    await fitsWidth(page);
    await shot(page, "02-course-owned");

    // the account: the course with its progress and "Pokračovať"; orders as stacked cards
    await page.goto("/ucet");
    const course = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: TITLE }) });
    await expect(course.getByText("Hotovo 0 %: 0 z 2 povinných krokov (časti a testy)")).toBeVisible();
    await expect(course.getByRole("progressbar")).toHaveAttribute("value", "0");
    const order = page.getByRole("row").filter({ hasText: TITLE });
    await expect(order.locator('td[data-label="Suma"]')).toBeVisible();
    const cell = await order.locator('td[data-label="Faktúra"]').boundingBox();
    expect(cell!.x + cell!.width).toBeLessThanOrEqual(PHONE.width);
    await fitsWidth(page);
    await shot(page, "03-account");

    // 3. the dashboard: states with icon and word; the locked test is not a link
    await course.getByRole("link", { name: `Pokračovať: ${TITLE}` }).click();
    await expect(page).toHaveURL(new RegExp(`/kurzy/${SLUG}/studium$`));
    await expect(page.getByText("Hotovo 0 %: 0 z 2 povinných krokov (časti a testy)")).toBeVisible();
    await expect(page.getByRole("link", { name: "Test úrovne" })).toHaveCount(0);
    const testLine = page.locator(".learn-test");
    await expect(testLine).toContainText("Zamknutý");
    await expect(testLine.locator("svg.state-icon-locked").first()).toBeAttached();
    await expect(page.locator(".part-list li").first()).toContainText("Dostupné");
    await fitsWidth(page);
    await shot(page, "04-dashboard");

    // 2. the lesson player: the outline behind one button, the video box in shape, no preload
    await page.getByRole("link", { name: /Začať: Evidencia členov/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Evidencia členov a ochrana údajov" })).toBeVisible();
    const outlineButton = page.locator("details.player-outline-narrow > summary");
    await expect(outlineButton).toBeVisible();
    await expect(outlineButton).toContainText("Obsah kurzu (hotovo 0 %)");
    await expect(page.locator(".player-outline-wide")).toBeHidden();
    await outlineButton.click();
    await expect(page.locator("details.player-outline-narrow").getByRole("link", { name: /Evidencia členov a ochrana údajov/ })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const video = page.locator("video");
    await expect(video).toHaveAttribute("preload", "none");
    const box = (await page.locator(".video-frame").boundingBox())!;
    expect(Math.abs(box.height - (box.width * 9) / 16)).toBeLessThan(2);
    await fitsWidth(page);
    await shot(page, "05-part");

    // the one button's refusal says, beside it, how much video is left; the anchor keeps the place
    await page.getByRole("button", { name: "Dokončiť a pokračovať" }).click();
    await expect(page).toHaveURL(/#dokoncit/);
    const refusal = page.locator(".part-finish").getByRole("alert");
    await expect(refusal).toContainText(/zostáva ešte asi \d+ (min|s)/);
    await shot(page, "06-video-refusal");

    await completeOpenPartThroughApi(page);
    await expect(page.getByText("Túto časť máte dokončenú.")).toBeVisible();
    await page.getByRole("link", { name: "Prehľad kurzu" }).click();
    await expect(page.getByText("Hotovo 50 %: 1 z 2 povinných krokov (časti a testy)")).toBeVisible();
    await expect(page.locator(".part-list li").first()).toContainText("Dokončené");

    // 4. the test: numbered questions, 44 px answer rows, the summary of unanswered ones
    await page.getByRole("link", { name: "Test úrovne" }).click();
    await page.getByRole("button", { name: "Začať test" }).click();
    await expect(page.getByText("Otázka 1 z 4")).toBeVisible();
    await expect(page.getByText("Otázka 4 z 4")).toBeVisible();
    const row = (await page.locator(".answer-row").first().boundingBox())!;
    expect(row.height).toBeGreaterThanOrEqual(44);
    expect(row.width).toBeGreaterThan(PHONE.width * 0.7);
    await page.getByText("Valné zhromaždenie (členská schôdza)").click(); // the row's text checks the answer
    await expect(page.getByLabel("Valné zhromaždenie (členská schôdza)")).toBeChecked();
    await page.getByLabel("Poslanie, ciele a merateľné ukazovatele").check();
    await page.getByLabel("Stanovy", { exact: true }).check();
    await page.getByLabel("Zápisnice z orgánov").check();
    // the timer stays on screen at the bottom of the test
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const timer = (await page.locator(".countdown-bar").boundingBox())!;
    expect(timer.y).toBeGreaterThanOrEqual(0);
    expect(timer.y + timer.height).toBeLessThanOrEqual(PHONE.height);
    await page.evaluate(() => window.scrollTo(0, 0));
    await fitsWidth(page);
    await shot(page, "07-test");
    await page.getByRole("button", { name: "Odovzdať test" }).click();
    const summary = page.locator("#zhrnutie");
    await expect(summary).toContainText("Nezodpovedané otázky: 1 z 4");
    await expect(summary.getByRole("link")).toHaveCount(1);
    const target = await summary.getByRole("link").getAttribute("href");
    expect(target).toMatch(/^#otazka-/);
    await expect(page.locator(target!).getByLabel("Vaša odpoveď")).toBeVisible();
    // the answers chosen before are kept
    await expect(page.getByLabel("Stanovy", { exact: true })).toBeChecked();
    await fitsWidth(page);
    await shot(page, "08-test-unanswered");
    await page.getByLabel("Vaša odpoveď").fill("rpo");
    await page.getByRole("button", { name: /^Odovzdať test/ }).click();

    // results: each chosen answer marked with an icon and a word; no attempts left to count
    await expect(page.getByText("Test ste úspešne absolvovali.")).toBeVisible();
    await expect(page.locator(".answer-verdict.correct").first()).toContainText("Vaša odpoveď, správne");
    await expect(page.locator(".answer-verdict.correct svg")).toHaveCount(4);
    await expect(page.getByText(/Zostávajúce pokusy/)).toHaveCount(0);
    await expect(page.getByText("Odpovede sú uložené.")).toHaveCount(0);
    await fitsWidth(page);
    await shot(page, "09-test-result");

    // 5. finishing: the completion page, then the certificate once the job has issued it
    await page.getByRole("link", { name: "Na záver kurzu a k certifikátu" }).click();
    await expect(page).toHaveURL(new RegExp(`/kurzy/${SLUG}/hotovo$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Gratulujeme");
    const show = page.getByRole("link", { name: "Zobraziť certifikát" });
    for (let i = 0; i < 30 && (await show.count()) === 0; i++) {
      await page.waitForTimeout(1000);
      await page.reload();
    }
    await fitsWidth(page);
    await shot(page, "10-completed");
    await show.click();
    await expect(page).toHaveURL(/\/ucet\/certifikaty\/[0-9a-f]{24}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITLE);
    await expect(page.getByText("Pre overovateľov")).toBeVisible();
    // the certificate as a picture, the short link with its QR code
    await expect(page.getByRole("img", { name: /^Potvrdenie o absolvovaní: Martin Šimko, Sekretár klubu v praxi/ })).toBeVisible();
    await expect(page.getByRole("img", { name: /^QR kód odkazu / })).toBeVisible();
    const shortUrl = await page.getByLabel("Odkaz na overenie").inputValue();
    expect(shortUrl).toMatch(/^https?:\/\/[^/]+\/v\/[^/]+\/[0-9a-f]{10}$/);
    await expect(page.getByRole("link", { name: "Poslať e-mailom" })).toHaveAttribute("href", /^mailto:\?subject=/);
    await fitsWidth(page);
    await shot(page, "11-certificate");
    await page.goto(new URL(shortUrl).pathname);
    await expect(page).toHaveURL(/\/verify\/[^/?]+\?h=[0-9a-f]{64}$/);
    await expect(page.getByText("Certifikát je platný.")).toBeVisible();
    await fitsWidth(page);
    const wrong = await page.request.get(new URL(shortUrl).pathname.replace(/[0-9a-f]{10}$/, "0000000000"), { maxRedirects: 0 });
    expect(wrong.status()).toBe(404);

    // the catalog now says the course is completed
    await page.goto("/");
    await expect(card.getByText("Dokončený kurz")).toBeVisible();
    await expect(card.getByRole("link", { name: `Prejsť na kurz: ${TITLE}` })).toBeVisible();
  });

  test("a failed checkout shows the error summary linking to each field, fields outlined", async ({ page }) => {
    await signIn(page, "peter.horvath@demo.sk", "/kurzy/financie-a-granty-v-sporte/kupit");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Nákup kurzu");
    await page.getByLabel("Ulica a číslo").fill("");
    await page.getByRole("button", { name: /^Zaplatiť \d/ }).click();
    await checkErrorSummary(page);
    await shot(page, "12-checkout-errors");
  });
});

/** The summary at the top names the failing fields; a link leads to its field; the field is outlined. */
async function checkErrorSummary(page: Page) {
  const summary = page.locator(".error-summary");
  await expect(summary.getByRole("heading", { level: 2 })).toHaveText("Formulár obsahuje chyby");
  const street = summary.getByRole("link", { name: /^Ulica a číslo:/ });
  await expect(street).toBeVisible();
  await expect(summary.getByRole("link", { name: /^Obchodné podmienky: Na dokončenie objednávky musíte súhlasiť/ })).toBeVisible();
  // the summary comes before the form's fields
  const summaryBox = (await summary.boundingBox())!;
  const fieldBox = (await page.getByLabel("Ulica a číslo").boundingBox())!;
  expect(summaryBox.y).toBeLessThan(fieldBox.y);
  await street.click();
  await expect(page).toHaveURL(/#/);
  await expect(page.getByLabel("Ulica a číslo")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Ulica a číslo")).toHaveCSS("outline-style", "solid");
  // the terms are a link (a new tab keeps what was typed)
  await expect(page.getByRole("link", { name: /^obchodnými podmienkami/ })).toHaveAttribute("href", "/obchodne-podmienky");
  await fitsWidth(page);
}

test.describe("with JavaScript", () => {
  test("on a desktop the outline sits beside the part and a progress save keeps the video playing", async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(DESKTOP);
    // Jana buys this course nowhere else (purchase.spec has Eva buy it with JavaScript)
    await buyThroughSandbox(browser, baseURL!, { email: "jana.novakova@demo.sk", firstName: "Jana", lastName: "Nováková" }, SLUG);
    await signIn(page, "jana.novakova@demo.sk", `/kurzy/${SLUG}`);
    await expect(page.getByRole("main").getByRole("link", { name: "Pokračovať v štúdiu" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Kúpiť kurz" })).toHaveCount(0);
    await fitsWidth(page);
    await page.getByRole("main").getByRole("link", { name: "Pokračovať v štúdiu" }).click();
    await page.getByRole("link", { name: /Začať: Evidencia členov/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Evidencia členov a ochrana údajov" })).toBeVisible();
    const outline = page.locator(".player-outline-wide");
    await expect(outline).toBeVisible();
    await expect(page.locator("details.player-outline-narrow")).toBeHidden();
    const beside = (await outline.boundingBox())!;
    const article = (await page.locator("article.learn-part").boundingBox())!;
    expect(beside.x + beside.width).toBeLessThanOrEqual(article.x);

    const video = page.locator("video");
    await video.evaluate((v: HTMLVideoElement) => {
      (v as HTMLVideoElement & { mark?: string }).mark = "the same element";
      v.muted = true;
      return v.play();
    });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(1);
    const before = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await shot(page, "13-desktop-part-playing");

    // a form post and a revalidation: the one button, refused while the video is short of 0.9
    await page.getByRole("button", { name: "Dokončiť a pokračovať" }).click();
    await expect(page.locator(".part-finish").getByRole("alert")).toContainText("Časť ešte nie je hotová.");
    const after = await video.evaluate((v: HTMLVideoElement) => ({
      same: (v as HTMLVideoElement & { mark?: string }).mark === "the same element",
      paused: v.paused,
      time: v.currentTime,
    }));
    expect(after.same).toBe(true);
    expect(after.paused).toBe(false);
    expect(after.time).toBeGreaterThanOrEqual(before);
    await fitsWidth(page);

    // the test with JavaScript: autosave, the summary of unanswered questions, the result
    await completeOpenPartThroughApi(page);
    await expect(page.getByText("Túto časť máte dokončenú.")).toBeVisible();
    await page.getByRole("link", { name: "Prehľad kurzu" }).click();
    await page.getByRole("link", { name: "Test úrovne" }).click();
    await page.getByRole("button", { name: "Začať test" }).click();
    await expect(page.getByRole("timer")).toContainText("Zostávajúci čas:");
    await page.getByLabel("Valné zhromaždenie (členská schôdza)").check();
    // the autosave says when it saved, beside the timer
    await expect(page.locator(".countdown-bar").getByRole("status")).toHaveText(/^Uložené \d{1,2}:\d{2}$/);
    await page.getByRole("button", { name: "Odovzdať test" }).click();
    await expect(page.locator("#zhrnutie")).toContainText("Nezodpovedané otázky: 3 z 4");
    await expect(page.getByLabel("Valné zhromaždenie (členská schôdza)")).toBeChecked();
    await page.getByLabel("Poslanie, ciele a merateľné ukazovatele").check();
    await page.getByLabel("Stanovy", { exact: true }).check();
    await page.getByLabel("Zápisnice z orgánov").check();
    await page.getByLabel("Vaša odpoveď").fill("rpo");
    await page.getByRole("button", { name: /^Odovzdať test/ }).click();
    await expect(page.getByText("Test ste úspešne absolvovali.")).toBeVisible();
    await expect(page.getByText("Odpovede sú uložené.")).toHaveCount(0);
    await expect(page.getByText(/Zostávajúce pokusy/)).toHaveCount(0);
    await page.getByRole("link", { name: "Na záver kurzu a k certifikátu" }).click();
    await expect(page).toHaveURL(new RegExp(`/kurzy/${SLUG}/hotovo$`));
    await fitsWidth(page);
  });

  test("on a phone the checkout's error summary follows the validation", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, "peter.horvath@demo.sk", "/kurzy/financie-a-granty-v-sporte/kupit");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Nákup kurzu");
    await page.getByLabel("Ulica a číslo").fill("");
    await page.getByRole("button", { name: /^Zaplatiť \d/ }).click();
    await checkErrorSummary(page);
  });
});
