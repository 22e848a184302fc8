// /admin/kurzy in the browser: a content manager opens the course versions from the admin
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

test("a content manager lists course versions and filters them by state", async ({ page }) => {
  await signIn(page, "martin.simko@demo.sk");
  await page.getByRole("navigation", { name: "Administrácia" }).getByRole("link", { name: "Kurzy" }).click();
  await expect(page).toHaveURL(/\/admin\/kurzy$/);
  await expect(page).toHaveTitle("Kurzy | Akadémia športového manažmentu");
  await expect(page.getByRole("heading", { level: 1, name: "Kurzy" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Administrácia" }).getByRole("link", { name: "Kurzy" })).toHaveAttribute("aria-current", "page");
  const rows = page.getByRole("table").getByRole("row");
  expect(await rows.count()).toBeGreaterThan(1);

  const filter = page.getByRole("navigation", { name: "Filter podľa stavu" });
  await filter.getByRole("link", { name: "Zverejnené" }).click();
  await expect(page).toHaveURL(/stav=published/);
  await expect(filter.getByRole("link", { name: "Zverejnené" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("cell", { name: "Koncept", exact: true })).toHaveCount(0);

  await filter.getByRole("link", { name: "Zmazané" }).click();
  await expect(page.getByText("V tomto stave nie je žiadna verzia kurzu.")).toBeVisible();
});
