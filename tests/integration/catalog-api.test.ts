// Public catalog API over HTTP against the built app and a real database
// (spec: Endpoints > Public catalog; Limits > pageSize; Versioning 5).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "../support/app";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { insertCatalogFixtures, type CatalogFixtures } from "../support/catalog-fixtures";
import { expectMatchesContract } from "../support/contract";

const LIST_ITEM_KEYS = [
  "_id",
  "slug",
  "title",
  "shortDescription",
  "coverImageUrl",
  "priceCents",
  "currency",
  "vatIncluded",
  "durationHours",
  "language",
  "tags",
  "instructorProfiles",
  "accreditation",
].sort();

let database: TestDatabase;
let app: RunningApp;
let fx: CatalogFixtures;

beforeAll(async () => {
  database = await createTestDatabase();
  fx = await insertCatalogFixtures(database, { extraPublished: 2 });
  app = await startApp({ database, seed: false });
});
afterAll(async () => {
  await app?.stop();
  await database?.drop();
});

// every answer is checked against GET /api/openapi.json (status documented, body valid)
const get = async (path: string) => {
  const res = await fetch(`${app.url}${path}`);
  const body = await res.json();
  await expectMatchesContract("GET", path, res, body);
  return { res, status: res.status, body };
};

function expectErrorBody(body: unknown, error: string) {
  expect(body).toEqual({ error, message: expect.any(String), details: expect.anything() });
}

