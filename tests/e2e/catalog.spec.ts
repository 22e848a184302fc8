// Browsing the public catalog in a real browser: catalog -> tag filter -> course page ->
// buy placeholder, once with JavaScript off (plain links and full page loads) and once
// with it on (client-side navigation). Uses the demo seed's slugs (helper brief > Demo
// catalog): sekretar-klubu-v-praxi carries the "secretary" tag, riadenie-sportoveho-klubu
// does not; archived and draft-only slugs never show.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

test.beforeEach(async ({ context }) => {
  // offline machine: nothing but the app itself
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
});

/** From the catalog page (already loaded) to a course, its buy placeholder and back. */
async function browseCatalog(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Katalóg kurzov" })).toBeVisible();
  const filters = page.getByRole("navigation", { name: "Filtrovať podľa cieľovej skupiny" });
  for (const label of ["Všetky", "Výkonní riaditelia", "Manažéri", "Zakladatelia", "Sekretári"]) {
    await expect(filters.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await expect(filters.getByRole("link", { name: "Všetky" })).toHaveAttribute("aria-current", "true");
  await expect(page.locator('a[href="/kurzy/riadenie-sportoveho-klubu"]')).toBeVisible();
  // archived-only and draft-only courses are not in the catalog
  await expect(page.locator('a[href="/kurzy/marketing-sportovej-organizacie"]')).toHaveCount(0);
  await expect(page.locator('a[href="/kurzy/pravo-a-governance-vo-zvazoch"]')).toHaveCount(0);
  // every card shows a price with VAT in the Slovak format
  const prices = page.locator(".course-grid .price .money");
  await expect(prices.first()).toHaveText(/^\d{1,3}(\u00a0\d{3})*,\d{2}\u00a0€$/); // no-break spaces (server/money)

  // tag filter
  await filters.getByRole("link", { name: "Sekretári" }).click();
  await expect(page).toHaveURL(/\/\?tag=secretary$/);
  await expect(filters.getByRole("link", { name: "Sekretári" })).toHaveAttribute("aria-current", "true");
  const secretaryCard = page.locator('a[href="/kurzy/sekretar-klubu-v-praxi"]');
  await expect(secretaryCard).toBeVisible();
  await expect(page.locator('a[href="/kurzy/riadenie-sportoveho-klubu"]')).toHaveCount(0);

  // course page
  const title = (await secretaryCard.textContent())!.trim();
  await secretaryCard.click();
  await expect(page).toHaveURL(/\/kurzy\/sekretar-klubu-v-praxi$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(/.+/);
  await expect(page.getByRole("heading", { name: "Obsah kurzu" })).toBeVisible();
  await expect(page.locator("ol.levels > li").first()).toBeVisible();
  const priceBox = page.locator(".buy-box");
  await expect(priceBox.getByText("Cena bez DPH")).toBeVisible();
  await expect(priceBox.getByText("Cena s DPH")).toBeVisible();

  // the buy button leads to checkout, which asks an anonymous visitor to sign in
  // (the purchase itself: purchase.spec.ts)
  await expect(priceBox.getByRole("link", { name: "Kúpiť kurz" })).toHaveAttribute("href", "/kurzy/sekretar-klubu-v-praxi/kupit");

  // breadcrumb back to the catalog
  await page.getByRole("navigation", { name: "Omrvinková navigácia" }).getByRole("link", { name: "Katalóg kurzov" }).click();
  await expect(page).toHaveURL(/\/$/);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("catalog -> tag filter -> course page -> buy placeholder", async ({ page }) => {
    await page.goto("/");
    await browseCatalog(page);
  });

  test("unknown and draft-only course slugs show the Slovak 404 page", async ({ page }) => {
    for (const slug of ["neexistuje", "pravo-a-governance-vo-zvazoch", "marketing-sportovej-organizacie"]) {
      const response = await page.goto(`/kurzy/${slug}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Stránka sa nenašla" })).toBeVisible();
    }
  });
});

test.describe("with JavaScript", () => {
  test("the same walk, with client-side navigation after the first load", async ({ page }) => {
    await page.goto("/");
    // hydrated: the router exists and has its initial data
    await page.waitForFunction(
      () => (window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter?.state.initialized === true,
    );
    await page.waitForLoadState("networkidle");
    // a marker on window survives client-side navigation, never a full page load
    await page.evaluate(() => ((window as unknown as { __catalogMarker: number }).__catalogMarker = 1));
    await browseCatalog(page);
    expect(await page.evaluate(() => (window as unknown as { __catalogMarker?: number }).__catalogMarker)).toBe(1);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

    test("usable on a phone: no horizontal scrolling on the course page", async ({ page }) => {
      for (const path of ["/", "/kurzy/riadenie-sportoveho-klubu"]) {
        await page.goto(path);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      }
      // the price and buy button come before the long description on a narrow screen
      const buyTop = await page.getByRole("link", { name: "Kúpiť kurz" }).evaluate((el) => el.getBoundingClientRect().top);
      const aboutTop = await page.getByRole("heading", { name: "O kurze" }).evaluate((el) => el.getBoundingClientRect().top);
      expect(buyTop).toBeLessThan(aboutTop);
    });
  });
});
