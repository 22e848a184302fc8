// /admin/kurzy/novy: the "Nový kurz" form on its own page (reached from the course list's
// "+ Nový kurz" button), which creates a draft (version 1) and opens its editor. The same
// domain call as POST /api/admin/courses (server/authoring). Behind the /admin layout's role
// check, repeated here for the loader and the action.
// docs/decisions/admin-ui/course-list-by-course.md
import { Form } from "react-router";
import { getFormProps } from "@conform-to/react";
import type { Route } from "./+types/course-new";
import authoringStyles from "../../admin-authoring.css?url";
import { pageRoute } from "../../lib/page.server";
import { pageTitle } from "../../site";
import { contractBody, doneUrl, editorOf, handleIntents, intent, redirectOr } from "../../lib/admin-authoring.server";
import { createCourseForm, slugify } from "../../lib/authoring-forms";
import { FormKey, IntentButton, useAdminForm } from "../../components/admin-authoring";
import { Breadcrumbs } from "../../components/breadcrumbs";
import { FormErrors, TextField } from "../../components/forms";
import { CourseCreateRequest, createCourse } from "#server/authoring";

export const loader = pageRoute(async (args: Route.LoaderArgs) => {
  editorOf(args);
  return null;
});

export const action = pageRoute(async (args: Route.ActionArgs) => {
  const { services, actor } = editorOf(args);
  return handleIntents(args.request, {
    createCourse: intent({
      schema: createCourseForm,
      fields: { slug: "slug", title: "title", shortDescription: "shortDescription", priceCents: "price", currency: "currency" },
      run: async (v) => {
        const body = contractBody(CourseCreateRequest, {
          slug: v.slug ?? slugify(v.title),
          title: v.title,
          shortDescription: v.shortDescription,
          priceCents: v.price,
          currency: v.currency,
        });
        return redirectOr(await createCourse(services.db, actor, body), (course) => doneUrl(`/admin/kurzy/${course._id}`, "vytvoreny"));
      },
    }),
  });
});

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: authoringStyles }];

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Nový kurz") }, { name: "robots", content: "noindex" }];

export default function NewCourse({ actionData }: Route.ComponentProps) {
  const key = "createCourse";
  const [form, fields] = useAdminForm(key, createCourseForm, actionData, { currency: "EUR" });
  return (
    <>
      <Breadcrumbs items={[{ label: "Administrácia", href: "/admin" }, { label: "Kurzy", href: "/admin/kurzy" }, { label: "Nový kurz" }]} />
      <section aria-labelledby="novy-kurz" className="new-course">
        <h1 id="novy-kurz">Nový kurz</h1>
        <p className="muted">Vytvorí koncept (verziu 1). Ostatné údaje, štruktúru a testy doplníte v editore.</p>
        <Form method="post" {...getFormProps(form)}>
          <FormKey formKey={key} />
          <FormErrors meta={form} />
          <TextField meta={fields.title} label="Názov kurzu" />
          <TextField
            meta={fields.slug}
            label="Identifikátor do adresy (nepovinné)"
            description="Napríklad financie-v-klube. Nechajte prázdne a vytvorí sa z názvu."
          />
          <TextField meta={fields.shortDescription} label="Krátky popis" multiline rows={2} />
          <div className="field-row">
            <TextField meta={fields.price} label="Cena (€)" description="Napríklad 49,90." />
            <TextField meta={fields.currency} label="Mena" />
          </div>
          <IntentButton formKey={key} intent="createCourse" pendingLabel="Vytvára sa…">
            Vytvoriť koncept
          </IntentButton>
        </Form>
      </section>
    </>
  );
}
