// /admin/kurzy in the browser: a content manager opens the course list from the admin
// navigation and filters them by state (links, so also without JavaScript); axe checks
// every page visited (fixtures).
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

async function signIn(page: Page, email: string) {
  await page.goto("/api/auth/login?returnTo=%2Fadmin");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Heslo").fill("demo1234");
  await page.getByRole("button", { name: "Prihlásiť sa" }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

test("a content manager lists courses and filters them by state", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, "martin.simko@demo.sk");
  await page.getByRole("navigation", { name: "Administrácia" }).getByRole("link", { name: "Kurzy" }).click();
  await expect(page).toHaveURL(/\/admin\/kurzy$/);
  await expect(page).toHaveTitle("Kurzy | Akadémia športového manažmentu");
  await expect(page.getByRole("heading", { level: 1, name: "Kurzy" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Administrácia" }).getByRole("link", { name: "Kurzy" })).toHaveAttribute("aria-current", "page");
  const rows = page.getByRole("table").getByRole("row");
  expect(await rows.count()).toBeGreaterThan(1);
  // one row per course, with its statistics and, once published, its public page; no revenue for a content manager
  const course = rows.filter({ hasText: "Riadenie športového klubu" });
  await expect(course).toHaveCount(1);
  await expect(course.getByRole("link", { name: "Štatistiky: Riadenie športového klubu" })).toHaveAttribute(
    "href",
    /\/admin\/kurzy\/[0-9a-f]{24}\/statistiky$/,
  );
  await expect(course.getByRole("link", { name: "Verejná stránka: Riadenie športového klubu" })).toHaveAttribute("href", "/kurzy/riadenie-sportoveho-klubu");
  await expect(page.getByRole("columnheader", { name: "Tržby" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "+ Nový kurz" })).toHaveAttribute("href", "/admin/kurzy/novy");

  const filter = page.getByRole("navigation", { name: "Filter podľa stavu" });
  await filter.getByRole("link", { name: "Zverejnené" }).click();
  await expect(page).toHaveURL(/stav=published/);
  await expect(filter.getByRole("link", { name: "Zverejnené" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("cell", { name: "Koncept", exact: true })).toHaveCount(0);

  await filter.getByRole("link", { name: "Zmazané" }).click();
  await expect(page.getByText("V tomto stave nie je žiadny kurz.")).toBeVisible();
});
