// Learning in the browser with JavaScript off: Jana buys "Financie a
// granty v športe" (API + sandbox gateway, in her own context), then, without JavaScript,
// opens the learning dashboard, studies level 1's parts (the video played long enough) with
// the one "Dokončiť a pokračovať", and sees level 2 unlock. A locked part says what unlocks it. axe checks every page.
import { expect, test } from "./support/fixtures";
import { buyThroughSandbox, playVideo, signIn } from "./support/journeys";

const SLUG = "financie-a-granty-v-sporte";
const STUDENT = "jana.novakova@demo.sk";

test.beforeEach(async ({ context }) => {
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
});

test("with JavaScript the player reports the watched seconds and the server completes the video", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await buyThroughSandbox(browser, baseURL!, { email: "eva.kovacova@demo.sk", firstName: "Eva", lastName: "Kováčová" }, SLUG);
  await signIn(page, "eva.kovacova@demo.sk", `/kurzy/${SLUG}/studium`);
  await page.getByRole("link", { name: /Začať: Príspevok uznanému športu/ }).click();
  const video = page.locator("video");
  await expect(video).toHaveCount(1);
  // the 30 s sample, played through (muted, so headless Chromium may autoplay it)
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect(page.getByRole("status").filter({ hasText: "Video je pozreté." })).toBeVisible({ timeout: 60_000 });
  await page.reload();
  await expect(
    page
      .locator(".content-block")
      .filter({ has: page.locator("video") })
      .getByText("Pozreté"),
  ).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an enrolled student walks through level 1 without JavaScript and level 2 unlocks", async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);

    await buyThroughSandbox(browser, baseURL!, { email: STUDENT, firstName: "Jana", lastName: "Nováková" }, SLUG);

    // learning, JavaScript off
    await signIn(page, STUDENT, "/ucet");
    await expect(page).toHaveURL(/\/ucet$/);
    await page.getByRole("link", { name: /^Pokračovať/ }).click();
    await expect(page).toHaveURL(new RegExp(`/kurzy/${SLUG}/studium$`));
    await expect(page.getByRole("heading", { level: 1, name: "Financie a granty v športe" })).toBeVisible();
    const level2 = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name: /Úroveň 2: Vyúčtovanie a kontrola/ }) });
    await expect(level2.getByRole("heading", { level: 2 })).toContainText("Zamknutá");
    await expect(page.getByText("Najprv dokončite: Príspevok uznanému športu.")).toBeVisible();

    // a locked part says what unlocks it (403)
    const lockedHref = await page.getByRole("link", { name: "Dotácie obcí a VÚC" }).count();
    expect(lockedHref).toBe(0);

    // part 1: one button; before the video played it says what is missing (issue 29, item 4)
    await page.getByRole("link", { name: /Začať: Príspevok uznanému športu/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Príspevok uznanému športu" })).toBeVisible();
    await expect(page.locator("video")).toHaveCount(1);
    await page.getByRole("button", { name: "Dokončiť a pokračovať" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /pozrieť video \(zostáva ešte asi \d+ s\)/ })).toBeVisible();
    // played (the browser fetches it from the play address) long enough: "Dokončiť a pokračovať"
    // completes the part and opens the next one, open now
    await playVideo(page);
    await page.waitForTimeout(25_000);
    await page.getByRole("button", { name: "Dokončiť a pokračovať" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Predchádzajúca časť je dokončená." })).toBeVisible();

    // part 2: text and a presentation; the button completes it, and with it level 1
    await expect(page.getByRole("heading", { level: 1, name: "Dotácie obcí a VÚC" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Otvoriť prezentáciu \(PDF, 10 snímok\)/ })).toBeVisible();
    await page.getByRole("button", { name: "Dokončiť a pokračovať" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Dokončili ste celú úroveň" })).toBeVisible();

    // the dashboard: level 1 completed, level 2 open
    await page.getByRole("link", { name: "Prehľad kurzu" }).click();
    await expect(page.getByRole("heading", { level: 2, name: /Úroveň 1: Zdroje financovania/ })).toContainText("Dokončená");
    await expect(level2.getByRole("heading", { level: 2 })).toContainText("Dostupná");
    await expect(page.getByText("Hotovo 50 %: 2 z 4 povinných krokov (časti a testy)")).toBeVisible();
    await page.getByRole("link", { name: /Začať: Doklady a termíny/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Doklady a termíny" })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("level-2-part.png"), fullPage: true });
  });
});
