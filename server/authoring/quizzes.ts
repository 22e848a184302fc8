// Tests and questions of a draft course: create a test on a part, a level or the course,
// update and delete it, questions with create, update, delete, reorder and move to
// another test of the same course. spec: Resources > Test, Question; Endpoints > Admin.
// Every write returns its refusals (an Outcome, editTransaction).
import { and, asc, eq, max } from "drizzle-orm";
import { z } from "zod";
import { newId, schema, type Database, type Tx } from "../db";
import { DomainError } from "../kernel/errors";
import type { QuestionAnswer } from "../db/schema";
import {
  questionShapeProblems,
  type AdminQuestion,
  type AdminTest,
  type QuestionCreateRequest,
  type QuestionMoveRequest,
  type QuestionPatchRequest,
  type TestCreateRequest,
  type TestPatchRequest,
} from "./contract";
import { audit, editTransaction, invalid, lockDraftCourse, notFound, renumber, type Actor } from "./editing";
import type { Outcome } from "../kernel/outcome";
import { toAdminQuestion, toAdminTest } from "./serialize";

type Move = z.infer<typeof QuestionMoveRequest>;

async function findTest(tx: Tx, testId: string) {
  const [test] = await tx.select().from(schema.tests).where(eq(schema.tests.id, testId));
  if (!test) throw notFound("Test");
  return test;
}

async function findQuestion(tx: Tx, questionId: string) {
  const [question] = await tx.select().from(schema.questions).where(eq(schema.questions.id, questionId));
  if (!question) throw new DomainError("not_found", "Otázka sa nenašla.");
  return question;
}

/** The test in the API's shape: with its questions and the part or level it hangs on. */
async function adminTestOf(tx: Tx, testId: string): Promise<AdminTest> {
  const test = await findTest(tx, testId);
  const questions = await tx.select().from(schema.questions).where(eq(schema.questions.testId, testId)).orderBy(asc(schema.questions.orderIndex));
  const [part] = await tx.select({ id: schema.parts.id }).from(schema.parts).where(eq(schema.parts.partTestId, testId));
  const [level] = await tx.select({ id: schema.levels.id }).from(schema.levels).where(eq(schema.levels.levelTestId, testId));
  return toAdminTest(test, questions, { partId: part?.id ?? null, levelId: level?.id ?? null });
}

/** Points the part, level or course at the test (and sets its `…Required` flag). */
async function attach(
  tx: Tx,
  test: { id: string; courseId: string; placement: "part" | "level" | "course" },
  target: { partId?: string; levelId?: string },
  required: boolean,
) {
  if (test.placement === "part") {
    const [part] = await tx
      .select()
      .from(schema.parts)
      .where(and(eq(schema.parts.id, target.partId!), eq(schema.parts.courseId, test.courseId)));
    if (!part) throw invalid("partId", "Časť v tomto kurze nie je.");
    if (part.partTestId) throw new DomainError("conflict", "Časť už má test.", { testId: part.partTestId });
    await tx.update(schema.parts).set({ partTestId: test.id, partTestRequired: required }).where(eq(schema.parts.id, part.id));
  } else if (test.placement === "level") {
    const [level] = await tx
      .select()
      .from(schema.levels)
      .where(and(eq(schema.levels.id, target.levelId!), eq(schema.levels.courseId, test.courseId)));
    if (!level) throw invalid("levelId", "Úroveň v tomto kurze nie je.");
    if (level.levelTestId) throw new DomainError("conflict", "Úroveň už má test.", { testId: level.levelTestId });
    await tx.update(schema.levels).set({ levelTestId: test.id, levelTestRequired: required }).where(eq(schema.levels.id, level.id));
  } else {
    const [course] = await tx.select().from(schema.courses).where(eq(schema.courses.id, test.courseId));
    if (course.courseTestId) throw new DomainError("conflict", "Kurz už má záverečný test.", { testId: course.courseTestId });
    // spec: courseTestRequired is true by default when courseTestId exists
    await tx.update(schema.courses).set({ courseTestId: test.id, courseTestRequired: required }).where(eq(schema.courses.id, course.id));
  }
}

export async function createTest(db: Database, actor: Actor, input: TestCreateRequest): Promise<Outcome<AdminTest>> {
  return editTransaction(db, async (tx) => {
    const course = await lockDraftCourse(tx, input.courseId);
    const { partId, levelId, required, courseId: _c, ...settings } = input;
    const [test] = await tx
      .insert(schema.tests)
      .values({ ...settings, questionCount: settings.questionCount ?? null, id: newId(), courseId: course.id })
      .returning();
    await attach(tx, test, { partId, levelId }, required);
    await audit(tx, actor, "test.create", { type: "test", id: test.id }, { courseId: course.id, placement: test.placement, partId, levelId });
    return adminTestOf(tx, test.id);
  });
}

