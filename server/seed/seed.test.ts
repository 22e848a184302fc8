import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, schema, type DatabaseHandle } from "../db";
import { seedDemoData } from "./index";

describe("seedDemoData", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: "memory://" });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("inserts the demo catalog once, quickly", async () => {
    const started = Date.now();
    expect(await seedDemoData(handle.db)).toBe(true);
    // the demo files (PDFs parsed, pictures rendered) keep the seed well within a start-up
    expect(Date.now() - started).toBeLessThan(60_000);
    const courses = await handle.db.select().from(schema.courses);
    const bySlug = (slug: string) => courses.filter((c) => c.slug === slug);
    expect(
      bySlug("riadenie-sportoveho-klubu")
        .map((c) => [c.version, c.state])
        .sort(),
    ).toEqual([
      [1, "archived"],
      [2, "published"],
    ]);
    const [v1, v2] = bySlug("riadenie-sportoveho-klubu").sort((a, b) => a.version - b.version);
    expect(v2.previousVersionId).toBe(v1.id);
    expect(bySlug("marketing-sportovej-organizacie").map((c) => c.state)).toEqual(["archived"]);
    expect(bySlug("pravo-a-governance-vo-zvazoch").map((c) => c.state)).toEqual(["draft"]);
    expect(
      courses
        .filter((c) => c.state === "published")
        .map((c) => c.slug)
        .sort(),
    ).toEqual(["financie-a-granty-v-sporte", "riadenie-sportoveho-klubu", "sekretar-klubu-v-praxi"]);
    for (const c of courses) expect(c.id).toMatch(/^[0-9a-f]{24}$/);

    const financie = bySlug("financie-a-granty-v-sporte")[0];
    const courseTest = await handle.db.query.tests.findFirst({ where: (t, { eq }) => eq(t.id, financie.courseTestId!) });
    expect(courseTest?.placement).toBe("course");
    expect(financie.courseTestRequired).toBe(true);

    expect(await seedDemoData(handle.db)).toBe(false);
    expect((await handle.db.select().from(schema.courses)).length).toBe(courses.length);
  });

  it("moved the demo's files into the store: every presentation, image and attachment references a stored file, each stored once", async () => {
    const parts = await handle.db.select().from(schema.parts);
    const files = await handle.db.select().from(schema.files);
    const byId = new Map(files.map((f) => [f.id, f]));
    let referenced = 0;
    for (const p of parts) {
      for (const b of p.contentBlocks) {
        if (b.type === "presentation") {
          expect(b.pdfPath).toBe(`/s/${b.fileId}`);
          expect(byId.get(b.fileId!)).toMatchObject({ kind: "presentation", mimeType: "application/pdf", pages: b.slideCount });
          referenced++;
        }
        if (b.type === "image") {
          expect(b.imagePath).toBe(`/s/${b.fileId}`);
          expect(byId.get(b.fileId!)).toMatchObject({ kind: "image", mimeType: "image/png", width: b.width, height: b.height });
          referenced++;
        }
      }
      for (const a of p.attachments) {
        expect(a.path).toBe(`/s/${a.fileId}`);
        expect(byId.get(a.fileId!)).toMatchObject({ kind: "attachment", sizeBytes: a.sizeBytes, mimeType: a.mimeType });
        referenced++;
      }
    }
    expect(referenced).toBeGreaterThan(10);
    // one row per demo file (versions share them), one content per distinct bytes
    expect(files.length).toBe(new Set(files.map((f) => `${f.kind}:${f.name}`)).size);
    const contents = await handle.db.select({ sha256: schema.fileContents.sha256 }).from(schema.fileContents);
    expect(contents.length).toBe(new Set(files.map((f) => f.sha256)).size);
    // seeding again stores nothing more
    expect(await seedDemoData(handle.db)).toBe(false);
    expect((await handle.db.select().from(schema.files)).length).toBe(files.length);
  });

  it("every published course meets the spec's publish conditions", async () => {
    const db = handle.db;
    const published = (await db.select().from(schema.courses)).filter((c) => c.state === "published");
    for (const course of published) {
      expect(course.priceCents).toBeGreaterThan(0);
      expect(course.accreditation?.partnerName).toBeTruthy();
      const levels = (await db.select().from(schema.levels)).filter((l) => l.courseId === course.id);
      expect(levels.length).toBeGreaterThan(0);
      for (const level of levels) {
        const topics = (await db.select().from(schema.topics)).filter((t) => t.levelId === level.id);
        expect(topics.length).toBeGreaterThan(0);
        for (const topic of topics) {
          const modules = (await db.select().from(schema.modules)).filter((m) => m.topicId === topic.id);
          expect(modules).toHaveLength(1);
          const parts = (await db.select().from(schema.parts)).filter((p) => p.moduleId === modules[0].id);
          expect(parts.length).toBeGreaterThan(0);
          expect(parts.some((p) => p.requiredForCompletion)).toBe(true);
          for (const p of parts) {
            const ids = p.contentBlocks.map((b) => b.id);
            expect(new Set(ids).size).toBe(ids.length);
          }
        }
      }
    }
    const riadenie = published.find((c) => c.slug === "riadenie-sportoveho-klubu")!;
    const blockTypes = new Set(
      (await db.select().from(schema.parts)).filter((p) => p.courseId === riadenie.id).flatMap((p) => p.contentBlocks.map((b) => b.type)),
    );
    expect([...blockTypes].sort()).toEqual(["image", "presentation", "text", "video"]);
    for (const question of await db.select().from(schema.questions)) {
      if (question.type === "text") expect(question.acceptedAnswers.length).toBeGreaterThan(0);
      else expect(question.answers.some((a) => a.isCorrect)).toBe(true);
    }
  });
});
