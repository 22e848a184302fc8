// The admin authoring pages' loaders and actions in-process (tests/support/route-context):
// roles (anonymous → sign-in, a student → 403 on every page and action, a content manager
// edits but cannot publish, archive or delete a level), a content manager builds a course
// through the forms (levels, topics, module, parts, blocks, attachments, prerequisites,
// tests, questions, reordering, moving a question), invalid forms answer 400/422 with
// errors on their fields and write nothing, the admin's publish lists every failing rule
// inline, then publishes; the catalog shows the course; the published version refuses
// edits (409) and stays unchanged; new version, archive; every change left an audit row.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { schema } from "#server/db";
import type { AuthState } from "../../app/context";
import { loader as listLoader } from "../../app/routes/admin/courses";
import { action as listAction } from "../../app/routes/admin/course-new";
import { loader as editorLoader, action as editorAction } from "../../app/routes/admin/course-editor";
import { loader as settingsLoader, action as settingsAction } from "../../app/routes/admin/course-settings";
import { loader as partLoader, action as partAction } from "../../app/routes/admin/part-editor";
import { loader as testsLoader, action as testsAction } from "../../app/routes/admin/course-tests";
import { loader as testLoader, action as testAction } from "../../app/routes/admin/test-editor";
import { loader as catalogLoader } from "../../app/routes/catalog";
import { startTestServices, type TestServices } from "../support/route-context";

let t: TestServices;

beforeAll(async () => {
  t = await startTestServices();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

function authAs(id: string, roles: string[], signedInAt = new Date()): AuthState {
  const now = signedInAt;
  return {
    // the root middleware would have found these for the session cookie; the guards read them
    // a sign-in made just now: the step-up of publishing needs a recent auth_time
    session: { id: `s-${id}`, userId: id, authTime: now, createdAt: now } as unknown as NonNullable<AuthState["session"]>,
    user: {
      id,
      displayName: `Test ${id}`,
      email: null,
      avatarUrl: null,
      roles,
      providerRoles: [],
      organizations: [],
      sponsorOrgIds: [],
      purchaseOrgIds: [],
      lastSyncedAt: now,
      createdAt: now,
      updatedAt: now,
    },
    csrfToken: "csrf",
  };
}

const student = authAs("p-student", ["student"]);
const editor = authAs("p-editor", ["student", "content_manager"]);
const admin = authAs("p-admin", ["student", "admin"]);

type Outcome = { status: number; location?: string | null; data?: any };

/** A loader's or action's answer, thrown or returned: a Response, data(…) or plain data. */
function outcome(value: unknown): Outcome {
  if (value instanceof Response) return { status: value.status, location: value.headers.get("location") };
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const d = value as { data: unknown; init: { status?: number } | null };
    return { status: d.init?.status ?? 200, data: d.data };
  }
  return { status: 200, data: value };
}

async function run(fn: (args: never) => unknown, url: string, init: Parameters<TestServices["args"]>[1]): Promise<Outcome> {
  try {
    return outcome(await t.call(fn, url, init));
  } catch (thrown) {
    return outcome(thrown);
  }
}

function get(fn: (args: never) => unknown, url: string, auth: AuthState | undefined, params: Record<string, string> = {}) {
  return run(fn, url, { auth, params });
}

function post(
  fn: (args: never) => unknown,
  url: string,
  auth: AuthState | undefined,
  params: Record<string, string>,
  fields: Record<string, string | string[] | undefined>,
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  }
  return run(fn, url, { method: "POST", body, auth, params });
}

const db = () => t.services.db;

async function courseRow(id: string) {
  const [row] = await db().select().from(schema.courses).where(eq(schema.courses.id, id));
  return row;
}

async function auditActions(targetId: string) {
  const rows = await db().select().from(schema.auditLog).where(eq(schema.auditLog.targetId, targetId)).orderBy(asc(schema.auditLog.createdAt));
  return rows.map((r) => ({ action: r.action, actorId: r.actorId }));
}

/** The id at the end of a redirect's path (before ?hotovo / #anchor). */
const idIn = (location: string | null | undefined, after: string) => new RegExp(`${after}/([0-9a-f]{24})`).exec(location ?? "")?.[1];
const anchorId = (location: string | null | undefined) => /#uzol-([0-9a-f]{24})$/.exec(location ?? "")?.[1];

const fakeId = "0123456789abcdef01234567";

