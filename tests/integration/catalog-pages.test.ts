// Catalog and course pages as a browser without JavaScript sees them: the server's HTML.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "../support/app";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { insertCatalogFixtures, type CatalogFixtures } from "../support/catalog-fixtures";

let database: TestDatabase;
let app: RunningApp;
let fx: CatalogFixtures;

beforeAll(async () => {
  database = await createTestDatabase();
  // 3 main + 12 extra published courses: two catalog pages of 12
  fx = await insertCatalogFixtures(database, { extraPublished: 12 });
  app = await startApp({ database, seed: false });
});
afterAll(async () => {
  await app?.stop();
  await database?.drop();
});

async function page(path: string) {
  const res = await fetch(`${app.url}${path}`);
  expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  return { status: res.status, html: await res.text() };
}

/** hrefs of the course cards, in page order */
const cardLinks = (html: string) => [...html.matchAll(/<h2><a [^>]*href="\/kurzy\/([^"]+)"/g)].map((m) => m[1]);
const decode = (s: string) => s.replaceAll("&amp;", "&");
/** expected text with plain spaces → the no-break spaces of server/money's formats */
const nb = (s: string) => s.replaceAll(" ", "\u00a0");
/** attributes of the links whose text is `text` (attribute order is React's business) */
const linksTo = (html: string, text: string) =>
  [...html.matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)]
    .filter((m) => m[2] === text)
    .map((m) => ({ href: decode(/href="([^"]*)"/.exec(m[1])?.[1] ?? ""), current: /aria-current="true"/.test(m[1]), rel: /rel="([^"]*)"/.exec(m[1])?.[1] }));

describe("catalog page /", () => {
  it("renders the first 12 published courses with prices, links and the tag filter", async () => {
    const { status, html } = await page("/");
    expect(status).toBe(200);
    expect(html).toContain("<h1>Katalóg kurzov</h1>");
    expect(html).toMatch(/<title>Katalóg kurzov \| Akadémia športového manažmentu<\/title>/);
    expect(cardLinks(html)).toEqual(fx.publishedOrder.slice(0, 12));
    expect(html).toContain("Riadenie športového klubu");
    expect(html).toContain("Financie a granty v športe");
    expect(html).toContain(nb("1 234,50 €")); // financie, VAT included
    expect(html).toContain(nb("149,00 €")); // riadenie
    expect(html).toContain(nb("120,00 €")); // sekretar: 100,00 € net + 20 % VAT
    for (const hidden of ["Archivovaný kurz", "Kurz v koncepte", "Zmazaný kurz", "staré vydanie", "koncept v3"]) {
      expect(html).not.toContain(hidden);
    }
    // filter links with Slovak labels, "Všetky" marked current
    expect(linksTo(html, "Všetky")).toEqual([{ href: "/", current: true, rel: undefined }]);
    for (const [tag, label] of [
      ["executive_director", "Výkonní riaditelia"],
      ["manager", "Manažéri"],
      ["founder", "Zakladatelia"],
      ["secretary", "Sekretári"],
    ]) {
      expect(linksTo(html, label)).toEqual([{ href: `/?tag=${tag}`, current: false, rel: undefined }]);
    }
    // pagination as plain links
    expect(html).toMatch(/<nav class="pagination" aria-label="Stránkovanie">/);
    expect(linksTo(html, "Nasledujúca ›")).toEqual([{ href: "/?page=2", current: false, rel: "next" }]);
    expect(html).toMatch(/<span aria-current="page">1<\/span>/);
  });

  it("renders the second page", async () => {
    const { status, html } = await page("/?page=2");
    expect(status).toBe(200);
    expect(cardLinks(html)).toEqual(fx.publishedOrder.slice(12));
    expect(linksTo(html, "‹ Predchádzajúca")).toEqual([{ href: "/", current: false, rel: "prev" }]);
    expect(html).toMatch(/<span aria-current="page">2<\/span>/);
  });

  it("filters by tag and keeps the tag in pagination links", async () => {
    const secretary = await page("/?tag=secretary");
    expect(secretary.status).toBe(200);
    expect(cardLinks(secretary.html)).toEqual(["sekretar-test"]);
    expect(linksTo(secretary.html, "Sekretári")).toEqual([{ href: "/?tag=secretary", current: true, rel: undefined }]);
    expect(linksTo(secretary.html, "Všetky")[0].current).toBe(false);
    expect(secretary.html).not.toContain("Financie a granty v športe");
    expect(secretary.html).not.toContain('class="pagination"');

    const founder = await page("/?tag=founder");
    // riadenie + 12 extra courses carry "founder": 13 -> two pages
    expect(cardLinks(founder.html)).toHaveLength(12);
    expect(linksTo(founder.html, "Nasledujúca ›")).toEqual([{ href: "/?tag=founder&page=2", current: false, rel: "next" }]);
    const founder2 = await page("/?tag=founder&page=2");
    expect(cardLinks(founder2.html)).toHaveLength(1);
    expect(linksTo(founder2.html, "‹ Predchádzajúca")).toEqual([{ href: "/?tag=founder", current: false, rel: "prev" }]);
  });

  it("shows an empty state for a tag without courses and for a page past the end", async () => {
    const empty = await page("/?tag=nikto");
    expect(empty.status).toBe(200);
    // no course carries "nikto": said so, not shown as an active filter (site-pages.test.ts)
    expect(empty.html.replaceAll("<!-- -->", "")).toContain("Žiadny kurz nemá značku „nikto“.");
    const past = await page("/?page=7");
    expect(past.status).toBe(200);
    expect(past.html).toContain("Na tejto strane už nie sú žiadne kurzy.");
    expect(cardLinks(past.html)).toEqual([]);
  });

  it("answers a malformed page number with a Slovak 400 page", async () => {
    const { status, html } = await page("/?page=abc");
    expect(status).toBe(400);
    expect(html).toContain("Neplatná požiadavka");
  });
});

describe("course page /kurzy/<slug>", () => {
  it("renders the published version with description, levels, prices, instructors and accreditation", async () => {
    const { status, html } = await page("/kurzy/riadenie-test");
    expect(status).toBe(200);
    expect(html).toContain("<h1>Riadenie športového klubu</h1>");
    expect(html).toContain("Od stanov po rozpočet");
    // meta from seoTitle / seoDescription
    expect(html).toContain("<title>Kurz riadenia športového klubu online</title>");
    expect(html).toContain('<meta name="description" content="Naučte sa viesť športový klub."/>');
    // Markdown rendered on the server, raw HTML and javascript: links neutralized
    expect(html).toContain("<h2>Čo sa naučíte</h2>");
    expect(html).toContain("<strong>Riadiť</strong>");
    expect(html).not.toContain("<script>alert");
    expect(html).toContain("&lt;script&gt;alert('xss')&lt;/script&gt;");
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain('<a href="">Klikni</a>');
    // levels with topics, total duration
    expect(html).toContain(nb("24 hodín"));
    expect(html).toMatch(/Úroveň <!-- -->1<!-- -->: <!-- -->Základy riadenia/);
    expect(html).toMatch(/Úroveň <!-- -->2<!-- -->: <!-- -->Financie klubu/);
    for (const topic of ["Téma 1.1", "Téma 1.2", "Téma 2.1", "Téma 2.2"]) expect(html).toContain(topic);
    expect(html.indexOf("Téma 1.1")).toBeLessThan(html.indexOf("Téma 1.2"));
    expect(html).not.toContain("Stará úroveň"); // v1's content
    // price with and without VAT: 149,00 = 124,17 + 24,83
    expect(html).toContain(nb("149,00 €"));
    expect(html).toContain(nb("124,17 €"));
    expect(html).toContain(nb("24,83 €"));
    // instructors
    expect(html).toContain("Mgr. Eva Kováčová");
    expect(html).toContain("lektorka športového manažmentu");
    expect(html).toContain("ŠK Tatran Demo");
    expect(html).toContain("<strong>15 rokov</strong>");
    expect(html).not.toContain("<script>alert('bio')");
    expect(html).toContain("Ing. Juraj Kráľ, PhD.");
    // accreditation
    expect(html).toContain("Slovenská akadémia športového manažmentu");
    expect(html).toContain("AK-2025-017");
    // buy button
    expect(linksTo(html, "Kúpiť kurz").map((l) => l.href)).toEqual(["/kurzy/riadenie-test/kupit"]);
  });

  it("computes VAT on top of a net price and uses title/shortDescription as meta", async () => {
    const { status, html } = await page("/kurzy/sekretar-test");
    expect(status).toBe(200);
    expect(html).toContain(nb("120,00 €"));
    expect(html).toContain(nb("100,00 €"));
    expect(html).toContain(nb("20,00 €"));
    expect(html).toContain(nb("1,5 hodiny"));
    expect(html).toContain("<title>Sekretár klubu v praxi | Akadémia športového manažmentu</title>");
    expect(html).toContain('<meta name="description" content="Krátky popis kurzu Sekretár klubu v praxi."/>');
  });

  it.each(["neexistuje", "archivovany-test", "koncept-test", "zmazany-test"])("answers 404 for %s", async (slug) => {
    const { status, html } = await page(`/kurzy/${slug}`);
    expect(status).toBe(404);
    expect(html).toContain("Stránka sa nenašla");
    expect(html).not.toContain("Kúpiť kurz");
  });
});

describe("checkout /kurzy/<slug>/kupit (tests/integration/checkout-pages.test.ts has the purchase)", () => {
  it("sends an anonymous visitor to sign in and back", async () => {
    const res = await fetch(`${app.url}/kurzy/riadenie-test/kupit`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/api/auth/login?returnTo=${encodeURIComponent("/kurzy/riadenie-test/kupit")}`);
  });

  it("answers 404 for a course that is not published", async () => {
    expect((await page("/kurzy/koncept-test/kupit")).status).toBe(404);
  });
});
