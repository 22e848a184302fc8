// The course editor's loader (the view model of the tree) and its intent table: every plain POST
// form of /admin/kurzy/<courseId> calls server/authoring as /api/admin/* does.
import { redirect } from "react-router";
import type { Route } from "../+types/course-editor";
import { pageRoute } from "../../../lib/page.server";
import { contractBody, courseDetail, doneUrl, editorOf, formReply, handleIntents, intent, moved, redirectOr } from "../../../lib/admin-authoring.server";
import { requireRole, operationRoles } from "../../../lib/auth.server";
import { slugify, structureForms as f } from "../../../lib/authoring-forms";
import {
  archiveCourse,
  createLevel,
  createModule,
  createNewVersion,
  createPart,
  createTopic,
  deleteCourse,
  deleteLevel,
  deleteModule,
  deletePart,
  deleteTopic,
  LevelCreateRequest,
  LevelPatchRequest,
  ModuleCreateRequest,
  ModulePatchRequest,
  PartCreateRequest,
  publishCourse,
  reorderLevels,
  reorderParts,
  reorderTopics,
  TopicCreateRequest,
  TopicPatchRequest,
  updateLevel,
  updateModule,
  updateTopic,
  type PublishProblem,
  authoringApi,
} from "#server/authoring";
import { levelOf, moduleOf, partOf, same, topicOf } from "./tree.server";

export type { Detail } from "./tree.server";

