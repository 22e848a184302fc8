// The whole purchase in a browser with JavaScript off: sign in →
// course page → checkout (first invalid, then valid) → sandbox gateway success → the
// return page grants access → the course page and the account know it → the invoice PDF
// downloads and holds its INV number and VAT lines. Tomáš Baláž buys (only the club walk
// uses him too, for a club order of another course).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./support/fixtures";

const SLUG = "financie-a-granty-v-sporte";

test.beforeEach(async ({ context }) => {
  // offline machine: nothing but the app itself
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a student buys a course through the sandbox gateway and gets access and an invoice", async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(`/kurzy/${SLUG}`);
    await page.getByRole("main").getByRole("link", { name: "Kúpiť kurz" }).click();

    // checkout asks for sign-in first and comes back
    await expect(page).toHaveURL(/\/idp\/interaction\//);
    await page.getByLabel("E-mail").fill("tomas.balaz@demo.sk");
    await page.getByLabel("Heslo").fill("demo1234");
    await page.getByRole("button", { name: "Prihlásiť sa" }).click();
    await expect(page).toHaveURL(new RegExp(`/kurzy/${SLUG}/kupit$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Nákup kurzu");

    // invalid: no address, terms not agreed → errors inline, typed values kept
    await page.getByLabel("Meno", { exact: true }).fill("Tomáš");
    await page.getByLabel("Ulica a číslo").fill("");
    await page.getByRole("button", { name: /^Zaplatiť \d/ }).click();
    await expect(page.locator(".field-errors").getByText("Na dokončenie objednávky musíte súhlasiť s obchodnými podmienkami.")).toBeVisible();
    await expect(page.getByLabel("Ulica a číslo")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Meno", { exact: true })).toHaveValue("Tomáš");

    // valid
    await page.getByLabel("Ulica a číslo").fill("Športová 5");
    await page.getByLabel("Mesto").fill("Prešov");
    await page.getByLabel("PSČ").fill("080 01");
    await page.getByLabel(/Súhlasím s obchodnými podmienkami/).check();
    await page.getByLabel(/Súhlasím s podmienkami vrátenia peňazí/).check();
    await page.getByRole("button", { name: /^Zaplatiť \d/ }).click();

    // the sandbox gateway
    await expect(page).toHaveURL(/\/sandbox-gateway\/pay\//);
    await expect(page.getByRole("heading", { name: "Zaplatiť objednávku" })).toBeVisible();
    await page.getByRole("button", { name: "Zaplatiť (úspešná platba)" }).click();

    // back on the return page: access granted
    await expect(page).toHaveURL(/\/objednavky\/[0-9a-f]{24}\/return$/);
    await expect(page.getByRole("status").filter({ hasText: "Platba prebehla úspešne. Kurz máte sprístupnený." })).toBeVisible();
    const learn = page.getByRole("link", { name: "Začať študovať" });
    await expect(learn).toHaveAttribute("href", `/kurzy/${SLUG}/studium`);

    // the course page now leads to learning instead of checkout
    await page.goto(`/kurzy/${SLUG}`);
    await expect(page.getByRole("main").getByRole("link", { name: "Pokračovať v štúdiu" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Kúpiť kurz" })).toHaveCount(0);

    // the account lists the order with its invoice, which downloads as a PDF once rendered
    await page.goto("/ucet");
    // his row (the club walk, tests/e2e/club-seats.spec.ts, adds a club order to his account)
    const row = page.getByRole("row").filter({ hasText: "Financie a granty v športe" });
    await expect(row.getByRole("cell", { name: "Zaplatená" })).toBeVisible();
    const invoiceHref = await row.getByRole("link", { name: "Faktúra (PDF)" }).getAttribute("href");
    expect(invoiceHref).toMatch(/^\/api\/orders\/[0-9a-f]{24}\/invoice$/);
    let pdf: Buffer | null = null;
    for (let i = 0; i < 40 && !pdf; i++) {
      const res = await page.request.get(invoiceHref!);
      if (res.status() === 200) {
        expect(res.headers()["content-type"]).toBe("application/pdf");
        pdf = await res.body();
      } else {
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    expect(pdf, "the invoice PDF was rendered").not.toBeNull();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "invoice-")), "invoice.pdf");
    fs.writeFileSync(file, pdf!);
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    expect(text).toMatch(/INV-\d{4}-\d{4}/);
    expect(text).toMatch(/DPH/);
    expect(text).toMatch(/20\s?%/);
    expect(text).toContain("89,00");
  });
});

test.describe("with JavaScript", () => {
  test("the billing switch, inline errors, a refused payment and a retry from the return page", async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(`/kurzy/sekretar-klubu-v-praxi`);
    await page.getByRole("main").getByRole("link", { name: "Kúpiť kurz" }).click();
    await expect(page).toHaveURL(/\/idp\/interaction\//);
    await page.getByLabel("E-mail").fill("eva.kovacova@demo.sk");
    await page.getByLabel("Heslo").fill("demo1234");
    await page.getByRole("button", { name: "Prihlásiť sa" }).click();
    await expect(page).toHaveURL(/\/kurzy\/sekretar-klubu-v-praxi\/kupit$/);

    // company: its fieldset shows, the person's hides
    await page.getByLabel("Firma alebo klub (na IČO)").check();
    await expect(page.getByLabel("Názov firmy alebo klubu")).toBeVisible();
    await expect(page.getByLabel("Meno", { exact: true })).toBeHidden();
    await page.getByRole("button", { name: /^Zaplatiť \d/ }).click();
    await expect(page.locator(".field-errors").getByText("Na dokončenie objednávky musíte súhlasiť s obchodnými podmienkami.")).toBeVisible();
    await expect(page.getByLabel("Názov firmy alebo klubu")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Názov firmy alebo klubu").fill("ŠK Tatran Demo");
    await page.getByLabel("IČO", { exact: true }).fill("12345678");
    await page.getByLabel("Kontaktný e-mail").fill("klub@tatran-demo.sk");
    await page.getByLabel("Ulica a číslo").fill("Športová 5");
    await page.getByLabel("Mesto").fill("Prešov");
    await page.getByLabel("PSČ").fill("080 01");
    await page.getByLabel(/Súhlasím s obchodnými podmienkami/).check();
    await page.getByLabel(/Súhlasím s podmienkami vrátenia peňazí/).check();
    await page.getByRole("button", { name: /^Zaplatiť \d/ }).click();

    await expect(page).toHaveURL(/\/sandbox-gateway\/pay\//);
    await page.getByRole("button", { name: "Zamietnuť platbu" }).click();
    await expect(page).toHaveURL(/\/objednavky\/[0-9a-f]{24}\/return$/);
    await expect(page.getByRole("alert")).toContainText("Platba sa nepodarila.");
    await page.getByRole("button", { name: /^Zaplatiť znova/ }).click();
    await expect(page).toHaveURL(/\/sandbox-gateway\/pay\//);
    await page.getByRole("button", { name: "Zaplatiť (úspešná platba)" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Platba prebehla úspešne." })).toBeVisible();
  });
});
