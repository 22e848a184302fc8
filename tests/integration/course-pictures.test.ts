// A course's pictures uploaded where they are used (docs/decisions/files/public-images.md):
// through the API a draft references an uploaded cover, share image or lecturer photo by
// file id (another kind of upload or an unknown id is a 422 with nothing changed); the
// course settings page takes the pictures on its one multipart form without JavaScript (a
// file that is not a picture refuses the whole save, nothing stored); the public pages and
// the catalog API answer an uploaded cover as signed widths that open as WebP.
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, schema, type DatabaseHandle } from "#server/db";
import { startApp, type RunningApp } from "../support/app";
import { createTestDatabase, serverUrl, type TestDatabase } from "../support/db";
import { signIn } from "../support/app-login";
import type { CookieJar } from "../support/idp-login";

let database: TestDatabase;
let app: RunningApp;
let handle: DatabaseHandle;
let editor: CookieJar;

type CourseRow = typeof schema.courses.$inferSelect;

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#2a6f97" } })
    .png()
    .toBuffer();

async function fileRows(): Promise<number> {
  const [r] = await handle.db.select({ n: count() }).from(schema.files);
  return r.n;
}

async function upload(kind: string, bytes: Buffer | string, name: string) {
  const form = new FormData();
  form.append("kind", kind);
  form.append("file", new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)]), name);
  const res = await editor.fetch(`${app.url}/api/admin/files`, { method: "POST", body: form, headers: { Origin: app.url } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { file: { id: string; kind: string; width: number; height: number } }).file;
}

/** The settings form as the page fills it from the draft (what a save without changes sends). */
function settingsFields(c: CourseRow): [string, string][] {
  const a = c.accreditation;
  const fields: [string, string][] = [
    ["intent", "saveCourse"],
    ["_form", "saveCourse"],
    ["title", c.title],
    ["slug", c.slug],
    ["subtitle", c.subtitle ?? ""],
    ["shortDescription", c.shortDescription],
    ["description", c.description],
    ["price", (c.priceCents / 100).toFixed(2).replace(".", ",")],
    ["currency", c.currency],
    ["vatPercent", String(c.vatRateBp / 100)],
    ...(c.vatIncluded ? [["vatIncluded", "on"] as [string, string]] : []),
    ["language", c.language],
    ["durationHours", String(c.durationHours).replace(".", ",")],
    ...c.targetAudience.map((t): [string, string] => ["targetAudience", t]),
    ["tags", c.tags.join(", ")],
    ["accreditationPartnerOrgId", a?.partnerOrgId ?? ""],
    ["accreditationPartnerName", a?.partnerName ?? ""],
    ["accreditationCertificateType", a?.certificateType ?? ""],
    ["accreditationNumber", a?.accreditationNumber ?? ""],
    ["accreditationSignatoryName", a?.signatoryName ?? ""],
    ["accreditationSignatoryRole", a?.signatoryRole ?? ""],
    ["enrollmentLimit", c.enrollmentLimit === null ? "" : String(c.enrollmentLimit)],
    ["seoTitle", c.seoTitle ?? ""],
    ["seoDescription", c.seoDescription ?? ""],
  ];
  for (const [i, personId] of c.instructors.entries()) {
    const p = c.instructorProfiles.find((x) => x.personId === personId);
    fields.push(
      ["instructors", personId],
      [`profiles[${i}].personId`, personId],
      [`profiles[${i}].title`, p?.title ?? ""],
      [`profiles[${i}].affiliation`, p?.affiliation ?? ""],
      [`profiles[${i}].bio`, p?.bio ?? ""],
    );
  }
  return fields;
}

