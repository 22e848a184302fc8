// /admin: the overview — courses by state, enrollments by state, where to go next.
import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { servicesContext } from "../../context";
import { getAuth } from "../../lib/auth.server";
import { getAdminDashboard } from "#server/admin";
import { pageTitle } from "../../site";

const courseStateLabels = { published: "Publikované", draft: "Koncepty", archived: "Archivované", deleted: "Zmazané" } as const;
const enrollmentStateLabels = { active: "Aktívne", completed: "Dokončené", expired: "Vypršané", cancelled: "Zrušené" } as const;

export async function loader({ context }: Route.LoaderArgs) {
  const overview = await getAdminDashboard(context.get(servicesContext).db);
  return {
    displayName: getAuth(context).user?.displayName ?? "",
    courseCount: overview.courseCount,
    courseStates: (Object.keys(courseStateLabels) as (keyof typeof courseStateLabels)[]).map((state) => ({
      state,
      label: courseStateLabels[state],
      count: overview.courseVersionsByState[state],
    })),
    enrollmentCount: overview.enrollmentCount,
    enrollmentStates: (Object.keys(enrollmentStateLabels) as (keyof typeof enrollmentStateLabels)[]).map((state) => ({
      state,
      label: enrollmentStateLabels[state],
      count: overview.enrollmentsByState[state],
    })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Prehľad administrácie") }, { name: "robots", content: "noindex" }];

export default function AdminDashboard({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <h1>Prehľad administrácie</h1>
      <p className="muted">Prihlásený: {d.displayName}</p>

      <div className="stat-groups">
        <section className="card" aria-labelledby="kurzy-nadpis">
          <h2 id="kurzy-nadpis">Kurzy</h2>
          <p className="stat-total"><span className="stat-number">{d.courseCount}</span> kurzov spolu</p>
          <table className="stats">
            <caption className="visually-hidden">Verzie kurzov podľa stavu</caption>
            <thead>
              <tr><th scope="col">Stav verzie</th><th scope="col">Počet</th></tr>
            </thead>
            <tbody>
              {d.courseStates.map((s) => (
                <tr key={s.state}><th scope="row">{s.label}</th><td>{s.count}</td></tr>
              ))}
            </tbody>
          </table>
        </section>

        <section className="card" aria-labelledby="zapisy-nadpis">
          <h2 id="zapisy-nadpis">Zápisy študentov</h2>
          <p className="stat-total"><span className="stat-number">{d.enrollmentCount}</span> zápisov spolu</p>
          <table className="stats">
            <caption className="visually-hidden">Zápisy podľa stavu</caption>
            <thead>
              <tr><th scope="col">Stav zápisu</th><th scope="col">Počet</th></tr>
            </thead>
            <tbody>
              {d.enrollmentStates.map((s) => (
                <tr key={s.state}><th scope="row">{s.label}</th><td>{s.count}</td></tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>

      <section aria-labelledby="odkazy-nadpis">
        <h2 id="odkazy-nadpis">Rýchle odkazy</h2>
        <ul className="link-list">
          <li><Link to="/">Verejný katalóg kurzov</Link> – ako ho vidia návštevníci</li>
          <li><Link to="/ucet">Môj účet</Link> – vaše údaje a roly</li>
          <li><a href="/api/admin/whoami">Kontrola oprávnení (JSON)</a> – čo o vás vie server</li>
        </ul>
      </section>
    </>
  );
}