describe("who may use the authoring pages", () => {
  const pages = [
    ["/admin/kurzy", listLoader, {}],
    [`/admin/kurzy/${fakeId}`, editorLoader, { courseId: fakeId }],
    [`/admin/kurzy/${fakeId}/udaje`, settingsLoader, { courseId: fakeId }],
    [`/admin/kurzy/${fakeId}/casti/${fakeId}`, partLoader, { courseId: fakeId, partId: fakeId }],
    [`/admin/kurzy/${fakeId}/testy`, testsLoader, { courseId: fakeId }],
    [`/admin/kurzy/${fakeId}/testy/${fakeId}`, testLoader, { courseId: fakeId, testId: fakeId }],
  ] as const;
  const actions = [
    ["/admin/kurzy/novy", listAction, {}, { intent: "createCourse", title: "X", shortDescription: "Y", price: "10" }],
    [`/admin/kurzy/${fakeId}`, editorAction, { courseId: fakeId }, { intent: "publish" }],
    [`/admin/kurzy/${fakeId}/udaje`, settingsAction, { courseId: fakeId }, { intent: "saveCourse" }],
    [`/admin/kurzy/${fakeId}/casti/${fakeId}`, partAction, { courseId: fakeId, partId: fakeId }, { intent: "addVideoBlock" }],
    [`/admin/kurzy/${fakeId}/testy`, testsAction, { courseId: fakeId }, { intent: "createTest" }],
    [`/admin/kurzy/${fakeId}/testy/${fakeId}`, testAction, { courseId: fakeId, testId: fakeId }, { intent: "deleteTest" }],
  ] as const;

  it("sends an anonymous visitor to sign in and back", async () => {
    for (const [url, loader, params] of pages) {
      const res = await get(loader, url, undefined, params);
      expect(res.status, url).toBe(302);
      expect(res.location, url).toBe(`/api/auth/login?returnTo=${encodeURIComponent(url)}`);
    }
  });

  it("answers a student 403 on every page and every action, before looking at ids or fields", async () => {
    for (const [url, loader, params] of pages) {
      const res = await get(loader, url, student, params);
      expect(res.status, url).toBe(403);
      expect(res.data).toMatchObject({ error: "forbidden", details: { requiredRoles: ["content_manager", "admin"] } });
    }
    for (const [url, action, params, fields] of actions) {
      const res = await post(action, url, student, params, fields);
      expect(res.status, url).toBe(403);
    }
    expect(await db().select().from(schema.courses)).toEqual([]);
  });

  it("answers an unknown or malformed course id 404 to an editor", async () => {
    expect((await get(editorLoader, `/admin/kurzy/${fakeId}`, editor, { courseId: fakeId })).status).toBe(404);
    expect((await get(editorLoader, "/admin/kurzy/nieco", editor, { courseId: "nieco" })).status).toBe(404);
  });
});

