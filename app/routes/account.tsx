// /ucet: the signed-in student's account page with their enrollments. Without a session
// it sends the browser to sign in and back here.
import { Link } from "react-router";
import type { Route } from "./+types/account";
import { servicesContext } from "../context";
import { requireUserForPage } from "../lib/auth.server";
import { listStudentEnrollments } from "#server/enrollments";
import { hasRole } from "#server/identity";
import { formatDateLong } from "#server/money";
import { pageTitle } from "../site";

const stateLabels: Record<string, string> = {
  active: "Aktívny",
  completed: "Dokončený",
  cancelled: "Zrušený",
  expired: "Vypršaný",
};

const roleLabels: Record<string, string> = {
  student: "študent",
  instructor: "lektor",
  content_manager: "správca obsahu",
  admin: "administrátor",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = requireUserForPage(request, context);
  const enrollments = await listStudentEnrollments(context.get(servicesContext).db, user.id);
  return {
    person: { displayName: user.displayName, email: user.email, roles: user.roles },
    canAdminister: hasRole(user.roles, "content_manager") || hasRole(user.roles, "admin"),
    enrollments: enrollments.map((e) => ({
      id: e._id,
      courseTitle: e.courseTitle,
      courseSlug: e.courseSlug,
      state: e.state,
      enrolledAt: formatDateLong(e.enrolledAt),
      completedModules: e.progress.completedModules,
      totalModules: e.progress.totalModules,
    })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Môj účet") }, { name: "robots", content: "noindex" }];

export default function Account({ loaderData }: Route.ComponentProps) {
  const { person, enrollments } = loaderData;
  return (
    <section className="narrow">
      <h1>Môj účet</h1>
      <p>
        <strong>{person.displayName}</strong>
        {person.email ? <span className="muted"> · {person.email}</span> : null}
      </p>
      <p className="muted">Roly: {person.roles.map((r) => roleLabels[r] ?? r).join(", ")}</p>
      {loaderData.canAdminister ? (
        <p><Link className="button secondary" to="/admin">Administrácia</Link></p>
      ) : null}

      <h2>Moje kurzy</h2>
      {enrollments.length === 0 ? (
        <div className="notice">
          <p>Zatiaľ nemáte žiadne kurzy.</p>
          <p><Link to="/">Prezrite si katalóg kurzov</Link></p>
        </div>
      ) : (
        <ul className="enrollment-list">
          {enrollments.map((e) => (
            <li key={e.id} className="card">
              <h3><Link to={`/kurzy/${e.courseSlug}`}>{e.courseTitle}</Link></h3>
              <p className="muted">
                {stateLabels[e.state] ?? e.state} · zapísaný {e.enrolledAt} · moduly{" "}
                {e.completedModules}/{e.totalModules}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
