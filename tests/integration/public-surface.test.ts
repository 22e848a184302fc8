// Public means published (issue 27, item 8; docs/decisions/catalog/public-means-published.md > Public means published),
// over HTTP against the built app with the demo catalog on its own database:
// - an Open Badges Achievement answers only for a published course version (or one that
//   issued the certificate: tests/integration/open-badges.test.ts); a draft, a deleted and
//   an archived version that issued nothing are 404 like an unknown id;
// - the Open Badges documents and GET /api/openapi.json count the public per-IP budget
//   (429 with Retry-After and the JSON error body); each case speaks from its own loopback
//   address (127.0.0.x), so it starts with a full budget;
// - /api/openapi.json lists the public and student operations to anyone, the admin part
//   only to a signed-in person with its roles (the whole contract to an admin, privately).
import http from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, schema, type Database } from "#server/db";
import { ERROR_CODES } from "#server/kernel/errors";
import { openApiDocument } from "../../app/lib/openapi.server";
import { startApp, type RunningApp } from "../support/app";
import { signIn } from "../support/app-login";

// the budget of each case's address; the plain fetches of the other cases (from 127.0.0.1,
// the sign-ins' pages included) stay below it
const PUBLIC = 40;
let app: RunningApp;
let db: Database;
let closeDb: () => Promise<void>;

beforeAll(async () => {
  app = await startApp({ env: { RATE_LIMIT_PUBLIC_PER_MIN: String(PUBLIC), TRUST_PROXY_HOPS: "0" } });
  const handle = await openDatabase({ databaseUrl: app.database.url, poolSize: 2 });
  db = handle.db;
  closeDb = () => handle.close();
});
afterAll(async () => {
  await closeDb?.();
  await app?.stop();
});

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** GET from a chosen local address; the server sees it as the socket's remote address. */
function getFrom(from: string, path: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port: app.port, path, localAddress: from, headers: { host: new URL(app.url).host, ...headers } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
  });
}

async function versionOf(slug: string, state: "draft" | "published" | "archived") {
  const rows = await db.select({ id: schema.courses.id, state: schema.courses.state }).from(schema.courses).where(eq(schema.courses.slug, slug));
  const found = rows.find((r) => r.state === state);
  if (!found) throw new Error(`no ${state} version of ${slug}`);
  return found.id;
}

async function levelsOf(courseId: string) {
  return db
    .select({ id: schema.levels.id, issues: schema.levels.issuesIntermediateCertificate })
    .from(schema.levels)
    .where(eq(schema.levels.courseId, courseId));
}

describe("Open Badges achievements: public means published", () => {
  it("answers a published version's achievements; a draft, a deleted and an archived version that issued nothing are 404", async () => {
    const published = await versionOf("riadenie-sportoveho-klubu", "published");
    const ok = await fetch(`${app.url}/api/openbadges/achievements/${published}`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ type: ["Achievement"], achievementType: "Certificate" });
    const level = (await levelsOf(published)).find((l) => l.issues);
    expect(level).toBeDefined();
    expect((await fetch(`${app.url}/api/openbadges/achievements/${published}/levels/${level!.id}`)).status).toBe(200);

    const draft = await versionOf("pravo-a-governance-vo-zvazoch", "draft");
    const archived = await versionOf("riadenie-sportoveho-klubu", "archived");
    const notFound = { error: "not_found", message: "Takýto certifikát sa nevydáva.", details: {} };
    for (const id of [draft, archived, "0123456789abcdef01234567"]) {
      const res = await fetch(`${app.url}/api/openbadges/achievements/${id}`);
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual(notFound);
    }
    // nor a draft's levels (which would tell its tests and pass marks)
    const draftLevel = (await levelsOf(draft))[0];
    expect((await fetch(`${app.url}/api/openbadges/achievements/${draft}/levels/${draftLevel.id}`)).status).toBe(404);

    // a deleted version: the draft soft-deleted
    await db.update(schema.courses).set({ state: "deleted", deletedAt: new Date() }).where(eq(schema.courses.id, draft));
    expect((await fetch(`${app.url}/api/openbadges/achievements/${draft}`)).status).toBe(404);
  });
});

