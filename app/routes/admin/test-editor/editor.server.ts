// The test editor's loader (settings and questions as the forms show them) and its intent table:
// each intent calls server/authoring as /api/admin/* does.
import { redirect } from "react-router";
import type { Route } from "../+types/test-editor";
import { pageRoute } from "../../../lib/page.server";
import { contractBody, courseDetail, doneMessage, doneUrl, editorOf, handleIntents, intent, moved, redirectOr } from "../../../lib/admin-authoring.server";
import { questionBody, testForms as f } from "../../../lib/authoring-forms";
import {
  createQuestion,
  deleteQuestion,
  deleteTest,
  moveQuestion,
  QuestionCreateRequest,
  QuestionMoveRequest,
  QuestionPatchRequest,
  reorderQuestions,
  TestPatchRequest,
  updateQuestion,
  updateTest,
  type AdminCourseDetail,
} from "#server/authoring";
import { DomainError } from "#server/kernel/errors";
import { answerSlots, TYPE_LABELS } from "./forms";
import { formatDecimal } from "#shared/format";

export const plain = (n: number, digits = 2) => formatDecimal(n, digits).replace(/\u00a0/g, "");

export function placeOf(d: AdminCourseDetail, testId: string): string {
  if (d.course.courseTestId === testId) return "Záverečný test kurzu";
  for (const [li, level] of d.levels.entries()) {
    if (level.levelTestId === testId) return `Test úrovne ${li + 1}: ${level.title}`;
    for (const topic of level.topics) for (const part of topic.module?.parts ?? []) if (part.partTestId === testId) return `Test časti ${part.title}`;
  }
  return "Nepripojený test";
}

export const QUESTION_FIELDS = {
  type: "type",
  text: "text",
  weight: "weight",
  answers: "answers",
  acceptedAnswers: "acceptedAnswers",
  explanation: "explanation",
};

export const editorLoader = pageRoute(async (args: Route.LoaderArgs) => {
  const { services } = editorOf(args);
  const d = await courseDetail(services, args.params.courseId);
  const test = d.tests.find((t) => t._id === args.params.testId);
  if (!test) throw new DomainError("not_found", "Test v tomto kurze nie je.");
  const required =
    d.course.courseTestId === test._id
      ? d.course.courseTestRequired
      : (d.levels.find((l) => l.levelTestId === test._id)?.levelTestRequired ??
        d.levels.flatMap((l) => l.topics.flatMap((t) => t.module?.parts ?? [])).find((p) => p.partTestId === test._id)?.partTestRequired ??
        false);
  return {
    course: { id: d.course._id, title: d.course.title, slug: d.course.slug, version: d.course.version, state: d.course.state },
    editable: d.course.state === "draft",
    done: doneMessage(args.request, {
      ulozene: `Zmeny v teste „${test.title}“ sú uložené.`,
      pridane: `Otázka je pridaná do testu „${test.title}“.`,
      zmazane: `Otázka je zmazaná z testu „${test.title}“.`,
    }),
    test: { id: test._id, title: test.title, where: placeOf(d, test._id) },
    settings: {
      title: test.title,
      description: test.description ?? "",
      passingPercent: plain(test.passingScore * 100),
      timeLimitMinutes: plain(test.timeLimitSec / 60),
      maxAttempts: String(test.maxAttempts),
      cooldownMinutes: String(test.cooldownMinutes),
      selectionMode: test.selectionMode,
      questionCount: test.questionCount === null ? "" : String(test.questionCount),
      randomizeAnswerOrder: test.randomizeAnswerOrder,
      showAnswersAfter: test.showAnswersAfter,
      required,
    },
    questions: test.questions.map((q) => ({
      id: q._id,
      type: q.type,
      typeLabel: TYPE_LABELS[q.type as keyof typeof TYPE_LABELS] ?? q.type,
      text: q.text,
      weight: plain(q.weight),
      answers: answerSlots(q.answers),
      acceptedAnswers: q.acceptedAnswers.join("\n"),
      explanation: q.explanation ?? "",
      correct: q.answers.filter((a) => a.isCorrect).map((a) => a.text),
    })),
    otherTests: d.tests.filter((t) => t._id !== test._id).map((t) => ({ value: t._id, label: `${t.title} (${placeOf(d, t._id)})` })),
  };
});

