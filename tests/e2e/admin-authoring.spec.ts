// In the browser: an admin builds a small course from nothing through
// the authoring pages (new draft, fields with accreditation and an instructor, a level, a
// topic, its module, a part with a text block previewed as it is typed), sees the publish problems
// inline first, adds a final test with a question, publishes, and finds the course in the
// public catalog. Without JavaScript: a content manager's forms work as plain POSTs
// (errors inline, values kept, a level and a topic added, reordered) and the publish
// button is disabled with its reason. axe checks every page visited (fixtures).
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

test.beforeEach(async ({ context }) => {
  // offline machine: nothing but the app itself
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
});

async function signIn(page: Page, email: string) {
  await page.goto("/api/auth/login?returnTo=%2Fadmin%2Fkurzy");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Heslo").fill("demo1234");
  await page.getByRole("button", { name: "Prihlásiť sa" }).click();
  await expect(page).toHaveURL(/\/admin\/kurzy$/);
}

const SAMPLE = path.resolve(import.meta.dirname, "../../media/video/sample.mp4");

const status = (page: Page) => page.locator(".done[role=status]");

test("an admin builds a course from nothing, publishes it and finds it in the catalog", async ({ page }) => {
  test.setTimeout(240_000);
  const title = `Rozpočet klubu ${Date.now().toString(36)}`;
  await signIn(page, "zuzana.bielikova@demo.sk");

  // a new draft
  // the form is on its own page, behind the list's "+ Nový kurz"
  await page.getByRole("link", { name: "Nový kurz" }).click();
  const create = page.getByRole("region", { name: "Nový kurz" });
  await create.getByLabel("Názov kurzu").fill(title);
  await create.getByLabel("Krátky popis").fill("Ako zostaviť a strážiť rozpočet športového klubu.");
  await create.getByLabel("Cena (€)").fill("39,90");
  await create.getByRole("button", { name: "Vytvoriť koncept" }).click();
  await expect(page).toHaveURL(/\/admin\/kurzy\/[0-9a-f]{24}\?hotovo=vytvoreny$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(status(page)).toHaveText("Koncept kurzu je vytvorený. Doplňte údaje a štruktúru.");

  // publishing an empty draft lists what is missing, each naming its item
  await page.getByRole("button", { name: "Zverejniť kurz" }).click();
  const problems = page.getByRole("alert").filter({ hasText: "Kurz sa nedá zverejniť" });
  await expect(problems).toBeVisible();
  await expect(problems.getByRole("link", { name: "Kurz potrebuje aspoň jednu úroveň." })).toBeVisible();
  await expect(problems.getByRole("link", { name: "Vyplňte akreditáciu (partner, jeho názov a typ osvedčenia)." })).toBeVisible();

  // the course's fields: accreditation and an instructor
  await page.getByRole("navigation", { name: "Editor kurzu" }).getByRole("link", { name: "Údaje kurzu" }).click();
  await expect(page).toHaveURL(/\/udaje$/);
  // the partner and the lecturer picked by name (search as you type)
  const partner = page.getByRole("group", { name: "Akreditujúci partner" });
  await partner.getByLabel("Hľadať podľa názvu").fill("akadémia");
  await partner.getByRole("radio", { name: /Slovenská akadémia športového manažmentu/ }).check();
  await page.getByLabel("Typ osvedčenia").fill("Osvedčenie o absolvovaní");
  const lecturers = page.getByRole("group", { name: "Lektori kurzu" });
  await lecturers.getByLabel("Hľadať podľa mena").fill("Kováčová");
  await lecturers.getByRole("checkbox", { name: /Mgr\. Eva Kováčová/ }).check();
  await page.getByLabel("Manažéri").check();
  await page.getByLabel("Značky").fill("financie, rozpočet");
  await page.getByRole("button", { name: "Uložiť údaje kurzu" }).click();
  await expect(status(page)).toHaveText(`Údaje kurzu „${title}“ sú uložené.`);
  await expect(
    page.getByRole("group", { name: "Akreditujúci partner" }).getByRole("radio", { name: /Slovenská akadémia športového manažmentu/ }),
  ).toBeChecked();
  await expect(page.getByRole("group", { name: /^Profil lektora/ })).toBeVisible();

  // structure: a level, a topic, its module, a part
  await page.getByRole("navigation", { name: "Editor kurzu" }).getByRole("link", { name: "Štruktúra a zverejnenie" }).click();
  const addLevel = page.getByRole("region", { name: "Pridať úroveň" });
  await addLevel.getByLabel("Názov úrovne").fill("Základy rozpočtu");
  await addLevel.getByLabel("Rozsah (hodiny)").fill("2");
  await addLevel.getByRole("button", { name: "Pridať úroveň" }).click();
  await expect(page.getByRole("heading", { level: 3, name: "Úroveň 1: Základy rozpočtu" })).toBeVisible();

  await page.getByText("Pridať tému do úrovne Základy rozpočtu").click();
  await page.getByLabel("Názov témy").fill("Príjmy klubu");
  await page.getByRole("button", { name: "Pridať tému" }).click();
  await expect(page.getByRole("heading", { level: 4, name: "Téma 1.1: Príjmy klubu" })).toBeVisible();

  await page.getByLabel("Odhadovaný čas (minúty)").fill("30");
  await page.getByRole("button", { name: "Vytvoriť modul" }).click();
  await expect(page.getByText("Modul: Príjmy klubu")).toBeVisible();

  await page.getByText("Pridať časť do modulu Príjmy klubu").click();
  await page.getByLabel("Názov časti").fill("Členské príspevky");
  await page.getByRole("button", { name: "Pridať časť" }).click();
  await expect(page).toHaveURL(/\/casti\/[0-9a-f]{24}\?hotovo=pridane$/);
  await expect(page.getByRole("heading", { level: 1, name: "Časť: Členské príspevky" })).toBeVisible();

  // a text block, previewed by the server's renderer, then added
  await page.getByLabel("Text nového bloku (Markdown)", { exact: true }).fill("Členské príspevky sú **pravidelný príjem** klubu.");
  const preview = page.getByRole("region", { name: "Náhľad: Text nového bloku (Markdown)" });
  await expect(preview.locator("strong")).toHaveText("pravidelný príjem");
  await page.getByRole("button", { name: "Pridať textový blok" }).click();
  await expect(page.getByRole("heading", { level: 3, name: "Blok 1. Text" })).toBeVisible();
  // a video block waits for its upload (the upload page is its own feature)
  await page.getByRole("button", { name: "Pridať blok videa" }).click();
  await expect(page.getByText("Čaká na nahratie a spracovanie")).toBeVisible();
  await expect(page.getByRole("link", { name: "Nahrať video" })).toHaveAttribute("href", /^\/admin\/video\/[0-9a-f]{24}\/[0-9a-f]{24}$/);
  // a course with a video still waiting cannot be published (the provider's late result is
  // never applied to a published course): upload it through the local stand-in
  const partEditor = page.url();
  await page.getByRole("link", { name: "Nahrať video" }).click();
  await page.getByLabel("Súbor s videom (MP4)").setInputFiles(SAMPLE);
  await page.getByRole("button", { name: "Nahrať video" }).click();
  await expect(page.getByTestId("upload-status")).toHaveAttribute("data-status", "ready", { timeout: 20_000 });
  await page.goto(partEditor);
  await expect(page.getByRole("link", { name: "Nahrať video znova" })).toBeVisible();
  await expect(page.locator("strong", { hasText: /^Pripravené$/ })).toBeVisible();

  // a final test with one question
  await page.getByRole("navigation", { name: "Editor kurzu" }).getByRole("link", { name: "Testy" }).click();
  await expect(page.getByText("Kurz zatiaľ nemá žiadny test.")).toBeVisible();
  await page.getByLabel("Kam test patrí").selectOption({ label: "Záverečný test kurzu" });
  await page.getByLabel("Názov testu").fill("Záverečný test");
  await page.getByRole("button", { name: "Vytvoriť test" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Test: Záverečný test" })).toBeVisible();
  await page.getByLabel("Hranica úspešnosti (%)").fill("60");
  await page.getByRole("button", { name: "Uložiť nastavenia testu" }).click();
  await expect(status(page)).toHaveText("Zmeny v teste „Záverečný test“ sú uložené.");
  await expect(page.getByLabel("Hranica úspešnosti (%)")).toHaveValue("60");
  const newQuestion = page.getByRole("region", { name: "Nová otázka" });
  await newQuestion.getByLabel("Znenie otázky").fill("Čo je členský príspevok?");
  await newQuestion.getByLabel("Odpoveď 1", { exact: true }).fill("Pravidelná platba člena klubu");
  await newQuestion.getByLabel("Odpoveď 1 je správna").check();
  await newQuestion.getByLabel("Odpoveď 2", { exact: true }).fill("Jednorazový dar");
  await newQuestion.getByRole("button", { name: "Pridať otázku" }).click();
  await expect(page.getByRole("heading", { level: 3, name: /^Otázka 1/ })).toBeVisible();

  // publish
  await page.getByRole("navigation", { name: "Editor kurzu" }).getByRole("link", { name: "Štruktúra a zverejnenie" }).click();
  await page.getByRole("button", { name: "Zverejniť kurz" }).click();
  await expect(status(page)).toHaveText("Kurz je zverejnený a je v katalógu.");
  await expect(page.locator(".course-state-line .state")).toHaveText("Zverejnený");
  await expect(page.getByRole("button", { name: "Vytvoriť novú verziu" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Pridať úroveň" })).toHaveCount(0);

  // the public catalog lists it, and its page names the instructor from the provider
  await page.goto("/");
  await page.getByRole("link", { name: title }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Mgr. Eva Kováčová").first()).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a content manager's forms work as plain POSTs; publishing is the admin's", async ({ page }) => {
    test.setTimeout(150_000);
    const title = `Sekretariát klubu ${Date.now().toString(36)}`;
    await signIn(page, "martin.simko@demo.sk");

    // invalid: errors inline, typed values kept
    // the form is on its own page, behind the list's "+ Nový kurz"
    await page.getByRole("link", { name: "Nový kurz" }).click();
    const create = page.getByRole("region", { name: "Nový kurz" });
    await create.getByLabel("Názov kurzu").fill(title);
    await create.getByLabel("Cena (€)").fill("abc");
    await create.getByRole("button", { name: "Vytvoriť koncept" }).click();
    await expect(create.getByLabel("Cena (€)")).toHaveAttribute("aria-invalid", "true");
    await expect(create.getByText("Zadajte sumu v eurách, napríklad 49,90.")).toBeVisible();
    await expect(create.getByLabel("Krátky popis")).toHaveAttribute("aria-invalid", "true");
    await expect(create.getByLabel("Názov kurzu")).toHaveValue(title);

    await create.getByLabel("Krátky popis").fill("Agenda sekretára klubu.");
    await create.getByLabel("Cena (€)").fill("19");
    await create.getByRole("button", { name: "Vytvoriť koncept" }).click();
    await expect(page).toHaveURL(/\/admin\/kurzy\/[0-9a-f]{24}\?hotovo=vytvoreny$/);

    // publishing is the admin's: the button is disabled and says why
    const publish = page.getByRole("button", { name: "Zverejniť kurz" });
    await expect(publish).toBeDisabled();
    await expect(publish).toHaveAccessibleDescription("Zverejniť, archivovať a zmazať kurz môže len administrátor.");

    // two levels, then the second moves up
    const addLevel = page.getByRole("region", { name: "Pridať úroveň" });
    await addLevel.getByLabel("Názov úrovne").fill("Evidencia členov");
    await addLevel.getByRole("button", { name: "Pridať úroveň" }).click();
    await expect(page.getByRole("heading", { level: 3, name: "Úroveň 1: Evidencia členov" })).toBeVisible();
    await page.getByRole("region", { name: "Pridať úroveň" }).getByLabel("Názov úrovne").fill("Zápisnice");
    await page.getByRole("region", { name: "Pridať úroveň" }).getByRole("button", { name: "Pridať úroveň" }).click();
    await expect(page.getByRole("heading", { level: 3, name: "Úroveň 2: Zápisnice" })).toBeVisible();
    await page.getByRole("button", { name: "Posunúť vyššie: Zápisnice" }).click();
    await expect(status(page)).toHaveText("Poradie je zmenené.");
    await expect(page.getByRole("heading", { level: 3, name: "Úroveň 1: Zápisnice" })).toBeVisible();

    // a topic under the first level (the add form sits in a <details>, which opens without JavaScript)
    await page.getByText("Pridať tému do úrovne Zápisnice").click();
    await page.getByLabel("Názov témy").first().fill("Valné zhromaždenie");
    await page.getByRole("button", { name: "Pridať tému" }).first().click();
    await expect(page.getByRole("heading", { level: 4, name: "Téma 1.1: Valné zhromaždenie" })).toBeVisible();
    // no delete for a level: that is the admin's too
    await expect(page.getByRole("button", { name: "Zmazať úroveň" })).toHaveCount(0);
  });
});
