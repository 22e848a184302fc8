// Admin insights in the browser (docs/guide.md > Admin insights), with JavaScript off and on, on a
// 360 px phone and on a desktop: the admin opens the dashboard, picks last month, opens a
// chart's table, then a course's statistics (through the course editor's tab) and a test's
// question statistics (through the course's tests). No page scrolls sideways at 360 px;
// axe checks every page (support/fixtures). A content manager sees the learning figures
// without money or students' names.
import { expect, test } from "./support/fixtures";
import { expectNoSidewaysScroll, signIn } from "./support/journeys";

const ADMIN = "zuzana.bielikova@demo.sk";
const SLUG = "riadenie-sportoveho-klubu";

for (const javaScriptEnabled of [false, true]) {
  for (const [device, viewport] of [
    ["360 px", { width: 360, height: 800 }],
    ["desktop", { width: 1280, height: 900 }],
  ] as const) {
    test.describe(`insights, JavaScript ${javaScriptEnabled ? "on" : "off"}, ${device}`, () => {
      test.use({ javaScriptEnabled, viewport });
      test.beforeEach(async ({ context }) => {
        await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
      });

      test("the dashboard, a course's and a test's statistics", async ({ page }) => {
        test.setTimeout(90_000);
        await signIn(page, ADMIN, "/admin");
        await expect(page).toHaveURL(/\/admin$/);
        await expect(page.getByRole("heading", { level: 1, name: "Prehľad administrácie" })).toBeVisible();
        // the first screen: the period's figures and what needs attention; the tables folded below
        await expect(page.locator(".figure-card").filter({ hasText: "Tržby s DPH" })).toBeInViewport();
        await expect(page.getByRole("heading", { level: 2, name: "Vyžaduje pozornosť" })).toBeVisible();
        await expect(page.getByRole("img", { name: /Nové zápisy po dňoch/ })).toBeVisible();
        await page.getByText("Podrobné čísla: tržby, objednávky, zápisy, katalóg").click();
        await expect(page.getByRole("heading", { level: 2, name: "Tržby" })).toBeVisible();
        if (viewport.width === 360) await expectNoSidewaysScroll(page);

        // last month
        await page.getByText("Zmeniť obdobie").click();
        await page.getByLabel("Obdobie", { exact: true }).selectOption("minuly-mesiac");
        await page.getByRole("button", { name: "Zobraziť" }).click();
        await expect(page).toHaveURL(/obdobie=minuly-mesiac/);
        await expect(page.getByLabel("Obdobie", { exact: true })).toHaveValue("minuly-mesiac");
        // a chart's numbers as a table
        await page.getByText("Tabuľka s údajmi: Lievik objednávok v období").click();
        await expect(page.getByRole("table").filter({ hasText: "Vytvorené objednávky" }).last()).toBeVisible();

        // a course: the editor's Statistics tab
        const courses = (await (await page.request.get("/api/courses")).json()) as { data: { _id: string; slug: string; title: string }[] };
        const course = courses.data.find((c) => c.slug === SLUG)!;
        await page.goto(`/admin/kurzy/${course._id}`);
        await page.getByRole("navigation", { name: "Editor kurzu" }).getByRole("link", { name: "Štatistiky" }).click();
        await expect(page).toHaveURL(new RegExp(`/admin/kurzy/${course._id}/statistiky$`));
        await expect(page.getByRole("heading", { level: 1, name: `Štatistiky: ${course.title}` })).toBeVisible();
        await expect(page.getByRole("heading", { level: 2, name: "Kde študenti končia" })).toBeVisible();
        await expect(page.getByRole("img", { name: /Verzia \d+: podiel zapísaných/ }).first()).toBeVisible();
        if (viewport.width === 360) await expectNoSidewaysScroll(page);

        // a test: through the course's tests
        await page.goto(`/admin/kurzy/${course._id}/testy`);
        await page
          .getByRole("link", { name: /^Štatistiky otázok: / })
          .first()
          .click();
        await expect(page).toHaveURL(/\/testy\/[0-9a-f]{24}\/statistiky$/);
        await expect(page.getByRole("heading", { level: 1, name: /^Štatistiky testu: / })).toBeVisible();
        await expect(page.getByText(/Odovzdané pokusy:/)).toBeVisible();
        if (viewport.width === 360) await expectNoSidewaysScroll(page);
      });
    });
  }
}

test.describe("insights for a content manager", () => {
  test.use({ javaScriptEnabled: false });
  test("learning figures without money or names", async ({ page }) => {
    await signIn(page, "martin.simko@demo.sk", "/admin");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.locator(".figure-card").filter({ hasText: "Nové zápisy" })).toBeVisible();
    await expect(page.locator(".figure-card").filter({ hasText: "Tržby" })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 2, name: "Tržby" })).toHaveCount(0);
    await expect(page.getByRole("img", { name: /Tržby/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Kniha faktúr/ })).toHaveCount(0);
    const courses = (await (await page.request.get("/api/courses")).json()) as { data: { _id: string; slug: string; title: string }[] };
    const course = courses.data.find((c) => c.slug === SLUG)!;
    await page.goto(`/admin/kurzy/${course._id}/statistiky`);
    await expect(page.getByRole("heading", { level: 1, name: `Štatistiky: ${course.title}` })).toBeVisible();
    await expect(page.getByRole("link", { name: /Zápisy s pokrokom/ })).toHaveCount(0);
  });
});
