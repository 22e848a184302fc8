// The test-taking form's fields ↔ the answers body of the attempts API (used by the page
// action on the server and by the autosave in the browser).
export type FormAnswer = { questionId: string; selectedAnswerIds?: string[]; textAnswer?: string };

/** `questionIds` lists every question; `answer-<id>` holds chosen answers, `text-<id>` a text answer. */
export function answersFromForm(form: FormData): FormAnswer[] {
  return form.getAll("questionIds").map((raw) => {
    const questionId = String(raw);
    const text = form.get(`text-${questionId}`);
    if (text !== null) return { questionId, textAnswer: String(text) };
    return { questionId, selectedAnswerIds: form.getAll(`answer-${questionId}`).map(String) };
  });
}

/** The questions with no answer chosen or typed, in the order the student sees them (the summary's list). */
export function unansweredOf<Q extends { id: string }>(questions: Q[], answers: FormAnswer[]): Q[] {
  const given = new Set(answers.filter((a) => (a.selectedAnswerIds?.length ?? 0) > 0 || (a.textAnswer ?? "").trim() !== "").map((a) => a.questionId));
  return questions.filter((q) => !given.has(q.id));
}
