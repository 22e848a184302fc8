// An admin ends a disputed payment on the order's page with JavaScript off
// (docs/decisions/payments/disputes-end.md > Disputes end): Zuzana Bieliková (admin) buys a course through the
// sandbox; the bank's chargeback is written into the app's database as payment.disputed
// leaves it (order disputed, enrollment suspended: the signed webhook itself is covered by
// the integration tests); she opens the order, is told a reason is needed, then presses
// "Obnoviť prístup" and sees the order paid again with the decision on its timeline. axe
// checks every page. PostgreSQL only (E2E_DATABASE_URL), like the certificates spec.
import { and, eq } from "drizzle-orm";
import { openDatabase, schema, type DatabaseHandle } from "#server/db";
import { expect, test } from "./support/fixtures";
import { buyThroughSandbox, signIn } from "./support/journeys";

const SLUG = "sekretar-klubu-v-praxi";
const ADMIN = { email: "zuzana.bielikova@demo.sk", firstName: "Zuzana", lastName: "Bieliková" };
const databaseUrl = process.env.E2E_DATABASE_URL;

test.use({ javaScriptEnabled: false });
test.skip(!databaseUrl, "needs the app's PostgreSQL database (TEST_DATABASE_URL); PGlite is open in the app's process only");

test.beforeEach(async ({ context }) => {
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
});

let handle: DatabaseHandle | undefined;
test.afterAll(async () => {
  await handle?.close();
});

test("an admin restores access after a dispute decided for us", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  handle = await openDatabase({ databaseUrl, poolSize: 2 });
  const db = handle.db;

  await buyThroughSandbox(browser, baseURL!, ADMIN, SLUG);
  const [order] = await db
    .select()
    .from(schema.orders)
    .where(and(eq(schema.orders.studentId, "p-4001"), eq(schema.orders.state, "paid"), eq(schema.orders.courseTitle, (await courseTitle(db)) ?? "")));
  expect(order).toBeTruthy();
  // the chargeback, as payment.disputed records it
  await db.update(schema.orders).set({ state: "disputed" }).where(eq(schema.orders.id, order.id));
  await db.update(schema.enrollments).set({ suspendedAt: new Date() }).where(eq(schema.enrollments.orderId, order.id));

  await signIn(page, ADMIN.email, `/admin/objednavky/${order.id}`);
  await expect(page).toHaveURL(new RegExp(`/admin/objednavky/${order.id}$`));
  const decision = page.getByRole("region", { name: "Reklamácia platby" });
  await expect(decision).toBeVisible();
  await expect(page.getByRole("list").filter({ hasText: "Objednávka vytvorená" })).toContainText("Zápis pozastavený pre reklamáciu platby");

  // no reason: said on the form, nothing decided
  await decision.getByRole("button", { name: "Obnoviť prístup" }).click();
  await expect(page.getByText("Uveďte dôvod rozhodnutia.")).toBeVisible();
  await expect(page.getByLabel("Dôvod rozhodnutia")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Dôvod rozhodnutia").fill("Banka reklamáciu zamietla");
  await page.getByRole("region", { name: "Reklamácia platby" }).getByRole("button", { name: "Obnoviť prístup" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/objednavky/${order.id}\\?hotovo=pristup-obnoveny$`));
  await expect(page.getByRole("status")).toContainText("Prístup ku kurzu je obnovený");
  await expect(page.locator(".order-facts")).toContainText("Zaplatená");
  const timeline = page.getByRole("list").filter({ hasText: "Objednávka vytvorená" });
  await expect(timeline).toContainText("Reklamácia rozhodnutá: prístup obnovený");
  await expect(timeline).toContainText("Banka reklamáciu zamietla");
  await expect(page.getByRole("region", { name: "Reklamácia platby" })).toHaveCount(0);
});

async function courseTitle(db: DatabaseHandle["db"]) {
  const [course] = await db
    .select({ title: schema.courses.title })
    .from(schema.courses)
    .where(and(eq(schema.courses.slug, SLUG), eq(schema.courses.state, "published")));
  return course?.title;
}
