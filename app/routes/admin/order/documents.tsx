// The admin order page's documents: the invoice and credit notes (PDF) and the e-invoices
// sent through Peppol with their state, attempts and the rules a refused one broke.
import type { Route } from "../+types/order";

type Order = Route.ComponentProps["loaderData"];

export function OrderDocuments({ o }: { o: Pick<Order, "invoice" | "creditNotes" | "eInvoices"> }) {
  return (
    <>
      <h2>Doklady</h2>
      {!o.invoice && o.creditNotes.length === 0 ? (
        <p>Objednávka zatiaľ nemá faktúru.</p>
      ) : (
        <ul>
          {o.invoice ? (
            <li>
              <a href={o.invoice.url}>Faktúra {o.invoice.number} (PDF)</a> <span className="muted">vystavená {o.invoice.issueDate}</span>
            </li>
          ) : null}
          {o.creditNotes.map((n) => (
            <li key={n.id}>
              <a href={n.url}>Dobropis {n.number} (PDF)</a>{" "}
              <span className="muted">
                vystavený {n.issueDate} · {n.amount}
              </span>
            </li>
          ))}
        </ul>
      )}
      {o.eInvoices.length > 0 ? (
        <>
          <h3>E-faktúry (Peppol)</h3>
          <ul className="e-invoices">
            {o.eInvoices.map((e) => (
              <li key={e.id} data-e-invoice-state={e.state}>
                <a href={e.url}>
                  {e.kindLabel} {e.number} (XML)
                </a>{" "}
                <strong>{e.stateLabel}</strong>{" "}
                <span className="muted">
                  {e.at}
                  {e.attempts > 0 ? ` · pokusov o odoslanie: ${e.attempts}` : ""}
                </span>
                {e.rejectionReason ? <p>Dôvod odmietnutia: {e.rejectionReason}</p> : null}
                {e.lastError && e.state === "pending" ? <p className="muted">Posledná chyba: {e.lastError}</p> : null}
                {e.fatal.length > 0 ? (
                  <>
                    <p>Neodoslaná – nespĺňa pravidlá EN 16931 / Peppol BIS 3.0:</p>
                    <ul>
                      {e.fatal.map((f, i) => (
                        <li key={i}>
                          <code>{f.ruleId}</code> {f.message}
                          {f.location ? <span className="muted"> ({f.location})</span> : null}
                        </li>
                      ))}
                    </ul>
                  </>
                ) : null}
                <p className="muted wrap-anywhere">
                  SHA-256: <code>{e.sha256}</code>
                </p>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
