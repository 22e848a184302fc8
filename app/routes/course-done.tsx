// /kurzy/<slug>/hotovo: the page a student lands on when the course is complete (passing
// the last test, completing the last part): congratulations, and the certificate itself
// when it is issued already (the issuing job usually runs at once); while it is being
// issued (or the accrediting partner issues it by hand), a way to look again. A course
// not yet completed sends the student to the learning dashboard.
// docs/decisions/student-ui/student-pages-on-a-phone.md > Finishing a course.
import { Link, redirect } from "react-router";
import type { Route } from "./+types/course-done";
import { servicesContext } from "../context";
import { Breadcrumbs } from "../components/breadcrumbs";
import { StateIcon } from "../components/learning-state";
import { pageTitle } from "../site";
import { pageRoute } from "../lib/page.server";
import { requireUserForPage } from "../lib/auth.server";
import { getLearnView } from "#server/learning";
import { listStudentCertificates, listStudentPendingRequests } from "#server/certificates";
import { depsOf } from "../lib/deps.server";

export const loader = pageRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  const { user } = requireUserForPage(request, context);
  const view = await getLearnView(depsOf(context), user.id, params.slug);
  if (!view.courseCompleted) throw redirect(`/kurzy/${params.slug}/studium`);
  const { db } = context.get(servicesContext);
  const [certificates, pending] = await Promise.all([listStudentCertificates(db, user.id), listStudentPendingRequests(db, user.id)]);
  const certificate = certificates.find((c) => c.enrollmentId === view.enrollment._id && c.type === "final" && c.revokedAt === null) ?? null;
  return {
    slug: params.slug,
    courseTitle: view.course.title,
    certificate: certificate ? { id: certificate.id, title: certificate.certificateTitle } : null,
    // a partner who issues by hand: the request waits for the admin
    waitsForPartner: !certificate && pending.some((p) => p.type === "final" && p.courseTitle === view.course.title),
  };
});

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Kurz dokončený: ${loaderData.courseTitle}` : "Kurz dokončený") },
  { name: "robots", content: "noindex" },
];

export default function CourseDone({ loaderData: d }: Route.ComponentProps) {
  return (
    <section className="narrow course-done">
      <Breadcrumbs items={[{ label: "Môj účet", href: "/ucet" }, { label: d.courseTitle, href: `/kurzy/${d.slug}/studium` }, { label: "Dokončený kurz" }]} />
      <p className="done-mark">
        <StateIcon state="completed" />
      </p>
      <h1>Gratulujeme, kurz {d.courseTitle} ste dokončili!</h1>
      {d.certificate ? (
        <div className="notice success" role="status">
          <p>
            Váš certifikát je vydaný: <strong>{d.certificate.title}</strong>.
          </p>
          <p>
            <Link className="button" to={`/ucet/certifikaty/${d.certificate.id}`}>
              Zobraziť certifikát
            </Link>
          </p>
        </div>
      ) : d.waitsForPartner ? (
        <div className="notice" role="status">
          <p>Certifikát vydáva akreditačný partner; keď ho vydá, nájdete ho medzi svojimi certifikátmi a pošleme vám e-mail.</p>
          <p>
            <Link to="/ucet/certifikaty">Moje certifikáty</Link>
          </p>
        </div>
      ) : (
        <div className="notice" role="status">
          <p>Certifikát sa práve vydáva; zvyčajne to trvá len chvíľu.</p>
          <p>
            <Link className="button secondary" to={`/kurzy/${d.slug}/hotovo`} reloadDocument>
              Skontrolovať znova
            </Link>{" "}
            <Link to="/ucet/certifikaty">Moje certifikáty</Link>
          </p>
        </div>
      )}
      <p>
        <Link to={`/kurzy/${d.slug}/studium`}>Späť na prehľad kurzu</Link>
      </p>
    </section>
  );
}
