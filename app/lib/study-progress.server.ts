// The one progress measure of a student's course (docs/decisions/learning/one-next-step-everywhere.md > One next step
// everywhere) for pages beside the learning ones: the account's course list, the course page.
import type { RouterContextProvider } from "react-router";
import { DomainError } from "#server/kernel/errors";
import { getStudyPosition, type ProgressMeasure } from "#server/learning";
import { depsOf } from "./deps.server";

/** Required steps done of required steps in the course `slug`; null when the student may not learn it. */
export async function studyProgress(context: Readonly<RouterContextProvider>, studentId: string, slug: string): Promise<ProgressMeasure | null> {
  try {
    return (await getStudyPosition(depsOf(context), studentId, slug)).progress;
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}
