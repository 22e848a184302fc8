// The admin authoring API over HTTP with signed-in demo users: roles first (401, 403),
// a content manager builds a course, the admin publishes it (422 with a detail per
// failing rule first), the catalog shows it, published content refuses edits (409),
// new version, archive, re-publish, delete; every answer checked against the served
// OpenAPI document; the database after each write, and what did not change.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openDatabase, schema, type Database } from "#server/db";
import { startApp } from "../support/app";
import { serverUrl } from "../support/db";
import { startInProcessApp } from "../support/in-process-app";
import { signIn } from "../support/app-login";
import { expectMatchesContract } from "../support/contract";
import type { CookieJar } from "../support/idp-login";

let url: string;
let db: Database;
let stop: () => Promise<void>;

type Client = { jar: CookieJar | null; call(method: string, path: string, body?: unknown): Promise<{ res: Response; body: any }> };

function client(jar: CookieJar | null): Client {
  return {
    jar,
    async call(method, path, body) {
      const init: RequestInit = { method, headers: body === undefined ? {} : { "content-type": "application/json" } };
      if (body !== undefined) init.body = typeof body === "string" ? body : JSON.stringify(body);
      const res = jar ? await jar.fetch(`${url}${path}`, init) : await fetch(`${url}${path}`, { ...init, redirect: "manual" });
      const text = await res.text();
      const parsed = text ? JSON.parse(text) : undefined;
      const copy = new Response(text, { status: res.status, headers: res.headers });
      Object.defineProperty(copy, "url", { value: `${url}${path}` });
      await expectMatchesContract(method, path, copy, parsed);
      return { res, body: parsed };
    },
  };
}

let anonymous: Client;
let student: Client;
let editor: Client;
let admin: Client;

beforeAll(async () => {
  if (serverUrl()) {
    const running = await startApp();
    const handle = await openDatabase({ databaseUrl: running.database.url, poolSize: 2 });
    url = running.url;
    db = handle.db;
    stop = async () => {
      await handle.close();
      await running.stop();
    };
  } else {
    const app = await startInProcessApp();
    url = app.url;
    db = app.db;
    stop = () => app.stop();
  }
  anonymous = client(null);
  student = client((await signIn(url, "jana.novakova@demo.sk")).jar);
  editor = client((await signIn(url, "martin.simko@demo.sk")).jar);
  admin = client((await signIn(url, "zuzana.bielikova@demo.sk")).jar);
}, 120_000);
afterAll(async () => {
  await stop?.();
});

const accreditation = {
  partnerOrgId: "o-9001",
  partnerName: "Slovenská akadémia športového manažmentu",
  certificateType: "Osvedčenie",
  accreditationNumber: "AK-2026/0001",
};
const fakeId = "0123456789abcdef01234567";

async function courseRow(id: string) {
  const [row] = await db.select().from(schema.courses).where(eq(schema.courses.id, id));
  return row;
}

describe("roles come first", () => {
  it("401 without a session, 403 for a student whatever the id or body", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/courses"],
      ["POST", "/api/admin/courses"],
      ["POST", `/api/admin/courses/${fakeId}/publish`],
      ["PATCH", `/api/admin/parts/${fakeId}`],
    ] as const) {
      const anon = await anonymous.call(method, path, method === "GET" ? undefined : { nonsense: true });
      expect(anon.res.status, `${method} ${path}`).toBe(401);
      expect(anon.body.error).toBe("unauthorized");
      const res = await student.call(method, path, method === "GET" ? undefined : { nonsense: true });
      expect(res.res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toMatchObject({ error: "forbidden", details: { requiredRoles: expect.any(Array) } });
    }
  });

  it("a content manager may not publish, archive, delete a course or a level (403)", async () => {
    for (const [method, path] of [
      ["POST", `/api/admin/courses/${fakeId}/publish`],
      ["POST", `/api/admin/courses/${fakeId}/archive`],
      ["DELETE", `/api/admin/courses/${fakeId}`],
      ["DELETE", `/api/admin/levels/${fakeId}`],
    ] as const) {
      const { res, body } = await editor.call(method, path);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(body.details.requiredRoles).toEqual(["admin"]);
    }
    // an admin reaches the same routes: unknown id → 404
    expect((await admin.call("POST", `/api/admin/courses/${fakeId}/publish`)).res.status).toBe(404);
  });

  it("an unsupported method is 405 with Allow", async () => {
    const res = await editor.jar!.fetch(`${url}/api/admin/courses/${fakeId}/publish`);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });
});

