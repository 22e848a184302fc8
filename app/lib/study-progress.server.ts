// The one progress measure of a student's course (docs/decisions/learning/one-next-step-everywhere.md > One next step
// everywhere) for pages beside the learning ones: the account's course list, the course page.
import type { RouterContextProvider } from "react-router";
import { studyPositionOf, type ProgressMeasure } from "#server/learning";
import { depsOf } from "./deps.server";

/** Required steps done of required steps in the course `slug`; null when the student may not learn it. */
export async function studyProgress(context: Readonly<RouterContextProvider>, studentId: string, slug: string): Promise<ProgressMeasure | null> {
  const position = await studyPositionOf(depsOf(context), studentId, slug);
  return position.ok ? position.value.progress : null;
}
