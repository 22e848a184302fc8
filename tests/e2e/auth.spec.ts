// Signing in and out in a real browser through the local OpenID provider's form, once
// with JavaScript off and once with it on: the header shows the person's name, the
// account page lists their (no) courses, signing out returns to a signed-out header.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

test.beforeEach(async ({ context }) => {
  // offline machine: nothing but the app itself
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
});

async function signInAndOut(page: Page, person: { email: string; name: string }, choice: "yes" | "no" = "yes") {
  await page.goto("/");
  const header = page.getByRole("banner");
  await header.getByRole("link", { name: "Prihlásiť sa" }).click();

  // the provider's own sign-in page
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await page.getByLabel("E-mail").fill(person.email);
  await page.getByLabel("Heslo").fill("demo1234");
  await page.getByRole("button", { name: "Prihlásiť sa" }).click();

  // back in the app, on the page where sign-in started, with the name in the header
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByRole("link", { name: `Môj účet: ${person.name}` })).toBeVisible();
  await expect(header.getByRole("link", { name: "Prihlásiť sa" })).toHaveCount(0);
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === "__Secure-app.session");
  expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/" });

  await header.getByRole("link", { name: `Môj účet: ${person.name}` }).click();
  await expect(page).toHaveURL(/\/ucet$/);
  await expect(page.getByRole("heading", { level: 1, name: "Môj účet" })).toBeVisible();
  // the person's courses (other specs of this run may have enrolled them already)
  await expect(page.getByRole("heading", { level: 2, name: "Moje kurzy" })).toBeVisible();

  // sign out: the app ends its session, the provider asks whether to sign out there too
  await header.getByRole("button", { name: "Odhlásiť sa" }).click();
  await expect(page).toHaveURL(/\/idp\/session\/end/);
  // the question says what each answer does (issue 29, item 8)
  await expect(page.getByText("Zo služby Akadémia športového manažmentu ste odhlásený.")).toBeVisible();
  const yes = page.getByRole("button", { name: "Áno, odhlásiť aj z poskytovateľa identity" });
  const no = page.getByRole("button", { name: "Nie, zostať prihlásený u poskytovateľa identity" });
  await expect(yes).toHaveAccessibleDescription(/ďalšie prihlásenie si vyžiada heslo/);
  await expect(no).toHaveAccessibleDescription(/aj tak prihlásite znova len s heslom/);
  await (choice === "yes" ? yes : no).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByRole("link", { name: "Prihlásiť sa" })).toBeVisible();
  await expect(header.getByText(person.name)).toHaveCount(0);
  expect((await page.context().cookies()).find((c) => c.name === "__Secure-app.session")).toBeUndefined();

  // the account page now asks for sign-in again: the provider's form with a password,
  // whichever answer was given there (a shared clubhouse computer)
  await page.goto("/ucet");
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await expect(page.getByLabel("Heslo")).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === "__Secure-app.session")).toBeUndefined();
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a student signs in through the provider's form, sees their name, signs out", async ({ page }) => {
    await signInAndOut(page, { email: "jana.novakova@demo.sk", name: "Jana Nováková" });
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 360, height: 740 } });
    test("signing out and staying signed in at the provider still asks the next person for a password", async ({ page }) => {
      await signInAndOut(page, { email: "tomas.balaz@demo.sk", name: "Tomáš Baláž" }, "no");
    });
  });

  test("a refused sign-in lands on the Slovak sign-in page without a session", async ({ page }) => {
    await page.goto("/api/auth/callback?state=forged&code=forged");
    await expect(page).toHaveURL(/\/prihlasenie\?chyba=state_missing$/);
    await expect(page.getByRole("alert")).toContainText("Skúste to znova");
    await expect(page.getByRole("banner").getByRole("link", { name: "Prihlásiť sa" })).toBeVisible();
  });
});

test.describe("with JavaScript", () => {
  test("the same sign-in and sign-out", async ({ page }) => {
    await signInAndOut(page, { email: "peter.horvath@demo.sk", name: "Peter Horváth" });
  });

  test('on a phone, "Nie, zostať prihlásený" at the provider: /ucet still asks for a password', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAndOut(page, { email: "eva.kovacova@demo.sk", name: "Mgr. Eva Kováčová" }, "no");
  });
});
