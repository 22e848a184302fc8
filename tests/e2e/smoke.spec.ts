import { expect, test } from "@playwright/test";

test.beforeEach(async ({ context }) => {
  // closed network: anything off loopback is aborted at once
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
});

for (const javaScriptEnabled of [true, false]) {
  test(`home page renders the catalog (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "sk");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await context.close();
  });
}