describe("the public per-IP limit", () => {
  const paths = async () => {
    const published = await versionOf("riadenie-sportoveho-klubu", "published");
    return [
      "/api/openbadges/issuer",
      "/api/openbadges/jwks",
      "/api/openbadges/keys/neznamy",
      `/api/openbadges/achievements/${published}`,
      "/api/openbadges/status/0",
      "/api/openapi.json",
    ];
  };

  it("counts the Open Badges documents and the OpenAPI document: past the budget 429 with Retry-After and the error body", async () => {
    let n = 20;
    for (const path of await paths()) {
      const from = `127.0.0.${n++}`;
      for (let i = 0; i < PUBLIC; i++) expect((await getFrom(from, path)).status, `${path} #${i + 1}`).toBeLessThan(429);
      const over = await getFrom(from, path);
      expect(over.status, path).toBe(429);
      expect(Number(over.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(JSON.parse(over.body)).toMatchObject({ error: "rate_limited", message: ERROR_CODES.rate_limited.message });
    }
  });

  it("shares one budget across them (and with the public pages)", async () => {
    const from = "127.0.0.40";
    const all = await paths();
    for (let i = 0; i < PUBLIC; i++) expect((await getFrom(from, all[i % all.length])).status).toBeLessThan(429);
    expect((await getFrom(from, "/api/openapi.json")).status).toBe(429);
    expect((await getFrom(from, "/verify")).status).toBe(429);
  });
});

describe("GET /api/openapi.json", () => {
  const adminPaths = (doc: { paths: Record<string, unknown> }) => Object.keys(doc.paths).filter((p) => p.startsWith("/api/admin/"));
  const whole = openApiDocument();

  it("lists the public and student API to anyone, no admin operation and no schema only they use", async () => {
    const res = await getFrom("127.0.0.50", "/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
    const doc = JSON.parse(res.body) as { paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } };
    expect(adminPaths(doc)).toEqual([]);
    expect(doc.paths).toHaveProperty("/api/courses");
    expect(doc.paths).toHaveProperty("/api/orders");
    expect(doc.paths).toHaveProperty(["/api/tests/{testId}/attempts"]);
    expect(doc.paths).toHaveProperty(["/api/openbadges/achievements/{courseVersionId}"]);
    const text = JSON.stringify(doc);
    expect(text).not.toContain("/api/admin/");
    expect(text).not.toContain('"x-roles"');
    // every $ref still resolves
    for (const [, name] of text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) expect(doc.components.schemas, name).toHaveProperty([name]);
    expect(Object.keys(doc.components.schemas).length).toBeLessThan(Object.keys(whole.components.schemas).length);
  });

  it("lists the same to a signed-in student", async () => {
    const { jar } = await signIn(app.url, "jana.novakova@demo.sk", "/");
    const doc = (await (await jar.fetch(`${app.url}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(adminPaths(doc)).toEqual([]);
  });

  it("adds the authoring operations for a content manager, not the admin's", async () => {
    const { jar } = await signIn(app.url, "martin.simko@demo.sk", "/");
    const res = await jar.fetch(`${app.url}/api/openapi.json`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const doc = (await res.json()) as { paths: Record<string, Record<string, { "x-roles"?: string[] }>> };
    expect(doc.paths).toHaveProperty(["/api/admin/courses"]);
    expect(doc.paths).not.toHaveProperty(["/api/admin/orders/{orderId}/refund"]);
    for (const item of Object.values(doc.paths)) for (const op of Object.values(item)) if (op["x-roles"]) expect(op["x-roles"]).toContain("content_manager");
  });

  it("lists the whole contract, the admin part included, to a signed-in admin, privately", async () => {
    const { jar } = await signIn(app.url, "zuzana.bielikova@demo.sk", "/");
    const res = await jar.fetch(`${app.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    expect(doc.paths).toHaveProperty(["/api/admin/orders/{orderId}/refund"]);
    expect(Object.keys(doc.paths).sort()).toEqual(Object.keys(whole.paths).sort());
  });
});
