// The admin order page's bank transfer section (docs/decisions/payments/pay-by-bank-transfer.md > Pay by bank transfer):
// the payment request, the credits recorded for it (a flagged one stands out) and the plain
// form that records a received transfer (works without JavaScript).
import { Form } from "react-router";
import type { Route } from "../+types/order";

type Section = NonNullable<Route.ComponentProps["loaderData"]["transfer"]>;

export function TransferSection({ transfer: t, refusal }: { transfer: Section; refusal: string | null }) {
  return (
    <section aria-labelledby="prevod" className="card">
      <h2 id="prevod">Platba prevodom</h2>
      <p>
        Výzva na úhradu: <strong>{t.amount}</strong> na účet {t.iban}, variabilný symbol <strong>{t.variableSymbol}</strong>, splatnosť {t.dueOn}.
      </p>
      {t.credits.length > 0 ? (
        <div className="table-scroll">
          <table className="admin-table">
            <caption className="visually-hidden">Prijaté prevody</caption>
            <thead>
              <tr>
                <th scope="col">Pripísané</th>
                <th scope="col" className="amount">
                  Suma
                </th>
                <th scope="col">Referencia banky</th>
                <th scope="col">Výsledok</th>
                <th scope="col">Zdroj</th>
              </tr>
            </thead>
            <tbody>
              {t.credits.map((c) => (
                <tr key={c.id} className={c.flagged ? "flagged" : undefined}>
                  <td className="nowrap">{c.bookedOn}</td>
                  <td className="amount">{c.amount}</td>
                  <td className="wrap-anywhere">{c.reference}</td>
                  <td>{c.flagged ? <strong>{c.stateLabel}</strong> : c.stateLabel}</td>
                  <td className="muted">
                    {c.source} · {c.recordedAt}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">Zatiaľ neprišiel žiadny prevod.</p>
      )}
      {t.credits.some((c) => c.flagged) ? (
        <div className="alert" role="alert">
          <p>Prevod v nesprávnej sume alebo na objednávku, ktorú nemožno zaplatiť, sme nezapočítali. Dohodnite s kupujúcim doplatenie alebo peniaze vráťte.</p>
        </div>
      ) : null}
      {t.recordable ? (
        <Form method="post" className="stack">
          <input type="hidden" name="intent" value="record-transfer" />
          {refusal ? (
            <div className="alert" role="alert">
              <p>{refusal}</p>
            </div>
          ) : null}
          <label>
            Prijatá suma v eurách
            <input name="amount" inputMode="decimal" required defaultValue={t.amountDefault} />
          </label>
          <label>
            Dátum pripísania na účet
            <input name="bookingDate" type="date" required max={t.today} defaultValue={t.today} />
          </label>
          <label>
            Referencia platby z banky
            <input name="bankReference" required maxLength={100} />
          </label>
          <button type="submit">Zaznamenať prijatý prevod</button>
        </Form>
      ) : null}
    </section>
  );
}
