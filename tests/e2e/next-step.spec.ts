// One next step everywhere and completion that means study (issue 29, items 2 and 4), on a
// 360 px phone without JavaScript: Martin buys "Financie a granty v športe" and walks it to
// the finish page. At every end (the dashboard, a refused finish, a part, a level, the test's
// pass) there is one primary button (`data-next-step`) and it names the right next item;
// a part with a video completes only after the video played long enough.
import { expect, test } from "./support/fixtures";
import { buyThroughSandbox, expectNoSidewaysScroll, playVideo, signIn } from "./support/journeys";

const SLUG = "financie-a-granty-v-sporte";
const STUDENT = { email: "martin.simko@demo.sk", firstName: "Martin", lastName: "Šimko" };

test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });

test.beforeEach(async ({ context }) => {
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
});

test("a phone without JavaScript: one next step at every end, from the dashboard to the finish page", async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  await buyThroughSandbox(browser, baseURL!, STUDENT, SLUG);
  await signIn(page, STUDENT.email, `/kurzy/${SLUG}/studium`);
  const next = page.locator("[data-next-step]");

  // the dashboard: one measure, one primary button to the first required part
  await expect(page.getByText("Hotovo 0 %: 0 z 4 povinných krokov (časti a testy)")).toBeVisible();
  await expect(next).toHaveCount(1);
  await expect(next).toHaveText("Začať: Príspevok uznanému športu");
  await expectNoSidewaysScroll(page);
  await next.click();

  // the part with a video: one button; pressed before the video played, it says what is missing
  await expect(page.getByRole("heading", { level: 1, name: "Príspevok uznanému športu" })).toBeVisible();
  await expect(page.getByRole("button", { name: /prečítané|pozrel/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Dokončiť a pokračovať" }).click();
  await expect(page.getByRole("alert")).toContainText("Časť ešte nie je hotová. Ešte chýba:");
  await expect(page.getByRole("alert")).toContainText(/pozrieť video \(zostáva ešte asi 27 s\)/);

  await playVideo(page);
  // 0.9 of the 30 s sample (27 s, the server allows 5 s of slack) has to pass on the wall clock
  await page.waitForTimeout(25_000);
  await page.getByRole("button", { name: "Dokončiť a pokračovať" }).click();
  // a part alone: straight on to the next step
  await expect(page.getByRole("heading", { level: 1, name: "Dotácie obcí a VÚC" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Predchádzajúca časť je dokončená." })).toBeVisible();

  // the level's end: what was completed and one button to the next level's part
  await page.getByRole("button", { name: "Dokončiť a pokračovať" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Dokončili ste celú úroveň." })).toBeVisible();
  await expect(next).toHaveCount(1);
  await expect(next).toHaveText("Začať: Doklady a termíny");
  await next.click();

  // the last part: its end leads to the course test, which says it completes the course
  await page.getByRole("button", { name: "Dokončiť a pokračovať" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Dokončili ste celú úroveň." })).toBeVisible();
  await expect(next).toHaveText("Prejsť na test: Záverečný test kurzu");
  await expect(page.getByText("Úspešným záverečným testom dokončíte kurz.")).toBeVisible();
  await expect(page.getByText("odomkne ďalšiu úroveň")).toHaveCount(0);
  await page.goto(`/kurzy/${SLUG}/studium`);
  // every part done, the required course test not: 3 of 4, not 100 %
  await expect(page.getByText("Hotovo 75 %: 3 z 4 povinných krokov (časti a testy)")).toBeVisible();
  await expect(next).toHaveText("Prejsť na test: Záverečný test kurzu");
  await next.click();

  // the pass: one button to the finish page
  await page.getByRole("button", { name: "Začať test" }).click();
  await page.getByLabel("Plán príjmov a výdavkov na obdobie").check();
  await page.getByLabel("Príspevok uznanému športu").check();
  await page.getByLabel("Dotácia obce").check();
  await page.getByLabel("Použiť ich na účel a riadne ich vyúčtovať").check();
  await page.getByLabel("Vaša odpoveď").fill("20");
  await page.getByLabel("Pohyb peňažných prostriedkov v čase").check();
  await page.getByRole("button", { name: "Odovzdať test" }).click();
  await expect(page.getByText("Test ste úspešne absolvovali.")).toBeVisible();
  await expect(next).toHaveCount(1);
  await expect(next).toHaveText("Na záver kurzu a k certifikátu");
  await expectNoSidewaysScroll(page);
  await next.click();
  await expect(page).toHaveURL(new RegExp(`/kurzy/${SLUG}/hotovo$`));

  // the dashboard now: 100 % and the same way to the finish page
  await page.goto(`/kurzy/${SLUG}/studium`);
  await expect(page.getByText("Hotovo 100 %: 4 z 4 povinných krokov (časti a testy)")).toBeVisible();
  await expect(next).toHaveText("Na záver kurzu a k certifikátu");
});
