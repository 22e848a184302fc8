// The part editor's one form with a file (docs/decisions/files/one-form-uploads.md,
// docs/decisions/files/video-captions.md) over HTTP: the multipart part form posted to
// `?upload` saves the typed fields and the chosen file together; a refused file (captions
// that are not WebVTT) refuses the whole save with nothing stored; captions end up on the
// video block with a transcript derived from them, and a list button removes them. Through
// the API a video block's captions must name a captions file (422 otherwise).
import { asc, count, eq } from "drizzle-orm";
import { partFields } from "../support/part-form";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, schema, type DatabaseHandle } from "#server/db";
import { blockInputOf } from "#server/authoring";
import { startApp, type RunningApp } from "../support/app";
import { createTestDatabase, serverUrl, type TestDatabase } from "../support/db";
import { signIn } from "../support/app-login";
import type { CookieJar } from "../support/idp-login";

let database: TestDatabase;
let app: RunningApp;
let handle: DatabaseHandle;
let editor: CookieJar;

const VTT =
  "WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.500\nDobrý deň, vitajte.\n\n2\n00:00:02.500 --> 00:00:05.000\n<v Eva>Dnes o <b>rozpočte</b>\n\n3\n00:00:05.000 --> 00:00:07.000\nklubu.\n";

async function fileRows(): Promise<number> {
  const [r] = await handle.db.select({ n: count() }).from(schema.files);
  return r.n;
}

describe.skipIf(!serverUrl())("the part form with a file (multipart to ?upload)", () => {
  let url: string;
  let partId: string;
  const read = async () => (await handle.db.select().from(schema.parts).where(eq(schema.parts.id, partId)))[0];
  const post = (fields: [string, string][], file?: { text: string; name: string }) => {
    const form = new FormData();
    for (const [name, value] of fields) {
      form.append(name, value);
      // the kind goes before the file, as the page's form orders it
      if (name === "kind" && file) form.append("file", new Blob([file.text]), file.name);
    }
    return editor.fetch(`${url}?upload`, { method: "POST", body: form, headers: { Origin: app.url } });
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startApp({ database });
    handle = await openDatabase({ databaseUrl: database.url, migrate: false, poolSize: 2 });
    editor = (await signIn(app.url, "martin.simko@demo.sk")).jar;
    const [draft] = await handle.db.select().from(schema.courses).where(eq(schema.courses.state, "draft")).limit(1);
    const [part] = await handle.db.select().from(schema.parts).where(eq(schema.parts.courseId, draft.id)).orderBy(asc(schema.parts.orderIndex)).limit(1);
    partId = part.id;
    url = `${app.url}/admin/kurzy/${draft.id}/casti/${part.id}`;
  }, 180_000);
  afterAll(async () => {
    await handle?.close();
    await app?.stop();
    await database?.drop();
  });

  it("adds a video block, then its captions with a typed title in one save; bad captions refuse the whole save", async () => {
    const added = await post(partFields(await read(), [["blockOp", "add:video"]]));
    expect(added.status).toBe(302);
    const withVideo = await read();
    const video = withVideo.contentBlocks.at(-1)!;
    expect(video.type).toBe("video");

    // not WebVTT: 422 on the page, no file stored, the typed title not saved
    const before = await fileRows();
    const captionFields: [string, string][] = [
      ["title", "Rozpočet s titulkami"],
      ["kind", "captions"],
      ["captionsBlockId", video.id],
      ["captionsLang", "sk"],
    ];
    const bad = await post(partFields(withVideo, captionFields), { text: "1\n00:00:00.000 --> 00:00:01.000\nahoj\n", name: "sk.vtt" });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain("WEBVTT");
    expect(await fileRows()).toBe(before);
    expect((await read()).title).toBe(withVideo.title);

    // valid captions: the title and the captions in one save, the transcript derived from them
    const good = await post(partFields(withVideo, captionFields), { text: VTT, name: "rozpocet.sk.vtt" });
    expect(good.status).toBe(302);
    expect(good.headers.get("location")).toContain("hotovo=pridane");
    const saved = await read();
    expect(saved.title).toBe("Rozpočet s titulkami");
    const block = saved.contentBlocks.find((b) => b.id === video.id)!;
    expect(block.type === "video" && block.captions).toEqual([{ lang: "sk", label: "Slovenčina", fileId: expect.stringMatching(/^[0-9a-f]{24}$/) }]);
    expect(block.type === "video" && block.captionsTranscript).toBe("Dobrý deň, vitajte.\n\nDnes o rozpočte klubu.");

    // the editor shows them; its list button removes them (and saves the rest)
    const page = await (await editor.fetch(url)).text();
    expect(page).toContain("Slovenčina (sk)");
    const removed = await post(partFields(saved, [["blockOp", `uncaption:${video.id}:sk`]]));
    expect(removed.status).toBe(302);
    const after = (await read()).contentBlocks.find((b) => b.id === video.id)!;
    expect(after.type === "video" && after.captions).toBeUndefined();
    expect(after.type === "video" && after.captionsTranscript).toBeUndefined();
  });

  it("a field over the form's limit is refused (413), never saved shortened", async () => {
    const part = await read();
    const res = await post(partFields(part, [["summary", "x".repeat(300 * 1024)]]));
    expect(res.status).toBe(413);
    expect((await read()).summary).toBe(part.summary);
  });

  it("`?upload` with a body that is not multipart is 415 (it is never buffered)", async () => {
    const res = await editor.fetch(`${url}?upload`, { method: "POST", body: new URLSearchParams({ intent: "savePart" }), headers: { Origin: app.url } });
    expect(res.status).toBe(415);
  });

  it("through the API a video block's captions must name a captions file", async () => {
    const part = await read();
    const video = part.contentBlocks.find((b) => b.type === "video")!;
    const form = new FormData();
    form.append("kind", "attachment");
    form.append("file", new Blob(["položka;suma\n"]), "tabulka.csv");
    const upload = await editor.fetch(`${app.url}/api/admin/files`, { method: "POST", body: form, headers: { Origin: app.url } });
    expect(upload.status).toBe(201);
    const { file } = (await upload.json()) as { file: { id: string } };
    const blocks = part.contentBlocks.map((b) =>
      b.id === video.id ? { id: b.id, type: "video", captions: [{ lang: "sk", fileId: file.id }] } : blockInputOf(b),
    );
    const res = await editor.fetch(`${app.url}/api/admin/parts/${part.id}`, {
      method: "PATCH",
      body: JSON.stringify({ contentBlocks: blocks }),
      headers: { Origin: app.url, "Content-Type": "application/json" },
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: string; details: { path: string }[] };
    expect(body.error).toBe("validation");
    expect(JSON.stringify(body.details)).toContain("captions");
  });
});
