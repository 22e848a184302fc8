// What a buyer must know before the order (issue 29, item 6), as a browser without
// JavaScript sees it: the course page's access duration, what is included and the seller
// with its contact; every page's footer with the legal links; the terms naming the
// configured contact (docs/decisions/catalog/what-a-buyer-must-know.md > What a buyer must know).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, schema } from "#server/db";
import { startApp, type RunningApp } from "../support/app";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { insertCatalogFixtures, type CatalogFixtures } from "../support/catalog-fixtures";

const SELLER = {
  INVOICE_SUPPLIER_NAME: "Predajná akadémia, s. r. o.",
  INVOICE_SUPPLIER_ADDRESS: "Kupecká 7, 040 01 Košice",
  INVOICE_SUPPLIER_ICO: "76543210",
  SUPPORT_EMAIL: "pomoc@predajna-akademia.example",
};

let database: TestDatabase;
let app: RunningApp;
let fx: CatalogFixtures;

beforeAll(async () => {
  database = await createTestDatabase();
  fx = await insertCatalogFixtures(database);
  // riadenie-test v2: a test after its first part and a final test
  const handle = await openDatabase({ databaseUrl: database.url, dataDir: database.env.DATA_DIR });
  try {
    const { tests, parts, courses } = schema;
    const [partTest] = await handle.db.insert(tests).values({ courseId: fx.riadenie.v2, placement: "part", title: "Kontrola" }).returning({ id: tests.id });
    const [finalTest] = await handle.db.insert(tests).values({ courseId: fx.riadenie.v2, placement: "course", title: "Záver" }).returning({ id: tests.id });
    await handle.db.update(parts).set({ partTestId: partTest!.id }).where(eq(parts.id, fx.riadenie.partIds[0]!));
    await handle.db.update(courses).set({ courseTestId: finalTest!.id }).where(eq(courses.id, fx.riadenie.v2));
  } finally {
    await handle.close();
  }
  app = await startApp({ database, seed: false, env: SELLER });
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

/** the server's text with its no-break spaces as plain ones */
const plain = (html: string) => html.replaceAll("\u00a0", " ");
const footerOf = (html: string) => /<footer class="site-footer">([\s\S]*?)<\/footer>/.exec(html)?.[1] ?? "";

function expectSeller(html: string) {
  expect(html).toContain(SELLER.INVOICE_SUPPLIER_NAME);
  expect(html).toContain(SELLER.INVOICE_SUPPLIER_ADDRESS);
  expect(html).toContain(`IČO: ${SELLER.INVOICE_SUPPLIER_ICO}`);
  expect(html).toContain(`href="mailto:${SELLER.SUPPORT_EMAIL}"`);
}

describe("the course page before the order", () => {
  it("states the access duration, what is included and the seller with its contact", async () => {
    const { status, html: raw } = await page("/kurzy/riadenie-test");
    expect(status).toBe(200);
    const html = plain(raw);
    expect(html).toContain("<dt>Prístup ku kurzu</dt><dd>neobmedzený – prístup po zaplatení nevyprší</dd>");
    const included = /<h2 id="v-cene">Čo je v cene<\/h2><ul>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
    const items = [...included.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1]);
    expect(items).toEqual([
      "12 častí výučby v 2 úrovniach",
      "12 videí (spolu 2 hodiny videa)",
      "2 testy: 1 kontrolný test k časti, záverečný test",
      "certifikát „Osvedčenie o absolvovaní akreditovaného vzdelávania“ po úspešnom absolvovaní, vydáva Slovenská akadémia športového manažmentu (a 1 čiastkový certifikát po úrovniach)",
      "faktúra s DPH e-mailom a v sekcii Môj účet",
    ]);
    // the seller in the buy box, before the "Kúpiť kurz" link's page
    const buyBox = /<aside class="buy-box"[\s\S]*?<\/aside>/.exec(html)?.[0] ?? "";
    expect(buyBox).toContain("Predávajúci");
    expectSeller(buyBox);
  });

  it("a course without tests says so", async () => {
    const html = plain((await page("/kurzy/sekretar-test")).html);
    expect(html).toContain("<li>6 častí výučby v 1 úrovni</li>");
    expect(html).toContain("<li>bez testov</li>");
  });
});

describe("the footer", () => {
  it("links the terms, privacy and contact and names the seller on every page", async () => {
    for (const path of ["/", "/kurzy/riadenie-test", "/obchodne-podmienky", "/ochrana-osobnych-udajov", "/prihlasenie", "/verify", "/neexistujuca-stranka"]) {
      const { html } = await page(path);
      const footer = footerOf(html);
      expect(footer, path).toContain('href="/obchodne-podmienky"');
      expect(footer, path).toContain('href="/ochrana-osobnych-udajov"');
      expect(footer, path).toMatch(/<a [^>]*href="\/obchodne-podmienky#predavajuci"[^>]*>Kontakt<\/a>/);
      expectSeller(footer);
    }
  });

  it("the privacy page answers 200 and names the controller", async () => {
    const { status, html } = await page("/ochrana-osobnych-udajov");
    expect(status).toBe(200);
    expect(html).toContain("<h1>Ochrana osobných údajov</h1>");
    expectSeller(/<article[\s\S]*<\/article>/.exec(html)?.[0] ?? "");
  });
});

describe("the terms", () => {
  it("name the seller and the configured contact, refunds included", async () => {
    const { html } = await page("/obchodne-podmienky");
    const article = /<article[\s\S]*<\/article>/.exec(html)?.[0] ?? "";
    expect(article).toContain('<h2 id="predavajuci">Predávajúci a kontakt</h2>');
    expectSeller(article);
    // React separates adjacent text nodes with <!-- -->; the reader sees one sentence
    const refunds = (/<h2 id="vratenie-penazi">[\s\S]*?<\/p>/.exec(article)?.[0] ?? "").replaceAll("<!-- -->", "");
    expect(refunds).toContain(`o vrátenie požiadajte e-mailom na <a href="mailto:${SELLER.SUPPORT_EMAIL}">${SELLER.SUPPORT_EMAIL}</a>`);
  });
});