describe("GET /api/courses", () => {
  it("lists published courses with exactly the CourseListItem fields and default pagination", async () => {
    const { status, res, body } = await get("/api/courses");
    expect(status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(Object.keys(body).sort()).toEqual(["data", "pagination"]);
    expect(body.pagination).toEqual({ page: 1, pageSize: 20, totalItems: 5, totalPages: 1 });
    expect(body.data.map((c: { slug: string }) => c.slug)).toEqual(fx.publishedOrder);
    for (const item of body.data) {
      expect(Object.keys(item).sort()).toEqual(LIST_ITEM_KEYS);
      expect(item._id).toMatch(/^[0-9a-f]{24}$/);
      expect(Number.isInteger(item.priceCents)).toBe(true);
      for (const p of item.instructorProfiles) expect(Object.keys(p).sort()).toEqual(["affiliation", "displayName"]);
      expect(Object.keys(item.accreditation)).toEqual(["partnerName"]);
    }
    const riadenie = body.data.find((c: { slug: string }) => c.slug === "riadenie-test");
    expect(riadenie).toEqual({
      _id: fx.riadenie.v2,
      slug: "riadenie-test",
      title: "Riadenie športového klubu",
      shortDescription: "Praktický kurz vedenia klubu.",
      coverImageUrl: null,
      priceCents: 14_900,
      currency: "EUR",
      vatIncluded: true,
      durationHours: 24,
      language: "sk",
      tags: ["executive_director", "manager", "founder"],
      instructorProfiles: [
        { displayName: "Mgr. Eva Kováčová", affiliation: "ŠK Tatran Demo" },
        { displayName: "Ing. Juraj Kráľ, PhD.", affiliation: null },
      ],
      accreditation: { partnerName: "Slovenská akadémia športového manažmentu" },
    });
  });

  it("never lists draft, archived or deleted versions, and lists a slug once (its published version)", async () => {
    const { body } = await get("/api/courses?pageSize=50");
    const slugs = body.data.map((c: { slug: string }) => c.slug);
    for (const hidden of fx.hiddenSlugs) expect(slugs).not.toContain(hidden);
    expect(slugs.filter((s: string) => s === "riadenie-test")).toHaveLength(1);
    const ids = body.data.map((c: { _id: string }) => c._id);
    expect(ids).not.toContain(fx.riadenie.v1);
    expect(ids).not.toContain(fx.riadenie.v3);
  });

  it("pages through the list", async () => {
    const p1 = await get("/api/courses?pageSize=2");
    const p2 = await get("/api/courses?pageSize=2&page=2");
    const p3 = await get("/api/courses?pageSize=2&page=3");
    expect(p1.body.pagination).toEqual({ page: 1, pageSize: 2, totalItems: 5, totalPages: 3 });
    expect(p2.body.pagination).toEqual({ page: 2, pageSize: 2, totalItems: 5, totalPages: 3 });
    expect(p3.body.pagination).toEqual({ page: 3, pageSize: 2, totalItems: 5, totalPages: 3 });
    const slugs = [...p1.body.data, ...p2.body.data, ...p3.body.data].map((c: { slug: string }) => c.slug);
    expect(slugs).toEqual(fx.publishedOrder);
    expect(p3.body.data).toHaveLength(1);
  });

  it("answers a page past the end with an empty list and the real totals", async () => {
    const { status, body } = await get("/api/courses?pageSize=2&page=9");
    expect(status).toBe(200);
    expect(body).toEqual({ data: [], pagination: { page: 9, pageSize: 2, totalItems: 5, totalPages: 3 } });
  });

  it("filters by tag", async () => {
    const secretary = await get("/api/courses?tag=secretary");
    expect(secretary.body.data.map((c: { slug: string }) => c.slug)).toEqual(["sekretar-test"]);
    expect(secretary.body.pagination).toEqual({ page: 1, pageSize: 20, totalItems: 1, totalPages: 1 });

    const manager = await get("/api/courses?tag=manager");
    // archivovany/koncept/zmazany carry the tag too but are not published
    expect(manager.body.data.map((c: { slug: string }) => c.slug)).toEqual(["financie-test", "sekretar-test", "riadenie-test"]);

    const founder = await get("/api/courses?tag=founder&pageSize=1&page=2");
    expect(founder.body.pagination).toEqual({ page: 2, pageSize: 1, totalItems: 3, totalPages: 3 });
    expect(founder.body.data.map((c: { slug: string }) => c.slug)).toEqual(["doplnkovy-kurz-01"]);

    const none = await get("/api/courses?tag=neexistuje");
    expect(none.body).toEqual({ data: [], pagination: { page: 1, pageSize: 20, totalItems: 0, totalPages: 0 } });
  });

  it("accepts pageSize=50", async () => {
    const { status, body } = await get("/api/courses?pageSize=50");
    expect(status).toBe(200);
    expect(body.pagination.pageSize).toBe(50);
  });

  it.each([
    ["pageSize=51", "pageSize"],
    ["pageSize=0", "pageSize"],
    ["page=abc", "page"],
    ["page=0", "page"],
    ["pageSize=-5", "pageSize"],
    ["pageSize=2.5", "pageSize"],
  ])("refuses %s with 422 validation and validator details", async (qs, field) => {
    const { status, res, body } = await get(`/api/courses?${qs}`);
    expect(status).toBe(422);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expectErrorBody(body, "validation");
    expect(body.details).toEqual([expect.objectContaining({ path: field, message: expect.any(String) })]);
  });
});

describe("GET /api/courses/<slug>", () => {
  it("returns the newest published version with its levels and topics", async () => {
    const { status, body } = await get("/api/courses/riadenie-test");
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["course", "enrollment", "levels"]);
    expect(body.enrollment).toBeNull();
    expect(body.course).toMatchObject({
      _id: fx.riadenie.v2,
      slug: "riadenie-test",
      title: "Riadenie športového klubu",
      subtitle: "Od stanov po rozpočet",
      description: expect.stringContaining("## Čo sa naučíte"),
      priceCents: 14_900,
      currency: "EUR",
      vatRate: 0.2,
      vatIncluded: true,
      durationHours: 24,
      accreditation: {
        partnerOrgId: "o-9001",
        partnerName: "Slovenská akadémia športového manažmentu",
        certificateType: expect.any(String),
        accreditationNumber: "AK-2025-017",
      },
    });
    expect(body.course.instructorProfiles.map((p: { displayName: string }) => p.displayName)).toEqual(["Mgr. Eva Kováčová", "Ing. Juraj Kráľ, PhD."]);
    // internal fields stay internal
    for (const key of ["state", "createdBy", "seoTitle", "version", "previousVersionId"]) expect(body.course).not.toHaveProperty(key);

    expect(body.levels).toHaveLength(2);
    const [l1, l2] = body.levels;
    expect(Object.keys(l1).sort()).toEqual(
      ["_id", "orderIndex", "slug", "title", "subtitle", "estimatedHours", "topicSequencing", "issuesIntermediateCertificate", "topicCount", "topics"].sort(),
    );
    expect(l1).toMatchObject({
      orderIndex: 1,
      slug: "uroven-1",
      title: "Základy riadenia",
      estimatedHours: 4,
      topicSequencing: "flexible",
      issuesIntermediateCertificate: true,
      topicCount: 2,
    });
    expect(l2).toMatchObject({ orderIndex: 2, title: "Financie klubu", issuesIntermediateCertificate: false, topicCount: 2 });
    // topics come in orderIndex order, each with its one module
    expect(l1.topics.map((t: { title: string }) => t.title)).toEqual(["Téma 1.1", "Téma 1.2"]);
    for (const t of l1.topics) {
      expect(Object.keys(t).sort()).toEqual(["_id", "iconName", "moduleEstimatedMinutes", "moduleId", "slug", "title"]);
      expect(t.moduleId).toMatch(/^[0-9a-f]{24}$/);
    }
    expect(l1.topics[0]).toMatchObject({ slug: "tema-1-1", iconName: "book", moduleId: fx.riadenie.firstModuleId, moduleEstimatedMinutes: 45 });
  });

  it.each(["neexistuje", "archivovany-test", "koncept-test", "zmazany-test", "x".repeat(300)])("answers 404 for %s", async (slug) => {
    const { status, body } = await get(`/api/courses/${slug}`);
    expect(status).toBe(404);
    expectErrorBody(body, "not_found");
  });
});

