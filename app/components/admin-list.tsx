// The admin lists' shared pieces (audit log, webhook events, orders; the pages of courses and enrollments): a filter
// field's error attributes, the filter form's buttons, what stands in for the table (an
// invalid filter, nothing found) and the pagers.
import type { ReactNode } from "react";
import { Link } from "react-router";

/** A filter field's aria attributes when it has errors (their list has the id `<name>-error`). */
export function invalidField(errors: Record<string, string[]>, name: string) {
  return errors[name]?.length ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` } : {};
}

/** The filter form's submit and reset (a link to the list without filters). */
export function FilterActions({ reset }: { reset: string }) {
  return (
    <div className="filter-actions">
      <button type="submit">Filtrovať</button>
      <Link to={reset}>Zrušiť filtre</Link>
    </div>
  );
}

/** The page's own error (a bad page number), then: the invalid filter (rows null), `empty` (no rows) or the table. */
export function FilteredRows<T>({
  rows,
  empty,
  pageErrors,
  children,
}: {
  rows: T[] | null;
  empty: string;
  pageErrors?: string[];
  children: (rows: T[]) => ReactNode;
}) {
  return (
    <>
      {pageErrors ? (
        <p className="alert" role="alert">
          {pageErrors[0]}
        </p>
      ) : null}
      {rows === null ? (
        <p className="alert" role="alert">
          Filter nie je platný. Opravte označené polia.
        </p>
      ) : rows.length === 0 ? (
        <p className="notice">{empty}</p>
      ) : (
        <div className="table-scroll">{children(rows)}</div>
      )}
    </>
  );
}

/** Newer and older pages, shown when there is more than one; `href` is a page's address. */
export function ListPager({ page, pages, label, href }: { page: number; pages: number; label: string; href: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      {page > 1 ? <Link to={href(page - 1)}>Novšie</Link> : null}
      <span>{`Strana ${page} z ${pages}`}</span>
      {page < pages ? <Link to={href(page + 1)}>Staršie</Link> : null}
    </nav>
  );
}

/** The previous and next page as sentences (courses, enrollments), shown when there is more than one page. */
export function PageLinks({ page, totalPages, href }: { page: number; totalPages: number; href: (page: number) => string }) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Stránkovanie">
      <p>
        {page > 1 ? <Link to={href(page - 1)}>Predchádzajúca strana</Link> : null} Strana {page} z {totalPages}{" "}
        {page < totalPages ? <Link to={href(page + 1)}>Ďalšia strana</Link> : null}
      </p>
    </nav>
  );
}
