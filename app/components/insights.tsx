// Building blocks of the admin insights pages: the period form, a table of figures beside
// the previous period, export links and the dashboard's counts by state
// (app/routes/admin/dashboard.tsx and the course and test statistics pages).
import { Form, Link } from "react-router";
import { FieldErrors } from "./forms";
import { plural } from "#shared/plural";

export type FigureRow = { key: string; label: string; current: string; previous: string; change: string; trend: "up" | "down" | "same" };

const kindLabels = { "tento-mesiac": "Tento mesiac", "minuly-mesiac": "Minulý mesiac", "tento-rok": "Tento rok", vlastne: "Vlastné obdobie" } as const;

export function PeriodForm({ kind, from, to, errors }: { kind: string; from: string; to: string; errors: Record<string, string[]> }) {
  const invalid = (name: string) => (errors[name]?.length ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` } : {});
  return (
    <Form method="get" className="period-form" aria-label="Obdobie štatistík">
      <div className="field">
        <label htmlFor="p-kind">Obdobie</label>
        <select id="p-kind" name="obdobie" defaultValue={kind}>
          {Object.entries(kindLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="p-from">Od (pri vlastnom období)</label>
        <input id="p-from" name="od" type="date" defaultValue={from} {...invalid("od")} />
        <FieldErrors id="od-error" errors={errors.od} />
      </div>
      <div className="field">
        <label htmlFor="p-to">Do (vrátane)</label>
        <input id="p-to" name="do" type="date" defaultValue={to} {...invalid("do")} />
        <FieldErrors id="do-error" errors={errors.do} />
      </div>
      <div className="filter-actions">
        <button type="submit">Zobraziť</button>
      </div>
    </Form>
  );
}

export function FigureTable({
  id,
  caption,
  rows,
  periodLabel,
  previousLabel,
}: {
  id: string;
  caption: string;
  rows: FigureRow[];
  periodLabel: string;
  previousLabel: string;
}) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="admin-table" id={id}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Ukazovateľ</th>
            <th scope="col" className="amount">
              {periodLabel}
            </th>
            <th scope="col" className="amount">
              {previousLabel}
            </th>
            <th scope="col" className="amount">
              Zmena
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} data-figure={r.key}>
              <th scope="row">{r.label}</th>
              <td className="amount" data-current="">
                {r.current}
              </td>
              <td className="amount" data-previous="">
                {r.previous}
              </td>
              <td className={`amount${r.trend === "same" ? "" : ` change-${r.trend}`}`}>{r.change}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ExportLinks({ links }: { links: { href: string; label: string }[] }) {
  return (
    <ul className="export-links">
      {links.map((l) => (
        <li key={l.href}>
          <Link to={l.href} reloadDocument download>
            {l.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A card of the platform's figures: the total (a noun in its three forms), then the count by state. */
export function StateCounts(p: {
  id: string;
  title: string;
  total: number;
  forms: [one: string, few: string, many: string];
  caption: string;
  column: string;
  rows: { state: string; label: string; count: number }[];
}) {
  return (
    <section className="card" aria-labelledby={p.id}>
      <h2 id={p.id}>{p.title}</h2>
      <p className="stat-total">
        <span className="stat-number">{p.total}</span> {plural(p.total, ...p.forms)} spolu
      </p>
      <table className="stats">
        <caption className="visually-hidden">{p.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{p.column}</th>
            <th scope="col">Počet</th>
          </tr>
        </thead>
        <tbody>
          {p.rows.map((s) => (
            <tr key={s.state}>
              <th scope="row">{s.label}</th>
              <td>{s.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
