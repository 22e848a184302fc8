// "Zapísať osobu" on /admin/zapisy at 360 px and 1280 px, JavaScript off and on: the button sits
// above the list and opens the grant form; the lookup finds a person by e-mail; the page does
// not scroll sideways on a phone. axe checks every page (support/fixtures).
import { expect, test } from "./support/fixtures";
import { expectNoSidewaysScroll, signIn } from "./support/journeys";

for (const javaScriptEnabled of [false, true]) {
  for (const [device, viewport] of [
    ["360 px", { width: 360, height: 800 }],
    ["desktop", { width: 1280, height: 900 }],
  ] as const) {
    test.describe(`Zapísať osobu, JavaScript ${javaScriptEnabled ? "on" : "off"}, ${device}`, () => {
      test.use({ javaScriptEnabled, viewport });
      test.beforeEach(async ({ context }) => {
        await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
      });

      test("the button above the list opens the grant form", async ({ page }) => {
        await signIn(page, "zuzana.bielikova@demo.sk", "/admin/zapisy");
        await expect(page.getByRole("heading", { level: 1, name: "Zápisy" })).toBeVisible();
        const toggle = page.getByText("Zapísať osobu", { exact: true });
        // the button comes before the list's heading; the form is closed
        const above = await page.evaluate(() => {
          const summary = [...document.querySelectorAll("summary")].find((s) => s.textContent === "Zapísať osobu");
          const list = document.getElementById("zoznam");
          return Boolean(summary && list && summary.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING);
        });
        expect(above).toBe(true);
        await expect(page.getByRole("form", { name: "Zapísať osobu do kurzu" })).toBeHidden();
        await toggle.click();
        await page.getByLabel("Vyhľadať osobu podľa mena, e-mailu alebo ID").fill("peter.horvath@demo.sk");
        await page.getByRole("button", { name: "Vyhľadať" }).click();
        await expect(page.getByText(/^Nájdená osoba: Peter Horváth/)).toBeVisible();
        await expect(page.getByRole("form", { name: "Zapísať osobu do kurzu" }).getByLabel("Osoba (ID u poskytovateľa identity alebo e-mail)")).toHaveValue(
          "p-1002",
        );
        if (viewport.width === 360) await expectNoSidewaysScroll(page);
      });
    });
  }
}