export async function updateTest(db: Database, actor: Actor, testId: string, input: TestPatchRequest): Promise<Outcome<AdminTest>> {
  return editTransaction(db, async (tx) => {
    const found = await findTest(tx, testId);
    await lockDraftCourse(tx, found.courseId);
    const { required, ...settings } = input;
    const mode = settings.selectionMode ?? found.selectionMode;
    const questionCount = settings.questionCount !== undefined ? settings.questionCount : found.questionCount;
    if (mode === "random_subset" && questionCount === null) throw invalid("questionCount", "Náhodný výber potrebuje počet otázok.");
    if (Object.keys(settings).length) await tx.update(schema.tests).set(settings).where(eq(schema.tests.id, testId));
    if (required !== undefined) {
      await tx.update(schema.parts).set({ partTestRequired: required }).where(eq(schema.parts.partTestId, testId));
      await tx.update(schema.levels).set({ levelTestRequired: required }).where(eq(schema.levels.levelTestId, testId));
      await tx.update(schema.courses).set({ courseTestRequired: required }).where(eq(schema.courses.courseTestId, testId));
    }
    await audit(tx, actor, "test.update", { type: "test", id: testId }, { courseId: found.courseId, fields: Object.keys(input).sort() });
    return adminTestOf(tx, testId);
  });
}

/** Deletes a test and its questions; the part, level or course it hung on no longer has one. */
export async function deleteTest(db: Database, actor: Actor, testId: string): Promise<Outcome<{ ok: true }>> {
  return editTransaction(db, async (tx) => {
    const test = await findTest(tx, testId);
    await lockDraftCourse(tx, test.courseId);
    await tx.update(schema.parts).set({ partTestId: null, partTestRequired: false }).where(eq(schema.parts.partTestId, testId));
    await tx.update(schema.levels).set({ levelTestId: null }).where(eq(schema.levels.levelTestId, testId));
    await tx.update(schema.courses).set({ courseTestId: null }).where(eq(schema.courses.courseTestId, testId));
    await tx.delete(schema.tests).where(eq(schema.tests.id, testId));
    await audit(tx, actor, "test.delete", { type: "test", id: testId }, { courseId: test.courseId, placement: test.placement, title: test.title });
    return { ok: true as const };
  });
}

/** Answers as stored: an answer keeps its id when it names one of the question's answers. */
function storedAnswers(input: { id?: string; text: string; isCorrect: boolean }[], existing: QuestionAnswer[]): QuestionAnswer[] {
  return input.map((a) => ({
    id: a.id && existing.some((e) => e.id === a.id) ? a.id : newId(),
    text: a.text,
    isCorrect: a.isCorrect,
  }));
}

export async function createQuestion(db: Database, actor: Actor, testId: string, input: QuestionCreateRequest): Promise<Outcome<AdminQuestion>> {
  return editTransaction(db, async (tx) => {
    const test = await findTest(tx, testId);
    await lockDraftCourse(tx, test.courseId);
    const [last] = await tx
      .select({ n: max(schema.questions.orderIndex) })
      .from(schema.questions)
      .where(eq(schema.questions.testId, testId));
    const [question] = await tx
      .insert(schema.questions)
      .values({
        id: newId(),
        testId,
        orderIndex: last?.n === null || last?.n === undefined ? 0 : last.n + 1,
        type: input.type,
        text: input.text,
        weight: input.weight,
        answers: input.type === "text" ? [] : storedAnswers(input.answers, []),
        acceptedAnswers: input.type === "text" ? input.acceptedAnswers : [],
        explanation: input.explanation ?? null,
      })
      .returning();
    await audit(tx, actor, "question.create", { type: "question", id: question.id }, { courseId: test.courseId, testId });
    return toAdminQuestion(question);
  });
}

