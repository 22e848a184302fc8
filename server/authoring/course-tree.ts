// Writes one course version with its whole tree (levels > topics > module > parts, tests
// with questions) inside the caller's transaction. The tree is plain data: ids are made
// here, and a part names its prerequisites by the slugs of earlier parts of its topic.
// The demo seed uses it today; the admin authoring API will build on it.
import { eq } from "drizzle-orm";
import { newId, schema, type Tx } from "../db";
import type { ContentBlock, QuestionAnswer } from "../db/schema";
import { assertBasisPoints } from "../money";

export type QuestionInput = {
  type?: "single_choice" | "multiple_choice" | "text";
  text: string;
  /** [answer text, is correct] */
  answers?: [string, boolean][];
  acceptedAnswers?: string[];
  explanation: string;
  weight?: number;
};

export type TestInput = {
  title: string;
  description?: string;
  timeLimitSec?: number;
  maxAttempts?: number;
  cooldownMinutes?: number;
  selectionMode?: "all" | "shuffle" | "random_subset";
  questionCount?: number;
  showAnswersAfter?: "never" | "submit" | "pass" | "last_attempt";
  questions: QuestionInput[];
};

/** A content block without its id (ids are made when the part is written). */
export type BlockInput = ContentBlock extends infer B ? (B extends { id: string } ? Omit<B, "id"> : never) : never;

export type PartInput = {
  slug: string;
  title: string;
  summary: string;
  blocks: BlockInput[];
  attachments?: (typeof schema.parts.$inferInsert)["attachments"];
  /** slugs of earlier parts of the same topic */
  prerequisites?: string[];
  requiredForCompletion?: boolean;
  test?: TestInput;
};

/** A topic and its one module (the module takes the topic's title). */
export type TopicInput = { slug: string; title: string; iconName: string; estimatedMinutes: number; parts: PartInput[] };

export type LevelInput = {
  slug: string;
  title: string;
  subtitle?: string;
  estimatedHours: number;
  issuesIntermediateCertificate?: boolean;
  test?: TestInput;
  topics: TopicInput[];
};

/** The course row's values (VAT as `vatRateBp`, basis points) plus its tree. */
export type CourseTree = Omit<typeof schema.courses.$inferInsert, "id" | "courseTestId"> & {
  levels: LevelInput[];
  courseTest?: TestInput;
};

async function writeTest(tx: Tx, courseId: string, placement: "part" | "level" | "course", input: TestInput) {
  const testId = newId();
  await tx.insert(schema.tests).values({
    id: testId,
    courseId,
    placement,
    title: input.title,
    description: input.description,
    passingScore: 0.7,
    timeLimitSec: input.timeLimitSec ?? 900,
    maxAttempts: input.maxAttempts ?? 3,
    cooldownMinutes: input.cooldownMinutes ?? 0,
    selectionMode: input.selectionMode ?? "all",
    questionCount: input.questionCount,
    randomizeAnswerOrder: true,
    showAnswersAfter: input.showAnswersAfter ?? "submit",
  });
  await tx.insert(schema.questions).values(
    input.questions.map((q, i) => ({
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

/** Writes one course version with its whole tree in `tx`; returns the new course id. */
export async function writeCourseTree(tx: Tx, tree: CourseTree): Promise<string> {
  const { levels: levelInputs, courseTest, ...courseValues } = tree;
  if (courseValues.vatRateBp !== undefined) assertBasisPoints(courseValues.vatRateBp);
  const courseId = newId();
  await tx.insert(schema.courses).values({ ...courseValues, id: courseId });
  for (const [li, level] of levelInputs.entries()) {
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
      const testId = await writeTest(tx, courseId, "level", level.test);
      await tx.update(schema.levels).set({ levelTestId: testId, levelTestRequired: true }).where(eq(schema.levels.id, levelId));
    }
    for (const [ti, topic] of level.topics.entries()) {
      const topicId = newId();
      await tx
        .insert(schema.topics)
        .values({ id: topicId, courseId, levelId, orderIndex: ti + 1, slug: topic.slug, title: topic.title, iconName: topic.iconName });
      const moduleId = newId();
      await tx.insert(schema.modules).values({ id: moduleId, courseId, topicId, title: topic.title, estimatedMinutes: topic.estimatedMinutes });
      const partIds = new Map<string, string>();
      for (const [pi, part] of topic.parts.entries()) {
        const partId = newId();
        partIds.set(part.slug, partId);
        const partTestId = part.test ? await writeTest(tx, courseId, "part", part.test) : null;
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
            if (!id) throw new Error(`course tree: prerequisite ${slug} of ${part.slug} must come earlier in its topic`);
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
    const testId = await writeTest(tx, courseId, "course", courseTest);
    await tx.update(schema.courses).set({ courseTestId: testId, courseTestRequired: true }).where(eq(schema.courses.id, courseId));
  }
  return courseId;
}
