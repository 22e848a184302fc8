// Tables of a course's statistics page (app/routes/admin/course-stats.tsx).
import { Link } from "react-router";
import { count, countOf, percent } from "../lib/insights-format";

const stateLabels = { active: "Aktívne", completed: "Dokončené", expired: "Vypršané", cancelled: "Zrušené" } as const;

export function StateTable({
  byState,
  versions,
}: {
  byState: Record<keyof typeof stateLabels, number>;
  versions: { id: string; version: number; state: string; enrolled: number }[];
}) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Zápisy podľa stavu">
      <table className="admin-table" id="stavy">
        <caption className="visually-hidden">Zápisy podľa stavu a podľa verzie</caption>
        <thead>
          <tr>
            <th scope="col">Stav zápisu</th>
            <th scope="col" className="amount">
              Počet
            </th>
          </tr>
        </thead>
        <tbody>
          {(Object.keys(stateLabels) as (keyof typeof stateLabels)[]).map((s) => (
            <tr key={s} data-state={s}>
              <th scope="row">{stateLabels[s]}</th>
              <td className="amount">{count(byState[s])}</td>
            </tr>
          ))}
          {versions.map((v) => (
            <tr key={v.id}>
              <th scope="row">z toho na verzii {v.version}</th>
              <td className="amount">{count(v.enrolled)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type TestRow = {
  testId: string;
  courseVersionId: string;
  version: number;
  title: string;
  placementLabel: string;
  maxAttempts: number;
  attempts: number;
  takers: number;
  passed: number;
  passRate: number | null;
  firstRate: number | null;
  attemptsPerTaker: string;
  averageScore: string;
};

export function TestRatesTable({ tests }: { tests: TestRow[] }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Úspešnosť testov">
      <table className="admin-table" id="testy">
        <caption className="visually-hidden">Úspešnosť testov a využité pokusy</caption>
        <thead>
          <tr>
            <th scope="col">Test</th>
            <th scope="col" className="amount">
              Pokusy
            </th>
            <th scope="col" className="amount">
              Študenti
            </th>
            <th scope="col" className="amount">
              Úspešní
            </th>
            <th scope="col" className="amount">
              Úspešnosť
            </th>
            <th scope="col" className="amount">
              Na 1. pokus
            </th>
            <th scope="col" className="amount">
              Pokusov na študenta (max.)
            </th>
            <th scope="col" className="amount">
              Priemerné skóre
            </th>
          </tr>
        </thead>
        <tbody>
          {tests.map((t) => (
            <tr key={t.testId} data-test={t.testId}>
              <th scope="row">
                <Link to={`/admin/kurzy/${t.courseVersionId}/testy/${t.testId}/statistiky`}>{t.title}</Link>
                <br />
                <span className="muted">
                  {t.placementLabel}, verzia {t.version}
                </span>
              </th>
              <td className="amount">{count(t.attempts)}</td>
              <td className="amount">{count(t.takers)}</td>
              <td className="amount">{count(t.passed)}</td>
              <td className="amount">{percent(t.passRate)}</td>
              <td className="amount">{percent(t.firstRate)}</td>
              <td className="amount">
                {t.attemptsPerTaker} ({t.maxAttempts})
              </td>
              <td className="amount">{t.averageScore}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type Nudge = { count: number; students: { enrollmentId: string; name: string; email: string | null; version: number; date: string; at: string }[] };

export function NudgeTable({ id, list, isAdmin, dateLabel, empty }: { id: string; list: Nudge; isAdmin: boolean; dateLabel: string; empty: string }) {
  if (!list.count) return <p className="notice">{empty}</p>;
  if (!isAdmin) return <p>{`${countOf(list.count, "študent", "študenti", "študentov")} (mená vidí administrátor).`}</p>;
  return (
    <>
      <p>
        {countOf(list.count, "študent", "študenti", "študentov")}
        {list.count > list.students.length ? `, zobrazených prvých ${list.students.length}` : ""}.
      </p>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={`Študenti: ${dateLabel.toLowerCase()}`}>
        <table className="admin-table" id={id}>
          <caption className="visually-hidden">Študenti: {dateLabel.toLowerCase()}</caption>
          <thead>
            <tr>
              <th scope="col">Študent</th>
              <th scope="col">E-mail</th>
              <th scope="col">Verzia</th>
              <th scope="col">{dateLabel}</th>
            </tr>
          </thead>
          <tbody>
            {list.students.map((s) => (
              <tr key={s.enrollmentId} data-enrollment={s.enrollmentId}>
                <th scope="row">
                  <Link to={`/admin/zapisy/${s.enrollmentId}`}>{s.name}</Link>
                </th>
                <td className="wrap-anywhere">{s.email ?? "–"}</td>
                <td>{s.version}</td>
                <td>
                  <time dateTime={s.at}>{s.date}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
