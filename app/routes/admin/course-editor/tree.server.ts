// The course editor's lookups in the course tree: the level, topic, module or part an
// intent names, else 404 (an id of another course is not found here).
import { DomainError } from "#server/kernel/errors";
import type { AdminCourseDetail } from "#server/authoring";

export type Detail = AdminCourseDetail;

export function levelOf(d: Detail, id: string) {
  const level = d.levels.find((l) => l._id === id);
  if (!level) throw new DomainError("not_found", "Úroveň v tomto kurze nie je.");
  return level;
}
export function topicOf(d: Detail, id: string) {
  for (const level of d.levels) {
    const topic = level.topics.find((t) => t._id === id);
    if (topic) return { level, topic };
  }
  throw new DomainError("not_found", "Téma v tomto kurze nie je.");
}
export function moduleOf(d: Detail, id: string) {
  for (const level of d.levels) for (const topic of level.topics) if (topic.module?._id === id) return topic.module;
  throw new DomainError("not_found", "Modul v tomto kurze nie je.");
}
export function partOf(d: Detail, id: string) {
  for (const level of d.levels)
    for (const topic of level.topics) for (const part of topic.module?.parts ?? []) if (part._id === id) return { module: topic.module!, part };
  throw new DomainError("not_found", "Časť v tomto kurze nie je.");
}

export const same = (...names: string[]) => Object.fromEntries(names.map((n) => [n, n]));