describe("building a course through the pages", () => {
  let courseId: string;
  const ids: Record<string, string> = {};
  const courseUrl = () => `/admin/kurzy/${courseId}`;
  const cp = () => ({ courseId });

  it("refuses an invalid new-course form with errors on its fields and creates nothing", async () => {
    const res = await post(
      listAction,
      "/admin/kurzy/novy",
      editor,
      {},
      { intent: "createCourse", _form: "createCourse", title: "", shortDescription: "Krátko", price: "49,999", slug: "Zlý Slug" },
    );
    expect(res.status).toBe(400);
    expect(res.data.form).toBe("createCourse");
    expect(Object.keys(res.data.result.error).sort()).toEqual(["price", "slug", "title"]);
    expect(res.data.result.error.price).toEqual(["Zadajte sumu v eurách, napríklad 49,90."]);
    expect(res.data.result.initialValue.shortDescription).toBe("Krátko");
    expect(await db().select().from(schema.courses)).toEqual([]);
  });

  it("creates a draft from the list (slug from the title) and opens its editor", async () => {
    const res = await post(
      listAction,
      "/admin/kurzy/novy",
      editor,
      {},
      {
        intent: "createCourse",
        _form: "createCourse",
        title: "Rozpočet športového klubu",
        shortDescription: "Ako zostaviť rozpočet.",
        price: "0",
        currency: "EUR",
      },
    );
    expect(res.status).toBe(302);
    courseId = idIn(res.location, "/admin/kurzy")!;
    expect(res.location).toBe(`/admin/kurzy/${courseId}?hotovo=vytvoreny`);
    const row = await courseRow(courseId);
    expect(row).toMatchObject({ slug: "rozpocet-sportoveho-klubu", state: "draft", version: 1, priceCents: 0, createdBy: "p-editor" });
    // a second course with the same slug: 409 on the slug field
    const again = await post(
      listAction,
      "/admin/kurzy/novy",
      editor,
      {},
      { intent: "createCourse", _form: "createCourse", title: "Rozpočet športového klubu", shortDescription: "Znova.", price: "10" },
    );
    expect(again.status).toBe(409);
    expect(again.data.result.error.slug).toEqual(["Kurz s týmto identifikátorom do adresy už existuje."]);
    // the list links the new draft
    const list = await get(listLoader, "/admin/kurzy?stav=draft", editor);
    expect(list.data.courses.map((c: { id: string }) => c.id)).toContain(courseId);
  });

  it("builds levels, topics, modules and parts, and reorders them", async () => {
    let res = await post(editorAction, courseUrl(), editor, cp(), { intent: "addLevel", _form: "addLevel", title: "Základy", estimatedHours: "1,5" });
    expect(res.status).toBe(302);
    ids.level1 = anchorId(res.location)!;
    res = await post(editorAction, courseUrl(), editor, cp(), { intent: "addLevel", _form: "addLevel", title: "Pokročilí", slug: "pokrocili" });
    ids.level2 = anchorId(res.location)!;
    // a slug the level already has in this course: 409 on the slug field
    res = await post(editorAction, courseUrl(), editor, cp(), { intent: "addLevel", _form: "addLevel", title: "Pokročilí 2", slug: "pokrocili" });
    expect(res.status).toBe(409);
    expect(res.data.result.error.slug).toBeDefined();
    // ↑: the second level becomes first
    res = await post(editorAction, courseUrl(), editor, cp(), { intent: "moveLevel", levelId: ids.level2, direction: "up" });
    expect(res.status).toBe(302);
    let levels = await db().select().from(schema.levels).where(eq(schema.levels.courseId, courseId)).orderBy(asc(schema.levels.orderIndex));
    expect(levels.map((l) => l.id)).toEqual([ids.level2, ids.level1]);
    expect(levels.find((l) => l.id === ids.level1)?.estimatedHours).toBe(1.5);

    res = await post(editorAction, courseUrl(), editor, cp(), {
      intent: "editLevel",
      _form: `editLevel:${ids.level1}`,
      levelId: ids.level1,
      title: "Základy rozpočtu",
      slug: "zaklady",
      estimatedHours: "2",
      issuesIntermediateCertificate: "on",
    });
    expect(res.status).toBe(302);
    levels = await db().select().from(schema.levels).where(eq(schema.levels.id, ids.level1));
    expect(levels[0]).toMatchObject({ title: "Základy rozpočtu", slug: "zaklady", estimatedHours: 2, issuesIntermediateCertificate: true });

    res = await post(editorAction, courseUrl(), editor, cp(), {
      intent: "addTopic",
      _form: `addTopic:${ids.level1}`,
      levelId: ids.level1,
      title: "Príjmy klubu",
    });
    ids.topic = anchorId(res.location)!;
    res = await post(editorAction, courseUrl(), editor, cp(), {
      intent: "addModule",
      _form: `addModule:${ids.topic}`,
      topicId: ids.topic,
      estimatedMinutes: "45",
    });
    ids.module = anchorId(res.location)!;
    const [module] = await db().select().from(schema.modules).where(eq(schema.modules.id, ids.module));
    expect(module).toMatchObject({ topicId: ids.topic, title: "Príjmy klubu", estimatedMinutes: 45 });
    // a second module for the same topic: refused on that form (409), not a 500
    res = await post(editorAction, courseUrl(), editor, cp(), { intent: "addModule", _form: `addModule:${ids.topic}`, topicId: ids.topic });
    expect(res.status).toBe(409);
    expect(res.data.form).toBe(`addModule:${ids.topic}`);
    expect(res.data.result.error[""]).toEqual(["Téma už má modul; každá téma má práve jeden."]);

    res = await post(editorAction, courseUrl(), editor, cp(), {
      intent: "addPart",
      _form: `addPart:${ids.module}`,
      moduleId: ids.module,
      title: "Členské príspevky",
      requiredForCompletion: "on",
    });
    expect(res.status).toBe(302);
    ids.part1 = idIn(res.location, "/casti")!;
    expect(res.location).toBe(`${courseUrl()}/casti/${ids.part1}?hotovo=pridane`);
    res = await post(editorAction, courseUrl(), editor, cp(), { intent: "addPart", _form: `addPart:${ids.module}`, moduleId: ids.module, title: "Sponzori" });
    ids.part2 = idIn(res.location, "/casti")!;
    res = await post(editorAction, courseUrl(), editor, cp(), { intent: "movePart", partId: ids.part2, direction: "up" });
    const parts = await db().select().from(schema.parts).where(eq(schema.parts.moduleId, ids.module)).orderBy(asc(schema.parts.orderIndex));
    expect(parts.map((p) => [p.id, p.slug, p.requiredForCompletion])).toEqual([
      [ids.part2, "sponzori", false],
      [ids.part1, "clenske-prispevky", true],
    ]);

    // an id from another course (or none) is 404, and nothing moves
    res = await post(editorAction, courseUrl(), editor, cp(), { intent: "moveTopic", topicId: fakeId, direction: "down" });
    expect(res.status).toBe(404);

    // the editor page shows the tree in order, with the role's powers
    const page = await get(editorLoader, courseUrl(), editor, cp());
    expect(page.data.isAdmin).toBe(false);
    expect(page.data.editable).toBe(true);
    expect(page.data.levels.map((l: { id: string }) => l.id)).toEqual([ids.level2, ids.level1]);
    expect(page.data.levels[1].topics[0].module.parts.map((p: { title: string }) => p.title)).toEqual(["Sponzori", "Členské príspevky"]);
  });

  it("a content manager cannot delete a level (admin only): 403, the level stays", async () => {
    const res = await post(editorAction, courseUrl(), editor, cp(), { intent: "deleteLevel", levelId: ids.level2 });
    expect(res.status).toBe(403);
    expect(res.data.message).toBe("Zmazať úroveň môže len administrátor.");
    expect(await db().select().from(schema.levels).where(eq(schema.levels.id, ids.level2))).toHaveLength(1);
  });

  it("edits a part: blocks of every kind, the Markdown preview, attachments, prerequisites", async () => {
    const url = `${courseUrl()}/casti/${ids.part1}`;
    const pp = { courseId, partId: ids.part1 };
    // preview: sanitized HTML back on the form, nothing saved
    let res = await post(partAction, url, editor, pp, {
      intent: "previewText",
      _form: "addTextBlock",
      markdown: "**Príjmy** <script>alert(1)</script> [x](javascript:alert(1))",
    });
    expect(res.status).toBe(200);
    expect(res.data.form).toBe("addTextBlock");
    expect(res.data.preview.html).toContain("<strong>Príjmy</strong>");
    expect(res.data.preview.html).not.toContain("<script>");
    expect(res.data.preview.html).not.toContain("javascript:");
    expect(res.data.result.initialValue.markdown).toContain("**Príjmy**");
    const [before] = await db().select().from(schema.parts).where(eq(schema.parts.id, ids.part1));
    expect(before.contentBlocks).toEqual([]);

    res = await post(partAction, url, editor, pp, { intent: "addTextBlock", _form: "addTextBlock", markdown: "Členské tvoria **základ**." });
    expect(res.status).toBe(302);
    res = await post(partAction, url, editor, pp, { intent: "addVideoBlock", _form: "addVideoBlock" });
    // an image without alternative text: 400 on the alt field
    res = await post(partAction, url, editor, pp, { intent: "addImageBlock", _form: "addImageBlock", imagePath: "/media/a.jpg", alt: "" });
    expect(res.status).toBe(400);
    expect(res.data.result.error.alt).toEqual(["Toto pole je povinné."]);
    res = await post(partAction, url, editor, pp, { intent: "addImageBlock", _form: "addImageBlock", imagePath: "/media/a.jpg", alt: "Tabuľka príjmov" });
    res = await post(partAction, url, editor, pp, { intent: "addPresentationBlock", _form: "addPresentationBlock", pdfPath: "/media/p.pdf", slideCount: "12" });

    let page = await get(partLoader, url, editor, pp);
    expect(page.data.blocks.map((b: { type: string }) => b.type)).toEqual(["text", "video", "image", "presentation"]);
    const [text, video, image] = page.data.blocks;
    expect(video).toMatchObject({ state: "waiting", stateLabel: "Čaká na nahratie a spracovanie", uploadUrl: `/admin/video/${ids.part1}/${video.id}` });
    expect(text.html).toBe("<p>Členské tvoria <strong>základ</strong>.</p>");

    // a video the provider filled in keeps its asset when its chapters are edited
    const [row] = await db().select().from(schema.parts).where(eq(schema.parts.id, ids.part1));
    await db()
      .update(schema.parts)
      .set({
        contentBlocks: row.contentBlocks.map((b) =>
          b.id === video.id ? { ...b, state: "ready" as const, videoAssetId: "asset-1", videoPlaybackId: "play-1", durationSec: 95 } : b,
        ),
      })
      .where(eq(schema.parts.id, ids.part1));
    res = await post(partAction, url, editor, pp, {
      intent: "editVideoBlock",
      _form: `editVideoBlock:${video.id}`,
      blockId: video.id,
      chapters: "0:00 Úvod\n1:05 Príklad",
      transcript: "Dobrý deň.",
    });
    expect(res.status).toBe(302);
    res = await post(partAction, url, editor, pp, {
      intent: "editVideoBlock",
      _form: `editVideoBlock:${video.id}`,
      blockId: video.id,
      chapters: "neskôr Úvod",
    });
    expect(res.status).toBe(400);
    expect(res.data.result.error.chapters[0]).toMatch(/^Riadok 1:/);
    // ↑ the image above the video, then edit the text
    res = await post(partAction, url, editor, pp, { intent: "moveBlock", blockId: image.id, direction: "up" });
    res = await post(partAction, url, editor, pp, { intent: "editTextBlock", _form: `editTextBlock:${text.id}`, blockId: text.id, markdown: "Nový text." });
    const [after] = await db().select().from(schema.parts).where(eq(schema.parts.id, ids.part1));
    expect(after.contentBlocks.map((b) => b.type)).toEqual(["text", "image", "video", "presentation"]);
    expect(after.contentBlocks[0]).toEqual({ id: text.id, type: "text", markdown: "Nový text." });
    expect(after.contentBlocks[2]).toMatchObject({
      id: video.id,
      state: "ready",
      videoAssetId: "asset-1",
      videoPlaybackId: "play-1",
      durationSec: 95,
      transcript: "Dobrý deň.",
      chapters: [
        { title: "Úvod", startSec: 0 },
        { title: "Príklad", startSec: 65 },
      ],
    });
    res = await post(partAction, url, editor, pp, { intent: "deleteBlock", blockId: after.contentBlocks[3].id });
    page = await get(partLoader, url, editor, pp);
    expect(page.data.blocks).toHaveLength(3);
    expect(page.data.blocks[2]).toMatchObject({ duration: "1:35", chapters: "0:00 Úvod\n1:05 Príklad" });

    res = await post(partAction, url, editor, pp, {
      intent: "addAttachment",
      _form: "addAttachment",
      name: "Vzor rozpočtu",
      path: "/media/rozpocet.xlsx",
      sizeBytes: "52000",
      mimeType: "application/vnd.ms-excel",
    });
    expect(res.status).toBe(302);
    // prerequisites: the other part; then a cycle is refused on the field
    res = await post(partAction, url, editor, pp, {
      intent: "savePart",
      _form: "savePart",
      title: "Členské príspevky",
      slug: "clenske-prispevky",
      summary: "Koľko a kedy.",
      requiredForCompletion: "on",
      prerequisites: [ids.part2],
    });
    expect(res.status).toBe(302);
    res = await post(
      partAction,
      `${courseUrl()}/casti/${ids.part2}`,
      editor,
      { courseId, partId: ids.part2 },
      { intent: "savePart", _form: "savePart", title: "Sponzori", slug: "sponzori", prerequisites: [ids.part1] },
    );
    expect(res.status).toBe(422);
    expect(res.data.result.error.prerequisites).toEqual(["Podmienky by vytvorili kruh: časť by čakala sama na seba."]);
    const [saved] = await db().select().from(schema.parts).where(eq(schema.parts.id, ids.part1));
    expect(saved).toMatchObject({
      summary: "Koľko a kedy.",
      prerequisites: [ids.part2],
      attachments: [{ name: "Vzor rozpočtu", path: "/media/rozpocet.xlsx", sizeBytes: 52000, mimeType: "application/vnd.ms-excel" }],
    });
    const [other] = await db().select().from(schema.parts).where(eq(schema.parts.id, ids.part2));
    expect(other.prerequisites).toEqual([]);
  });

  it("one Uložiť saves the part and every block as typed; a list button saves them too, then does its one thing", async () => {
    const url = `${courseUrl()}/casti/${ids.part1}`;
    const pp = { courseId, partId: ids.part1 };
    const [start] = await db().select().from(schema.parts).where(eq(schema.parts.id, ids.part1));
    const [text, image, video] = start.contentBlocks;
    expect([text.type, image.type, video.type]).toEqual(["text", "image", "video"]);
    const auditBefore = (await auditActions(ids.part1)).length;
    const typed = {
      intent: "savePart",
      _form: "savePart",
      title: "Členské príspevky a dary",
      slug: "clenske-prispevky",
      summary: "Koľko a kedy.",
      requiredForCompletion: "on",
      prerequisites: [ids.part2],
      "blocks[0].id": text.id,
      "blocks[0].type": "text",
      "blocks[0].markdown": "Prepísaný **text**.",
      "blocks[1].id": image.id,
      "blocks[1].type": "image",
      "blocks[1].imagePath": "/media/b.jpg",
      "blocks[1].alt": "Nová tabuľka",
      "blocks[2].id": video.id,
      "blocks[2].type": "video",
      "blocks[2].chapters": "0:00 Začiatok",
      "blocks[2].transcript": "Nový prepis.",
    };
    let res = await post(partAction, url, editor, pp, typed);
    expect(res.status).toBe(302);
    expect(res.location).toBe(`${url}?hotovo=ulozene`);
    let [row] = await db().select().from(schema.parts).where(eq(schema.parts.id, ids.part1));
    expect(row.title).toBe("Členské príspevky a dary");
    expect(row.contentBlocks[0]).toEqual({ id: text.id, type: "text", markdown: "Prepísaný **text**." });
    expect(row.contentBlocks[1]).toEqual({ id: image.id, type: "image", imagePath: "/media/b.jpg", alt: "Nová tabuľka" });
    // the provider's fields of the video stay
    expect(row.contentBlocks[2]).toMatchObject({
      id: video.id,
      state: "ready",
      videoAssetId: "asset-1",
      transcript: "Nový prepis.",
      chapters: [{ title: "Začiatok", startSec: 0 }],
    });
    // one change, one audit row
    expect((await auditActions(ids.part1)).length).toBe(auditBefore + 1);

    // ↓ on the text with new words typed in it and a new text block typed below: all of it is kept
    res = await post(partAction, url, editor, pp, { ...typed, "blocks[0].markdown": "Ešte raz.", newMarkdown: "Nový blok.", blockOp: `move:${text.id}:down` });
    expect(res.status).toBe(302);
    expect(res.location).toBe(`${url}?hotovo=presunute#blok-${text.id}`);
    [row] = await db().select().from(schema.parts).where(eq(schema.parts.id, ids.part1));
    expect(row.contentBlocks.map((b) => b.id).slice(0, 3)).toEqual([image.id, text.id, video.id]);
    expect(row.contentBlocks[1]).toEqual({ id: text.id, type: "text", markdown: "Ešte raz." });
    expect(row.contentBlocks[3]).toMatchObject({ type: "text", markdown: "Nový blok." });

    // the preview saves nothing and gives the whole form back as typed
    res = await post(partAction, url, editor, pp, { ...typed, title: "Neuložený názov", "blocks[0].markdown": "**Skúška**", blockOp: `preview:${text.id}` });
    expect(res.data.result?.error).toBeUndefined();
    expect(res.status).toBe(200);
    expect(res.data.preview).toMatchObject({ blockId: text.id, html: "<p><strong>Skúška</strong></p>" });
    expect(res.data.result.initialValue.title).toBe("Neuložený názov");
    const [unchanged] = await db().select().from(schema.parts).where(eq(schema.parts.id, ids.part1));
    expect(unchanged).toEqual(row);

    // an invalid block refuses the whole save: nothing written, the error on that block's field
    res = await post(partAction, url, editor, pp, { ...typed, title: "Iný názov", "blocks[1].alt": "" });
    expect(res.status).toBe(400);
    expect(res.data.result.error["blocks[1].alt"]).toEqual(["Toto pole je povinné."]);
    const [still] = await db().select().from(schema.parts).where(eq(schema.parts.id, ids.part1));
    expect(still).toEqual(row);
    // put the blocks back as the next test expects them
    res = await post(partAction, url, editor, pp, { intent: "deleteBlock", blockId: row.contentBlocks[3].id });
    res = await post(partAction, url, editor, pp, { intent: "moveBlock", blockId: text.id, direction: "up" });
    res = await post(partAction, url, editor, pp, {
      intent: "savePart",
      _form: "savePart",
      title: "Členské príspevky",
      slug: "clenske-prispevky",
      summary: "Koľko a kedy.",
      requiredForCompletion: "on",
      prerequisites: [ids.part2],
    });
    expect(res.status).toBe(302);
  });

  it("creates tests where none hang yet, edits settings and questions, moves a question", async () => {
    let res = await post(
      partAction,
      `${courseUrl()}/casti/${ids.part1}`,
      editor,
      { courseId, partId: ids.part1 },
      { intent: "createPartTest", _form: "createPartTest", title: "Test príjmov" },
    );
    expect(res.status).toBe(302);
    ids.partTest = idIn(res.location, "/testy")!;
    let page = await get(testsLoader, `${courseUrl()}/testy`, editor, cp());
    expect(page.data.free.map((o: { value: string }) => o.value)).toEqual(["course", `level:${ids.level2}`, `level:${ids.level1}`, `part:${ids.part2}`]);
    res = await post(testsAction, `${courseUrl()}/testy`, editor, cp(), {
      intent: "createTest",
      _form: "createTest",
      title: "Záverečný test",
      placement: "course",
    });
    ids.courseTest = idIn(res.location, "/testy")!;
    expect((await courseRow(courseId)).courseTestId).toBe(ids.courseTest);
    // the course already has its test: a second one is refused on the form
    res = await post(testsAction, `${courseUrl()}/testy`, editor, cp(), { intent: "createTest", _form: "createTest", title: "Druhý", placement: "course" });
    expect(res.status).toBe(409);

    const url = `${courseUrl()}/testy/${ids.courseTest}`;
    const tp = { courseId, testId: ids.courseTest };
    res = await post(testAction, url, editor, tp, {
      intent: "saveTest",
      _form: "saveTest",
      title: "Záverečný test",
      passingPercent: "80",
      timeLimitMinutes: "20",
      maxAttempts: "2",
      cooldownMinutes: "30",
      selectionMode: "random_subset",
      questionCount: "",
      showAnswersAfter: "pass",
      randomizeAnswerOrder: "on",
      required: "on",
    });
    expect(res.status).toBe(422);
    expect(res.data.result.error.questionCount).toEqual(["Náhodný výber potrebuje počet otázok."]);
    res = await post(testAction, url, editor, tp, {
      intent: "saveTest",
      _form: "saveTest",
      title: "Záverečný test",
      passingPercent: "80",
      timeLimitMinutes: "20",
      maxAttempts: "2",
      cooldownMinutes: "30",
      selectionMode: "all",
      showAnswersAfter: "pass",
      required: "on",
    });
    expect(res.status).toBe(302);
    const [test] = await db().select().from(schema.tests).where(eq(schema.tests.id, ids.courseTest));
    expect(test).toMatchObject({
      passingScore: 0.8,
      timeLimitSec: 1200,
      maxAttempts: 2,
      cooldownMinutes: 30,
      selectionMode: "all",
      showAnswersAfter: "pass",
      randomizeAnswerOrder: false,
    });

    // single choice with two correct answers: refused on the answers
    const q = { intent: "addQuestion", _form: "addQuestion", type: "single_choice", text: "Čo je členský príspevok?", weight: "1" };
    res = await post(testAction, url, editor, tp, {
      ...q,
      "answers[0].text": "Platba člena",
      "answers[0].isCorrect": "on",
      "answers[1].text": "Dar",
      "answers[1].isCorrect": "on",
      "answers[2].text": "",
    });
    expect(res.status).toBe(422);
    expect(res.data.result.error.answers).toEqual(["Otázka s jednou odpoveďou má mať práve jednu správnu odpoveď."]);
    res = await post(testAction, url, editor, tp, {
      ...q,
      "answers[0].text": "Platba člena",
      "answers[0].isCorrect": "on",
      "answers[1].text": "Dar",
      "answers[2].text": "",
      "answers[3].text": "",
    });
    expect(res.status).toBe(302);
    res = await post(testAction, url, editor, tp, {
      intent: "addQuestion",
      _form: "addQuestion",
      type: "text",
      text: "Ako sa volá príspevok člena?",
      acceptedAnswers: "členský príspevok\nčlenské",
    });
    expect(res.status).toBe(302);
    page = await get(testLoader, url, editor, tp);
    expect(page.data.questions.map((x: { type: string }) => x.type)).toEqual(["single_choice", "text"]);
    const [choice, open] = page.data.questions;
    expect(choice.answers.filter((a: { text: string }) => a.text)).toEqual([
      { id: expect.any(String), text: "Platba člena", isCorrect: true },
      { id: expect.any(String), text: "Dar", isCorrect: false },
    ]);
    expect(choice.answers).toHaveLength(4); // two blank slots to add answers without JavaScript
    // edit keeps the answer ids sent back
    res = await post(testAction, url, editor, tp, {
      intent: "editQuestion",
      _form: `editQuestion:${choice.id}`,
      questionId: choice.id,
      type: "single_choice",
      text: "Čo je členský príspevok?",
      "answers[0].id": choice.answers[0].id,
      "answers[0].text": "Pravidelná platba člena",
      "answers[0].isCorrect": "on",
      "answers[1].id": choice.answers[1].id,
      "answers[1].text": "Dar",
      "answers[2].text": "Pokuta",
    });
    expect(res.status).toBe(302);
    const [edited] = await db().select().from(schema.questions).where(eq(schema.questions.id, choice.id));
    expect(edited.answers.map((a) => [a.id === choice.answers[0].id || a.id === choice.answers[1].id, a.text])).toEqual([
      [true, "Pravidelná platba člena"],
      [true, "Dar"],
      [false, "Pokuta"],
    ]);
    res = await post(testAction, url, editor, tp, { intent: "moveQuestion", questionId: open.id, direction: "up" });
    let questions = await db().select().from(schema.questions).where(eq(schema.questions.testId, ids.courseTest)).orderBy(asc(schema.questions.orderIndex));
    expect(questions.map((x) => x.id)).toEqual([open.id, choice.id]);
    // move the text question to the part's test
    res = await post(testAction, url, editor, tp, {
      intent: "moveQuestionToTest",
      _form: `moveQuestionToTest:${open.id}`,
      questionId: open.id,
      testId: ids.partTest,
    });
    expect(res.status).toBe(302);
    questions = await db().select().from(schema.questions).where(eq(schema.questions.testId, ids.partTest));
    expect(questions.map((x) => x.id)).toEqual([open.id]);
  });

  it("publish: a content manager sees no power and gets 403; the admin sees every failing rule inline", async () => {
    const denied = await post(editorAction, courseUrl(), editor, cp(), { intent: "publish", _form: "publish" });
    expect(denied.status).toBe(403);
    expect(denied.data.message).toBe("Zverejniť kurz môže len administrátor.");
    expect((await courseRow(courseId)).state).toBe("draft");

    const res = await post(editorAction, courseUrl(), admin, cp(), { intent: "publish", _form: "publish" });
    expect(res.status).toBe(422);
    expect(res.data.form).toBe("publish");
    const byCode = Object.fromEntries(res.data.problems.map((p: { code: string; id: string; message: string }) => [p.code, p]));
    expect(Object.keys(byCode).sort()).toEqual(["accreditation_missing", "level_without_topics", "price_missing"]);
    expect(byCode.level_without_topics).toMatchObject({ id: ids.level2, message: "Úroveň „Pokročilí“ nemá žiadnu tému." });
    expect(byCode.price_missing.message).toBe("Zadajte cenu kurzu.");
    // each problem's item is on the page: the level by its anchor, the price and accreditation on the fields page
    const page = await get(editorLoader, courseUrl(), admin, cp());
    expect(page.data.anchors[ids.level2]).toBe(`#uzol-${ids.level2}`);
    expect(page.data.isAdmin).toBe(true);
    expect((await courseRow(courseId)).state).toBe("draft");
  });

  it("the fields page saves price, VAT, audience, tags, accreditation and the enrollment deadline", async () => {
    const url = `${courseUrl()}/udaje`;
    const fields = {
      intent: "saveCourse",
      _form: "saveCourse",
      title: "Rozpočet športového klubu",
      slug: "rozpocet-sportoveho-klubu",
      shortDescription: "Ako zostaviť rozpočet.",
      description: "## Pre koho\nPre **pokladníkov**.",
      price: "49,90",
      currency: "eur",
      vatPercent: "20",
      vatIncluded: "on",
      language: "sk",
      durationHours: "3,5",
      targetAudience: ["manager", "secretary"],
      tags: "financie, rozpočet, financie",
      accreditationPartnerName: "Slovenská akadémia",
      accreditationPartnerOrgId: "",
      accreditationCertificateType: "Osvedčenie",
      enrollmentLimit: "30",
      enrollmentDeadline: "2099-07-31",
      seoTitle: "Rozpočet klubu",
    };
    // a partly filled accreditation is refused on the missing field
    let res = await post(settingsAction, url, editor, cp(), fields);
    expect(res.status).toBe(422);
    expect(Object.keys(res.data.result.error)).toEqual(["accreditationPartnerOrgId"]);
    res = await post(settingsAction, url, editor, cp(), {
      ...fields,
      accreditationPartnerOrgId: "o-9001",
      accreditationSignatoryName: "Mgr. Anna Kráľová",
      accreditationSignatoryRole: "riaditeľka",
    });
    expect(res.status).toBe(302);
    const row = await courseRow(courseId);
    expect(row).toMatchObject({
      priceCents: 4990,
      currency: "EUR",
      vatRateBp: 2000,
      vatIncluded: true,
      durationHours: 3.5,
      targetAudience: ["manager", "secretary"],
      tags: ["financie", "rozpočet"],
      enrollmentLimit: 30,
      seoTitle: "Rozpočet klubu",
      subtitle: null,
      accreditation: {
        partnerOrgId: "o-9001",
        partnerName: "Slovenská akadémia",
        certificateType: "Osvedčenie",
        signatoryName: "Mgr. Anna Kráľová",
        signatoryRole: "riaditeľka",
      },
    });
    // the end of that day in Bratislava (summer time: UTC+2)
    expect(row.enrollmentDeadline?.toISOString()).toBe("2099-07-31T21:59:59.000Z");
    const page = await get(settingsLoader, url, editor, cp());
    expect(page.data.defaults).toMatchObject({
      price: "49,90",
      vatPercent: "20",
      durationHours: "3,5",
      enrollmentDeadline: "2099-07-31",
      tags: "financie, rozpočet",
      accreditationSignatoryName: "Mgr. Anna Kráľová",
      accreditationSignatoryRole: "riaditeľka",
    });
  });

  it("the admin publishes once the rules hold; the catalog lists the course; the published version refuses edits", async () => {
    // the empty level goes (admin), the rest is complete
    let res = await post(editorAction, courseUrl(), admin, cp(), { intent: "deleteLevel", levelId: ids.level2 });
    expect(res.status).toBe(302);
    // publishing is sensitive: an admin whose sign-in is 20 minutes old signs in again
    // first and comes back to the editor, where the course is still a draft
    const stale = authAs("p-admin", ["student", "admin"], new Date(Date.now() - 20 * 60_000));
    res = await post(editorAction, courseUrl(), stale, cp(), { intent: "publish", _form: "publish" });
    expect(res.status).toBe(302);
    const signIn = new URL(res.location!, "http://localhost");
    expect(signIn.pathname).toBe("/api/auth/login");
    expect(signIn.searchParams.get("stepUp")).toBe("1");
    const back = signIn.searchParams.get("returnTo")!;
    expect(back).toMatch(new RegExp(`^${courseUrl()}\\?znovu=[0-9a-f]{24}$`));
    expect((await courseRow(courseId)).state).toBe("draft");
    expect((await get(editorLoader, back, admin, cp())).data.done).toBe("Prihlásili ste sa znova. Akcia ešte neprebehla; stlačte tlačidlo ešte raz.");
    res = await post(editorAction, courseUrl(), admin, cp(), { intent: "publish", _form: "publish" });
    expect(res.status).toBe(302);
    expect(res.location).toBe(`${courseUrl()}?hotovo=zverejneny`);
    expect(await courseRow(courseId)).toMatchObject({ state: "published", publishedBy: "p-admin" });
    const catalog = await get(catalogLoader, "/", undefined);
    expect(catalog.data.courses.map((c: { slug: string }) => c.slug)).toContain("rozpocet-sportoveho-klubu");

    const page = await get(editorLoader, `${courseUrl()}?hotovo=zverejneny`, editor, cp());
    expect(page.data).toMatchObject({ editable: false, done: "Kurz je zverejnený a je v katalógu." });
    const before = await db().select().from(schema.levels).where(eq(schema.levels.courseId, courseId));
    res = await post(editorAction, courseUrl(), editor, cp(), { intent: "editLevel", _form: `editLevel:${ids.level1}`, levelId: ids.level1, title: "Zmenené" });
    expect(res.status).toBe(409);
    expect(res.data.result.error[""]).toEqual(["Zverejnený kurz sa nedá upravovať. Vytvorte novú verziu."]);
    res = await post(
      partAction,
      `${courseUrl()}/casti/${ids.part1}`,
      editor,
      { courseId, partId: ids.part1 },
      { intent: "addVideoBlock", _form: "addVideoBlock" },
    );
    expect(res.status).toBe(409);
    expect(await db().select().from(schema.levels).where(eq(schema.levels.courseId, courseId))).toEqual(before);
  });

  it("new version opens a draft (a second request opens the same one); archive is admin-only", async () => {
    let res = await post(editorAction, courseUrl(), editor, cp(), { intent: "newVersion", _form: "newVersion" });
    expect(res.status).toBe(302);
    const draftId = idIn(res.location, "/admin/kurzy")!;
    expect(res.location).toBe(`/admin/kurzy/${draftId}?hotovo=nova-verzia`);
    expect(await courseRow(draftId)).toMatchObject({ state: "draft", version: 2, previousVersionId: courseId, slug: "rozpocet-sportoveho-klubu" });
    res = await post(editorAction, courseUrl(), editor, cp(), { intent: "newVersion", _form: "newVersion" });
    expect(res.location).toBe(`/admin/kurzy/${draftId}?hotovo=koncept-existuje`);
    // the course list has one row for the course: its latest version (the draft) and which version is published;
    // revenue is a column for admins only
    let list = await get(listLoader, "/admin/kurzy", editor);
    let rows = list.data.courses.filter((c: { slug: string }) => c.slug === "rozpocet-sportoveho-klubu");
    expect(rows).toEqual([
      expect.objectContaining({
        id: draftId,
        version: 2,
        versions: 2,
        state: "draft",
        publishedNote: "zverejnená je verzia 1",
        public: true,
        students: "0 študentov",
        revenue: null,
      }),
    ]);
    list = await get(listLoader, "/admin/kurzy", admin);
    rows = list.data.courses.filter((c: { slug: string }) => c.slug === "rozpocet-sportoveho-klubu");
    expect(rows).toEqual([expect.objectContaining({ id: draftId, revenue: expect.stringMatching(/^0,00\s€$/) })]);

    expect((await post(editorAction, courseUrl(), editor, cp(), { intent: "archive", _form: "archive" })).status).toBe(403);
    res = await post(editorAction, courseUrl(), admin, cp(), { intent: "archive", _form: "archive" });
    expect(res.status).toBe(302);
    expect((await courseRow(courseId)).state).toBe("archived");
    // the archived version cannot be deleted from its page (only the five-year job does it)
    res = await post(editorAction, courseUrl(), admin, cp(), { intent: "deleteCourse", _form: "deleteCourse" });
    expect(res.status).toBe(409);
    expect(JSON.stringify(res.data)).toContain("päť rokov po archivácii");
    expect(await courseRow(courseId)).toMatchObject({ state: "archived", deletedAt: null });
    // the admin deletes the new draft; the list says so; the draft is kept as deleted and its editor is gone
    res = await post(editorAction, `/admin/kurzy/${draftId}`, admin, { courseId: draftId }, { intent: "deleteCourse", _form: "deleteCourse" });
    expect(res.location).toBe("/admin/kurzy?hotovo=zmazane");
    expect(await courseRow(draftId)).toMatchObject({ state: "deleted", deletedAt: expect.any(Date) });
    expect((await get(editorLoader, `/admin/kurzy/${draftId}`, admin, { courseId: draftId })).status).toBe(404);
  });

  it("every change left an audit row naming who made it", async () => {
    const course = await auditActions(courseId);
    expect(course).toEqual(
      expect.arrayContaining([
        { action: "course.create", actorId: "p-editor" },
        { action: "level.reorder", actorId: "p-editor" },
        { action: "course.update", actorId: "p-editor" },
        { action: "course.publish", actorId: "p-admin" },
        { action: "course.archive", actorId: "p-admin" },
      ]),
    );
    expect(await auditActions(ids.level1)).toEqual([
      { action: "level.create", actorId: "p-editor" },
      { action: "level.update", actorId: "p-editor" },
    ]);
    expect(await auditActions(ids.level2)).toEqual([
      { action: "level.create", actorId: "p-editor" },
      { action: "level.delete", actorId: "p-admin" },
    ]);
    const partActions = (await auditActions(ids.part1)).map((a) => a.action);
    expect(partActions.filter((a) => a === "part.update").length).toBeGreaterThanOrEqual(8);
    expect(partActions[0]).toBe("part.create");
    const questionMoves = await db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "question.move"), eq(schema.auditLog.actorId, "p-editor")));
    expect(questionMoves).toHaveLength(1);
    // refused attempts wrote nothing (the 403 publish and the 409 edits)
    const publishes = await db().select().from(schema.auditLog).where(eq(schema.auditLog.action, "course.publish"));
    expect(publishes.map((r) => r.actorId)).toEqual(["p-admin"]);
  });
});
