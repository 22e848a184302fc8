// The `test` every browser spec imports: its `page` runs axe-core on every page the test
// visits and fails the test on any WCAG 2.2 A/AA violation, so a new spec cannot forget
// the check. Checked: the page after each `page.goto` (before goto returns), and every
// other document load or client-side navigation (a link click, a redirect, a form post),
// in the background, one at a time; when the test ends, the page it ended on, and every
// app page the test passed through too quickly for its check (the next navigation
// interrupted it) is opened again in the same browser context and checked then.
// `expectAccessible(page)` checks the current page on the spot (e.g. after opening a menu).
import { createHash } from "node:crypto";
import axeCore, { type AxeResults, type RunOptions } from "axe-core";
import { test as base, expect, type Browser, type BrowserContext, type Page } from "@playwright/test";

export { expect };

/** WCAG 2.0, 2.1 and 2.2, levels A and AA (axe-core's tags). */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

type Violation = { url: string; id: string; impact: string | null | undefined; help: string; targets: string[] };

/**
 * With JavaScript off axe cannot run in the page (its timers never fire), so the page's
 * DOM is copied into a JavaScript-enabled page of the same size, at the same URL, with
 * every page script blocked by CSP; stylesheets and images load from the app as usual.
 * One such page per test, navigated to each copy in turn: a new page per copy cost a
 * renderer process each (about a quarter of a JavaScript-off check's time).
 */
class Snapshotter {
  private context: BrowserContext | null = null;
  private copy: Page | null = null;
  private current: { url: string; html: string } | null = null;
  constructor(private readonly browser: Browser) {}

  async page(of: Page, html: string): Promise<Page> {
    const url = of.url();
    if (!this.copy || this.copy.isClosed()) {
      this.context ??= await this.browser.newContext({ viewport: of.viewportSize(), javaScriptEnabled: true });
      this.copy = await this.context.newPage();
      await this.copy.route(
        (u) => u.href === this.current?.url,
        (route) =>
          route.fulfill({
            status: 200,
            contentType: "text/html; charset=utf-8",
            body: this.current?.html ?? "",
            headers: { "Content-Security-Policy": "script-src 'none'" },
          }),
      );
    }
    const size = of.viewportSize();
    if (size) await this.copy.setViewportSize(size);
    this.current = { url, html };
    await this.copy.goto(url);
    return this.copy;
  }

  async close() {
    await this.context?.close();
  }
}

/**
 * The same document checked twice gives the same findings: axe-core's verdict depends only on
 * the DOM, the stylesheets (one build per run) and the viewport, so a page whose DOM was
 * already checked at the same size and JavaScript setting in this worker is not analysed
 * again (about half of the checks of a run: the catalog and course pages are opened by
 * many tests). What differs per render without changing what axe sees is left out of the
 * comparison: inline script bodies (the hydration data, with its timestamps), CSP nonces
 * and the values of hidden inputs (idempotency keys). Any other difference, a single
 * character of text, is a new check.
 */
const checkedDocuments = new Map<string, Omit<Violation, "url">[]>();

