// The certificate as an Open Badge in the browser with JavaScript off (docs/decisions/certificates/open-badges.md >
// Open Badges): Jana downloads the baked badge image and the .jwt from her certificate
// page, and anyone, signed out, uploads them on the public verification page, which says
// the credential is valid; a changed credential pasted as text is called tampered. axe
// checks every page (tests/e2e/support/fixtures.ts). PostgreSQL only (E2E_DATABASE_URL):
// the spec writes a course and completes it through the learning engine, as
// certificates.spec.ts does, and the app's worker issues the certificate.
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { openDatabase, schema, type DatabaseHandle } from "#server/db";
import { loadConfig } from "#server/config";
import { createLogger } from "#server/log";
import { startJobs, type Jobs } from "../../jobs";
import { enrollIn, writeLearningCourse } from "../support/learning-fixtures";
import { completeCourse, completeLevel1, eventually } from "../support/certificate-fixtures";
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/journeys";

const databaseUrl = process.env.E2E_DATABASE_URL;

test.use({ javaScriptEnabled: false, acceptDownloads: true });
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

test("a graduate downloads the badge and anyone verifies it on the public page, without JavaScript", async ({ page }) => {
  test.setTimeout(120_000);
  handle = await openDatabase({ databaseUrl, poolSize: 2 });
  const db = handle.db;
  jobs = await startJobs(handle, loadConfig({ DATABASE_URL: databaseUrl }), createLogger("silent"), { work: false });

  const course = await writeLearningCourse(db, { slug: `odznak-${Date.now().toString(36)}` });
  const enrollmentId = await enrollIn(db, course, "p-1001");
  await completeLevel1(db, jobs.queue, course, "p-1001", enrollmentId);
  await completeCourse(db, jobs.queue, course, "p-1001", enrollmentId);
  const certificate = await eventually(async () => {
    const rows = await db.select().from(schema.certificates).where(eq(schema.certificates.enrollmentId, enrollmentId));
    return rows.find((r) => r.type === "final");
  }, "the final certificate from the app's worker");

  // Jana's certificate page: the Open Badge downloads and LinkedIn
  await signIn(page, "jana.novakova@demo.sk", `/ucet/certifikaty/${certificate.id}`);
  await expect(page).toHaveURL(new RegExp(`/ucet/certifikaty/${certificate.id}$`));
  await page.getByText("Pre overovateľov").click();
  const linkedIn = page.getByRole("link", { name: /Pridať na LinkedIn/ });
  await expect(linkedIn).toHaveAttribute("href", /^https:\/\/www\.linkedin\.com\/profile\/add\?startTask=CERTIFICATION_NAME&/);

  const [svgDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Odznak s vloženým certifikátom (SVG)" }).click()]);
  expect(svgDownload.suggestedFilename()).toBe(`testovaci-kurz-ucenia-${certificate.registrationNumber}-odznak.svg`);
  const svgPath = await svgDownload.path();
  expect(fs.readFileSync(svgPath, "utf8")).toContain("<openbadges:credential verify=");
  const [jwtDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Overiteľný certifikát Open Badge (.jwt)" }).click()]);
  expect(jwtDownload.suggestedFilename()).toBe(`testovaci-kurz-ucenia-${certificate.registrationNumber}-open-badge.jwt`);
  const jwt = fs.readFileSync(await jwtDownload.path(), "utf8");
  expect(jwt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

  // anyone, signed out: the public verification page takes the badge image
  await page.context().clearCookies();
  await page.goto("/verify");
  await page
    .getByLabel("Súbor s certifikátom")
    .setInputFiles({ name: svgDownload.suggestedFilename(), mimeType: "image/svg+xml", buffer: fs.readFileSync(svgPath) });
  await page.getByRole("button", { name: "Overiť digitálny certifikát" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Výsledok overenia digitálneho certifikátu" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText("Overiteľný certifikát je platný: podpísali sme ho my a nebol odvolaný.");
  const facts = page.locator("dl.facts");
  await expect(facts).toContainText(certificate.registrationNumber);
  await expect(facts).toContainText("Jana Nováková");
  await expect(facts).toContainText("Testovací kurz učenia");

  // the .jwt pasted with one character of its payload changed: tampered
  const [h, p, s] = jwt.split(".");
  const payload = JSON.parse(Buffer.from(p, "base64url").toString()) as { name: string };
  payload.name = `${payload.name} (upravené)`;
  await page.getByLabel("alebo text certifikátu").fill([h, Buffer.from(JSON.stringify(payload)).toString("base64url"), s].join("."));
  await page.getByRole("button", { name: "Overiť digitálny certifikát" }).click();
  await expect(page.getByRole("alert")).toHaveText("Certifikát bol pozmenený: podpis nezodpovedá obsahu.");
});