export async function updateQuestion(db: Database, actor: Actor, questionId: string, input: QuestionPatchRequest): Promise<Outcome<AdminQuestion>> {
  return editTransaction(db, async (tx) => {
    const found = await findQuestion(tx, questionId);
    const test = await findTest(tx, found.testId);
    await lockDraftCourse(tx, test.courseId);
    const next = {
      type: input.type ?? found.type,
      answers: input.answers ?? found.answers,
      acceptedAnswers: input.acceptedAnswers ?? found.acceptedAnswers,
    };
    // the question as it would be stored must still be a valid one
    const problems = questionShapeProblems(next);
    if (problems.length)
      throw new DomainError(
        "validation",
        undefined,
        problems.map((p) => ({ ...p, code: "custom" })),
      );
    const values: Partial<typeof schema.questions.$inferInsert> = {
      ...(input.type !== undefined ? { type: input.type } : {}),
      ...(input.text !== undefined ? { text: input.text } : {}),
      ...(input.weight !== undefined ? { weight: input.weight } : {}),
      ...(input.explanation !== undefined ? { explanation: input.explanation } : {}),
      ...(input.answers !== undefined ? { answers: storedAnswers(input.answers, found.answers) } : {}),
      ...(input.acceptedAnswers !== undefined ? { acceptedAnswers: input.acceptedAnswers } : {}),
    };
    if (next.type === "text") values.answers = [];
    else values.acceptedAnswers = [];
    const [question] = await tx.update(schema.questions).set(values).where(eq(schema.questions.id, questionId)).returning();
    await audit(tx, actor, "question.update", { type: "question", id: questionId }, { courseId: test.courseId, fields: Object.keys(input).sort() });
    return toAdminQuestion(question);
  });
}

async function questionIdsOf(tx: Tx, testId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: schema.questions.id })
    .from(schema.questions)
    .where(eq(schema.questions.testId, testId))
    .orderBy(asc(schema.questions.orderIndex));
  return rows.map((r) => r.id);
}

export async function deleteQuestion(db: Database, actor: Actor, questionId: string): Promise<Outcome<{ ok: true }>> {
  return editTransaction(db, async (tx) => {
    const question = await findQuestion(tx, questionId);
    const test = await findTest(tx, question.testId);
    await lockDraftCourse(tx, test.courseId);
    await tx.delete(schema.questions).where(eq(schema.questions.id, questionId));
    await renumber(tx, schema.questions, await questionIdsOf(tx, test.id), 0);
    await audit(tx, actor, "question.delete", { type: "question", id: questionId }, { courseId: test.courseId, testId: test.id });
    return { ok: true as const };
  });
}

export async function reorderQuestions(db: Database, actor: Actor, testId: string, ids: string[]): Promise<Outcome<AdminQuestion[]>> {
  return editTransaction(db, async (tx) => {
    const test = await findTest(tx, testId);
    await lockDraftCourse(tx, test.courseId);
    const current = await questionIdsOf(tx, testId);
    const same = ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => current.includes(id));
    if (!same) throw invalid("ids", "Pošlite každý identifikátor práve raz a žiadny iný.");
    await renumber(tx, schema.questions, ids, 0);
    await audit(tx, actor, "question.reorder", { type: "test", id: testId }, { courseId: test.courseId, ids });
    const rows = await tx.select().from(schema.questions).where(eq(schema.questions.testId, testId)).orderBy(asc(schema.questions.orderIndex));
    return rows.map(toAdminQuestion);
  });
}

/** Moves a question to another test of the same draft course (at `orderIndex`, else last). */
export async function moveQuestion(db: Database, actor: Actor, questionId: string, input: Move): Promise<Outcome<AdminQuestion>> {
  return editTransaction(db, async (tx) => {
    const question = await findQuestion(tx, questionId);
    const from = await findTest(tx, question.testId);
    await lockDraftCourse(tx, from.courseId);
    const [to] = await tx.select().from(schema.tests).where(eq(schema.tests.id, input.testId));
    if (!to || to.courseId !== from.courseId) throw invalid("testId", "Otázku možno presunúť len do iného testu toho istého kurzu.");
    if (to.id === from.id) throw invalid("testId", "Otázka už v tomto teste je.");
    const target = await questionIdsOf(tx, to.id);
    const at = Math.min(input.orderIndex ?? target.length, target.length);
    target.splice(at, 0, questionId);
    await tx.update(schema.questions).set({ testId: to.id }).where(eq(schema.questions.id, questionId));
    await renumber(tx, schema.questions, target, 0);
    await renumber(tx, schema.questions, await questionIdsOf(tx, from.id), 0);
    await audit(tx, actor, "question.move", { type: "question", id: questionId }, { courseId: from.courseId, fromTestId: from.id, toTestId: to.id });
    const [moved] = await tx.select().from(schema.questions).where(eq(schema.questions.id, questionId));
    return toAdminQuestion(moved);
  });
}
