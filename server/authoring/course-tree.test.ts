// writeCourseTree on a real database (PostgreSQL with TEST_DATABASE_URL, else PGlite).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { schema } from "../db";
import { openTestDatabase, type OpenTestDatabase } from "../../tests/support/db";
import { writeCourseTree, type CourseTree, type TestInput } from "./index";

let t: OpenTestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

const quiz = (title: string): TestInput => ({
  title,
  questions: [
    {
      text: "Kto schvaľuje stanovy?",
      answers: [
        ["Valné zhromaždenie", true],
        ["Tréner", false],
      ],
      explanation: "Najvyšší orgán.",
    },
    { type: "text", text: "Skratka registra?", acceptedAnswers: ["RPO"], explanation: "Register právnických osôb." },
  ],
});

function tree(slug: string, overrides: Partial<CourseTree> = {}): CourseTree {
  return {
    slug,
    title: "Riadenie klubu",
    priceCents: 9_900,
    vatRateBp: 2000,
    createdBy: "p-3001",
    levels: [
      {
        slug: "zaklady",
        title: "Základy",
        estimatedHours: 4,
        issuesIntermediateCertificate: true,
        test: quiz("Test úrovne"),
        topics: [
          {
            slug: "poslanie",
            title: "Poslanie klubu",
            iconName: "compass",
            estimatedMinutes: 50,
            parts: [
              { slug: "uvod", title: "Úvod", summary: "Prečo", blocks: [{ type: "text", markdown: "Ahoj" }] },
              {
                slug: "stanovy",
                title: "Stanovy",
                summary: "Ako",
                blocks: [
                  { type: "text", markdown: "Stanovy" },
                  { type: "image", imagePath: "/media/images/a.svg", alt: "Schéma" },
                ],
                prerequisites: ["uvod"],
                requiredForCompletion: false,
                test: quiz("Test časti"),
              },
            ],
          },
        ],
      },
    ],
    courseTest: quiz("Záverečný test"),
    ...overrides,
  };
}

describe("writeCourseTree", () => {
  it("writes the course with its levels, topics, modules, parts and tests in one go", async () => {
    const courseId = await t.db.transaction((tx) => writeCourseTree(tx, tree("strom-kurzu")));
    expect(courseId).toMatch(/^[0-9a-f]{24}$/);
    const course = await t.db.query.courses.findFirst({ where: eq(schema.courses.id, courseId) });
    expect(course).toMatchObject({ slug: "strom-kurzu", vatRateBp: 2000, state: "draft", courseTestRequired: true });

    const [level] = await t.db.select().from(schema.levels).where(eq(schema.levels.courseId, courseId));
    expect(level).toMatchObject({ orderIndex: 1, slug: "zaklady", issuesIntermediateCertificate: true, levelTestRequired: true });
    const [topic] = await t.db.select().from(schema.topics).where(eq(schema.topics.levelId, level.id));
    const [module] = await t.db.select().from(schema.modules).where(eq(schema.modules.topicId, topic.id));
    expect(module).toMatchObject({ title: "Poslanie klubu", estimatedMinutes: 50 });
    const parts = await t.db.select().from(schema.parts).where(eq(schema.parts.moduleId, module.id)).orderBy(asc(schema.parts.orderIndex));
    expect(parts.map((p) => [p.orderIndex, p.slug, p.requiredForCompletion, p.partTestRequired])).toEqual([
      [1, "uvod", true, false],
      [2, "stanovy", false, true],
    ]);
    expect(parts[1].prerequisites).toEqual([parts[0].id]);
    const blockIds = parts.flatMap((p) => p.contentBlocks.map((b) => b.id));
    expect(new Set(blockIds).size).toBe(3);

    const tests = await t.db.select().from(schema.tests).where(eq(schema.tests.courseId, courseId));
    expect(tests.map((x) => x.placement).sort()).toEqual(["course", "level", "part"]);
    expect(tests.find((x) => x.placement === "course")!.id).toBe(course!.courseTestId);
    expect(tests.find((x) => x.placement === "level")!.id).toBe(level.levelTestId);
    expect(tests.find((x) => x.placement === "part")!.id).toBe(parts[1].partTestId);
    const questions = await t.db.select().from(schema.questions).where(eq(schema.questions.testId, course!.courseTestId!));
    expect(questions.map((q) => [q.orderIndex, q.type])).toEqual([
      [0, "single_choice"],
      [1, "text"],
    ]);
    expect(questions[0].answers.filter((a) => a.isCorrect).map((a) => a.text)).toEqual(["Valné zhromaždenie"]);
  });

  it("leaves nothing behind when a part names a later part as prerequisite", async () => {
    const bad = tree("zly-strom");
    bad.levels[0].topics[0].parts[0].prerequisites = ["stanovy"];
    await expect(t.db.transaction((tx) => writeCourseTree(tx, bad))).rejects.toThrow(/prerequisite stanovy of uvod/);
    expect(await t.db.query.courses.findFirst({ where: eq(schema.courses.slug, "zly-strom") })).toBeUndefined();
  });

  it("refuses a VAT rate that is not 0..10000 basis points", async () => {
    await expect(t.db.transaction((tx) => writeCourseTree(tx, tree("zla-dph", { vatRateBp: 0.2 })))).rejects.toThrow(RangeError);
  });
});