export const editorAction = pageRoute(async (args: Route.ActionArgs) => {
  const { services, actor } = editorOf(args);
  const { db } = services;
  const d = await courseDetail(services, args.params.courseId);
  const test = d.tests.find((t) => t._id === args.params.testId);
  if (!test) throw new DomainError("not_found", "Test v tomto kurze nie je.");
  const here = `/admin/kurzy/${d.course._id}/testy/${test._id}`;
  const questionOf = (id: string) => {
    const q = test.questions.find((x) => x._id === id);
    if (!q) throw new DomainError("not_found", "Otázka v tomto teste nie je.");
    return q;
  };
  return handleIntents(args.request, {
    saveTest: intent({
      schema: f.saveTest,
      fields: {
        title: "title",
        description: "description",
        passingScore: "passingPercent",
        timeLimitSec: "timeLimitMinutes",
        maxAttempts: "maxAttempts",
        cooldownMinutes: "cooldownMinutes",
        selectionMode: "selectionMode",
        questionCount: "questionCount",
        randomizeAnswerOrder: "randomizeAnswerOrder",
        showAnswersAfter: "showAnswersAfter",
        required: "required",
      },
      run: async (v) => {
        const body = contractBody(TestPatchRequest, {
          title: v.title,
          description: v.description ?? null,
          passingScore: Math.round(v.passingPercent * 100) / 10_000,
          timeLimitSec: Math.round(v.timeLimitMinutes * 60),
          maxAttempts: v.maxAttempts,
          cooldownMinutes: v.cooldownMinutes,
          selectionMode: v.selectionMode,
          questionCount: v.questionCount ?? null,
          randomizeAnswerOrder: v.randomizeAnswerOrder,
          showAnswersAfter: v.showAnswersAfter,
          required: v.required,
        });
        return redirectOr(await updateTest(db, actor, test._id, body), () => doneUrl(here, "ulozene"));
      },
    }),
    deleteTest: intent({
      schema: f.deleteTest,
      run: async () => {
        return redirectOr(await deleteTest(db, actor, test._id), () => doneUrl(`/admin/kurzy/${d.course._id}/testy`, "zmazane"));
      },
    }),
    addQuestion: intent({
      schema: f.addQuestion,
      fields: QUESTION_FIELDS,
      run: async (v) => {
        const body = contractBody(QuestionCreateRequest, questionBody(v));
        return redirectOr(await createQuestion(db, actor, test._id, body), (question) => doneUrl(here, "pridane", `otazka-${question._id}`));
      },
    }),
    editQuestion: intent({
      schema: f.editQuestion,
      fields: QUESTION_FIELDS,
      run: async (v) => {
        const q = questionOf(v.questionId);
        const body = contractBody(QuestionPatchRequest, questionBody(v));
        return redirectOr(await updateQuestion(db, actor, q._id, body), () => doneUrl(here, "ulozene", `otazka-${q._id}`));
      },
    }),
    moveQuestion: intent({
      schema: f.moveQuestion,
      run: async (v) => {
        questionOf(v.questionId);
        const ids = moved(
          test.questions.map((q) => q._id),
          v.questionId,
          v.direction,
        );
        const done = doneUrl(here, "presunute", `otazka-${v.questionId}`);
        return ids ? redirectOr(await reorderQuestions(db, actor, test._id, ids), () => done) : redirect(done);
      },
    }),
    deleteQuestion: intent({
      schema: f.deleteQuestion,
      run: async (v) => {
        return redirectOr(await deleteQuestion(db, actor, questionOf(v.questionId)._id), () => doneUrl(here, "zmazane", "otazky"));
      },
    }),
    moveQuestionToTest: intent({
      schema: f.moveQuestionToTest,
      fields: { testId: "testId" },
      run: async (v) => {
        const q = questionOf(v.questionId);
        const body = contractBody(QuestionMoveRequest, { testId: v.testId });
        return redirectOr(await moveQuestion(db, actor, q._id, body), () => doneUrl(here, "presunute", "otazky"));
      },
    }),
  });
});
