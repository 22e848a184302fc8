// An admin refunds an order in the sandbox and sees it settle, with
// JavaScript off: Zuzana Bieliková (admin; no other spec buys as her) buys a course through
// the API and the sandbox gateway, finds the order under Administrácia → Objednávky, opens
// it, refunds the whole amount with "zrušiť zápis" through the form and its confirmation,
// and reloads the order until the sandbox's payment.refunded has completed the refund: the
// order is refunded, the timeline shows the refund and the credit note, the enrollment is
// cancelled. The audit log and the webhook viewer show what happened. axe checks every page.
import { randomUUID } from "node:crypto";
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/journeys";

const SLUG = "riadenie-sportoveho-klubu";
const ADMIN = "zuzana.bielikova@demo.sk";

test.use({ javaScriptEnabled: false });

test.beforeEach(async ({ context }) => {
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
});

test("an admin refunds an order in the sandbox and sees it settle", async ({ page, baseURL }) => {
  test.setTimeout(180_000);

  // the purchase, through the API and the sandbox gateway
  await signIn(page, ADMIN, "/admin");
  await expect(page).toHaveURL(/\/admin$/);
  const courses = (await (await page.request.get("/api/courses")).json()) as { data: { _id: string; slug: string; title: string }[] };
  const course = courses.data.find((c) => c.slug === SLUG)!;
  const created = await page.request.post("/api/orders", {
    headers: { "Idempotency-Key": randomUUID(), Origin: baseURL! },
    data: {
      courseId: course._id,
      billingType: "personal",
      billingAddress: {
        firstName: "Zuzana",
        lastName: "Bieliková",
        email: ADMIN,
        street: "Dunajská 4",
        city: "Bratislava",
        postalCode: "811 08",
        country: "SK",
      },
      agreedTos: true,
      agreedRefundPolicy: true,
    },
  });
  expect(created.status()).toBe(201);
  const { orderId, redirectUrl } = (await created.json()) as { orderId: string; redirectUrl: string };
  await page.goto(redirectUrl);
  await page.getByRole("button", { name: "Zaplatiť (úspešná platba)" }).click();
  await expect(page.getByText("Platba prebehla úspešne")).toBeVisible({ timeout: 20_000 });

  // Administrácia → Objednávky, filtered to her orders by her e-mail
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Administrácia" }).getByRole("link", { name: "Objednávky" }).click();
  await expect(page).toHaveURL(/\/admin\/objednavky$/);
  await expect(page.getByRole("heading", { level: 1, name: "Objednávky" })).toBeVisible();
  await page.getByLabel("Študent (meno, e-mail alebo ID)").fill(ADMIN);
  await page.getByLabel("Stav").selectOption("paid");
  await page.getByRole("button", { name: "Filtrovať" }).click();
  await expect(page).toHaveURL(/studentId=zuzana.bielikova%40demo.sk/);
  const row = page.getByRole("row").filter({ hasText: course.title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Zaplatená");
  // the order is linked by its human number (docs/decisions/payments/order-numbers.md > Order numbers)
  await row.getByRole("link", { name: /^Objednávka \d{4}-\d{4,}$/ }).click();

  // the order: its timeline so far
  await expect(page).toHaveURL(new RegExp(`/admin/objednavky/${orderId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(course.title);
  const timeline = page.getByRole("list").filter({ hasText: "Objednávka vytvorená" });
  await expect(timeline).toContainText("Udalosť platobnej brány payment.completed");
  await expect(timeline).toContainText("Platba prijatá");
  await expect(timeline).toContainText(/Faktúra INV-\d{4}-\d{4} vystavená/);

  // the refund form, then its confirmation
  await page.getByRole("link", { name: /^Vrátiť peniaze/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/objednavky/${orderId}/refundacia$`));
  const amount = page.getByLabel("Suma na vrátenie (€)");
  const full = await amount.inputValue();
  expect(full).toMatch(/^\d+,\d{2}$/);
  // more than was paid is refused on the form, values kept
  await amount.fill("99999");
  await page.getByLabel("Dôvod refundácie").fill("Študentka odstúpila od zmluvy");
  await page.getByRole("button", { name: "Pokračovať na potvrdenie" }).click();
  await expect(page.getByText(/Najviac možno vrátiť/)).toBeVisible();
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Dôvod refundácie")).toHaveValue("Študentka odstúpila od zmluvy");
  await amount.fill(full);
  await page.getByLabel("Po dokončení refundácie zrušiť študentovi zápis do kurzu").check();
  await page.getByRole("button", { name: "Pokračovať na potvrdenie" }).click();
  await expect(page.getByRole("heading", { name: "Potvrďte vrátenie peňazí" })).toBeVisible();
  await expect(page.getByText("zruší sa po dokončení refundácie")).toBeVisible();
  await page.getByRole("button", { name: /^Potvrdiť a vrátiť/ }).click();

  // back on the order: pending, until the sandbox's payment.refunded arrives
  await expect(page).toHaveURL(new RegExp(`/admin/objednavky/${orderId}\\?hotovo=refundacia$`));
  await expect(page.getByRole("status").filter({ hasText: "Refundácia bola odoslaná platobnej bráne" })).toBeVisible();
  const refunds = page.getByRole("table", { name: "Refundácie objednávky" });
  await expect(refunds.getByRole("row").nth(1)).toContainText(/Čaká na vysporiadanie|Dokončená/);
  // wait for the final state of both (the page reads the order and its refunds one after
  // the other, so one load may fall between them while the webhook commits)
  const settled = async () =>
    (await refunds.textContent())?.includes("Dokončená") && (await page.locator(".order-facts").textContent())?.includes("Vrátené peniaze");
  for (let i = 0; i < 40 && !(await settled()); i++) {
    await page.waitForTimeout(500);
    // the page says the refund is pending (with JavaScript it reads itself again); a reload reads it now
    await page.reload();
  }
  await expect(refunds.getByRole("row").nth(1)).toContainText("Dokončená");
  await expect(refunds.getByRole("row").nth(1)).toContainText(/DOB-\d{4}-\d{4}/);
  await expect(page.locator(".order-facts")).toContainText("Vrátené peniaze");
  await expect(timeline).toContainText("Refundácia požadovaná");
  // the person who asked: her name beside her id
  await expect(timeline).toContainText("Zuzana Bieliková (p-4001)");
  await expect(timeline).toContainText("Udalosť platobnej brány payment.refunded");
  await expect(timeline).toContainText("Refundácia dokončená");
  await expect(timeline).toContainText(/Dobropis DOB-\d{4}-\d{4} vystavený/);
  await expect(timeline).toContainText("Zápis do kurzu zrušený");
  await expect(page.getByRole("link", { name: /^Vrátiť peniaze/ })).toHaveCount(0);

  // the credit note downloads (once its job has rendered it)
  const noteHref = await page.getByRole("link", { name: /^Dobropis DOB-\d{4}-\d{4} \(PDF\)$/ }).getAttribute("href");
  expect(noteHref).toMatch(new RegExp(`^/api/admin/orders/${orderId}/credit-notes/[0-9a-f]{24}$`));
  let status = 0;
  for (let i = 0; i < 40 && status !== 200; i++) {
    status = (await page.request.get(noteHref!)).status();
    if (status !== 200) await page.waitForTimeout(500);
  }
  expect(status).toBe(200);

  // the audit log names the acting admin; the webhook viewer the processed event
  await page.getByRole("link", { name: "Celý audit objednávky" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Auditný záznam" })).toBeVisible();
  const requested = page.getByRole("row").filter({ hasText: "order.refund.request" });
  await expect(requested).toContainText("p-4001");
  await expect(requested).toContainText("Zuzana Bieliková");
  await expect(requested).toContainText("Študentka odstúpila od zmluvy");

  await page.getByRole("navigation", { name: "Administrácia" }).getByRole("link", { name: "Webhooky" }).click();
  await page.getByLabel("ID objednávky").fill(orderId);
  await page.getByRole("button", { name: "Filtrovať" }).click();
  const refunded = page.getByRole("row").filter({ hasText: "payment.refunded" });
  await expect(refunded).toContainText("Spracovaná");
  await refunded.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Webhook payment.refunded" })).toBeVisible();
  await expect(page.getByText("čiastočná refundácia dokončená").or(page.getByText("objednávka úplne refundovaná"))).toBeVisible();

  // the student's side: the course is no longer hers
  await page.goto("/ucet");
  await expect(page.getByRole("link", { name: /^Dobropis DOB-\d{4}-\d{4} \(PDF\)$/ })).toBeVisible();
});