function documentKey(page: Page, html: string, javaScript: boolean): string {
  const normalized = html
    .replace(/(<script\b[^>]*>)[\s\S]*?<\/script>/gi, "$1</script>")
    .replace(/\snonce="[^"]*"/gi, "")
    .replace(/(<input\b[^>]*\btype="hidden"[^>]*\bvalue=")[^"]*"/gi, '$1"');
  const viewport = page.viewportSize();
  return createHash("sha256").update(`${viewport?.width}x${viewport?.height} js=${javaScript}\n${normalized}`).digest("hex");
}

async function violationsOf(page: Page, snapshots?: Snapshotter): Promise<Violation[]> {
  const url = page.url();
  const html = await page.content();
  const key = documentKey(page, html, !snapshots);
  const known = checkedDocuments.get(key);
  if (known) return known.map((v) => ({ ...v, url }));
  const violations = await analyse(page, html, snapshots);
  // a check interrupted by a navigation throws before this line: nothing half-known is kept
  checkedDocuments.set(
    key,
    violations.map(({ url: _url, ...rest }) => rest),
  );
  return violations;
}

/**
 * axe-core run in the page itself, the way @axe-core/playwright's legacy mode does it but
 * without its two costs per check: its default mode finishes every run in a new blank page
 * (a renderer process, and axe-core injected a second time), and both modes give the
 * injection one second before going on without it. The pages have no frames to recurse into.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  await page.evaluate(axeCore.source);
  return page.evaluate(async (options) => {
    const axe = (window as unknown as { axe?: typeof axeCore }).axe;
    // injected into a document the page has since left
    if (!axe) throw new Error("the page navigated away before axe-core ran");
    return axe.run(document, options);
  }, AXE_OPTIONS);
}

/**
 * Only the violations are read: passes and inapplicable rules are not collected node by
 * node nor sent back to the test (the same verdicts, a fraction of the work).
 */
const AXE_OPTIONS: RunOptions = { runOnly: { type: "tag", values: WCAG_TAGS }, resultTypes: ["violations"] };

async function analyse(page: Page, html: string, snapshots?: Snapshotter): Promise<Violation[]> {
  const url = page.url();
  const target = snapshots ? await snapshots.page(page, html) : page;
  const results = await runAxe(target);
  return results.violations.map((v) => ({
    url,
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1).join(" ").trim() ?? ""}`),
  }));
}

function describeViolations(violations: Violation[]): string {
  return violations.map((v) => `${v.url}\n  [${v.impact}] ${v.id}: ${v.help}\n${v.targets.map((t) => `    ${t}`).join("\n")}`).join("\n");
}

/** Checks the page as it is now (JavaScript on); fails at once on a violation. */
export async function expectAccessible(page: Page): Promise<void> {
  const violations = await violationsOf(page);
  expect(violations, `WCAG 2.2 AA violations:\n${describeViolations(violations)}`).toEqual([]);
}

/**
 * The rules each URL breaks, opened one after the other in `page` (JavaScript off) and
 * checked as the fixture checks such pages: through one copying page. For its self-test.
 */
export async function findingsWithoutJavaScript(page: Page, browser: Browser, urls: string[]): Promise<string[][]> {
  const snapshots = new Snapshotter(browser);
  try {
    const found: string[][] = [];
    for (const url of urls) {
      await page.goto(url);
      found.push((await violationsOf(page, snapshots)).map((v) => v.id));
    }
    return found;
  } finally {
    await snapshots.close();
  }
}

/** A navigation that destroyed the page under a running check: not a finding. */
function interrupted(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  return /Execution context was destroyed|Target (page, context or browser )?(has been )?closed|frame was detached|navigat/i.test(text);
}

/**
 * Resolves once the body and every form and form control of an app page carry React's props
 * (hydrated; links are left out: a lesson's Markdown is set as HTML, and React never owns its
 * links); at once on a page React Router did not render (the provider's, the gateway's) or one
 * that is already gone.
 */
async function untilHydrated(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => {
        if (!(window as unknown as { __reactRouterContext?: unknown }).__reactRouterContext) return true;
        const hydrated = (el: Element) => Object.keys(el).some((key) => key.startsWith("__reactProps$"));
        return hydrated(document.body) && [...document.querySelectorAll("body form, body button, body input, body select, body textarea")].every(hydrated);
      },
      undefined,
      { timeout: 10_000 },
    )
    .catch((error: unknown) => {
      if (!interrupted(error)) throw error;
    });
}

class AutoAxe {
  readonly found: Violation[] = [];
  readonly checked: string[] = [];
  readonly skipped: string[] = [];
  /** every main-frame URL, in order (client-side navigations too) */
  readonly visited: string[] = [];
  private queue: Promise<void> = Promise.resolve();
  /** bumped on every main-frame navigation; a check of an older one is stale */
  private generation = 0;
  private checkedGeneration = -1;
  private paused = 0;

  constructor(
    private readonly page: Page,
    private readonly snapshots?: Snapshotter,
  ) {
    page.on("framenavigated", (frame) => {
      if (frame !== page.mainFrame()) return;
      this.visited.push(frame.url());
      this.generation++;
      if (this.paused === 0) this.schedule();
    });
  }

  schedule(): Promise<void> {
    this.queue = this.queue.then(() => this.check());
    return this.queue;
  }

  private async check(): Promise<void> {
    const generation = this.generation;
    if (generation === this.checkedGeneration || this.page.isClosed()) return;
    try {
      await this.page.waitForLoadState("load", { timeout: 10_000 });
      if (generation !== this.generation) return; // already left
      const violations = await violationsOf(this.page, this.snapshots);
      if (generation !== this.generation) return; // left while checking: the result may mix two pages
      this.checkedGeneration = generation;
      this.checked.push(this.page.url());
      this.found.push(...violations);
    } catch (error) {
      if (!interrupted(error)) throw error;
      this.skipped.push(`${this.page.url()}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
    }
  }

  /**
   * goto: navigate, then (JavaScript on) wait until React has hydrated the app's page, then
   * check before the test continues. Without the wait a test could use a control before
   * its handler exists (a file chosen before hydration is never uploaded); the check used
   * to take long enough to hide that.
   */
  async around<T>(navigate: () => Promise<T>): Promise<T> {
    this.paused++;
    try {
      const response = await navigate();
      if (!this.snapshots) await untilHydrated(this.page);
      await this.queue;
      await this.schedule();
      return response;
    } finally {
      this.paused--;
    }
  }

  async finish(): Promise<void> {
    await this.queue;
    await this.schedule();
    // pages left before their check finished: open them again (same cookies) and check
    const origin = new URL(this.page.url()).origin;
    const missed = [...new Set(this.visited)].filter((url) => {
      if (this.checked.includes(url)) return false;
      const u = new URL(url);
      // the API and the provider's one-time pages cannot be revisited meaningfully
      return u.origin === origin && !/^\/(api|idp)(\/|$)/.test(u.pathname);
    });
    for (const url of missed) {
      const again = await this.page.context().newPage();
      try {
        await again.goto(url);
        this.found.push(...(await violationsOf(again, this.snapshots)));
        this.checked.push(`${url} (revisited)`);
      } finally {
        await again.close();
      }
    }
  }
}

export const test = base.extend({
  page: async ({ page, browser, javaScriptEnabled }, use, testInfo) => {
    const snapshots = javaScriptEnabled === false ? new Snapshotter(browser) : undefined;
    const axe = new AutoAxe(page, snapshots);
    const goto = page.goto.bind(page);
    page.goto = (url, options) => axe.around(() => goto(url, options));
    await use(page);
    await axe.finish();
    await snapshots?.close();
    await testInfo.attach("accessibility-checked-pages", {
      body: [...axe.checked, ...axe.skipped.map((s) => `interrupted: ${s}`)].join("\n"),
      contentType: "text/plain",
    });
    if (axe.found.length > 0) {
      throw new Error(`WCAG 2.2 AA violations (axe-core, ${WCAG_TAGS.join(", ")}):\n${describeViolations(axe.found)}`);
    }
  },
});
