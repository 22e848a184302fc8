// The course editor's loader: the version's tree, its publishing problems and what each role may do.
import { KEPT_ACTION_NOTICE, keptForm } from "../../../lib/step-up.server";
import type { Route } from "../+types/course-editor";
import { pageRoute } from "../../../lib/page.server";
import { courseDetail, doneMessage, editorOf } from "../../../lib/admin-authoring.server";
import { listAdminCourses } from "#server/authoring";
import { formatDate, formatDecimal } from "#shared/format";

export const editorLoader = pageRoute(async (args: Route.LoaderArgs) => {
  const { services, isAdmin } = editorOf(args);
  const d = await courseDetail(services, args.params.courseId);
  const c = d.course;
  const base = `/admin/kurzy/${c._id}`;
  // where each item a publish problem can name is shown
  const anchors: Record<string, string> = {};
  const testOf = new Map(d.tests.map((t) => [t._id, t]));
  const levels = d.levels.map((l) => {
    anchors[l._id] = `#uzol-${l._id}`;
    return {
      id: l._id,
      title: l.title,
      slug: l.slug,
      subtitle: l.subtitle,
      estimatedHours: l.estimatedHours,
      hours: formatDecimal(l.estimatedHours),
      hoursInput: formatDecimal(l.estimatedHours, 2).replace(/\u00a0/g, ""),
      issuesIntermediateCertificate: l.issuesIntermediateCertificate,
      test: l.levelTestId ? { id: l.levelTestId, title: testOf.get(l.levelTestId)?.title ?? "" } : null,
      topics: l.topics.map((t) => {
        anchors[t._id] = `#uzol-${t._id}`;
        if (t.module) anchors[t.module._id] = `#uzol-${t.module._id}`;
        return {
          id: t._id,
          title: t.title,
          slug: t.slug,
          iconName: t.iconName,
          module: t.module
            ? {
                id: t.module._id,
                title: t.module.title,
                estimatedMinutes: t.module.estimatedMinutes,
                parts: t.module.parts.map((p) => {
                  // a video that is not ready is fixed on its upload page
                  for (const b of p.contentBlocks) if (b.type === "video") anchors[b.id] = `/admin/video/${p._id}/${b.id}`;
                  return {
                    id: p._id,
                    title: p.title,
                    slug: p.slug,
                    requiredForCompletion: p.requiredForCompletion,
                    blocks: p.contentBlocks.length,
                    hasTest: p.partTestId !== null,
                  };
                }),
              }
            : null,
        };
      }),
    };
  });
  for (const t of d.tests) anchors[t._id] = `${base}/testy/${t._id}`;
  // every version of the course (same slug), newest first
  const chain = await listAdminCourses(services.db, { slug: c.slug, page: 1, pageSize: 100 });
  return {
    versions: chain.data.map((v) => ({ id: v._id, version: v.version, state: v.state, current: v._id === c._id })),
    course: { id: c._id, title: c.title, slug: c.slug, version: c.version, state: c.state },
    publishedAt: c.publishedAt ? formatDate(c.publishedAt) : null,
    archivedAt: c.archivedAt ? formatDate(c.archivedAt) : null,
    previousVersionId: c.previousVersionId,
    isAdmin,
    editable: c.state === "draft",
    // back from signing in again for publishing: say it has not happened yet
    done:
      doneMessage(args.request, {
        pridane: `Pridané do štruktúry kurzu „${c.title}“.`,
        zmazane: `Zmazané zo štruktúry kurzu „${c.title}“.`,
        ulozene: `Kurz „${c.title}“ je uložený.`,
      }) ?? ((await keptForm(args.request, args.context)) ? KEPT_ACTION_NOTICE : null),
    levels,
    anchors,
  };
});