describe("GET /api/courses/<slug>/preview", () => {
  it("serves the first parts of the first module without enrolled-only data", async () => {
    const { status, body, res } = await get("/api/courses/riadenie-test/preview");
    expect(status).toBe(200);
    const raw = JSON.stringify(body);
    expect(raw).not.toContain("videoPlaybackId");
    expect(raw).not.toContain("videoAssetId");
    expect(raw).not.toContain("playback-secret");
    expect(raw).not.toContain("asset-secret");
    expect(raw).not.toContain("secret-"); // storage paths of PDFs, images, attachments
    expect(raw).not.toContain("transcript");
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);

    expect(body.course).toEqual({ _id: fx.riadenie.v2, slug: "riadenie-test", title: "Riadenie športového klubu" });
    expect(body.parts.map((p: { _id: string }) => p._id)).toEqual(fx.riadenie.partIds.slice(0, 2));
    const [part] = body.parts;
    expect(part).toMatchObject({
      slug: "cast-1",
      title: "Časť 1.1.1",
      summary: "Zhrnutie časti 1",
      module: { _id: fx.riadenie.firstModuleId, title: "Modul 1.1", topicTitle: "Téma 1.1", levelTitle: "Základy riadenia" },
      attachments: [{ name: "Šablóna rozpočtu.xlsx", sizeBytes: 20480, mimeType: "application/vnd.ms-excel" }],
      partTest: null,
      progress: null,
    });
    const byType = Object.fromEntries(part.contentBlocks.map((b: { type: string }) => [b.type, b]));
    expect(byType.text).toEqual({ id: "b-text-1", type: "text", markdown: "Text časti 1.1.1" });
    expect(byType.video).toEqual({ id: "b-video-1", type: "video", previewPlaybackId: "preview-011", chapters: [{ title: "Úvod", startSec: 0 }] });
    expect(byType.presentation).toEqual({ id: "b-pdf-1", type: "presentation", slideCount: 12 });
    expect(byType.image).toEqual({ id: "b-img-1", type: "image", alt: "Schéma klubu", caption: null });
  });

  it.each(["neexistuje", "archivovany-test", "koncept-test"])("answers 404 for %s", async (slug) => {
    const { status, body } = await get(`/api/courses/${slug}/preview`);
    expect(status).toBe(404);
    expectErrorBody(body, "not_found");
  });
});

describe("read-only catalog", () => {
  it.each(["/api/courses", "/api/courses/riadenie-test", "/api/courses/riadenie-test/preview"])("answers POST %s with 405 and the error body", async (path) => {
    const res = await fetch(`${app.url}${path}`, { method: "POST", headers: { Origin: app.url } });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
    expectErrorBody(await res.json(), "method_not_allowed");
  });
});
