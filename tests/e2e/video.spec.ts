// Video in the browser: the course page's preview clip plays from its signed URL and
// seeks (range requests), and a content manager uploads a video into a draft course's
// video block: with JavaScript through the progress-bar upload, without JavaScript through
// "Pripraviť nahrávanie" and the plain file form; both end with the block ready and
// playing. axe checks every page visited (fixtures).
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

const SAMPLE = path.resolve(import.meta.dirname, "../../media/video/sample.mp4");
const PREVIEW = path.resolve(import.meta.dirname, "../../media/video/sample-preview.mp4");

async function signIn(page: Page, email: string, returnTo = "/admin") {
  await page.goto(`/api/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Heslo").fill("demo1234");
  await page.getByRole("button", { name: "Prihlásiť sa" }).click();
  await expect(page).toHaveURL(new RegExp(`${returnTo.replace(/\//g, "\\/")}$`));
}

/** The draft demo course's first video block, found through the admin API (same cookies). */
async function draftVideoBlock(page: Page) {
  const list = await (await page.request.get("/api/admin/courses?state=draft")).json();
  const course = list.data.find((c: { slug: string }) => c.slug === "pravo-a-governance-vo-zvazoch");
  const detail = await (await page.request.get(`/api/admin/courses/${course._id}`)).json();
  for (const level of detail.levels) {
    for (const topic of level.topics) {
      for (const part of topic.module?.parts ?? []) {
        const block = part.contentBlocks.find((b: { type: string }) => b.type === "video");
        if (block) return { partId: part._id as string, blockId: block.id as string };
      }
    }
  }
  throw new Error("the draft course has no video block");
}

/** Waits for the <video> to have metadata, seeks to `to` seconds and waits for the seek. */
async function seek(page: Page, selector: string, to: number) {
  return page.locator(selector).evaluate(
    (video: HTMLVideoElement, to: number) =>
      new Promise<{ duration: number; currentTime: number; readyState: number; error: number | null }>((resolve) => {
        const done = () =>
          resolve({ duration: video.duration, currentTime: video.currentTime, readyState: video.readyState, error: video.error?.code ?? null });
        video.addEventListener("error", done, { once: true });
        const go = () => {
          video.addEventListener("seeked", done, { once: true });
          video.currentTime = to;
        };
        if (video.readyState >= 1) go();
        else {
          video.addEventListener("loadedmetadata", go, { once: true });
          video.load();
        }
      }),
    to,
  );
}

test("the course page's preview clip plays from its signed URL and seeks", async ({ page }) => {
  const ranges: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/local-video/play/")) ranges.push(r.headers().range ?? "");
  });
  await page.goto("/kurzy/riadenie-sportoveho-klubu");
  const section = page.getByRole("region", { name: "Video ukážka" });
  await expect(section).toBeVisible();
  const result = await seek(page, "section[aria-labelledby=ukazka-video] video", 10);
  expect(result.error).toBeNull();
  expect(result.duration).toBeCloseTo(15, 0);
  expect(result.currentTime).toBeCloseTo(10, 0);
  // the browser fetched the file by ranges (what makes seeking possible)
  expect(ranges.some((r) => r.startsWith("bytes="))).toBe(true);
});

test.describe("uploading a video into a draft course", () => {
  test("with JavaScript: choose a file, watch it upload, the block becomes ready and plays", async ({ page }) => {
    await signIn(page, "martin.simko@demo.sk");
    const { partId, blockId } = await draftVideoBlock(page);
    await page.goto(`/admin/video/${partId}/${blockId}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Video v časti");
    // the hydrated page shows the one-step form (the file input appears after hydration)
    await page.getByLabel("Súbor s videom (MP4)").setInputFiles(SAMPLE);
    // remember whether a progress bar was ever shown (a local upload is over in a moment)
    await page.evaluate(() => {
      const w = window as unknown as { progressShown: boolean };
      w.progressShown = false;
      new MutationObserver(() => {
        if (document.querySelector("progress#upload-progress")) w.progressShown = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole("button", { name: "Nahrať video" }).click();
    // the seed's block already plays the sample: wait for this upload's result
    await expect(page.getByTestId("upload-status")).toHaveAttribute("data-status", "ready", { timeout: 20_000 });
    await expect(page.getByTestId("block-state")).toHaveText("Pripravené na prehrávanie");
    await expect(page.locator("dd code").filter({ hasText: /^lv_[0-9a-f]{24}$/ })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { progressShown: boolean }).progressShown)).toBe(true);
    const played = await seek(page, "video.video-preview", 20);
    expect(played.error).toBeNull();
    expect(played.duration).toBeCloseTo(30, 0);
    expect(played.currentTime).toBeCloseTo(20, 0);

    // the course's preview clip: 10-22 s of it, cut by the local stand-in (ffmpeg)
    await page.getByLabel("Začiatok ukážky (s)").fill("10");
    await page.getByLabel("Koniec ukážky (s)").fill("22");
    await page.getByRole("button", { name: "Vystrihnúť ukážku" }).click();
    // the action cuts with ffmpeg and delivers the webhook before it answers: slow on a busy machine
    await expect(page.getByTestId("preview-cut")).toHaveAttribute("data-status", "ready", { timeout: 20_000 });
    await expect(page.getByTestId("preview-range")).toHaveText("10–22\u00a0s");
    const clip = await seek(page, "video.video-clip", 5);
    expect(clip.error).toBeNull();
    expect(clip.duration).toBeGreaterThan(11);
    expect(clip.duration).toBeLessThan(13);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("prepare the upload, send the file with the plain form, come back to a ready block", async ({ page }) => {
      await signIn(page, "martin.simko@demo.sk");
      const { partId, blockId } = await draftVideoBlock(page);
      await page.goto(`/admin/video/${partId}/${blockId}`);
      await page.getByRole("button", { name: "Pripraviť nahrávanie" }).click();
      await page.getByLabel("Súbor s videom (MP4)").setInputFiles(PREVIEW);
      await page.getByRole("button", { name: "Nahrať video" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/video/${partId}/${blockId}$`));
      await expect(page.getByTestId("block-state")).toHaveText("Pripravené na prehrávanie");
      await expect(page.getByTestId("upload-status")).toHaveAttribute("data-status", "ready");
      await expect(page.getByText("15\u00a0s", { exact: true })).toBeVisible();
    });
  });
});
