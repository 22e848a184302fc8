// The public catalog over the Slovak demo seed (helper brief > Demo catalog), on the
// PostgreSQL server in TEST_DATABASE_URL or on embedded PGlite.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "../support/app";

const PUBLISHED = ["riadenie-sportoveho-klubu", "financie-a-granty-v-sporte", "sekretar-klubu-v-praxi"];
const HIDDEN = ["marketing-sportovej-organizacie", "pravo-a-governance-vo-zvazoch"];

let app: RunningApp;

beforeAll(async () => {
  app = await startApp({ seed: true });
});
afterAll(async () => {
  await app?.stop();
});

const getJson = async (path: string) => (await fetch(`${app.url}${path}`)).json();
type Item = { _id: string; slug: string; title: string };

describe("catalog over the demo seed", () => {
  it("lists the published courses and none of the archived or draft ones", async () => {
    const body = await getJson("/api/courses?pageSize=50");
    const slugs = body.data.map((c: Item) => c.slug);
    for (const slug of PUBLISHED) expect(slugs).toContain(slug);
    for (const slug of HIDDEN) expect(slugs).not.toContain(slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const c of body.data) {
      expect(c.currency).toBe("EUR");
      expect(c.vatIncluded).toBe(true);
      expect(Number.isInteger(c.priceCents)).toBe(true);
    }
  });

  it("filters by the audience tags", async () => {
    const secretary = await getJson("/api/courses?tag=secretary");
    expect(secretary.data.map((c: Item) => c.slug)).toContain("sekretar-klubu-v-praxi");
    expect(secretary.data.map((c: Item) => c.slug)).not.toContain("riadenie-sportoveho-klubu");
    const founder = await getJson("/api/courses?tag=founder");
    expect(founder.data.map((c: Item) => c.slug)).toContain("riadenie-sportoveho-klubu");
    expect(founder.data.map((c: Item) => c.slug)).not.toContain("financie-a-granty-v-sporte");
  });

  it("resolves riadenie-sportoveho-klubu to version 2 (version 1 is archived)", async () => {
    const body = await getJson("/api/courses/riadenie-sportoveho-klubu");
    expect(body.levels).toHaveLength(3);
    for (const level of body.levels) {
      expect(level.topics.length).toBeGreaterThan(0);
      expect(level.topicCount).toBe(level.topics.length);
      for (const topic of level.topics) expect(topic.moduleId).toMatch(/^[0-9a-f]{24}$/);
    }
    if (app.database.url) {
      // compare with the database itself when it is a server we can query alongside the app
      const client = new pg.Client({ connectionString: app.database.url });
      await client.connect();
      try {
        const { rows } = await client.query("select id, version, state from courses where slug = $1 order by version", ["riadenie-sportoveho-klubu"]);
        expect(rows.map((r) => [r.version, r.state])).toEqual(
          expect.arrayContaining([
            [1, "archived"],
            [2, "published"],
          ]),
        );
        expect(body.course._id).toBe(rows.find((r) => r.version === 2)!.id);
      } finally {
        await client.end();
      }
    }
  });

  it.for(HIDDEN)("answers 404 for %s", async (slug) => {
    const res = await fetch(`${app.url}/api/courses/${slug}`);
    expect(res.status).toBe(404);
    expect((await fetch(`${app.url}/kurzy/${slug}`)).status).toBe(404);
  });

  it("previews without leaking the full video", async () => {
    const res = await fetch(`${app.url}/api/courses/riadenie-sportoveho-klubu/preview`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain("videoPlaybackId");
    expect(text).not.toContain("videoAssetId");
    const body = JSON.parse(text);
    expect(body.parts.length).toBeGreaterThanOrEqual(1);
    expect(body.parts.length).toBeLessThanOrEqual(2);
    const blocks = body.parts.flatMap((p: { contentBlocks: { type: string }[] }) => p.contentBlocks);
    expect(blocks.some((b: { type: string }) => b.type === "text")).toBe(true);
    for (const video of blocks.filter((b: { type: string }) => b.type === "video")) expect(video).toHaveProperty("previewPlaybackId");
  });

  it("renders the catalog and a course page as HTML", async () => {
    const list = await getJson("/api/courses?pageSize=50");
    const html = await (await fetch(`${app.url}/`)).text();
    for (const c of list.data.slice(0, 12) as Item[]) expect(html).toContain(`href="/kurzy/${c.slug}"`);
    const course = await fetch(`${app.url}/kurzy/riadenie-sportoveho-klubu`);
    expect(course.status).toBe(200);
    const page = await course.text();
    expect(page).toMatch(/\d,\d{2}\u00a0€/);
    expect(page).toContain("Cena bez DPH");
    expect(page).toContain('href="/kurzy/riadenie-sportoveho-klubu/kupit"');
  });
});
