// The course page's buy box: the price with and without VAT and the way to buy, or, for a
// course the visitor holds, the progress and the way back in (both with "Kúpiť pre klub"
// for a club's buyer).
import { Link } from "react-router";
import type { Route } from "../+types/course";
import { StateIcon } from "../../components/learning-state";
import { StudyProgress } from "../../components/study-progress";
import { SellerBox } from "../../components/seller";

type Course = Route.ComponentProps["loaderData"];

export function BuyBox({ c }: { c: Course }) {
  return c.purchase.kind === "enrolled" ? (
    <aside className="buy-box owned" aria-labelledby="cena">
      <h2 id="cena" className="owned-title">
        <span className="owned-mark">
          <StateIcon state="completed" />
          {c.purchase.completed ? "Kurz ste dokončili" : "Tento kurz máte"}
        </span>
      </h2>
      {c.purchase.progress && c.purchase.progress.total > 0 ? (
        <StudyProgress className="course-progress" id="owned-progress" progress={c.purchase.progress} />
      ) : null}
      <p>
        <Link className="button" to={`/kurzy/${c.slug}/studium`}>
          {c.purchase.completed ? "Prejsť na kurz" : "Pokračovať v štúdiu"}
        </Link>
      </p>
      {c.clubBuy ? (
        <p>
          <Link className="button secondary" to={`/kurzy/${c.slug}/kupit-pre-klub`}>
            Kúpiť pre klub
          </Link>
        </p>
      ) : null}
    </aside>
  ) : (
    <aside className="buy-box" aria-labelledby="cena">
      <h2 id="cena" className="visually-hidden">
        Cena a nákup
      </h2>
      <p className="price">
        <span className="money">{c.price.withVat}</span>
      </p>
      <p className="muted">vrátane DPH {c.price.vatRate}</p>
      <dl className="facts">
        <dt>Cena bez DPH</dt>
        <dd className="money">{c.price.withoutVat}</dd>
        <dt>DPH {c.price.vatRate}</dt>
        <dd className="money">{c.price.vat}</dd>
        <dt>Cena s DPH</dt>
        <dd className="money">{c.price.withVat}</dd>
      </dl>
      {c.enrollmentDeadline && <p className="muted">Kurz je možné kúpiť do {c.enrollmentDeadline}.</p>}
      {c.purchase.kind === "buy" ? (
        <p>
          <Link className="button" to={`/kurzy/${c.slug}/kupit`} reloadDocument>
            Kúpiť kurz
          </Link>
        </p>
      ) : (
        <p className="notice" role="status">
          {c.purchase.reason}
        </p>
      )}
      {c.clubBuy && c.purchase.kind === "buy" ? (
        <p>
          <Link className="button secondary" to={`/kurzy/${c.slug}/kupit-pre-klub`}>
            Kúpiť pre klub
          </Link>
        </p>
      ) : null}
      <SellerBox />
    </aside>
  );
}
