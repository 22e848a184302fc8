// Inserts a declarative course tree (levels > topics > module > parts, tests with
// questions) inside the caller's transaction. Ids are generated here so content files
// stay plain data; part prerequisites refer to earlier parts by slug.
import { newId, schema, type Tx } from "../db";
import type { ContentBlock, QuestionAnswer } from "../db/schema";

export type QuestionSpec = {
  type?: "single_choice" | "multiple_choice" | "text";
  text: string;
  answers?: [string, boolean][];
  acceptedAnswers?: string[];
  explanation: string;
  weight?: number;
};

export type TestSpec = {
  title: string;
  description?: string;
  timeLimitSec?: number;
  maxAttempts?: number;
  cooldownMinutes?: number;
  selectionMode?: "all" | "shuffle" | "random_subset";
  questionCount?: number;
  showAnswersAfter?: "never" | "submit" | "pass" | "last_attempt";
  questions: QuestionSpec[];
};

type BlockSpec = ContentBlock extends infer B ? (B extends { id: string } ? Omit<B, "id"> : never) : never;

export type PartSpec = {
  slug: string;
  title: string;
  summary: string;
  blocks: BlockSpec[];
  attachments?: (typeof schema.parts.$inferInsert)["attachments"];
  prerequisites?: string[];
  requiredForCompletion?: boolean;
  test?: TestSpec;
};

export type TopicSpec = { slug: string; title: string; iconName: string; estimatedMinutes: number; parts: PartSpec[] };

export type LevelSpec = {
  slug: string;
  title: string;
  subtitle?: string;
  estimatedHours: number;
  issuesIntermediateCertificate?: boolean;
  test?: TestSpec;
  topics: TopicSpec[];
};

export type CourseSpec = Omit<typeof schema.courses.$inferInsert, "id" | "courseTestId"> & {
  levels: LevelSpec[];
  courseTest?: TestSpec;
};

async function insertTest(tx: Tx, courseId: string, placement: "part" | "level" | "course", spec: TestSpec) {
  const testId = newId();
  await tx.insert(schema.tests).values({
    id: testId,
    courseId,
    placement,
    title: spec.title,
    description: spec.description,
    passingScore: 0.7,
    timeLimitSec: spec.timeLimitSec ?? 900,
    maxAttempts: spec.maxAttempts ?? 3,
    cooldownMinutes: spec.cooldownMinutes ?? 0,
    selectionMode: spec.selectionMode ?? "all",
    questionCount: spec.questionCount,
    randomizeAnswerOrder: true,
    showAnswersAfter: spec.showAnswersAfter ?? "submit",
  });
  await tx.insert(schema.questions).values(
    spec.questions.map((q, i) => ({
      testId,
      orderIndex: i,
      type: q.type ?? "single_choice",
      text: q.text,
      weight: q.weight ?? 1,
      answers: (q.answers ?? []).map(([text, isCorrect]): QuestionAnswer => ({ id: newId(), text, isCorrect })),
      acceptedAnswers: q.acceptedAnswers ?? [],
      explanation: q.explanation,
    })),
  );
  return testId;
}

/** Inserts one course version with its whole tree; returns the course id. */
export async function insertCourse(tx: Tx, spec: CourseSpec): Promise<string> {
  const { levels: levelSpecs, courseTest, ...courseValues } = spec;
  const courseId = newId();
  await tx.insert(schema.courses).values({ ...courseValues, id: courseId });
  for (const [li, level] of levelSpecs.entries()) {
    const levelId = newId();
    await tx.insert(schema.levels).values({
      id: levelId,
      courseId,
      orderIndex: li + 1,
      slug: level.slug,
      title: level.title,
      subtitle: level.subtitle,
      estimatedHours: level.estimatedHours,
      topicSequencing: "flexible",
      issuesIntermediateCertificate: level.issuesIntermediateCertificate ?? false,
    });
    if (level.test) {
      const testId = await insertTest(tx, courseId, "level", level.test);
      await tx.update(schema.levels).set({ levelTestId: testId, levelTestRequired: true }).where(eqId(schema.levels.id, levelId));
    }
    for (const [ti, topic] of level.topics.entries()) {
      const topicId = newId();
      await tx.insert(schema.topics).values({ id: topicId, courseId, levelId, orderIndex: ti + 1, slug: topic.slug, title: topic.title, iconName: topic.iconName });
      const moduleId = newId();
      await tx.insert(schema.modules).values({ id: moduleId, courseId, topicId, title: topic.title, estimatedMinutes: topic.estimatedMinutes });
      const partIds = new Map<string, string>();
      for (const [pi, part] of topic.parts.entries()) {
        const partId = newId();
        partIds.set(part.slug, partId);
        const partTestId = part.test ? await insertTest(tx, courseId, "part", part.test) : null;
        await tx.insert(schema.parts).values({
          id: partId,
          courseId,
          moduleId,
          orderIndex: pi + 1,
          slug: part.slug,
          title: part.title,
          summary: part.summary,
          contentBlocks: part.blocks.map((b) => ({ ...b, id: newId() }) as ContentBlock),
          attachments: part.attachments ?? [],
          prerequisites: (part.prerequisites ?? []).map((slug) => {
            const id = partIds.get(slug);
            if (!id) throw new Error(`seed: prerequisite ${slug} of ${part.slug} must come earlier`);
            return id;
          }),
          partTestId,
          partTestRequired: partTestId !== null,
          requiredForCompletion: part.requiredForCompletion ?? true,
        });
      }
    }
  }
  if (courseTest) {
    const testId = await insertTest(tx, courseId, "course", courseTest);
    await tx.update(schema.courses).set({ courseTestId: testId, courseTestRequired: true }).where(eqId(schema.courses.id, courseId));
  }
  return courseId;
}

import { eq } from "drizzle-orm";
function eqId(column: typeof schema.courses.id | typeof schema.levels.id, id: string) {
  return eq(column, id);
}
