// /admin/prevody: bank transfers (docs/decisions/payments/pay-by-bank-transfer.md > Pay by bank transfer). The admin uploads
// the bank's ISO 20022 CAMT.053 statement (a plain multipart form, works without JavaScript);
// booked credits are matched by variable symbol and amount, a match pays its order, and the
// page answers what each credit did. Below: the credits that need a person (a wrong amount,
// an order that cannot be paid, an unknown variable symbol) and the latest ones. The same
// importStatement as POST /api/admin/bank-statements. Role admin in the loader and the action.
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/bank-transfers";
import styles from "../../admin-orders.css?url";
import { servicesContext } from "../../context";
import { formRefusalOf, pageRoute, readForm } from "../../lib/page.server";
import { actorOf, requireRoleForPage } from "../../lib/auth.server";
import { importStatement } from "../../lib/admin-transfers.server";
import { Breadcrumbs } from "../../components/breadcrumbs";
import { pageTitle } from "../../site";
import { TRANSFER_STATE_LABELS } from "./order/transfer.server";
import { bankTransfersForAdmin, MAX_STATEMENT_BYTES, type BankTransferView } from "#server/payments";
import { formatMoney } from "#server/money";
import { formatDate, formatDateTime } from "#shared/format";

const RESULT_LABELS: Record<string, string> = { ...TRANSFER_STATE_LABELS, duplicate: "Už zaznamenaný – bez zmeny" };

function row(c: BankTransferView) {
  return {
    id: c.id,
    bookedOn: formatDate(c.bookingDate),
    amount: formatMoney(c.amountCents, c.currency),
    variableSymbol: c.variableSymbol ?? "—",
    reference: c.bankReference,
    counterparty: c.counterparty ?? "",
    orderId: c.orderId,
    stateLabel: TRANSFER_STATE_LABELS[c.state] ?? c.state,
    flagged: c.state !== "paid",
    recordedAt: formatDateTime(c.createdAt),
  };
}

export const loader = pageRoute(async ({ request, context }: Route.LoaderArgs) => {
  requireRoleForPage(request, context, "admin");
  const { flagged, latest } = await bankTransfersForAdmin(context.get(servicesContext).db);
  return { flagged: flagged.map(row), latest: latest.map(row) };
});

export const action = pageRoute(async ({ request, context }: Route.ActionArgs) => {
  const { user } = requireRoleForPage(request, context, "admin");
  const form = await readForm(request);
  const file = form.get("statement");
  if (!(file instanceof File) || file.size === 0) return data({ refusal: "Vyberte súbor výpisu (XML, CAMT.053).", report: null }, { status: 422 });
  if (file.size > MAX_STATEMENT_BYTES) return data({ refusal: "Výpis je väčší ako 5 MB.", report: null }, { status: 422 });
  const imported = await importStatement(context.get(servicesContext), actorOf(context, user), await file.text());
  if (!imported.ok) {
    if (!formRefusalOf(imported.error)) throw imported.error;
    return data({ refusal: imported.error.message, report: null }, { status: imported.error.status });
  }
  const result = imported.value;
  return {
    refusal: null,
    report: {
      counts: result.counts,
      credits: result.credits.map((c) => ({
        reference: c.bankReference,
        amount: formatMoney(c.amountCents, "EUR"),
        variableSymbol: c.variableSymbol ?? "—",
        orderId: c.orderId,
        label: RESULT_LABELS[c.result] ?? c.result,
        flagged: c.result !== "paid" && c.result !== "duplicate",
      })),
    },
  };
});

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: Route.MetaFunction = () => [{ title: pageTitle("Platby prevodom") }, { name: "robots", content: "noindex" }];

type Row = ReturnType<typeof row>;

function Credits({ rows, caption }: { rows: Row[]; caption: string }) {
  return (
    <div className="table-scroll">
      <table className="admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Pripísané</th>
            <th scope="col" className="amount">
              Suma
            </th>
            <th scope="col">VS</th>
            <th scope="col">Referencia banky</th>
            <th scope="col">Platiteľ</th>
            <th scope="col">Výsledok</th>
            <th scope="col">Objednávka</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((c) => (
            <tr key={c.id}>
              <td className="nowrap">{c.bookedOn}</td>
              <td className="amount">{c.amount}</td>
              <td>{c.variableSymbol}</td>
              <td className="wrap-anywhere">{c.reference}</td>
              <td>{c.counterparty}</td>
              <td>{c.flagged ? <strong>{c.stateLabel}</strong> : c.stateLabel}</td>
              <td>{c.orderId ? <Link to={`/admin/objednavky/${c.orderId}`}>Otvoriť</Link> : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function BankTransfers({ loaderData: l, actionData }: Route.ComponentProps) {
  const report = actionData?.report ?? null;
  return (
    <>
      <Breadcrumbs items={[{ label: "Administrácia", href: "/admin" }, { label: "Platby prevodom" }]} />
      <h1>Platby prevodom</h1>
      <Form method="post" encType="multipart/form-data" className="stack card">
        <h2>Nahrať bankový výpis</h2>
        <p className="muted">
          Výpis vo formáte ISO 20022 CAMT.053 (XML) z účtu akadémie. Prevody sa priradia podľa variabilného symbolu a sumy; ten istý výpis nahraný znova nič
          nezmení.
        </p>
        {actionData?.refusal ? (
          <div className="alert" role="alert">
            <p>{actionData.refusal}</p>
          </div>
        ) : null}
        <label>
          Súbor výpisu
          <input type="file" name="statement" accept=".xml,application/xml,text/xml" required />
        </label>
        <button type="submit">Nahrať a priradiť</button>
      </Form>
      {report ? (
        <section aria-labelledby="vysledok" role="status">
          <h2 id="vysledok">Výsledok</h2>
          <p>
            Zaplatené objednávky: {report.counts.paid} · nesprávna suma: {report.counts.amount_mismatch} · nemožno zaplatiť: {report.counts.order_not_payable} ·
            nepriradené: {report.counts.unmatched} · už zaznamenané: {report.counts.duplicate}
          </p>
          <ul>
            {report.credits.map((c) => (
              <li key={c.reference}>
                {c.amount} · VS {c.variableSymbol} · {c.reference}: {c.flagged ? <strong>{c.label}</strong> : c.label}
                {c.orderId ? (
                  <>
                    {" "}
                    · <Link to={`/admin/objednavky/${c.orderId}`}>objednávka</Link>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <h2>Vyžadujú zásah</h2>
      {l.flagged.length === 0 ? <p>Žiadne.</p> : <Credits rows={l.flagged} caption="Prevody, ktoré vyžadujú zásah" />}
      <h2>Posledné prevody</h2>
      {l.latest.length === 0 ? <p>Zatiaľ žiadne.</p> : <Credits rows={l.latest} caption="Posledné prevody" />}
    </>
  );
}
