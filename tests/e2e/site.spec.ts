// The frame every page shares, in a real browser (and checked by axe through the fixture
// on every page visited): the header fits one row on a 360 px phone, signed out and in;
// error pages; the administration for a content manager and its 403 for a student.
import type { Page } from "@playwright/test";
import { expect, expectAccessible, findingsWithoutJavaScript, test } from "./support/fixtures";

test.beforeEach(async ({ context }) => {
  // offline machine: nothing but the app itself
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
});

/** Signs in through the local provider's form, starting from the header's link. */
async function signIn(page: Page, email: string, from = "/") {
  await page.goto(from);
  await page.getByRole("banner").getByRole("link", { name: "Prihlásiť sa" }).click();
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Heslo").fill("demo1234");
  await page.getByRole("button", { name: "Prihlásiť sa" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: /^Môj účet: / })).toBeVisible();
}

/** Every item of the header's bar sits in one row, and nothing overflows the screen. */
async function expectHeaderInOneRow(page: Page) {
  await page.waitForLoadState("load");
  const measure = () =>
    page.locator(".site-header .inner > *").evaluateAll((els) => {
      const boxes = els.map((el) => el.getBoundingClientRect());
      const lowestTop = Math.max(...boxes.map((b) => b.top));
      const highestBottom = Math.min(...boxes.map((b) => b.bottom));
      return {
        items: boxes.length,
        // one row: the items overlap vertically (a wrapped item starts below the others)
        oneRow: lowestTop < highestBottom,
        fitsWidth: boxes.every((b) => b.right <= document.documentElement.clientWidth),
        overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      };
    });
  await expect.poll(measure).toEqual({ items: 3, oneRow: true, fitsWidth: true, overflow: 0 });
}

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test("the header is one row, signed out and signed in", async ({ page }) => {
    await page.goto("/");
    await expectHeaderInOneRow(page);
    await expect(page.getByRole("banner").getByRole("link", { name: "Akadémia športového manažmentu" })).toBeVisible();

    await signIn(page, "peter.horvath@demo.sk");
    await expectHeaderInOneRow(page);
    const account = page.getByRole("banner").getByRole("link", { name: "Môj účet: Peter Horváth" });
    expect(await account.innerText()).toBe("Môj účet");
    // a control, not a bare word: a border and some padding around the label
    const looks = await account.evaluate((el) => {
      const s = getComputedStyle(el);
      return { border: s.borderTopWidth, paddingLeft: parseFloat(s.paddingLeft), height: el.getBoundingClientRect().height };
    });
    expect(looks.border).not.toBe("0px");
    expect(looks.paddingLeft).toBeGreaterThan(4);
    expect(looks.height).toBeGreaterThanOrEqual(24); // WCAG 2.5.8 target size

    await page.goto("/kurzy/riadenie-sportoveho-klubu");
    await expectHeaderInOneRow(page);
  });
});

test("the accessibility fixture finds violations (it is not a no-op)", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => {
    const img = document.createElement("img");
    img.src = "/favicon.svg";
    document.querySelector("main")!.append(img); // no alt text
  });
  await expect(expectAccessible(page)).rejects.toThrow(/image-alt/);
  await page.evaluate(() => document.querySelector("main img:last-child")?.remove());
});

test("the JavaScript-off check finds violations in every copy it makes, not only the first", async ({ browser }) => {
  // a context of its own, outside the fixture (which would fail this test for these pages)
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const bodies: Record<string, string> = {
    "no-alt": '<img src="/favicon.svg">',
    fine: "<h1>V poriadku</h1>",
    "unnamed-button": "<button></button>",
  };
  await page.route("**/axe-self-test/*", (route) =>
    route.fulfill({
      contentType: "text/html; charset=utf-8",
      body: `<!doctype html><html lang="sk"><head><title>Test</title></head><body><main>${bodies[route.request().url().split("/").pop()!]}</main></body></html>`,
    }),
  );
  const found = await findingsWithoutJavaScript(page, browser, ["/axe-self-test/no-alt", "/axe-self-test/fine", "/axe-self-test/unnamed-button"]);
  expect(found).toEqual([["image-alt"], [], ["button-name"]]);
  await context.close();
});

test("the accessibility fixture checks WCAG 2.2 A and AA only, not axe's best practices", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => {
    // two unnamed complementary landmarks: axe's best-practice rule landmark-unique, no WCAG criterion
    for (let i = 0; i < 2; i++) document.querySelector("main")!.append(Object.assign(document.createElement("aside"), { textContent: `Poznámka ${i}` }));
  });
  await expectAccessible(page);
  await page.evaluate(() => document.querySelectorAll("main aside").forEach((aside) => aside.remove()));
});

test.describe("error pages", () => {
  test.use({ javaScriptEnabled: false });

  test("unknown page, malformed query and unknown tag read as friendly Slovak pages", async ({ page }) => {
    const missing = await page.goto("/toto-neexistuje");
    expect(missing?.status()).toBe(404);
    await expect(page).toHaveTitle("Stránka sa nenašla | Akadémia športového manažmentu");
    await expect(page.getByRole("heading", { level: 1, name: "Stránka sa nenašla" })).toBeVisible();
    await page.getByRole("link", { name: "Späť na katalóg kurzov" }).click();
    await expect(page).toHaveURL(/\/$/);

    const bad = await page.goto("/?page=abc");
    expect(bad?.status()).toBe(400);
    await expect(page.getByRole("heading", { level: 1, name: "Neplatná požiadavka" })).toBeVisible();

    await page.goto("/?tag=nikto-take-nema");
    await expect(page.getByRole("status").filter({ hasText: "Žiadny kurz nemá značku „nikto-take-nema“." })).toBeVisible();

    await page.goto("/prihlasenie?chyba=state_missing");
    await expect(page.getByRole("alert")).toBeVisible();
  });
});

test.describe("administration", () => {
  test("a content manager finds the dashboard through the account page", async ({ page }) => {
    await signIn(page, "martin.simko@demo.sk");
    await page
      .getByRole("banner")
      .getByRole("link", { name: /^Môj účet: / })
      .click();
    await expect(page).toHaveURL(/\/ucet$/);
    await page.getByRole("link", { name: "Administrácia" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page).toHaveTitle("Prehľad administrácie | Akadémia športového manažmentu");
    await expect(page.getByRole("heading", { level: 1, name: "Prehľad administrácie" })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Administrácia" });
    await expect(nav.getByRole("link", { name: "Prehľad" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { level: 1, name: "Prehľad administrácie" })).toBeVisible();
    // an unknown admin page stays inside the administration
    const missing = await page.goto("/admin/neexistuje");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("link", { name: "Späť na prehľad administrácie" })).toBeVisible();
  });

  test("a student gets the 403 page", async ({ page }) => {
    await signIn(page, "jana.novakova@demo.sk");
    const res = await page.goto("/admin");
    expect(res?.status()).toBe(403);
    await expect(page).toHaveTitle("Prístup zamietnutý | Akadémia športového manažmentu");
    await expect(page.getByRole("heading", { level: 1, name: "Prístup zamietnutý" })).toBeVisible();
  });
});