/** the draft the API test soft-deletes, for the list page test */
let deletedDraftId = "";

describe("authoring a course through the API", () => {
  const slug = `api-kurz-${Date.now().toString(36)}`;
  const ids: Record<string, string> = {};

  it("refuses invalid payloads with 422 details and writes nothing", async () => {
    const bad = await editor.call("POST", "/api/admin/courses", {
      slug: "Zlý Slug",
      title: "",
      shortDescription: "x",
      priceCents: -1,
      targetAudience: ["coach"],
    });
    expect(bad.res.status).toBe(422);
    expect(bad.body.error).toBe("validation");
    expect(bad.body.details.map((d: { path: string }) => d.path).sort()).toEqual(["priceCents", "slug", "targetAudience.0", "title"]);
    for (const d of bad.body.details) expect(d.message).toEqual(expect.any(String));
    const malformed = await editor.call("POST", "/api/admin/courses", "{not json");
    expect(malformed.res.status).toBe(422);
    expect(await db.select().from(schema.courses).where(eq(schema.courses.slug, "Zlý Slug"))).toEqual([]);
  });

  it("a content manager creates the draft and its tree; the database holds it", async () => {
    const created = await editor.call("POST", "/api/admin/courses", {
      slug,
      title: "Kurz z API",
      shortDescription: "Vytvorený cez API.",
      priceCents: 5900,
      currency: "EUR",
      targetAudience: ["manager", "founder"],
      instructors: ["p-2001"],
      durationHours: 4,
    });
    expect(created.res.status).toBe(201);
    expect(created.body).toMatchObject({ slug, state: "draft", version: 1, createdBy: "p-3001", vatRate: 0.2, courseTestId: null });
    ids.course = created.body._id;
    expect(await courseRow(ids.course)).toMatchObject({ slug, state: "draft", priceCents: 5900, targetAudience: ["manager", "founder"] });

    const dup = await editor.call("POST", "/api/admin/courses", { slug, title: "Iný", shortDescription: "K.", priceCents: 1 });
    expect(dup.res.status).toBe(409);
    expect(dup.body.error).toBe("slug_taken");

    const level = await editor.call("POST", `/api/admin/courses/${ids.course}/levels`, { slug: "zaklady", title: "Základy", estimatedHours: 2 });
    expect(level.res.status).toBe(201);
    ids.level = level.body._id;
    const topic = await editor.call("POST", `/api/admin/levels/${ids.level}/topics`, { slug: "uvod", title: "Úvod", iconName: "compass" });
    ids.topic = topic.body._id;
    const module = await editor.call("POST", `/api/admin/topics/${ids.topic}/module`, { estimatedMinutes: 40 });
    expect(module.res.status).toBe(201);
    expect(module.body.title).toBe("Úvod");
    ids.module = module.body._id;
    expect((await editor.call("POST", `/api/admin/topics/${ids.topic}/module`, {})).res.status).toBe(409);
    const p1 = await editor.call("POST", `/api/admin/modules/${ids.module}/parts`, {
      slug: "prva",
      title: "Prvá časť",
      contentBlocks: [
        { type: "text", markdown: "# Ahoj" },
        { type: "image", imagePath: "/media/a.svg", alt: "Schéma" },
      ],
      attachments: [{ name: "Tabuľka", path: "/media/t.xlsx", sizeBytes: 1024, mimeType: "application/vnd.ms-excel" }],
    });
    expect(p1.res.status).toBe(201);
    ids.p1 = p1.body._id;
    const p2 = await editor.call("POST", `/api/admin/modules/${ids.module}/parts`, {
      slug: "druha",
      title: "Druhá",
      prerequisites: [ids.p1],
      requiredForCompletion: false,
    });
    ids.p2 = p2.body._id;
    const cycle = await editor.call("PATCH", `/api/admin/parts/${ids.p1}`, { prerequisites: [ids.p2] });
    expect(cycle.res.status).toBe(422);
    expect(cycle.body.details[0]).toMatchObject({ path: "prerequisites" });

    const order = await editor.call("PUT", `/api/admin/modules/${ids.module}/parts/order`, { ids: [ids.p2, ids.p1] });
    expect(order.body.map((p: { _id: string }) => p._id)).toEqual([ids.p2, ids.p1]);

    const badTest = await editor.call("POST", "/api/admin/tests", {
      courseId: ids.course,
      placement: "course",
      title: "Test",
      passingScore: 2,
      timeLimitSec: 0,
      maxAttempts: 0,
      cooldownMinutes: -5,
    });
    expect(badTest.res.status).toBe(422);
    expect(badTest.body.details.map((d: { path: string }) => d.path).sort()).toEqual(["cooldownMinutes", "maxAttempts", "passingScore", "timeLimitSec"]);
    const test = await editor.call("POST", "/api/admin/tests", {
      courseId: ids.course,
      placement: "course",
      title: "Záverečný test",
      passingScore: 0.8,
      timeLimitSec: 600,
    });
    expect(test.res.status).toBe(201);
    ids.test = test.body._id;
    expect(await courseRow(ids.course)).toMatchObject({ courseTestId: ids.test, courseTestRequired: true });

    const detail = await editor.call("GET", `/api/admin/courses/${ids.course}`);
    expect(detail.res.status).toBe(200);
    expect(detail.body.course.levels).toEqual([ids.level]);
    expect(detail.body.levels[0].topics[0].module.parts.map((p: { slug: string }) => p.slug)).toEqual(["druha", "prva"]);
    expect(detail.body.tests).toEqual([expect.objectContaining({ _id: ids.test, placement: "course", passingScore: 0.8, questions: [] })]);

    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.actorId, "p-3001"));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["course.create", "level.create", "topic.create", "module.create", "part.create", "part.reorder", "test.create"]),
    );
  });

  it("publish answers 422 with a detail per failing item, then 200 once the course is complete", async () => {
    const problems = await admin.call("POST", `/api/admin/courses/${ids.course}/publish`);
    expect(problems.res.status).toBe(422);
    expect(problems.body.error).toBe("validation");
    expect(problems.body.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: "accreditation_missing", id: ids.course, message: expect.stringContaining("akreditáciu") }),
        expect.objectContaining({ code: "test_without_questions", id: ids.test }),
      ]),
    );
    expect(problems.body.details).toHaveLength(2);
    expect(await courseRow(ids.course)).toMatchObject({ state: "draft", publishedAt: null });

    await editor.call("PATCH", `/api/admin/courses/${ids.course}`, { accreditation });
    const q = await editor.call("POST", `/api/admin/tests/${ids.test}/questions`, {
      text: "Kto schvaľuje stanovy?",
      answers: [
        { text: "Valné zhromaždenie", isCorrect: true },
        { text: "Tréner", isCorrect: false },
      ],
    });
    expect(q.res.status).toBe(201);
    expect(q.body.answers.map((a: { isCorrect: boolean }) => a.isCorrect)).toEqual([true, false]);

    const published = await admin.call("POST", `/api/admin/courses/${ids.course}/publish`);
    expect(published.res.status).toBe(200);
    expect(published.body).toEqual({ ok: true, publishedAt: expect.any(String) });
    const row = await courseRow(ids.course);
    expect(row).toMatchObject({ state: "published", publishedBy: "p-4001" });
    expect(row.instructorProfiles).toEqual([expect.objectContaining({ personId: "p-2001", displayName: "Mgr. Eva Kováčová" })]);

    const catalog = await fetch(`${url}/api/courses/${slug}`);
    expect(catalog.status).toBe(200);
    expect((await catalog.json()).course._id).toBe(ids.course);
    const list = await (await fetch(`${url}/api/courses?pageSize=50`)).json();
    expect(list.data.map((c: { slug: string }) => c.slug)).toContain(slug);
  });

  it("a published course and its content refuse edits with 409 course_not_editable; nothing changes", async () => {
    const before = (await editor.call("GET", `/api/admin/courses/${ids.course}`)).body;
    for (const [method, path, body] of [
      ["PATCH", `/api/admin/courses/${ids.course}`, { title: "Zmenené" }],
      ["POST", `/api/admin/courses/${ids.course}/levels`, { slug: "nova", title: "Nová" }],
      ["PATCH", `/api/admin/parts/${ids.p1}`, { title: "Zmenené" }],
      ["PUT", `/api/admin/modules/${ids.module}/parts/order`, { ids: [ids.p1, ids.p2] }],
      ["POST", `/api/admin/tests/${ids.test}/questions`, { type: "text", text: "?", acceptedAnswers: ["x"] }],
      ["DELETE", `/api/admin/parts/${ids.p2}`, undefined],
    ] as const) {
      const { res, body: answer } = await editor.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(409);
      expect(answer.error).toBe("course_not_editable");
    }
    const after = (await editor.call("GET", `/api/admin/courses/${ids.course}`)).body;
    expect(after).toEqual(before);
  });

  it("new version, publish it (the first is archived), archive, re-publish, and the catalog follows", async () => {
    const nv = await editor.call("POST", `/api/admin/courses/${ids.course}/new-version`);
    expect(nv.res.status).toBe(201);
    expect(nv.body).toEqual({ newCourseId: expect.any(String), version: 2 });
    const v2 = nv.body.newCourseId;
    expect((await editor.call("POST", `/api/admin/courses/${ids.course}/new-version`)).body.error).toBe("draft_exists");
    const v2detail = (await editor.call("GET", `/api/admin/courses/${v2}`)).body;
    expect(v2detail.course).toMatchObject({ slug, version: 2, previousVersionId: ids.course, state: "draft" });
    expect(v2detail.levels[0]._id).not.toBe(ids.level);

    // a significant change (hours) without a new accreditation
    await editor.call("PATCH", `/api/admin/courses/${v2}`, { durationHours: 8 });
    const renewal = await admin.call("POST", `/api/admin/courses/${v2}/publish`);
    expect(renewal.res.status).toBe(422);
    expect(renewal.body.details).toEqual([expect.objectContaining({ code: "accreditation_renewal_required", id: v2 })]);
    await editor.call("PATCH", `/api/admin/courses/${v2}`, { accreditation: { ...accreditation, accreditationNumber: "AK-2026/0002" } });
    expect((await admin.call("POST", `/api/admin/courses/${v2}/publish`)).res.status).toBe(200);
    expect(await courseRow(ids.course)).toMatchObject({ state: "archived" });
    expect((await (await fetch(`${url}/api/courses/${slug}`)).json()).course._id).toBe(v2);

    // the list filters by state
    const archived = await editor.call("GET", `/api/admin/courses?state=archived&slug=${slug}`);
    expect(archived.body.data.map((c: { _id: string }) => c._id)).toEqual([ids.course]);
    expect((await editor.call("GET", "/api/admin/courses?state=nonsense")).res.status).toBe(422);

    // re-publishing v1 while v2 is published: 409, not a 500 from the unique index
    const clash = await admin.call("POST", `/api/admin/courses/${ids.course}/publish`);
    expect(clash.res.status).toBe(409);
    expect(clash.body.error).toBe("another_version_published");

    const archivedV2 = await admin.call("POST", `/api/admin/courses/${v2}/archive`);
    expect(archivedV2.res.status).toBe(200);
    expect(archivedV2.body).toEqual({ ok: true, archivedAt: expect.any(String) });
    expect((await fetch(`${url}/api/courses/${slug}`)).status).toBe(404);
    const list = await (await fetch(`${url}/api/courses?pageSize=50`)).json();
    expect(list.data.map((c: { slug: string }) => c.slug)).not.toContain(slug);

    const republished = await admin.call("POST", `/api/admin/courses/${ids.course}/publish`);
    expect(republished.res.status).toBe(200);
    expect((await (await fetch(`${url}/api/courses/${slug}`)).json()).course._id).toBe(ids.course);
    ids.v2 = v2;
  });

  it("DELETE refuses a version with enrollments (409 course_has_enrollments)", async () => {
    await db.insert(schema.enrollments).values({
      courseId: ids.course,
      courseVersionId: ids.course,
      courseTitle: "Kurz z API",
      courseSlug: slug,
      studentId: "p-1002",
      studentDisplayName: "Peter Horváth",
      reason: "admin_grant",
      progress: { completedModules: 0, totalModules: 1, completedLevels: 0, totalLevels: 1, lastActivityAt: null },
    });
    const refused = await admin.call("DELETE", `/api/admin/courses/${ids.course}`);
    expect(refused.res.status).toBe(409);
    expect(refused.body).toMatchObject({ error: "course_has_enrollments", details: { enrollments: 1 } });
    expect(await courseRow(ids.course)).toMatchObject({ state: "published", deletedAt: null });

    // v2 (archived, no enrollments) is kept: only the five-year job soft-deletes it
    const archived = await admin.call("DELETE", `/api/admin/courses/${ids.v2}`);
    expect(archived.res.status).toBe(409);
    expect(archived.body).toMatchObject({ error: "version_not_deletable", details: { state: "archived", deletableFrom: expect.any(String) } });
    expect(archived.body.message).toContain("päť rokov po archivácii");
    expect(await courseRow(ids.v2)).toMatchObject({ state: "archived", deletedAt: null });
    // a draft is soft-deleted: kept, but gone from the detail and the default list
    const draft = await editor.call("POST", "/api/admin/courses", { slug: `${slug}-zmazat`, title: "Na zmazanie", shortDescription: "K.", priceCents: 100 });
    const soft = await admin.call("DELETE", `/api/admin/courses/${draft.body._id}`);
    expect(soft.res.status).toBe(200);
    expect(soft.body).toEqual({ ok: true, deleted: "soft" });
    expect(await courseRow(draft.body._id)).toMatchObject({ state: "deleted", deletedAt: expect.any(Date) });
    expect((await admin.call("GET", `/api/admin/courses/${draft.body._id}`)).res.status).toBe(404);
    expect((await admin.call("DELETE", `/api/admin/courses/${draft.body._id}`)).res.status).toBe(404);
    const list = await admin.call("GET", "/api/admin/courses?pageSize=100");
    expect(list.body.data.map((c: { _id: string }) => c._id)).not.toContain(draft.body._id);
    const deleted = await admin.call("GET", "/api/admin/courses?state=deleted&pageSize=100");
    expect(deleted.body.data.map((c: { _id: string }) => c._id)).toContain(draft.body._id);
    deletedDraftId = draft.body._id;
  });
});

