// The part editor's one save model with files (docs/decisions/files/one-form-uploads.md):
// without JavaScript a PDF chosen on the part form is saved with what was typed by the one
// "Uložiť" and an attachment is removed by its list button; with JavaScript the file is
// uploaded at once (progress, then "Nahrané"), and leaving by a breadcrumb or a course tab
// with unsaved changes asks first, while leaving after saving does not.
import path from "node:path";
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/journeys";

const status = (page: import("@playwright/test").Page, text: string) => page.locator(".done[role=status]").filter({ hasText: text });
const PDF = path.resolve("media/slides/organy-klubu.pdf");
const ATTACHMENT = path.resolve("media/files/tabulka-rozpoctu.pdf");

/** A fresh draft with one part; its editor open. */
async function newPart(page: import("@playwright/test").Page, title: string) {
  // the new-course form has its own page, behind the course list's "+ Nový kurz"
  await signIn(page, "martin.simko@demo.sk", "/admin/kurzy/novy");
  const create = page.getByRole("region", { name: "Nový kurz" });
  await create.getByLabel("Názov kurzu").fill(title);
  await create.getByLabel("Krátky popis").fill("Súbory v časti.");
  await create.getByLabel("Cena (€)").fill("19");
  await create.getByRole("button", { name: "Vytvoriť koncept" }).click();
  await expect(page).toHaveURL(/\/admin\/kurzy\/[0-9a-f]{24}\?hotovo=vytvoreny$/);
  const addLevel = page.getByRole("region", { name: "Pridať úroveň" });
  await addLevel.getByLabel("Názov úrovne").fill("Základy");
  await addLevel.getByRole("button", { name: "Pridať úroveň" }).click();
  await page.getByText("Pridať tému do úrovne Základy").click();
  await page.getByLabel("Názov témy").fill("Orgány");
  await page.getByRole("button", { name: "Pridať tému" }).click();
  await page.getByRole("button", { name: "Vytvoriť modul" }).click();
  await page.getByText("Pridať časť do modulu Orgány").click();
  await page.getByLabel("Názov časti").fill("Valné zhromaždenie");
  await page.getByRole("button", { name: "Pridať časť" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Časť: Valné zhromaždenie" })).toBeVisible();
}

test.describe("part editor files, JavaScript off", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } });

  test("a PDF chosen on the part form is saved with the typed title by one Uložiť; an attachment goes by its list button", async ({ page }) => {
    test.setTimeout(300_000);
    await newPart(page, `Orgány ${Date.now().toString(36)}`);
    await expect(page.getByText("ukladajú len nový blok")).toHaveCount(0);
    await page.getByLabel("Názov časti").fill("Valné zhromaždenie klubu");
    await page.getByLabel("Prezentácia (PDF)").check();
    await page.getByLabel("Súbor", { exact: true }).setInputFiles(PDF);
    await page.getByRole("button", { name: "Uložiť", exact: true }).click();
    await expect(status(page, "Pridané do časti „Valné zhromaždenie klubu“.")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 3, name: "Blok 1. Prezentácia" })).toBeVisible();
    await expect(page.getByText(/Nahrané PDF · \d+ sním(ok|ky|ka)/)).toBeVisible();

    // an attachment, then a wrong file for a presentation is refused on the form
    await page.getByLabel("Príloha na stiahnutie").check();
    await page.getByLabel("Súbor", { exact: true }).setInputFiles(ATTACHMENT);
    await page.getByRole("button", { name: "Uložiť", exact: true }).click();
    await expect(page.getByRole("region", { name: "Prílohy" }).getByText("tabulka-rozpoctu.pdf")).toBeVisible({ timeout: 20_000 });
    await page.getByLabel("Prezentácia (PDF)").check();
    await page.getByLabel("Súbor", { exact: true }).setInputFiles({ name: "nie-pdf.pdf", mimeType: "application/pdf", buffer: Buffer.from("toto nie je PDF") });
    await page.getByLabel("Názov časti").fill("Valné zhromaždenie – zmena");
    await page.getByRole("button", { name: "Uložiť", exact: true }).click();
    await expect(page.getByText(/Tento typ súboru sa sem nedá nahrať/)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByLabel("Názov časti")).toHaveValue("Valné zhromaždenie – zmena");

    await page.getByRole("button", { name: "Zmazať prílohu tabulka-rozpoctu.pdf" }).click();
    await expect(status(page, "Zmazané z časti „Valné zhromaždenie – zmena“.")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("region", { name: "Prílohy" }).getByText("Bez príloh.")).toBeVisible();
  });
});

test.describe("part editor files, JavaScript on", () => {
  test.use({ javaScriptEnabled: true, viewport: { width: 1280, height: 900 } });

  test("an upload shows its progress and is saved by Uložiť; leaving with unsaved changes by a breadcrumb or a tab asks first", async ({ page }) => {
    test.setTimeout(300_000);
    await newPart(page, `Orgány JS ${Date.now().toString(36)}`);
    const here = page.url();
    await page.getByLabel("Názov časti").fill("Predsedníctvo");
    await expect(page.getByText("Máte neuložené zmeny.")).toBeVisible();

    // a breadcrumb: asked, stays
    const questions: string[] = [];
    page.on("dialog", (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole("navigation", { name: "Omrvinková navigácia" }).getByRole("link", { name: "Kurzy" }).click();
    await expect.poll(() => questions.length).toBe(1);
    expect(questions[0]).toBe("Máte neuložené zmeny. Naozaj chcete odísť bez uloženia?");
    expect(page.url()).toBe(here);
    await expect(page.getByLabel("Názov časti")).toHaveValue("Predsedníctvo");
    // a course tab: asked, stays
    await page.getByRole("navigation", { name: "Editor kurzu" }).getByRole("link", { name: "Údaje kurzu" }).click();
    await expect.poll(() => questions.length).toBe(2);
    expect(page.url()).toBe(here);

    // an upload with its progress, then one save
    await page.getByLabel("Prezentácia (PDF)").check();
    await page.getByLabel("Súbor", { exact: true }).setInputFiles(PDF);
    await expect(page.getByText("Nahrané: organy-klubu.pdf")).toBeVisible({ timeout: 20_000 });
    await page.getByRole("button", { name: "Uložiť", exact: true }).click();
    await expect(status(page, "Pridané do časti „Predsedníctvo“.")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 3, name: "Blok 1. Prezentácia" })).toBeVisible();
    await expect(page.getByText("Máte neuložené zmeny.")).toHaveCount(0);

    // saved: leaving asks nothing
    await page.getByRole("navigation", { name: "Editor kurzu" }).getByRole("link", { name: "Údaje kurzu" }).click();
    await expect(page).toHaveURL(/\/udaje$/);
    expect(questions).toHaveLength(2);
  });
});
