// Pay by bank transfer on a 360 px phone with JavaScript off (docs/decisions/payments/pay-by-bank-transfer.md > Pay by bank
// transfer): Tomáš Baláž buys "Riadenie športového klubu" for his club's company and presses
// "Zaplatiť prevodom"; the order's page shows the payment request (IBAN, variable symbol,
// due date, PAY by square QR code); Zuzana Bieliková (admin) records the received transfer
// on the order's admin page; the order is paid and Tomáš has access. axe checks every page.
// The file sorts after every other spec that signs Tomáš in (they count his paid orders).
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/journeys";

const SLUG = "riadenie-sportoveho-klubu";
const PHONE = { width: 360, height: 740 };

test.use({ javaScriptEnabled: false, viewport: PHONE });

test.beforeEach(async ({ context }) => {
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
});

test("a club's company pays by bank transfer and the admin records the transfer", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signIn(page, "tomas.balaz@demo.sk", `/kurzy/${SLUG}/kupit`);
  await expect(page).toHaveURL(new RegExp(`/kurzy/${SLUG}/kupit$`));

  // a private buyer sees no transfer button; the company does
  await expect(page.getByRole("button", { name: "Zaplatiť prevodom" })).toHaveCount(0);
  await page.getByLabel("Firma alebo klub (na IČO)").check();
  await page.getByLabel("Názov firmy alebo klubu").fill("ŠK Tatran Demo");
  await page.getByLabel("IČO", { exact: true }).fill("12345678");
  await page.getByLabel("Kontaktný e-mail").fill("tomas.balaz@demo.sk");
  await page.getByLabel("Ulica a číslo").fill("Športová 5");
  await page.getByLabel("Mesto").fill("Prešov");
  await page.getByLabel("PSČ").fill("080 01");
  await page.getByLabel(/Súhlasím s obchodnými podmienkami/).check();
  await page.getByLabel(/Súhlasím s podmienkami vrátenia peňazí/).check();
  await page.getByRole("button", { name: "Zaplatiť prevodom" }).click();

  // the payment request on the order's page: not a tax invoice, with the QR code
  await expect(page).toHaveURL(/\/objednavky\/[0-9a-f]{24}\/return$/);
  const orderId = /\/objednavky\/([0-9a-f]{24})\//.exec(page.url())![1];
  const request = page.locator(".payment-request");
  await expect(request.getByRole("heading", { name: "Výzva na úhradu" })).toBeVisible();
  await expect(request).toContainText("Toto nie je daňový doklad");
  await expect(request).toContainText("SK3112000000198742637541");
  const vs = (await request.locator("dt:text-is('Variabilný symbol') + dd").textContent())!.trim();
  expect(vs).toMatch(/^1\d{9}$/);
  const qr = request.getByRole("img", { name: /PAY by square/ });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/);
  await expect(request.getByRole("link", { name: "Stiahnuť výzvu na úhradu (PDF)" })).toHaveAttribute("href", `/api/orders/${orderId}/payment-request`);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((e) => e.getBoundingClientRect().right > 360)
      .map((e) => `${e.tagName}.${e.className}:${Math.round(e.getBoundingClientRect().right)}`)
      .slice(0, 8)
      .join(" "),
  );
  expect(width, wide).toBeLessThanOrEqual(PHONE.width);

  // the admin records the transfer on the order's page
  const adminContext = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: PHONE });
  const admin = await adminContext.newPage();
  await signIn(admin, "zuzana.bielikova@demo.sk", `/admin/objednavky/${orderId}`);
  await expect(admin).toHaveURL(new RegExp(`/admin/objednavky/${orderId}$`));
  const section = admin.getByRole("region", { name: "Platba prevodom" });
  await expect(section).toContainText(vs);
  await section.getByLabel("Referencia platby z banky").fill(`E2E-${orderId}`);
  await section.getByRole("button", { name: "Zaznamenať prijatý prevod" }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/objednavky/${orderId}\\?hotovo=prevod-zaplatil$`));
  await expect(admin.locator(".order-facts")).toContainText("Zaplatená");
  await expect(admin.getByRole("region", { name: "Platba prevodom" })).toContainText("Zaplatila objednávku");
  await adminContext.close();

  // the buyer's order is paid and the course open
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: "Platba prebehla úspešne. Kurz máte sprístupnený." })).toBeVisible();
  await expect(page.getByRole("link", { name: "Začať študovať" })).toHaveAttribute("href", `/kurzy/${SLUG}/studium`);
});
