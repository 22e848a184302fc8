// Signing in and out in a real browser through the local OpenID provider's form, once
// with JavaScript off and once with it on: the header shows the person's name, the
// account page lists their (no) courses, signing out returns to a signed-out header.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

test.beforeEach(async ({ context }) => {
  // offline machine: nothing but the app itself
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
});

async function signInAndOut(page: Page, person: { email: string; name: string }) {
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
  await page.getByRole("button", { name: "Áno, odhlásiť ma" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByRole("link", { name: "Prihlásiť sa" })).toBeVisible();
  await expect(header.getByText(person.name)).toHaveCount(0);
  expect((await page.context().cookies()).find((c) => c.name === "__Secure-app.session")).toBeUndefined();

  // the account page now asks for sign-in again
  await page.goto("/ucet");
  await expect(page).toHaveURL(/\/idp\/interaction\//);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a student signs in through the provider's form, sees their name, signs out", async ({ page }) => {
    await signInAndOut(page, { email: "jana.novakova@demo.sk", name: "Jana Nováková" });
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
});
