// First impressions over HTTP: every page has a Slovak <title> (error pages too),
// robots.txt and the favicon are served, an unknown catalog tag is said to be unknown.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "../support/app";
import { signIn } from "../support/app-login";

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

const SITE = "Akadémia športového manažmentu";
const titles = (html: string) => [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);

async function page(path: string, init?: { fetch?: (url: string) => Promise<Response> }) {
  const res = await (init?.fetch ?? fetch)(`${app.url}${path}`);
  return { status: res.status, html: await res.text() };
}

describe("page titles", () => {
  it.each([
    ["/", 200, `Katalóg kurzov | ${SITE}`],
    ["/?tag=secretary", 200, `Kurzy pre: Sekretári | ${SITE}`],
    ["/prihlasenie", 200, `Prihlásenie | ${SITE}`],
    ["/neexistuje", 404, `Stránka sa nenašla | ${SITE}`],
    ["/kurzy/neexistuje", 404, `Stránka sa nenašla | ${SITE}`],
    ["/?page=abc", 400, `Neplatná požiadavka | ${SITE}`],
  ])("%s answers %i with one Slovak title", async (path, status, title) => {
    const res = await page(path);
    expect(res.status).toBe(status);
    expect(titles(res.html)).toEqual([title]);
  });

  it("the course page has a title and the favicon (a hashed build asset or inlined) is linked from every page", async () => {
    const res = await page("/kurzy/riadenie-sportoveho-klubu");
    expect(res.status).toBe(200);
    expect(titles(res.html)).toHaveLength(1);
    expect(titles(res.html)[0]).toMatch(/\S/);
    for (const path of ["/", "/neexistuje"]) {
      // React Router puts the document's CSP nonce on the links it renders
      expect((await page(path)).html).toMatch(
        /<link (nonce="[^"]+" )?rel="icon" href="(\/assets\/brand-mark-[\w-]+\.svg|data:image\/svg\+xml[^"]+)" type="image\/svg\+xml"\/>/,
      );
    }
  });

  it("the 404 page is friendly Slovak without a stack", async () => {
    const { html } = await page("/toto/neexistuje");
    expect(html).toContain('<h1 id="chyba-nadpis">Stránka sa nenašla</h1>');
    expect(html).toContain("Späť na katalóg kurzov");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toMatch(/Error:|at \w+ \(/);
  });

  it("the account page has its title when signed in", async () => {
    const { jar } = await signIn(app.url, "jana.novakova@demo.sk", "/ucet");
    const res = await jar.fetch(`${app.url}/ucet`);
    expect(res.status).toBe(200);
    expect(titles(await res.text())).toEqual([`Môj účet | ${SITE}`]);
  });
});

describe("robots.txt and favicon", () => {
  it("lets crawlers into the catalog and keeps them out of /admin, /api, /ucet and /idp", async () => {
    const res = await fetch(`${app.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const lines = (await res.text()).split("\n").map((l) => l.trim());
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/admin", "/api", "/ucet", "/idp"]) expect(lines).toContain(`Disallow: ${path}`);
  });

  it("the catalog's covers are signed WebP widths cached for the 30 days their URL holds; the brand mark has a hashed URL", async () => {
    const { html } = await page("/");
    // uploaded covers (the demo's are stored at seed: docs/decisions/files/public-images.md)
    const covers = [...html.matchAll(/<img src="(http[^"]+\/files\/s\/[0-9a-f]{24}\/w\d+\.webp\?[^"]+)"[^>]*class="card-cover"/g)].map((m) =>
      m[1].replaceAll("&amp;", "&"),
    );
    expect(covers.length).toBeGreaterThan(0);
    expect(html).toMatch(/srcSet="[^"]*w480\.webp[^"]* 480w/);
    const cover = await fetch(covers[0]);
    expect(cover.status).toBe(200);
    expect(cover.headers.get("content-type")).toBe("image/webp");
    const cache = cover.headers.get("cache-control") ?? "";
    expect(cache).toContain("immutable");
    // signed from the start of the day for 30 days: at least 29 days left
    expect(Number(/max-age=(\d+)/.exec(cache)?.[1])).toBeGreaterThan(29 * 24 * 3600);
    // the brand mark: a build asset (hashed name) or inlined as a data URL
    expect(html).toMatch(/<img src="(\/assets\/brand-mark-[\w-]+\.svg|data:image\/svg\+xml[^"]+)" alt="" width="32" height="32" class="brand-mark"/);
  });

  it("serves the SVG favicon", async () => {
    const res = await fetch(`${app.url}/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
  });
});

describe("unknown catalog tag", () => {
  it("says no course has that tag instead of showing it as an active filter", async () => {
    const { status, html: raw } = await page("/?tag=nikto-take-nema");
    const html = raw.replaceAll("<!-- -->", "");
    expect(status).toBe(200);
    expect(html).toContain("Žiadny kurz nemá značku „nikto-take-nema“.");
    expect(html).not.toContain("Kurzy pre cieľovú skupinu");
    expect(titles(html)).toEqual([`Katalóg kurzov | ${SITE}`]);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toMatch(/aria-current="true"/); // no filter, not even "Všetky", is active
    expect(html).not.toContain('class="course-grid"');
  });

  it("escapes the tag it repeats", async () => {
    const html = (await page(`/?tag=${encodeURIComponent("<b>x</b>")}`)).html.replaceAll("<!-- -->", "");
    expect(html).toContain("„&lt;b&gt;x&lt;/b&gt;“");
    expect(html).not.toContain("<b>x</b>");
  });

  it("keeps a known audience tag as the active filter", async () => {
    const { html } = await page("/?tag=secretary");
    expect(html).not.toContain("Žiadny kurz nemá značku");
    expect(html).toContain("Kurzy pre cieľovú skupinu");
  });
});
