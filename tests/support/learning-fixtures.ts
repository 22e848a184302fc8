// A small published course for the learning tests, written with the authoring area's tree
// writer, and an enrollment on it (the enrollments door, progress preallocated).
// Level 1 (issues an intermediate certificate): topic "zaklady" with a1 (text + 100 s
// video), a2 (text; prerequisite a1), a3 (optional); topic "testy" with b1 (text) and its
// required part test. Level 2 (level test): topic "pokrocile" with c1 (text).
// The course has a required course test.
import { eq } from "drizzle-orm";
import { newId, schema, type Database } from "#server/db";
import { writeCourseTree } from "#server/authoring";
import { enrollStudent } from "#server/learning";
import type { CourseStructure } from "#server/learning";
import { loadCourseStructure } from "#server/learning";

const q = {
  text: "Otázka?",
  answers: [
    ["Áno", true],
    ["Nie", false],
  ] as [string, boolean][],
  explanation: "Preto.",
};
const test = (title: string) => ({ title, questions: [q] });
/** The level test: single (8 answers), multiple choice, text, weights 1, 2, 1. */
const levelTest = {
  title: "Test úrovne 2",
  timeLimitSec: 600,
  maxAttempts: 3,
  questions: [
    {
      type: "single_choice" as const,
      text: "Ktorá farba je prvá?",
      answers: [
        ["Červená", true],
        ["Modrá", false],
        ["Zelená", false],
        ["Žltá", false],
        ["Biela", false],
        ["Čierna", false],
        ["Sivá", false],
        ["Hnedá", false],
      ] as [string, boolean][],
      explanation: "Červená.",
    },
    {
      type: "multiple_choice" as const,
      text: "Ktoré sú párne?",
      answers: [
        ["2", true],
        ["4", true],
        ["5", false],
      ] as [string, boolean][],
      explanation: "2 a 4.",
      weight: 2,
    },
    { type: "text" as const, text: "Sadzba DPH v percentách?", acceptedAnswers: ["dvadsať", "20"], explanation: "20 %." },
  ],
};

export type LearningFixture = {
  courseId: string;
  slug: string;
  structure: CourseStructure;
  part(slug: string): { id: string; blocks: { id: string; type: string }[]; testId: string | null };
  levelTestId: string;
  courseTestId: string;
};

export async function writeLearningCourse(
  db: Database,
  options: {
    slug?: string;
    state?: "published" | "archived";
    version?: number;
    videoSeconds?: number;
    /** the version this one follows (a second version of one slug) */
    previousVersionId?: string;
    /** part slugs renamed in this version, e.g. { a2: "a2-nova" } (prerequisites follow) */
    partSlugs?: Record<string, string>;
  } = {},
): Promise<LearningFixture> {
  const slug = options.slug ?? `kurz-${newId().slice(-8)}`;
  const ps = (partSlug: string) => options.partSlugs?.[partSlug] ?? partSlug;
  const courseId = await db.transaction((tx) =>
    writeCourseTree(tx, {
      slug,
      title: "Testovací kurz učenia",
      shortDescription: "Kurz pre testy.",
      description: "Kurz pre testy.",
      priceCents: 1000,
      currency: "EUR",
      vatRateBp: 2000,
      vatIncluded: true,
      language: "sk",
      durationHours: 2,
      accreditation: { partnerOrgId: "org-1", partnerName: "Partner", certificateType: "kurz" },
      createdBy: "p-admin",
      courseTestRequired: true,
      state: options.state ?? "published",
      version: options.version ?? 1,
      previousVersionId: options.previousVersionId ?? null,
      publishedAt: new Date(),
      courseTest: test("Záverečný test"),
      levels: [
        {
          slug: "uroven-1",
          title: "Úroveň 1",
          estimatedHours: 1,
          issuesIntermediateCertificate: true,
          topics: [
            {
              slug: "zaklady",
              title: "Základy",
              iconName: "book",
              estimatedMinutes: 30,
              parts: [
                {
                  slug: ps("a1"),
                  title: "Časť A1",
                  summary: "Úvod.",
                  blocks: [
                    { type: "text", markdown: "# Úvod" },
                    { type: "video", state: "ready", videoPlaybackId: "demo-test", durationSec: options.videoSeconds ?? 100, chapters: [] },
                  ],
                },
                { slug: ps("a2"), title: "Časť A2", summary: "Pokračovanie.", prerequisites: [ps("a1")], blocks: [{ type: "text", markdown: "Text A2" }] },
                { slug: ps("a3"), title: "Časť A3", summary: "Nepovinná.", requiredForCompletion: false, blocks: [{ type: "text", markdown: "Text A3" }] },
              ],
            },
            {
              slug: "testy",
              title: "S testom",
              iconName: "check",
              estimatedMinutes: 30,
              parts: [{ slug: ps("b1"), title: "Časť B1", summary: "S testom.", blocks: [{ type: "text", markdown: "Text B1" }], test: test("Test B1") }],
            },
          ],
        },
        {
          slug: "uroven-2",
          title: "Úroveň 2",
          estimatedHours: 1,
          test: levelTest,
          topics: [
            {
              slug: "pokrocile",
              title: "Pokročilé",
              iconName: "star",
              estimatedMinutes: 30,
              parts: [{ slug: ps("c1"), title: "Časť C1", summary: "Pokročilá.", blocks: [{ type: "text", markdown: "Text C1" }] }],
            },
          ],
        },
      ],
    }),
  );
  const structure = (await loadCourseStructure(db, courseId))!;
  const bySlug = new Map(structure.parts.map((p) => [p.slug, p]));
  return {
    courseId,
    slug,
    structure,
    part(s) {
      const p = bySlug.get(s);
      if (!p) throw new Error(`no part ${s}`);
      return { id: p.id, blocks: p.contentBlocks.map((b) => ({ id: b.id, type: b.type })), testId: p.partTest?.id ?? null };
    },
    levelTestId: structure.levels[1].levelTest!.id,
    courseTestId: structure.course.courseTest!.id,
  };
}

export async function enrollIn(
  db: Database,
  fixture: { courseId: string; slug: string },
  studentId = "p-1001",
  extra: { accessExpiresAt?: Date } = {},
): Promise<string> {
  const { enrollmentId } = await db.transaction((tx) =>
    enrollStudent(tx, {
      courseVersionId: fixture.courseId,
      courseId: fixture.courseId,
      courseTitle: "Testovací kurz učenia",
      courseSlug: fixture.slug,
      studentId,
      studentDisplayName: "Jana Nováková",
      studentEmail: "jana.novakova@demo.sk",
      reason: "admin_grant",
      grantReason: "test",
      enrolledAt: new Date(),
    }),
  );
  if (extra.accessExpiresAt) {
    await db.update(schema.enrollments).set({ accessExpiresAt: extra.accessExpiresAt }).where(eq(schema.enrollments.id, enrollmentId));
  }
  return enrollmentId;
}

/** A passed attempt of a test (the attempts area writes these). */
export async function recordPassedAttempt(db: Database, enrollmentId: string, testId: string, studentId = "p-1001") {
  const now = new Date();
  await db.insert(schema.testAttempts).values({
    testId,
    enrollmentId,
    studentId,
    attemptNumber: 1,
    state: "submitted",
    score: 1,
    passed: true,
    startedAt: now,
    deadline: new Date(now.getTime() + 600_000),
    submittedAt: now,
    questionSnapshots: [],
    questionOrder: [],
    answerOrders: {},
  });
}
