// Public verification of an issued certificate in the browser with JavaScript off (the
// acceptance: "open the public verification page of the issued certificate"). Self-contained:
// the spec writes a small course into the app's database, enrolls Jana and completes it
// through the learning engine, whose transaction queues `certificates.issue`; the app's own
// worker issues the certificate with the sandbox partner. Then: the verification page from
// the student's account, the verdict and the facts, a wrong code (404 page with the form)
// and the form typed by hand. PostgreSQL only (E2E_DATABASE_URL): an embedded PGlite
// database cannot be opened by a second process.
import { eq } from "drizzle-orm";
import { openDatabase, schema, type DatabaseHandle } from "#server/db";
import { loadConfig } from "#server/config";
import { createLogger } from "#server/log";
import { startJobs, type Jobs } from "../../jobs";
import { issueCertificate } from "#server/certificates";
import type { Queue } from "#server/queue";
import { enrollIn, writeLearningCourse } from "../support/learning-fixtures";
import { completeCourse, completeLevel1, eventually } from "../support/certificate-fixtures";
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/journeys";

const STUDENT = "jana.novakova@demo.sk";
const databaseUrl = process.env.E2E_DATABASE_URL;

test.use({ javaScriptEnabled: false });
// skipped before any page opens (the accessibility fixture checks the page a test ends on)
test.skip(!databaseUrl, "needs the app's PostgreSQL database (TEST_DATABASE_URL); PGlite is open in the app's process only");

test.beforeEach(async ({ context }) => {
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
});

let handle: DatabaseHandle | undefined;
let jobs: Jobs | undefined;
test.afterAll(async () => {
  await jobs?.stop();
  await handle?.close();
});

test("the public verification page of an issued certificate works without JavaScript", async ({ page }) => {
  test.setTimeout(120_000);
  handle = await openDatabase({ databaseUrl, poolSize: 2 });
  const db = handle.db;
  jobs = await startJobs(handle, loadConfig({ DATABASE_URL: databaseUrl }), createLogger("silent"), { work: false });

  // Jana completes a small course; the app's worker issues both certificates
  const course = await writeLearningCourse(db, { slug: `overenie-${Date.now().toString(36)}` });
  const enrollmentId = await enrollIn(db, course, "p-1001");
  await completeLevel1(db, jobs.queue, course, "p-1001", enrollmentId);
  await completeCourse(db, jobs.queue, course, "p-1001", enrollmentId);
  const certificate = await eventually(async () => {
    const rows = await db.select().from(schema.certificates).where(eq(schema.certificates.enrollmentId, enrollmentId));
    return rows.find((r) => r.type === "final");
  }, "the final certificate from the app's worker");

  // from the student's certificates to the public page
  await signIn(page, STUDENT, "/ucet");
  await expect(page).toHaveURL(/\/ucet$/);
  await page.getByRole("link", { name: "Moje certifikáty" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Moje certifikáty" })).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: certificate.registrationNumber });
  await card.getByRole("link", { name: "Verejné overenie" }).click();
  await expect(page).toHaveURL(`/verify/${certificate.registrationNumber}?h=${certificate.verificationHash}`);
  await expect(page.getByRole("heading", { level: 1, name: "Overenie certifikátu" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Certifikát je platný." })).toHaveText("Certifikát je platný.");
  const facts = page.locator("dl.facts");
  await expect(facts).toContainText(certificate.registrationNumber);
  await expect(facts).toContainText("Jana Nováková");
  await expect(facts).toContainText("Testovací kurz učenia");
  await expect(facts).toContainText("Záverečný certifikát kurzu");
  await expect(facts).toContainText("Partner");

  // anyone, signed out: a wrong code is a 404 page with the form; typed right, it verifies
  await page.context().clearCookies();
  const wrong = await page.goto(`/verify/${certificate.registrationNumber}?h=${"0".repeat(64)}`);
  expect(wrong?.status()).toBe(404);
  await expect(page.getByRole("alert")).toContainText("sme nenašli");
  await page.getByLabel("Overovací kód").fill(certificate.verificationHash);
  await page.getByRole("button", { name: "Overiť certifikát" }).click();
  await expect(page).toHaveURL(`/verify/${certificate.registrationNumber}?h=${certificate.verificationHash}`);
  await expect(page.getByRole("status").filter({ hasText: "Certifikát je platný." })).toHaveText("Certifikát je platný.");

  // the empty form, typed by hand
  await page.goto("/verify");
  await page.getByLabel("Registračné číslo certifikátu").fill(certificate.registrationNumber);
  await page.getByLabel("Overovací kód").fill(certificate.verificationHash);
  await page.getByRole("button", { name: "Overiť certifikát" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Certifikát je platný." })).toHaveText("Certifikát je platný.");
});

test("an admin enters the partner's registration number on the admin page without JavaScript", async ({ page }) => {
  test.setTimeout(120_000);
  handle ??= await openDatabase({ databaseUrl, poolSize: 2 });
  const db = handle.db;
  jobs ??= await startJobs(handle, loadConfig({ DATABASE_URL: databaseUrl }), createLogger("silent"), { work: false });

  // Peter completes level 1 without the app's (sandbox) job; the manual partner's task waits
  const course = await writeLearningCourse(db, { slug: `rucne-${Date.now().toString(36)}` });
  const enrollmentId = await enrollIn(db, course, "p-1002");
  const noQueue: Queue = { enqueue: async () => null };
  await completeLevel1(db, noQueue, course, "p-1002", enrollmentId);
  const task = await issueCertificate(
    { db, log: createLogger("silent"), queue: jobs.queue, partner: "manual", birthDate: false },
    { enrollmentId, type: "intermediate", levelId: course.structure.levels[0].id },
  );
  expect(task.status).toBe("awaiting_admin");
  const number = `AK-E2E-${Date.now().toString(36).toUpperCase()}`;

  await signIn(page, "zuzana.bielikova@demo.sk", "/admin");
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("navigation", { name: "Administrácia" }).getByRole("link", { name: "Certifikáty" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Certifikáty" })).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: enrollmentId });
  await expect(card).toContainText("Testovací kurz učenia");
  await card.getByLabel("Registračné číslo od partnera").fill("zlé číslo");
  await card.getByRole("button", { name: "Vydať certifikát" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: enrollmentId })).toContainText("Registračné číslo môže obsahovať iba");
  const again = page.getByRole("listitem").filter({ hasText: enrollmentId });
  await again.getByLabel("Registračné číslo od partnera").fill(number);
  await again.getByRole("button", { name: "Vydať certifikát" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Certifikát č. ${number} bol vydaný` })).toBeVisible();
  await expect(page.getByRole("table")).toContainText(number);
  const [stored] = await db.select().from(schema.certificates).where(eq(schema.certificates.enrollmentId, enrollmentId));
  expect(stored.registrationNumber).toBe(number);
});
