// Rows → the admin API's shapes (contract.ts). Typed by the response schemas, so a field
// the contract lacks does not compile.
import { schema } from "../db";
import { vatFractionFromBasisPoints } from "../money";
import { accreditationView, instructorProfileView } from "../catalog";
import type { AdminCourse, AdminCourseListItem, AdminLevel, AdminModule, AdminPart, AdminQuestion, AdminTest, AdminTopic } from "./contract";

type Row<T extends { $inferSelect: unknown }> = T["$inferSelect"];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toAdminCourse(c: Row<typeof schema.courses>, levelIds: string[]): AdminCourse {
  return {
    _id: c.id,
    slug: c.slug,
    title: c.title,
    subtitle: c.subtitle,
    description: c.description,
    shortDescription: c.shortDescription,
    coverImageUrl: c.coverImageUrl,
    coverFileId: c.coverFileId,
    priceCents: c.priceCents,
    currency: c.currency,
    vatRate: vatFractionFromBasisPoints(c.vatRateBp),
    vatIncluded: c.vatIncluded,
    targetAudience: c.targetAudience,
    language: c.language,
    durationHours: c.durationHours,
    levels: levelIds,
    courseTestId: c.courseTestId,
    courseTestRequired: c.courseTestRequired,
    instructors: c.instructors,
    instructorProfiles: c.instructorProfiles.map((p) => ({ ...instructorProfileView(p), ...(p.avatarFileId ? { avatarFileId: p.avatarFileId } : {}) })),
    accreditation: accreditationView(c.accreditation),
    state: c.state,
    version: c.version,
    previousVersionId: c.previousVersionId,
    publishedAt: iso(c.publishedAt),
    archivedAt: iso(c.archivedAt),
    enrollmentLimit: c.enrollmentLimit,
    enrollmentDeadline: iso(c.enrollmentDeadline),
    seoTitle: c.seoTitle,
    seoDescription: c.seoDescription,
    ogImageUrl: c.ogImageUrl,
    ogImageFileId: c.ogImageFileId,
    tags: c.tags,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    createdBy: c.createdBy,
    publishedBy: c.publishedBy,
  };
}

export function toAdminCourseListItem(c: Row<typeof schema.courses>): AdminCourseListItem {
  return {
    _id: c.id,
    slug: c.slug,
    title: c.title,
    state: c.state,
    version: c.version,
    previousVersionId: c.previousVersionId,
    priceCents: c.priceCents,
    currency: c.currency,
    publishedAt: iso(c.publishedAt),
    archivedAt: iso(c.archivedAt),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export function toAdminLevel(l: Row<typeof schema.levels>): AdminLevel {
  return {
    _id: l.id,
    courseId: l.courseId,
    orderIndex: l.orderIndex,
    slug: l.slug,
    title: l.title,
    subtitle: l.subtitle,
    estimatedHours: l.estimatedHours,
    topicSequencing: l.topicSequencing,
    issuesIntermediateCertificate: l.issuesIntermediateCertificate,
    levelTestId: l.levelTestId,
    levelTestRequired: l.levelTestRequired,
  };
}

export function toAdminTopic(t: Row<typeof schema.topics>): AdminTopic {
  return { _id: t.id, courseId: t.courseId, levelId: t.levelId, orderIndex: t.orderIndex, slug: t.slug, title: t.title, iconName: t.iconName };
}

export function toAdminModule(m: Row<typeof schema.modules>): AdminModule {
  return { _id: m.id, courseId: m.courseId, topicId: m.topicId, title: m.title, estimatedMinutes: m.estimatedMinutes };
}

export function toAdminPart(p: Row<typeof schema.parts>): AdminPart {
  return {
    _id: p.id,
    courseId: p.courseId,
    moduleId: p.moduleId,
    orderIndex: p.orderIndex,
    slug: p.slug,
    title: p.title,
    summary: p.summary,
    contentBlocks: p.contentBlocks.map((b) => ({ ...b })),
    attachments: p.attachments.map((a) => ({
      name: a.name,
      path: a.path,
      sizeBytes: a.sizeBytes,
      mimeType: a.mimeType,
      ...(a.fileId ? { fileId: a.fileId } : {}),
    })),
    prerequisites: p.prerequisites,
    partTestId: p.partTestId,
    partTestRequired: p.partTestRequired,
    requiredForCompletion: p.requiredForCompletion,
  };
}

export function toAdminQuestion(q: Row<typeof schema.questions>): AdminQuestion {
  return {
    _id: q.id,
    testId: q.testId,
    orderIndex: q.orderIndex,
    type: q.type,
    text: q.text,
    weight: q.weight,
    answers: q.answers.map((a) => ({ id: a.id, text: a.text, isCorrect: a.isCorrect })),
    acceptedAnswers: q.acceptedAnswers,
    explanation: q.explanation,
  };
}

export function toAdminTest(
  t: Row<typeof schema.tests>,
  questions: Row<typeof schema.questions>[],
  attachedTo: { partId: string | null; levelId: string | null },
): AdminTest {
  return {
    _id: t.id,
    courseId: t.courseId,
    placement: t.placement,
    partId: attachedTo.partId,
    levelId: attachedTo.levelId,
    title: t.title,
    description: t.description,
    passingScore: t.passingScore,
    timeLimitSec: t.timeLimitSec,
    maxAttempts: t.maxAttempts,
    cooldownMinutes: t.cooldownMinutes,
    selectionMode: t.selectionMode,
    questionCount: t.questionCount,
    randomizeAnswerOrder: t.randomizeAnswerOrder,
    showAnswersAfter: t.showAnswersAfter,
    questions: [...questions].sort((a, b) => a.orderIndex - b.orderIndex).map(toAdminQuestion),
  };
}
