// Step-up of a refund with JavaScript off (docs/decisions/identity/step-up-for-sensitive-admin-actions.md > Step-up for sensitive admin
// actions): Martin Šimko buys a course through the sandbox; Zuzana Bieliková (admin) signs
// in, and her sign-in is then made 20 minutes old in the app's database (the limit is 15).
// She opens the order, presses "Vrátiť peniaze", types an amount and a reason and goes on:
// the provider asks for her password again, and she is back on the refund form with the
// amount and reason still filled in. Sending it again reaches the confirmation, and the
// refund is made. PostgreSQL only (E2E_DATABASE_URL), as the sign-in is aged in the database.
import pg from "pg";
import { expect, test } from "./support/fixtures";
import { buyThroughSandbox, signIn } from "./support/journeys";

const SLUG = "riadenie-sportoveho-klubu";
const ADMIN = "zuzana.bielikova@demo.sk";
const ADMIN_ID = "p-4001";
const BUYER = { email: "martin.simko@demo.sk", firstName: "Martin", lastName: "Šimko" };
const databaseUrl = process.env.E2E_DATABASE_URL;

test.use({ javaScriptEnabled: false });
test.skip(!databaseUrl, "needs the app's PostgreSQL database (TEST_DATABASE_URL); PGlite is open in the app's process only");

test.beforeEach(async ({ context }) => {
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
});

/** Moves the admin's newest session's sign-in (auth_time) `minutes` into the past. */
async function ageNewestSignIn(userId: string, minutes: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const res = await client.query(
      `update sessions set auth_time = now() - make_interval(mins => $2)
        where id = (select id from sessions where user_id = $1 and revoked_at is null order by created_at desc limit 1)`,
      [userId, minutes],
    );
    expect(res.rowCount).toBe(1);
  } finally {
    await client.end();
  }
}

test("an admin whose sign-in is too old signs in again and is back on the refund form with what she typed", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await buyThroughSandbox(browser, baseURL!, BUYER, SLUG);

  await signIn(page, ADMIN, "/admin");
  await expect(page).toHaveURL(/\/admin$/);
  // the buyer's paid order of this course (other specs have him buy other courses)
  const orders = (await (await page.request.get("/api/admin/orders?studentId=p-3001&state=paid")).json()) as { data: { _id: string; courseTitle: string }[] };
  const ofCourse = orders.data.filter((o) => o.courseTitle === "Riadenie športového klubu");
  expect(ofCourse).toHaveLength(1);
  const orderId = ofCourse[0]._id;
  await ageNewestSignIn(ADMIN_ID, 20);

  // the order, "Vrátiť peniaze", the form typed in
  await page.goto(`/admin/objednavky/${orderId}`);
  await page.getByRole("link", { name: /^Vrátiť peniaze/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/objednavky/${orderId}/refundacia$`));
  await page.getByLabel("Suma na vrátenie (€)").fill("5,00");
  await page.getByLabel("Dôvod refundácie").fill("Zľava po reklamácii");
  await page.getByRole("button", { name: "Pokračovať na potvrdenie" }).click();

  // the provider asks for the password again; nothing typed is in the address
  await expect(page.getByLabel("Heslo")).toBeVisible();
  expect(page.url()).not.toContain("reklam");
  await page.getByLabel("E-mail").fill(ADMIN);
  await page.getByLabel("Heslo").fill("demo1234");
  await page.getByRole("button", { name: "Prihlásiť sa" }).click();

  // back on the refund form, filled in as she left it
  await expect(page).toHaveURL(new RegExp(`/admin/objednavky/${orderId}/refundacia\\?znovu=[0-9a-f]{24}$`));
  await expect(page.getByRole("status").filter({ hasText: "Prihlásili ste sa znova" })).toBeVisible();
  await expect(page.getByLabel("Suma na vrátenie (€)")).toHaveValue("5,00");
  await expect(page.getByLabel("Dôvod refundácie")).toHaveValue("Zľava po reklamácii");

  // now it goes through: the confirmation, then the refund
  await page.getByRole("button", { name: "Pokračovať na potvrdenie" }).click();
  await expect(page.getByRole("heading", { name: "Potvrďte vrátenie peňazí" })).toBeVisible();
  await page.getByRole("button", { name: /^Potvrdiť a vrátiť/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/objednavky/${orderId}\\?hotovo=refundacia$`));
  await expect(page.getByRole("status").filter({ hasText: "Refundácia bola odoslaná platobnej bráne" })).toBeVisible();
});