describe.skipIf(!serverUrl())("a course's pictures", () => {
  let draftId: string;
  const read = async (id = draftId) => (await handle.db.select().from(schema.courses).where(eq(schema.courses.id, id)))[0];
  const patch = (body: unknown) =>
    editor.fetch(`${app.url}/api/admin/courses/${draftId}`, {
      method: "PATCH",
      body: JSON.stringify(body),
      headers: { Origin: app.url, "Content-Type": "application/json" },
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startApp({ database });
    handle = await openDatabase({ databaseUrl: database.url, migrate: false, poolSize: 2 });
    editor = (await signIn(app.url, "martin.simko@demo.sk")).jar;
    const [draft] = await handle.db.select().from(schema.courses).where(eq(schema.courses.state, "draft")).limit(1);
    draftId = draft.id;
  }, 180_000);
  afterAll(async () => {
    await handle?.close();
    await app?.stop();
    await database?.drop();
  });

  it("through the API: a cover by its file id; an attachment or an unknown id is refused with nothing changed", async () => {
    const cover = await upload("cover", await png(1200, 630), "obalka.png");
    const attachment = await upload("attachment", "položka;suma\n", "tabulka.csv");
    const before = await read();

    for (const [body, path] of [
      [{ coverFileId: attachment.id }, "coverFileId"],
      [{ ogImageFileId: "0123456789abcdef01234567" }, "ogImageFileId"],
    ] as const) {
      const res = await patch(body);
      expect(res.status).toBe(422);
      const error = (await res.json()) as { error: string; message: string; details: { path: string }[] };
      expect(error.error).toBe("validation");
      expect(error.details.map((d) => d.path)).toEqual([path]);
    }
    expect(await read()).toEqual(before);

    const res = await patch({ coverFileId: cover.id });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { coverFileId: string | null; ogImageFileId: string | null; coverImageUrl: string | null };
    expect(body).toMatchObject({ coverFileId: cover.id, ogImageFileId: null });
    const after = await read();
    expect(after.coverFileId).toBe(cover.id);
    expect({ ...after, coverFileId: null, updatedAt: before.updatedAt }).toEqual(before);
  });

  it("the settings page without JavaScript: the share image and a lecturer's photo go with the form; a file that is not a picture refuses the save", async () => {
    // a lecturer (Mgr. Eva Kováčová at the local provider) whose photo the form takes
    expect((await patch({ instructors: ["p-2001"] })).status).toBe(200);
    const draft = await read();
    const post = async (extra: [string, string][], files: [string, Buffer | string, string][]) => {
      const form = new FormData();
      const replaced = new Set(extra.map(([name]) => name));
      for (const [name, value] of [...settingsFields(await read()).filter(([name]) => !replaced.has(name)), ...extra]) form.append(name, value);
      for (const [name, bytes, fileName] of files) form.append(name, new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)]), fileName);
      return editor.fetch(`${app.url}/admin/kurzy/${draftId}/udaje?upload`, { method: "POST", body: form, headers: { Origin: app.url } });
    };

    const stored = await fileRows();
    const refused = await post([["title", "Nový názov, ktorý sa neuloží"]], [["ogImageFile", "toto nie je obrázok", "zdielanie.png"]]);
    expect(refused.status).toBe(422);
    expect(await fileRows()).toBe(stored);
    expect((await read()).title).toBe(draft.title);
    expect((await read()).ogImageFileId).toBeNull();

    const saved = await post(
      [["title", "Riadenie klubu s obrázkami"]],
      [
        ["ogImageFile", await png(1200, 630), "zdielanie.png"],
        ["profiles[0].avatarFile", await png(400, 400), "lektor.png"],
      ],
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toContain("hotovo=ulozene");
    const after = await read();
    expect(after.title).toBe("Riadenie klubu s obrázkami");
    expect(after.ogImageFileId).toMatch(/^[0-9a-f]{24}$/);
    // the cover set through the API stays: the form did not touch it
    expect(after.coverFileId).toBe(draft.coverFileId);
    const avatarFileId = after.instructorProfiles.find((p) => p.personId === draft.instructors[0])?.avatarFileId;
    expect(avatarFileId).toMatch(/^[0-9a-f]{24}$/);
    const kinds = await handle.db.select({ id: schema.files.id, kind: schema.files.kind }).from(schema.files);
    expect(kinds.find((f) => f.id === after.ogImageFileId)?.kind).toBe("cover");
    expect(kinds.find((f) => f.id === avatarFileId)?.kind).toBe("avatar");
    // everything else as it was
    // (a multipart form sends a text's line breaks as CRLF, as browsers do)
    expect({
      ...after,
      title: draft.title,
      description: after.description.replace(/\r\n/g, "\n"),
      ogImageFileId: null,
      instructorProfiles: draft.instructorProfiles,
      updatedAt: draft.updatedAt,
    }).toEqual(draft);

    // "Odstrániť" clears the share image; the photo stays
    const removed = await post([["removeOgImage", "on"]], []);
    expect(removed.status).toBe(302);
    const cleared = await read();
    expect(cleared.ogImageFileId).toBeNull();
    expect(cleared.instructorProfiles.find((p) => p.personId === draft.instructors[0])?.avatarFileId).toBe(avatarFileId);
  });

  it("the public pages and the catalog API offer an uploaded cover in signed widths that open as WebP", async () => {
    const cover = await upload("cover", await png(2000, 1000), "velka-obalka.png");
    const [published] = await handle.db.select().from(schema.courses).where(eq(schema.courses.state, "published")).limit(1);
    await handle.db.update(schema.courses).set({ coverFileId: cover.id }).where(eq(schema.courses.id, published.id));

    const api = (await (await fetch(`${app.url}/api/courses/${published.slug}`)).json()) as { course: { coverImageUrl: string } };
    expect(api.course.coverImageUrl).toMatch(new RegExp(`/files/s/${cover.id}/w1600\\.webp\\?.*sig=`));
    const list = (await (await fetch(`${app.url}/api/courses`)).json()) as { data: { slug: string; coverImageUrl: string }[] };
    expect(list.data.find((c) => c.slug === published.slug)?.coverImageUrl).toBe(api.course.coverImageUrl);

    const image = await fetch(api.course.coverImageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(1600);

    const page = await (await fetch(`${app.url}/kurzy/${published.slug}`)).text();
    // the share image falls back to the cover; the picture has its widths and size
    expect(page).toMatch(new RegExp(`<meta property="og:image" content="[^"]*/files/s/${cover.id}/w1600\\.webp`));
    expect(page).toMatch(/srcSet="[^"]*w480\.webp[^"]* 480w, [^"]*w960\.webp[^"]* 960w, [^"]*w1600\.webp[^"]* 1600w"/i);
    expect(page).toContain('width="1600" height="800"');
    const catalog = await (await fetch(`${app.url}/`)).text();
    expect(catalog).toContain(`/files/s/${cover.id}/w480.webp`);
  });
});
