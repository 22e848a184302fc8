// Issue 32 (items 9 and 10) at 360 px with JavaScript off: the dashboard's first screen
// leads with the period's figures and "Vyžaduje pozornosť"; a content manager picks a lecturer
// by name (the plain GET search, then a checkbox) and saves. axe checks every page (fixtures).
import { expect, test } from "./support/fixtures";
import { expectNoSidewaysScroll, signIn } from "./support/journeys";

test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } });

test.beforeEach(async ({ context }) => {
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
});

test("the dashboard's first screen: figures against the previous period, then what needs attention", async ({ page }) => {
  await signIn(page, "zuzana.bielikova@demo.sk", "/admin");
  await expect(page).toHaveURL(/\/admin$/);
  const cards = page.locator(".figure-card");
  await expect(cards).toHaveCount(4);
  for (const label of ["Tržby s DPH", "Nové zápisy", "Dokončené kurzy", "Vydané certifikáty"]) {
    await expect(cards.filter({ hasText: label })).toBeInViewport();
  }
  await expect(cards.first()).toContainText("predtým");
  await expect(page.getByRole("heading", { level: 2, name: "Vyžaduje pozornosť" })).toBeVisible();
  // the accounting tables are folded away
  await expect(page.getByRole("heading", { level: 2, name: "Tržby" })).toBeHidden();
  await expectNoSidewaysScroll(page);
});

test("a content manager picks a lecturer by name without JavaScript", async ({ page }) => {
  test.setTimeout(90_000);
  const title = `Vedenie klubu ${Date.now().toString(36)}`;
  await signIn(page, "martin.simko@demo.sk", "/admin/kurzy");
  // the form is on its own page, behind the list's "+ Nový kurz"
  await page.getByRole("link", { name: "Nový kurz" }).click();
  const create = page.getByRole("region", { name: "Nový kurz" });
  await create.getByLabel("Názov kurzu").fill(title);
  await create.getByLabel("Krátky popis").fill("Ako viesť športový klub.");
  await create.getByLabel("Cena (€)").fill("19,90");
  await create.getByRole("button", { name: "Vytvoriť koncept" }).click();
  await expect(page).toHaveURL(/\/admin\/kurzy\/[0-9a-f]{24}\?hotovo=vytvoreny$/);
  await page.getByRole("navigation", { name: "Editor kurzu" }).getByRole("link", { name: "Údaje kurzu" }).click();
  await expect(page).toHaveURL(/\/udaje$/);

  const lecturers = page.getByRole("group", { name: "Lektori kurzu" });
  await expect(lecturers).toContainText("Zatiaľ nikto nie je vybraný.");
  await lecturers.getByLabel("Hľadať podľa mena").fill("kovacova");
  await lecturers.getByRole("button", { name: "Hľadať" }).click();
  await expect(page).toHaveURL(/hladat-lektora=kovacova/);
  const eva = page.getByRole("group", { name: "Lektori kurzu" }).getByRole("checkbox", { name: /Mgr\. Eva Kováčová/ });
  await expect(eva).not.toBeChecked();
  await eva.check();
  await page.getByRole("button", { name: "Uložiť údaje kurzu" }).click();
  await expect(page).toHaveURL(/\/udaje\?hotovo=/);
  // the notice names what was saved
  await expect(page.locator(".done[role=status]")).toHaveText(`Údaje kurzu „${title}“ sú uložené.`);
  await expect(page.getByRole("group", { name: "Lektori kurzu" }).getByRole("checkbox", { name: /Mgr\. Eva Kováčová/ })).toBeChecked();
  await expect(page.getByRole("group", { name: /^Profil lektora/ })).toBeVisible();
  await expectNoSidewaysScroll(page);
});