describe("/admin/kurzy (course versions page)", () => {
  it("lists versions with a state filter for staff; a student gets 403", async () => {
    const all = await editor.jar!.fetch(`${url}/admin/kurzy`);
    expect(all.status).toBe(200);
    const html = await all.text();
    expect(html).toContain("<h1>Kurzy</h1>");
    expect(html).toContain("Kurz z API");
    expect(html).toMatch(/<a[^>]*href="\/admin\/kurzy"[^>]*>Kurzy<\/a>/);
    // the deleted draft shows only under "Zmazané", without a link to an editor it no longer has
    expect(html).not.toContain("Na zmazanie");
    const deleted = await (await editor.jar!.fetch(`${url}/admin/kurzy?stav=deleted`)).text();
    expect(deleted).toContain("Zmazaný");
    expect(deleted).toContain("Na zmazanie");
    expect(deleted).not.toContain(`href="/admin/kurzy/${deletedDraftId}"`);
    expect(deleted).not.toContain("Koncept</span>");
    expect((await editor.jar!.fetch(`${url}/admin/kurzy/${deletedDraftId}`)).status).toBe(404);
    expect((await editor.jar!.fetch(`${url}/admin/kurzy?stav=zly`)).status).toBe(400);
    expect((await student.jar!.fetch(`${url}/admin/kurzy`)).status).toBe(403);
  });
});
