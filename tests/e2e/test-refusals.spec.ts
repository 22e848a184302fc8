// A refused test submit is said on the attempt page, with JavaScript off and on
// (docs/decisions/platform/use-cases-return-values.md > Use cases return values): an answer the attempt does not know is
// 422 and its message shows above the questions; a submit after the deadline (and the 5 s
// a request in flight at 0:00 may take) is 409 attempt_expired: the message shows and the
// page shows the attempt as submitted automatically. With JavaScript on a phone, the page
// submits itself at 0:00 and locks (issue 29, item 3). The deadline is moved into the past in the app's
// database, so PostgreSQL only (E2E_DATABASE_URL), like the disputes spec.
import { and, eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { openDatabase, schema, type DatabaseHandle } from "#server/db";
import { expect, test } from "./support/fixtures";
import { buyThroughSandbox, signIn, completeOpenPartThroughApi } from "./support/journeys";

const SLUG = "sekretar-klubu-v-praxi";
const databaseUrl = process.env.E2E_DATABASE_URL;

test.skip(!databaseUrl, "needs the app's PostgreSQL database (TEST_DATABASE_URL); PGlite is open in the app's process only");

test.beforeEach(async ({ context }) => {
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
});

let handle: DatabaseHandle | undefined;
test.afterAll(async () => {
  await handle?.close();
});

/** Signs in, completes the course's one part and starts its level test; returns the attempt page's address. */
async function startLevelTest(page: Page, email: string): Promise<string> {
  await signIn(page, email, `/kurzy/${SLUG}/studium`);
  await page.getByRole("link", { name: /Začať: Evidencia členov/ }).click();
  await completeOpenPartThroughApi(page);
  await expect(page.getByText("Túto časť máte dokončenú.")).toBeVisible();
  await page.getByRole("link", { name: "Prehľad kurzu" }).click();
  await page.getByRole("link", { name: "Test úrovne" }).click();
  await page.getByRole("button", { name: "Začať test" }).click();
  await expect(page).toHaveURL(/\/pokus\/[0-9a-f]{24}$/);
  await expect(page.getByRole("button", { name: "Odovzdať test" })).toBeVisible();
  return new URL(page.url()).pathname;
}

for (const javaScriptEnabled of [false, true]) {
  const buyer = javaScriptEnabled
    ? { email: "eva.kovacova@demo.sk", firstName: "Eva", lastName: "Kováčová" }
    : { email: "martin.simko@demo.sk", firstName: "Martin", lastName: "Šimko" };

  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a refused submit shows its message on the attempt page", async ({ page, browser, baseURL }) => {
      test.setTimeout(150_000);
      handle ??= await openDatabase({ databaseUrl, poolSize: 2 });
      const db = handle.db;
      // other specs have this buyer hold the course already (one shared app): that enrollment
      // ends first, so the buyer buys it anew and starts the test on a fresh enrollment
      const [course] = await db
        .select({ id: schema.courses.id })
        .from(schema.courses)
        .where(eq(schema.courses.slug, SLUG))
        .orderBy(schema.courses.version)
        .limit(1);
      const studentId = buyer.email === "eva.kovacova@demo.sk" ? "p-2001" : "p-3001";
      await db
        .update(schema.enrollments)
        .set({ state: "cancelled", cancelledAt: new Date(), cancelReason: "test-refusals.spec" })
        .where(and(eq(schema.enrollments.studentId, studentId), eq(schema.enrollments.courseId, course.id)));
      await buyThroughSandbox(browser, baseURL!, buyer, SLUG);
      const attemptPath = await startLevelTest(page, buyer.email);
      const attemptId = attemptPath.split("/").at(-1)!;

      // 422: the form names an answer the attempt does not have (a tampered form)
      await page.route(`**${attemptPath}*`, async (route) => {
        const request = route.request();
        if (request.method() !== "POST") return route.continue();
        const body = (request.postData() ?? "").replace(/(answer-[0-9a-f]{24}=)[^&]+/, "$1neznama-odpoved");
        await route.continue({ postData: body });
      });
      await page.getByLabel("Valné zhromaždenie (členská schôdza)").check();
      await page.getByRole("button", { name: "Odovzdať test" }).click();
      const alert = page.getByRole("alert");
      await expect(alert).toContainText("Údaje nie sú platné.");
      await expect(alert).toContainText("Taká odpoveď pri otázke nie je.");
      // nothing was submitted: the attempt is still open
      await expect(page.getByRole("button", { name: "Odovzdať test" })).toBeVisible();
      const [open] = await db.select().from(schema.testAttempts).where(eq(schema.testAttempts.id, attemptId));
      expect(open.state).toBe("in_progress");
      await page.unroute(`**${attemptPath}*`);

      // 409: the deadline (and the 5 s for a request in flight) is over
      await db
        .update(schema.testAttempts)
        .set({ deadline: new Date(Date.now() - 5 * 60_000) })
        .where(and(eq(schema.testAttempts.id, attemptId), eq(schema.testAttempts.state, "in_progress")));
      await page.getByRole("button", { name: "Odovzdať test" }).click();
      await expect(page.getByRole("alert")).toContainText("Čas na test vypršal; pokus bol odovzdaný automaticky.");
      await expect(page.getByText("Čas na test vypršal; test sa odovzdal automaticky s odpoveďami uloženými do konca času.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Odovzdať test" })).toHaveCount(0);
      const [expired] = await db.select().from(schema.testAttempts).where(eq(schema.testAttempts.id, attemptId));
      expect(expired.state).toBe("expired");
    });
  });
}