export const editorAction = pageRoute(async (args: Route.ActionArgs) => {
  const { services, actor } = editorOf(args);
  const { db } = services;
  const d = await courseDetail(services, args.params.courseId);
  const courseId = d.course._id;
  const here = `/admin/kurzy/${courseId}`;
  const levelFields = same("title", "slug", "subtitle", "estimatedHours");
  const topicFields = same("title", "slug", "iconName");
  const moduleFields = same("title", "estimatedMinutes");

  return handleIntents(
    args.request,
    {
      // ---------- lifecycle ----------
      publish: intent({
        schema: f.publish,
        authorize: () => requireRole(args.context, ...operationRoles(authoringApi, "adminPublishCourse"), { action: "Zverejniť kurz" }),
        stepUp: true,
        run: async () => {
          const published = await publishCourse(db, services, actor, courseId);
          if (published.ok) return redirect(doneUrl(here, "zverejneny"));
          const { error } = published;
          // the rules the draft fails, each on its item; other refusals on the form (handleIntents)
          if (error.code === "validation" && Array.isArray(error.details)) {
            return formReply({ form: "publish", problems: error.details as PublishProblem[] }, 422);
          }
          return published;
        },
      }),
      archive: intent({
        schema: f.archive,
        run: async () => {
          requireRole(args.context, ...operationRoles(authoringApi, "adminArchiveCourse"), { action: "Archivovať kurz" });
          return redirectOr(await archiveCourse(db, services.clock, actor, courseId), () => doneUrl(here, "archivovany"));
        },
      }),
      newVersion: intent({
        schema: f.newVersion,
        run: async () => {
          const created = await createNewVersion(db, actor, courseId);
          if (created.ok) return redirect(doneUrl(`/admin/kurzy/${created.value.newCourseId}`, "nova-verzia"));
          const { error } = created;
          // the chain's draft already exists: open it
          const draft = error.code === "draft_exists" ? (error.details as { draftCourseId?: string }).draftCourseId : undefined;
          if (draft) return redirect(doneUrl(`/admin/kurzy/${draft}`, "koncept-existuje"));
          return created;
        },
      }),
      deleteCourse: intent({
        schema: f.deleteCourse,
        run: async () => {
          requireRole(args.context, ...operationRoles(authoringApi, "adminDeleteCourse"), { action: "Zmazať kurz" });
          return redirectOr(await deleteCourse(db, actor, courseId), () => doneUrl("/admin/kurzy", "zmazane"));
        },
      }),

      // ---------- levels ----------
      addLevel: intent({
        schema: f.addLevel,
        fields: levelFields,
        run: async (v) => {
          const body = contractBody(LevelCreateRequest, {
            slug: v.slug ?? slugify(v.title),
            title: v.title,
            subtitle: v.subtitle ?? null,
            estimatedHours: v.estimatedHours ?? 0,
          });
          return redirectOr(await createLevel(db, actor, courseId, body), (level) => doneUrl(here, "pridane", `uzol-${level._id}`));
        },
      }),
      editLevel: intent({
        schema: f.editLevel,
        fields: levelFields,
        run: async (v) => {
          const level = levelOf(d, v.levelId);
          const body = contractBody(LevelPatchRequest, {
            title: v.title,
            slug: v.slug ?? level.slug,
            subtitle: v.subtitle ?? null,
            estimatedHours: v.estimatedHours ?? 0,
            issuesIntermediateCertificate: v.issuesIntermediateCertificate,
          });
          return redirectOr(await updateLevel(db, actor, level._id, body), () => doneUrl(here, "ulozene", `uzol-${level._id}`));
        },
      }),
      moveLevel: intent({
        schema: f.moveLevel,
        run: async (v) => {
          levelOf(d, v.levelId);
          const ids = moved(
            d.levels.map((l) => l._id),
            v.levelId,
            v.direction,
          );
          const done = doneUrl(here, "presunute", `uzol-${v.levelId}`);
          return ids ? redirectOr(await reorderLevels(db, actor, courseId, ids), () => done) : redirect(done);
        },
      }),
      deleteLevel: intent({
        schema: f.deleteLevel,
        run: async (v) => {
          requireRole(args.context, ...operationRoles(authoringApi, "adminDeleteLevel"), { action: "Zmazať úroveň" });
          return redirectOr(await deleteLevel(db, actor, levelOf(d, v.levelId)._id), () => doneUrl(here, "zmazane", "struktura"));
        },
      }),

      // ---------- topics ----------
      addTopic: intent({
        schema: f.addTopic,
        fields: topicFields,
        run: async (v) => {
          const level = levelOf(d, v.levelId);
          const body = contractBody(TopicCreateRequest, { slug: v.slug ?? slugify(v.title), title: v.title, iconName: v.iconName ?? null });
          return redirectOr(await createTopic(db, actor, level._id, body), (topic) => doneUrl(here, "pridane", `uzol-${topic._id}`));
        },
      }),
      editTopic: intent({
        schema: f.editTopic,
        fields: topicFields,
        run: async (v) => {
          const { topic } = topicOf(d, v.topicId);
          const body = contractBody(TopicPatchRequest, { title: v.title, slug: v.slug ?? topic.slug, iconName: v.iconName ?? null });
          return redirectOr(await updateTopic(db, actor, topic._id, body), () => doneUrl(here, "ulozene", `uzol-${topic._id}`));
        },
      }),
      moveTopic: intent({
        schema: f.moveTopic,
        run: async (v) => {
          const { level } = topicOf(d, v.topicId);
          const ids = moved(
            level.topics.map((t) => t._id),
            v.topicId,
            v.direction,
          );
          const done = doneUrl(here, "presunute", `uzol-${v.topicId}`);
          return ids ? redirectOr(await reorderTopics(db, actor, level._id, ids), () => done) : redirect(done);
        },
      }),
      deleteTopic: intent({
        schema: f.deleteTopic,
        run: async (v) => {
          const { level, topic } = topicOf(d, v.topicId);
          return redirectOr(await deleteTopic(db, actor, topic._id), () => doneUrl(here, "zmazane", `uzol-${level._id}`));
        },
      }),

      // ---------- the module of a topic ----------
      addModule: intent({
        schema: f.addModule,
        fields: moduleFields,
        run: async (v) => {
          const { topic } = topicOf(d, v.topicId);
          const body = contractBody(ModuleCreateRequest, { title: v.title, estimatedMinutes: v.estimatedMinutes ?? 0 });
          return redirectOr(await createModule(db, actor, topic._id, body), (module) => doneUrl(here, "pridane", `uzol-${module._id}`));
        },
      }),
      editModule: intent({
        schema: f.editModule,
        fields: moduleFields,
        run: async (v) => {
          const module = moduleOf(d, v.moduleId);
          const body = contractBody(ModulePatchRequest, { title: v.title, estimatedMinutes: v.estimatedMinutes ?? 0 });
          return redirectOr(await updateModule(db, actor, module._id, body), () => doneUrl(here, "ulozene", `uzol-${module._id}`));
        },
      }),
      deleteModule: intent({
        schema: f.deleteModule,
        run: async (v) => {
          const module = moduleOf(d, v.moduleId);
          return redirectOr(await deleteModule(db, actor, module._id), () => doneUrl(here, "zmazane", `uzol-${module.topicId}`));
        },
      }),

      // ---------- parts ----------
      addPart: intent({
        schema: f.addPart,
        fields: same("title", "slug", "requiredForCompletion"),
        run: async (v) => {
          const module = moduleOf(d, v.moduleId);
          const body = contractBody(PartCreateRequest, { slug: v.slug ?? slugify(v.title), title: v.title, requiredForCompletion: v.requiredForCompletion });
          return redirectOr(await createPart(db, actor, module._id, body), (part) => doneUrl(`${here}/casti/${part._id}`, "pridane"));
        },
      }),
      movePart: intent({
        schema: f.movePart,
        run: async (v) => {
          const { module } = partOf(d, v.partId);
          const ids = moved(
            module.parts.map((p) => p._id),
            v.partId,
            v.direction,
          );
          const done = doneUrl(here, "presunute", `uzol-${v.partId}`);
          return ids ? redirectOr(await reorderParts(db, actor, module._id, ids), () => done) : redirect(done);
        },
      }),
      deletePart: intent({
        schema: f.deletePart,
        run: async (v) => {
          const { module } = partOf(d, v.partId);
          return redirectOr(await deletePart(db, actor, v.partId), () => doneUrl(here, "zmazane", `uzol-${module._id}`));
        },
      }),
    },
    { context: args.context },
  );
});
