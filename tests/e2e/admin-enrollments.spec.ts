// Admin enrollments in the browser: the admin opens "Zápisy" from the
// admin navigation, looks Peter up by e-mail through the identity provider, grants him
// "Riadenie športového klubu", lands on the enrollment's page; Peter signs in, finds the
// course in "Môj účet" and opens its learning page. axe checks every page (fixtures).
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/journeys";

const SLUG = "riadenie-sportoveho-klubu";
const TITLE = "Riadenie športového klubu";

test.beforeEach(async ({ context }) => {
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
});

test("an admin grants a course to a student, who then finds it in Môj účet and opens it", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signIn(page, "zuzana.bielikova@demo.sk", "/admin");
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("navigation", { name: "Administrácia" }).getByRole("link", { name: "Zápisy" }).click();
  await expect(page).toHaveURL(/\/admin\/zapisy$/);
  await expect(page).toHaveTitle("Zápisy | Akadémia športového manažmentu");
  await expect(page.getByRole("heading", { level: 1, name: "Zápisy" })).toBeVisible();

  // who is peter.horvath@demo.sk? (the provider's person API)
  // the grant form sits behind a button above the list
  await expect(page.getByLabel("Vyhľadať osobu podľa mena, e-mailu alebo ID")).toBeHidden();
  await page.getByText("Zapísať osobu", { exact: true }).click();
  await page.getByLabel("Vyhľadať osobu podľa mena, e-mailu alebo ID").fill("peter.horvath@demo.sk");
  await page.getByRole("button", { name: "Vyhľadať" }).click();
  await expect(page.getByText("Nájdená osoba: Peter Horváth (peter.horvath@demo.sk), ID p-1002.")).toBeVisible();
  const grant = page.getByRole("form", { name: "Zapísať osobu do kurzu" });
  await expect(grant.getByLabel("Osoba (ID u poskytovateľa identity alebo e-mail)")).toHaveValue("p-1002");

  // an incomplete form says what is missing, on its fields
  await grant.getByRole("button", { name: "Zapísať" }).click();
  await expect(grant.getByText("Vyberte kurz.")).toBeVisible();
  const course = grant.getByLabel("Kurz");
  const option = await course.locator("option", { hasText: TITLE }).first().textContent();
  await course.selectOption({ label: option! });
  await grant.getByRole("button", { name: "Zapísať" }).click();
  await expect(grant.getByText("Pri udelení administrátorom uveďte dôvod.")).toBeVisible();
  await grant.getByLabel("Odôvodnenie").fill("Výherca súťaže klubov");
  await grant.getByRole("button", { name: "Zapísať" }).click();

  await expect(page).toHaveURL(/\/admin\/zapisy\/[0-9a-f]{24}\?hotovo=zapisany$/);
  await expect(page.getByRole("status").filter({ hasText: "Osoba je zapísaná do kurzu" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Zápis: Peter Horváth, ${TITLE}`);
  await expect(page.getByText("Udelený administrátorom: Výherca súťaže klubov")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Postup po častiach" })).toBeVisible();

  // the table lists it, filtered by the student
  await page.getByRole("link", { name: "Zápisy", exact: true }).first().click();
  const who = page.getByRole("group", { name: "Študent" });
  await who.getByLabel("Hľadať podľa mena").fill("Horváth");
  await who.getByRole("radio", { name: /Peter Horváth/ }).check();
  await page.getByRole("button", { name: "Filtrovať" }).click();
  await expect(page).toHaveURL(/student=p-1002/);
  await expect(page.getByRole("table").getByRole("row").filter({ hasText: TITLE })).toHaveCount(1);

  // the student
  const student = await browser.newContext({ baseURL });
  await student.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  const peter = await student.newPage();
  await signIn(peter, "peter.horvath@demo.sk", "/ucet");
  await expect(peter).toHaveURL(/\/ucet$/);
  const card = peter.getByRole("listitem").filter({ has: peter.getByRole("heading", { level: 3, name: TITLE }) });
  await expect(card).toContainText("Aktívny");
  await card.getByRole("link", { name: /^Pokračovať/ }).click();
  await expect(peter).toHaveURL(new RegExp(`/kurzy/${SLUG}/studium$`));
  await expect(peter.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  await student.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the admin extends and cancels an enrollment from the table's row actions", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, "zuzana.bielikova@demo.sk", "/admin/zapisy");
    await expect(page).toHaveURL(/\/admin\/zapisy$/);
    // a grant through the plain form: Eva, by her e-mail, until the end of 2099
    await page.getByText("Zapísať osobu", { exact: true }).click();
    const grant = page.getByRole("form", { name: "Zapísať osobu do kurzu" });
    await grant.getByLabel("Osoba (ID u poskytovateľa identity alebo e-mail)").fill("eva.kovacova@demo.sk");
    const course = grant.getByLabel("Kurz");
    await course.selectOption({ label: (await course.locator("option", { hasText: TITLE }).first().textContent())! });
    await grant.getByLabel("Odôvodnenie").fill("Lektorka");
    await grant.getByLabel("Prístup do (nepovinné)").fill("2099-12-31");
    await grant.getByRole("button", { name: "Zapísať" }).click();
    await expect(page).toHaveURL(/\/admin\/zapisy\/[0-9a-f]{24}\?hotovo=zapisany$/);
    await expect(page.getByText("31. 12. 2099", { exact: false })).toBeVisible();

    await page.goto("/admin/zapisy?student=p-2001");
    const row = page.getByRole("row").filter({ hasText: TITLE });
    await row.getByText("Akcie").click();
    const extend = row.getByRole("form", { name: /^Predĺžiť prístup/ });
    await extend.getByLabel("Prístup do (vrátane)").fill("2100-06-30");
    await extend.getByRole("button", { name: "Predĺžiť prístup" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Prístup je predĺžený." })).toHaveText("Prístup je predĺžený.");
    await expect(page).toHaveURL(/student=p-2001/);

    const again = page.getByRole("row").filter({ hasText: TITLE });
    await again.getByText("Akcie").click();
    const cancel = again.getByRole("form", { name: /^Zrušiť zápis/ });
    await cancel.getByRole("button", { name: "Zrušiť zápis" }).click();
    // a missing reason comes back on its field, the row's actions open
    await expect(page.getByRole("row").filter({ hasText: TITLE }).getByText("Uveďte dôvod.")).toBeVisible();
    await page.getByRole("row").filter({ hasText: TITLE }).getByLabel("Dôvod zrušenia").fill("Omyl pri zápise");
    await page.getByRole("row").filter({ hasText: TITLE }).getByRole("button", { name: "Zrušiť zápis" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Zápis je zrušený." })).toHaveText("Zápis je zrušený.");
    await expect(page.getByRole("row").filter({ hasText: TITLE })).toContainText("Zrušený");
  });
});