test.describe("at 0:00 with JavaScript, on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the attempt submits itself with the answers on screen and locks; 'Skúsiť znova' enables itself after the cooldown", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    handle ??= await openDatabase({ databaseUrl, poolSize: 2 });
    const db = handle.db;
    const buyer = { email: "peter.horvath@demo.sk", firstName: "Peter", lastName: "Horváth" };
    const [course] = await db
      .select({ id: schema.courses.id })
      .from(schema.courses)
      .where(eq(schema.courses.slug, SLUG))
      .orderBy(schema.courses.version)
      .limit(1);
    const endEnrollment = () =>
      db
        .update(schema.enrollments)
        .set({ state: "cancelled", cancelledAt: new Date(), cancelReason: "test-refusals.spec" })
        .where(and(eq(schema.enrollments.studentId, "p-1002"), eq(schema.enrollments.courseId, course.id)));
    await endEnrollment();
    await buyThroughSandbox(browser, baseURL!, buyer, SLUG);
    const attemptPath = await startLevelTest(page, buyer.email);
    const attemptId = attemptPath.split("/").at(-1)!;

    // 6 seconds left: the page counts down, the student picks one answer and waits
    await db
      .update(schema.testAttempts)
      .set({ deadline: new Date(Date.now() + 6_000) })
      .where(eq(schema.testAttempts.id, attemptId));
    await page.reload();
    await expect(page.getByRole("timer")).toContainText(/0:0[0-6]/);
    await page.getByLabel("Valné zhromaždenie (členská schôdza)").check();
    // 0:00: submitted by itself (no click), the result replaces the form
    await expect(page.getByText(/Test ste (úspešne absolvovali|tentoraz neabsolvovali)\./)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("button", { name: "Odovzdať test" })).toHaveCount(0);
    await expect(page.getByRole("radio").first()).toBeDisabled();
    const [row] = await db.select().from(schema.testAttempts).where(eq(schema.testAttempts.id, attemptId));
    expect(row.state).toMatch(/^(submitted|expired)$/);
    expect(row.answers.some((a) => (a.selectedAnswerIds ?? []).length > 0)).toBe(true);
    // the page fits the phone: no sideways scrolling
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // one right answer of four is a fail: the way forward, and "Skúsiť znova" that enables itself
    await expect(page.getByText("Test ste tentoraz neabsolvovali.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Čo ďalej" })).toBeVisible();
    await expect(page.locator(".review-topics").getByRole("link", { name: "Evidencia členov a ochrana údajov" })).toBeVisible();
    const retry = page.getByRole("button", { name: "Skúsiť znova" });
    await expect(retry).toBeDisabled();
    // the demo test's cooldown is 1 minute: let it end in a few seconds
    await db
      .update(schema.testAttempts)
      .set({ submittedAt: new Date(Date.now() - 55_000) })
      .where(eq(schema.testAttempts.id, attemptId));
    await page.reload();
    await expect(retry).toBeDisabled();
    await expect(page.locator(".retry-test [role=timer]")).toContainText(/\(o 0:0\d\)/);
    await expect(retry).toBeEnabled({ timeout: 12_000 });
    await expect(page.getByText("Ďalší pokus je možný.")).toBeVisible();
    await retry.click();
    await expect(page).not.toHaveURL(new RegExp(`${attemptPath}$`));
    await expect(page).toHaveURL(/\/pokus\/[0-9a-f]{24}$/);
    await expect(page.getByRole("button", { name: "Odovzdať test" })).toBeVisible();
    await endEnrollment();
  });
});
