// The enrollments list's filter: a person picked by name, a course, a state and a date.
import { Form, Link } from "react-router";
import type { Route } from "../+types/enrollments";
import { Picker } from "../../../components/picker";
import { ENROLLMENT_PICKER_PARAMS, ENROLLMENT_STATE_LABELS } from "../../../lib/enrollment-forms";
type LoaderData = Route.ComponentProps["loaderData"];

export function FilterForm({ d }: { d: LoaderData }) {
  return (
    <Form method="get" className="filters" aria-labelledby="filtre">
      <h2 id="filtre">Filtrovať zápisy</h2>
      {d.filterErrors.length ? (
        <div className="alert" role="alert">
          {d.filterErrors.map((e) => (
            <p key={e}>{e}</p>
          ))}
        </div>
      ) : null}
      <Picker
        kind="person"
        name="student"
        label="Študent"
        selected={d.pickers.student}
        results={d.pickers.studentResults}
        searchParam={ENROLLMENT_PICKER_PARAMS.student}
        noneLabel="Ktokoľvek"
      />
      <div className="field-row">
        <div className="field">
          <label htmlFor="filter-kurz">Kurz</label>
          <select id="filter-kurz" name="kurz" defaultValue={d.filters.kurz}>
            <option value="">Všetky kurzy</option>
            {d.filterCourses.map((c) => (
              <option key={c.courseId} value={c.courseId}>
                {c.title}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-stav">Stav</label>
          <select id="filter-stav" name="stav" defaultValue={d.filters.stav}>
            <option value="">Všetky stavy</option>
            {Object.entries(ENROLLMENT_STATE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-od">Zapísaný od</label>
          <input id="filter-od" name="od" type="date" defaultValue={d.filters.od} />
        </div>
      </div>
      <p className="actions">
        <button type="submit">Filtrovať</button> <Link to="/admin/zapisy">Zrušiť filtre</Link>
      </p>
    </Form>
  );
}
