// A club buys for its staff (issue 30; docs/decisions/clubs/club-seats.md > Club seats) at 360 px with
// JavaScript off: Tomáš (club admin of ŠK Tatran Demo) buys 5 seats in the sandbox, assigns
// two members found by name and one by e-mail, Lucia signs in and learns, the club page
// shows her progress, and Marek's unstarted seat is taken back and given to Katarína.
import { expect, test } from "./support/fixtures";
import { expectNoSidewaysScroll, signIn } from "./support/journeys";

const SLUG = "sekretar-klubu-v-praxi";
const TITLE = "Sekretár klubu v praxi";
const PHONE = { width: 360, height: 740 };

test.use({ javaScriptEnabled: false, viewport: PHONE });

test("a club admin buys 5 seats, assigns them, sees progress and reassigns an unstarted seat", async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  await page.context().route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  await signIn(page, "tomas.balaz@demo.sk", `/kurzy/${SLUG}`);
  await page.getByRole("main").getByRole("link", { name: "Kúpiť pre klub" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Kúpiť pre klub");
  // the billing comes from the provider's organization data, editable
  await expect(page.getByLabel("IČO")).toHaveValue("12345678");
  await page.getByLabel("Počet miest (1–200)").fill("5");
  await page.getByLabel(/Súhlasím s obchodnými podmienkami/).check();
  await page.getByLabel(/Súhlasím s podmienkami vrátenia peňazí/).check();
  await expectNoSidewaysScroll(page);
  await page.getByRole("button", { name: "Zaplatiť za klub" }).click();
  await expect(page).toHaveURL(/\/sandbox-gateway\/pay\//);
  await page.getByRole("button", { name: "Zaplatiť (úspešná platba)" }).click();
  await expect(page).toHaveURL(/\/objednavky\/[0-9a-f]{24}\/return$/);

  // "Môj účet" names the role and links the club page
  await page.goto("/ucet");
  await expect(page.getByText("Správca klubu ŠK Tatran Demo")).toBeVisible();
  await page.getByRole("link", { name: "Stránka klubu" }).click();
  await expect(page).toHaveURL(/\/klub\/o-5001$/);
  const course = page.getByRole("article").filter({ has: page.getByRole("heading", { name: TITLE }) });
  await expect(course.getByText("Kúpené: 5 · priradené: 0 · voľné: 5")).toBeVisible();

  // two members by name, one by e-mail
  for (const name of ["Lucia", "Marek"]) {
    await page.getByLabel("Meno člena").fill(name);
    await page.getByRole("button", { name: "Hľadať" }).click();
    await page.getByRole("button", { name: new RegExp(`^Priradiť ${name}.*: ${TITLE}`) }).click();
    await expect(page.getByRole("status").filter({ hasText: "Miesto je priradené." })).toBeVisible();
  }
  await course.getByLabel("Priradiť e-mailovej adrese").fill("jozef.hudec@demo.sk");
  await course.getByRole("button", { name: "Priradiť", exact: true }).click();
  await expect(course.getByText("Kúpené: 5 · priradené: 3 · voľné: 2")).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Lucia signs in and learns; her learning page says the club sees this course's progress
  const member = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: PHONE });
  const lucia = await member.newPage();
  await signIn(lucia, "lucia.mrazova@demo.sk", `/kurzy/${SLUG}/studium`);
  await expect(lucia.getByText(/Klub vidí váš postup v tomto kurze/)).toBeVisible();
  await lucia.getByRole("link", { name: /Začať: Evidencia členov/ }).click();
  // the one button of the part page: her reading is recorded (docs/decisions/learning/completion-that-means-study.md > Completion that means study)
  const posted = lucia.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/studium/"));
  await lucia.getByRole("button", { name: "Dokončiť a pokračovať" }).click();
  expect((await posted).status()).toBeLessThan(400);
  await lucia.waitForLoadState();
  await member.close();

  // the club page: Lucia's progress; Marek has not started, his seat goes to Katarína
  await page.goto("/klub/o-5001");
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: "Lucia Mrázová" })
      .getByText(/prebieha/),
  ).toBeVisible();
  await expect(course.getByRole("listitem").filter({ hasText: "Lucia Mrázová" }).getByRole("button", { name: "Vziať späť" })).toHaveCount(0);
  await course.getByRole("listitem").filter({ hasText: "Marek Kráľ" }).getByRole("button", { name: "Vziať späť" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Miesto je vrátené klubu" })).toBeVisible();
  await page.getByLabel("Meno člena").fill("Katarína");
  await page.getByRole("button", { name: "Hľadať" }).click();
  await page.getByRole("button", { name: new RegExp(`^Priradiť Katarína.*: ${TITLE}`) }).click();
  await expect(course.getByText("Kúpené: 5 · priradené: 3 · voľné: 2")).toBeVisible();
  await expect(course.getByRole("listitem").filter({ hasText: "Katarína Urbanová" })).toBeVisible();
  await expect(course.getByRole("listitem").filter({ hasText: "Marek Kráľ" })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
});
