// The dashboard's "Vyžaduje pozornosť": each item names what is waiting and links to where it
// is done; nothing waiting says so (docs/decisions/admin-ui/screens-that-lead-with-what-to-act.md > Screens that lead with what to act on).
import { Link } from "react-router";
import { plural } from "#shared/plural";

export type AttentionData = {
  attention: { failedRefunds: number; failedRefundOrders: { id: string; label: string }[]; openDisputes: number } | null;
  undeliveredEInvoices: { id: string; orderId: string; number: string; stateLabel: string; reason: string | null }[];
  certificatesAwaitingPartner: number;
  idleDays: number;
  idleByCourse: { courseId: string; title: string; idle: number }[];
};

const students = (n: number) => `${n} ${plural(n, "študent", "študenti", "študentov")}`;

export function Attention({ d }: { d: AttentionData }) {
  const a = d.attention;
  const items = [
    a && a.failedRefunds > 0 ? (
      <li key="refunds">
        <strong>Vrátenie peňazí zlyhalo</strong> ({a.failedRefunds}) — vyžaduje zásah:
        <ul>
          {a.failedRefundOrders.map((o) => (
            <li key={o.id}>
              <Link to={`/admin/objednavky/${o.id}`}>{o.label}</Link>
            </li>
          ))}
        </ul>
      </li>
    ) : null,
    a && a.openDisputes > 0 ? (
      <li key="disputes">
        <Link to="/admin/objednavky?state=disputed">Reklamované platby čakajú na rozhodnutie: {a.openDisputes}</Link>
      </li>
    ) : null,
    d.undeliveredEInvoices.length > 0 ? (
      <li key="einvoices">
        <strong>Nedoručené e-faktúry (staršie ako deň)</strong>:
        <ul>
          {d.undeliveredEInvoices.map((e) => (
            <li key={e.id}>
              <Link to={`/admin/objednavky/${e.orderId}`}>{e.number}</Link> — {e.stateLabel}
              {e.reason ? <span className="muted wrap-anywhere"> · {e.reason}</span> : null}
            </li>
          ))}
        </ul>
      </li>
    ) : null,
    d.certificatesAwaitingPartner > 0 ? (
      <li key="certificates">
        <Link to="/admin/certifikaty">Certifikáty čakajú na číslo od partnera: {d.certificatesAwaitingPartner}</Link>
      </li>
    ) : null,
    d.idleByCourse.length > 0 ? (
      <li key="idle">
        <strong>Študenti bez aktivity {d.idleDays} a viac dní</strong>:
        <ul>
          {d.idleByCourse.map((c) => (
            <li key={c.courseId}>
              <Link to={`/admin/kurzy/${c.courseId}/statistiky#neaktivni-nadpis`}>{c.title}</Link>: {students(c.idle)}
            </li>
          ))}
        </ul>
      </li>
    ) : null,
  ].filter(Boolean);
  return (
    <section aria-labelledby="pozornost-nadpis" className={items.length ? "card alert attention" : "card attention"}>
      <h2 id="pozornost-nadpis">Vyžaduje pozornosť</h2>
      {items.length ? <ul>{items}</ul> : <p>Nič nečaká na vás.</p>}
    </section>
  );
}
