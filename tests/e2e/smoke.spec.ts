import { expect, test } from "./support/fixtures";

test.beforeEach(async ({ context }) => {
  // closed network: anything off loopback is aborted at once
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    test("home page renders the catalog", async ({ page }) => {
      const response = await page.goto("/");
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", "sk");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });
  });
}
