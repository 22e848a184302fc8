// The local mail outbox in the browser: Peter Horváth buys a course (API + sandbox gateway,
// in his own browser context), then an admin finds the purchase confirmation
// under Administrácia → Odchádzajúca pošta, opens it and downloads the invoice PDF
// attached to it (the outbox is the admin's: a content manager has no menu entry and gets
// the 403 page). axe checks every admin page visited (fixtures).
import { randomUUID } from "node:crypto";
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/journeys";

const SLUG = "sekretar-klubu-v-praxi";

test.beforeEach(async ({ context }) => {
  // offline machine: nothing but the app itself
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
});

test("an admin reads the purchase confirmation with its invoice in the outbox; a content manager may not", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);

  // the purchase, in the buyer's own browser
  const buyer = await browser.newContext({ baseURL });
  const buyerPage = await buyer.newPage();
  await signIn(buyerPage, "peter.horvath@demo.sk", "/");
  await expect(buyerPage).toHaveURL(/\/$/);
  const courses = (await (await buyerPage.request.get("/api/courses")).json()) as { data: { _id: string; slug: string }[] };
  const courseId = courses.data.find((c) => c.slug === SLUG)!._id;
  const created = await buyerPage.request.post("/api/orders", {
    headers: { "Idempotency-Key": randomUUID(), Origin: baseURL! },
    data: {
      courseId,
      billingType: "personal",
      billingAddress: {
        firstName: "Peter",
        lastName: "Horváth",
        email: "peter.horvath@demo.sk",
        street: "Tatranská 1",
        city: "Poprad",
        postalCode: "058 01",
        country: "SK",
      },
      agreedTos: true,
      agreedRefundPolicy: true,
    },
  });
  expect(created.status()).toBe(201);
  const { redirectUrl } = (await created.json()) as { redirectUrl: string };
  await buyerPage.goto(redirectUrl);
  await buyerPage.getByRole("button", { name: "Zaplatiť (úspešná platba)" }).click();
  await expect(buyerPage).toHaveURL(/\/objednavky\/[0-9a-f]{24}\/return$/);
  await buyer.close();

  // the content manager: no menu entry, the 403 page
  const manager = await browser.newContext({ baseURL });
  const managerPage = await manager.newPage();
  await signIn(managerPage, "martin.simko@demo.sk", "/admin");
  await expect(managerPage).toHaveURL(/\/admin$/);
  await expect(managerPage.getByRole("navigation", { name: "Administrácia" }).getByRole("link", { name: "Odchádzajúca pošta" })).toHaveCount(0);
  expect((await managerPage.goto("/admin/posta"))?.status()).toBe(403);
  await manager.close();

  // the admin
  await signIn(page, "zuzana.bielikova@demo.sk", "/admin");
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("navigation", { name: "Administrácia" }).getByRole("link", { name: "Odchádzajúca pošta" }).click();
  await expect(page).toHaveURL(/\/admin\/posta$/);
  await expect(page).toHaveTitle("Odchádzajúca pošta | Akadémia športového manažmentu");
  await expect(page.getByRole("heading", { level: 1, name: "Odchádzajúca pošta" })).toBeVisible();

  // the jobs send within seconds; the page is plain HTML, so reload until it is there
  const row = page.getByRole("row").filter({ hasText: "peter.horvath@demo.sk" }).filter({ hasText: "Potvrdenie nákupu kurzu" });
  for (let i = 0; i < 60 && (await row.count()) === 0; i++) {
    await page.waitForTimeout(500);
    await page.reload();
  }
  await expect(row).toHaveCount(1);
  await row.getByRole("link").click();

  await expect(page).toHaveURL(/\/admin\/posta\/[0-9a-f]{24}$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Potvrdenie nákupu kurzu");
  await expect(page.getByText("Dobrý deň, Peter Horváth,")).toBeVisible();
  const attachment = page.getByRole("link", { name: /^Stiahnuť faktura-INV-\d{4}-\d{4}\.pdf$/ });
  await expect(attachment).toBeVisible();
  const pdf = await page.request.get((await attachment.getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  await page.getByRole("link", { name: "Späť na odchádzajúcu poštu" }).click();
  await expect(page).toHaveURL(/\/admin\/posta$/);
});
