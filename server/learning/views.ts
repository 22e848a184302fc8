// What the learning endpoints answer: the learn view, one part with signed media URLs,
// an enrollment with its progress records. Reads only; the engine writes.
import type { BlockProgress } from "../db/schema/learning";
import type { MediaUrls } from "../video";
import { enrollmentRecord, type EnrollmentRow } from "../enrollments";
import type { EnrollmentDetail, LearnView, PartView } from "./contract";
import { serializeAttachment, serializeBlock } from "./serialize";
import { courseDone, courseTestAvailable, levelState, levelTestAvailable, moduleState, partStateOf, partTestAvailable, type ContentFacts } from "./engine";
import type { CourseStructure, PartNode } from "./structure";

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function learnView(structure: CourseStructure, enrollment: EnrollmentRow, facts: ContentFacts): LearnView {
  const courseTest = structure.course.courseTest;
  return {
    course: {
      _id: structure.course.id,
      slug: structure.course.slug,
      title: structure.course.title,
      subtitle: structure.course.subtitle,
      version: structure.course.version,
    },
    enrollment: {
      _id: enrollment.id,
      state: enrollment.state as "active" | "completed",
      enrolledAt: enrollment.enrolledAt.toISOString(),
      currentLevelId: enrollment.currentLevelId,
      accessExpiresAt: iso(enrollment.accessExpiresAt),
    },
    progress: {
      currentLevelId: enrollment.currentLevelId,
      completedModules: enrollment.progress.completedModules,
      totalModules: enrollment.progress.totalModules,
      completedLevels: enrollment.progress.completedLevels,
      totalLevels: enrollment.progress.totalLevels,
      lastActivityAt: enrollment.progress.lastActivityAt,
    },
    levels: structure.levels.map((level) => ({
      _id: level.id,
      title: level.title,
      state: levelState(structure, facts, level),
      subtitle: level.subtitle,
      issuesIntermediateCertificate: level.issuesIntermediateCertificate,
      levelTest: level.levelTest
        ? { id: level.levelTest.id, required: level.levelTest.required, available: levelTestAvailable(structure, facts, level) }
        : null,
      topics: level.topics.map((topic) => ({
        _id: topic.id,
        title: topic.title,
        module: topic.module
          ? {
              _id: topic.module.id,
              state: moduleState(facts, topic.module),
              completedAt: iso(facts.moduleCompletions.get(topic.module.id)),
              title: topic.module.title,
              parts: topic.module.parts.map((p) => ({
                _id: p.id,
                title: p.title,
                state: partStateOf(facts, p.id),
                prerequisites: p.prerequisites,
                requiredForCompletion: p.requiredForCompletion,
                partTest: p.partTest ? { id: p.partTest.id, required: p.partTest.required, available: partTestAvailable(facts, p) } : null,
              })),
            }
          : null,
      })),
    })),
    courseTest: courseTest ? { id: courseTest.id, required: courseTest.required, available: courseTestAvailable(structure, facts) } : null,
    courseCompleted: courseDone(structure, facts),
  };
}

/** Block progress as the API shows it (the server's bookkeeping stays inside). */
export function blockProgressView(entries: BlockProgress[]) {
  return entries
    .filter((e) => e.lastReportAt !== undefined || e.state === "completed")
    .map((e) => ({ blockId: e.blockId, state: e.state, secondsWatched: e.secondsWatched, totalSeconds: e.totalSeconds }));
}

export function partView(structure: CourseStructure, facts: ContentFacts, part: PartNode, media: MediaUrls, now: Date): PartView {
  const module = structure.moduleById.get(part.moduleId)!;
  const topic = structure.topicById.get(part.topicId)!;
  const level = structure.levelById.get(part.levelId)!;
  const link = (p: PartNode | undefined) => (p ? { _id: p.id, title: p.title, state: partStateOf(facts, p.id) } : null);
  const index = structure.parts.indexOf(part);
  const row = facts.parts.get(part.id);
  return {
    _id: part.id,
    slug: part.slug,
    title: part.title,
    summary: part.summary,
    module: { _id: module.id, title: module.title, topicTitle: topic.title, levelTitle: level.title },
    contentBlocks: part.contentBlocks.map((b) => serializeBlock(b, { kind: "enrolled", media, now })),
    attachments: part.attachments.map((a) => serializeAttachment(a, { kind: "enrolled", media, now })),
    prerequisites: part.prerequisites,
    partTest: part.partTest ? { id: part.partTest.id, required: part.partTest.required, available: partTestAvailable(facts, part) } : null,
    progress: { state: partStateOf(facts, part.id), blockProgress: blockProgressView(row?.blockProgress ?? []) },
    requiredForCompletion: part.requiredForCompletion,
    course: { _id: structure.course.id, slug: structure.course.slug, title: structure.course.title },
    prerequisiteParts: part.prerequisites.map((id) => link(structure.partById.get(id))).filter((l) => l !== null),
    previousPart: link(structure.parts[index - 1]),
    nextPart: link(structure.parts[index + 1]),
  };
}

/** The enrollment (the owner's, found by server/enrollments) with its progress records. */
export function enrollmentDetail(e: EnrollmentRow, facts: ContentFacts, structure: CourseStructure | null): EnrollmentDetail {
  return {
    ...enrollmentRecord(e),
    partProgress: [...facts.parts.values()]
      .sort((a, b) => (structure ? structure.parts.findIndex((p) => p.id === a.partId) - structure.parts.findIndex((p) => p.id === b.partId) : 0))
      .map((p) => ({
        partId: p.partId,
        state: p.state,
        blockProgress: blockProgressView(p.blockProgress),
        startedAt: iso(p.startedAt),
        completedAt: iso(p.completedAt),
      })),
    moduleCompletions: [...facts.moduleCompletions].map(([moduleId, at]) => ({ moduleId, completedAt: at.toISOString() })),
    levelCompletions: [...facts.levelCompletions].map(([levelId, at]) => ({ levelId, completedAt: at.toISOString() })),
    courseCompleted: structure ? courseDone(structure, facts) : e.state === "completed",
  };
}
