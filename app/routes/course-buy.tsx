// /kurzy/<slug>/kupit: placeholder until ordering exists; the course page's buy
// button lands here and the visitor finds a way back.
import { data, Link } from "react-router";
import type { Route } from "./+types/course-buy";
import { servicesContext } from "../context";
import { countPublicRead } from "../lib/public-read.server";
import { Breadcrumbs } from "../components/breadcrumbs";
import { pageTitle } from "../site";
import { findPublishedCourse } from "#server/catalog";

export async function loader({ params, context }: Route.LoaderArgs) {
  await countPublicRead(context);
  const course = await findPublishedCourse(context.get(servicesContext).db, params.slug);
  if (!course) throw data(null, { status: 404 });
  return { slug: course.slug, title: course.title };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Nákup kurzu ${loaderData.title}` : "Kurz sa nenašiel") },
  { name: "robots", content: "noindex" },
];

export default function CourseBuy({ loaderData }: Route.ComponentProps) {
  return (
    <section className="narrow">
      <Breadcrumbs
        items={[
          { label: "Katalóg kurzov", href: "/" },
          { label: loaderData.title, href: `/kurzy/${loaderData.slug}` },
          { label: "Nákup" },
        ]}
      />
      <h1>Nákup kurzu {loaderData.title}</h1>
      <div className="notice" role="status">
        <p><strong>Nákup kurzu pripravujeme.</strong></p>
        <p>Platbu online práve dokončujeme. Čoskoro si tu kurz budete môcť kúpiť a hneď začať študovať.</p>
      </div>
      <p><Link to={`/kurzy/${loaderData.slug}`}>‹ Späť na kurz</Link></p>
    </section>
  );
}
