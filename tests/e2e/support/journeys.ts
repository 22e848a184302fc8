// Steps many browser tests share: signing a demo person in through the local provider's
// form, buying a course through the API and the sandbox gateway in a context of its own, and
// checking that a page does not scroll sideways.
import { randomUUID } from "node:crypto";
import { expect, type Browser, type Page } from "@playwright/test";

/** Starts the app's sign-in with `returnTo` and fills the provider's form (password demo1234). */
export async function signIn(page: Page, email: string, returnTo: string) {
  await page.goto(`/api/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Heslo").fill("demo1234");
  await page.getByRole("button", { name: "Prihlásiť sa" }).click();
}

/**
 * `email` buys the published course `slug` (personal billing, POST /api/orders, then
 * "Zaplatiť (úspešná platba)" at the sandbox gateway) in a browser context of its own,
 * and waits for the return page to say it is paid.
 */
export async function buyThroughSandbox(browser: Browser, baseURL: string, buyer: { email: string; firstName: string; lastName: string }, slug: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, buyer.email, "/");
  await expect(page).toHaveURL(/\/$/);
  const courses = (await (await page.request.get("/api/courses")).json()) as { data: { _id: string; slug: string }[] };
  const created = await page.request.post("/api/orders", {
    headers: { "Idempotency-Key": randomUUID(), Origin: baseURL },
    data: {
      courseId: courses.data.find((c) => c.slug === slug)!._id,
      billingType: "personal",
      billingAddress: {
        firstName: buyer.firstName,
        lastName: buyer.lastName,
        email: buyer.email,
        street: "Hlavná 1",
        city: "Bratislava",
        postalCode: "811 01",
        country: "SK",
      },
      agreedTos: true,
      agreedRefundPolicy: true,
    },
  });
  expect(created.status()).toBe(201);
  await page.goto(((await created.json()) as { redirectUrl: string }).redirectUrl);
  await page.getByRole("button", { name: "Zaplatiť (úspešná platba)" }).click();
  await expect(page.getByText("Platba prebehla úspešne")).toBeVisible({ timeout: 20_000 });
  await context.close();
}

/**
 * The page does not scroll sideways (its width within the viewport's client width),
 * measured once its stylesheets have loaded: before, a page laid out unstyled is as wide as
 * its widest table (a race that failed a 360 px check in CI once).
 */
export async function expectNoSidewaysScroll(page: Page) {
  await page.waitForLoadState("load");
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

/**
 * Completes the part open on `page` the way the spec's API allows (POST
 * /api/parts/<id>/progress with markPartCompleted: docs/decisions/learning/completion-that-means-study.md > Completion that means
 * study), for tests about what comes after a part that need not watch its video; then reloads.
 */
export async function completeOpenPartThroughApi(page: Page) {
  // with JavaScript the link to the part navigates on the client: wait until its page is there
  await page.waitForURL(/\/studium\/[0-9a-f]{24}(?:[?#].*)?$/);
  const partId = new URL(page.url()).pathname.split("/").at(-1)!;
  const origin = new URL(page.url()).origin;
  const answer = await page.request.post(`/api/parts/${partId}/progress`, { headers: { Origin: origin }, data: { markPartCompleted: true } });
  expect(answer.status()).toBe(200);
  await page.reload();
}

/**
 * Plays the part's video as far as the server can see: the `<video>` (preload="none") has the
 * part page's play address as its source, which the browser requests when play is pressed;
 * the request is made here with the page's session (headless Chromium without JavaScript
 * offers no play button to press) and must redirect to the signed media URL.
 */
export async function playVideo(page: Page) {
  const src = await page.locator("video").getAttribute("src");
  expect(src).toMatch(/^\/kurzy\/[a-z0-9-]+\/studium\/[0-9a-f]{24}\/video\/[0-9a-f]{24}$/);
  const played = await page.request.get(src!, { maxRedirects: 0 });
  expect(played.status()).toBe(302);
  expect(played.headers()["location"]).toBeTruthy();
}
