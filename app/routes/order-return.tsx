// /objednavky/<id>/return: where the payment gateway sends the student back (spec:
// Endpoints > Orders (student), return page). It only shows the order's state, which the
// payment webhook alone changes (query parameters change nothing): paid → access with a
// link to the course; pending → a processing notice that refreshes itself (with JavaScript a
// revalidation every few seconds; without it a meta refresh inside <noscript>, which a browser
// running scripts never sees, so the timed reload is only the fallback); failed or expired → a failure notice with a retry button. Owner only;
// anyone else's order is the 404 page. The retry form carries an Idempotency-Key made for
// this page view (like the checkout), so a double click opens one gateway session.
import { randomUUID } from "node:crypto";
import { useEffect } from "react";
import { Form, Link, redirectDocument, useRevalidator } from "react-router";
import type { Route } from "./+types/order-return";
import { servicesContext } from "../context";
import { Breadcrumbs } from "../components/breadcrumbs";
import { pageTitle } from "../site";
import { pageRoute, readForm } from "../lib/page.server";
import { requireUserForPage } from "../lib/auth.server";
import { orderStateLabels } from "../lib/order-labels";
import { retryPayment } from "../lib/orders.server";
import { eInvoicesForOrders } from "#server/einvoices";
import { idempotencyRoute } from "#server/http/idempotency";
import { getStudentOrder, orderNumber } from "#server/orders";
import { duplicatePaymentOf } from "#server/payments";
import { formatMoney } from "#server/money";
import { formatDate, formatDateTime } from "#shared/format";
import { payBySquareSvg } from "#server/invoices";

/** Seconds between refreshes while the payment is being processed. */
const REFRESH_SECONDS = 3;

/**
 * How long a retry whose first copy (a double click) is still opening the gateway session
 * waits for that copy's answer: a little over the gateway's 5 s timeout.
 */
const FIRST_COPY_WAIT_MS = 6_000;
const FIRST_COPY_POLL_MS = 200;

export const loader = pageRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  const { user } = requireUserForPage(request, context);
  const { db } = context.get(servicesContext);
  const order = await getStudentOrder(db, user.id, params.orderId);
  // money for a course the student held already goes back (docs/decisions/payments/one-order-per-course.md > One order per course)
  const duplicate = await duplicatePaymentOf(db, order._id);
  return {
    duplicate: duplicate
      ? {
          kind: duplicate.kind,
          amount: formatMoney(duplicate.amountCents, order.currency),
          settled: duplicate.state === "completed",
          settledAt: duplicate.settledAt ? formatDateTime(duplicate.settledAt.toISOString()) : null,
        }
      : null,
    id: order._id,
    number: await orderNumber(db, order._id),
    state: order.state,
    stateLabel: orderStateLabels[order.state] ?? order.state,
    courseTitle: order.courseTitle,
    courseSlug: order.courseSlug,
    amount: formatMoney(order.amountCents, order.currency),
    paidAt: order.paidAt ? formatDateTime(order.paidAt) : null,
    invoiceUrl: order.invoiceUrl,
    // a company order's e-invoice (docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md > E-invoices)
    eInvoiceUrl: (await eInvoicesForOrders(db, [order._id])).some((e) => e.kind === "invoice") ? `/api/orders/${order._id}/invoice?format=xml` : null,
    sponsored: order.sponsorOrgId !== null,
    // a club order: its seats are assigned on the club page (docs/decisions/clubs/club-seats.md > Club seats)
    clubPage: order.sponsorOrgId ? { href: `/klub/${encodeURIComponent(order.sponsorOrgId)}`, seats: order.seats } : null,
    // an order paid by bank transfer: its payment request (not a tax invoice) with the QR code
    paymentRequest: order.paymentRequest
      ? {
          iban: order.paymentRequest.iban,
          bic: order.paymentRequest.bic,
          beneficiary: order.paymentRequest.beneficiary,
          variableSymbol: order.paymentRequest.variableSymbol,
          amount: formatMoney(order.paymentRequest.amountCents, order.paymentRequest.currency),
          dueOn: formatDate(order.paymentRequest.dueDate),
          pdfUrl: order.paymentRequest.pdfUrl,
          qrSrc: `data:image/svg+xml;base64,${Buffer.from(await payBySquareSvg(order.paymentRequest.payBySquare)).toString("base64")}`,
        }
      : null,
    // the retry form's Idempotency-Key, new for each page view
    retryKey: order.state === "failed" || order.state === "expired" ? randomUUID() : null,
  };
});

export const action = pageRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const { user } = requireUserForPage(request, context);
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const idempotency = { route: idempotencyRoute(request), key: String(form.get("idempotencyKey") ?? ""), rawBody: undefined };
  // The browser shows the answer to the last click of a double click: when the first copy
  // is still opening the session, wait for its stored answer (the same session) rather
  // than show "still processing".
  const deadline = Date.now() + FIRST_COPY_WAIT_MS;
  for (;;) {
    const retried = await retryPayment(services, user, params.orderId, idempotency);
    if (retried.ok) return redirectDocument(retried.value.body.redirectUrl);
    // any other refusal (not retryable, the key reused) is the error page, as a thrown one
    if (retried.error.code !== "idempotency_in_progress" || Date.now() >= deadline) throw retried.error;
    await new Promise((resolve) => setTimeout(resolve, FIRST_COPY_POLL_MS));
  }
});

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Objednávka: ${loaderData.stateLabel}` : "Objednávka") },
  { name: "robots", content: "noindex" },
];

export default function OrderReturn({ loaderData: o }: Route.ComponentProps) {
  return (
    <section className="narrow">
      <Breadcrumbs items={[{ label: "Môj účet", href: "/ucet" }, { label: "Objednávka" }]} />
      <h1>Objednávka kurzu {o.courseTitle}</h1>
      {o.number ? <p className="muted">Číslo objednávky: {o.number}</p> : null}
      {o.duplicate?.kind === "order_paid_twice" ? (
        <div className="order-state" role="status">
          <p>
            <strong>Túto objednávku ste zaplatili dvakrát. Druhú platbu {o.duplicate.amount} vám vraciame.</strong>
          </p>
          <p>
            {o.duplicate.settled ? `Peniaze sme vrátili ${o.duplicate.settledAt}.` : "O vrátenie sme platobnú bránu požiadali hneď; nemusíte nič robiť."} Kurz
            máte sprístupnený.
          </p>
        </div>
      ) : null}
      {o.duplicate?.kind === "course_held" ? (
        <div className="order-state" role="status">
          <p>
            <strong>Platbu sme prijali, ale tento kurz už máte. Celú sumu {o.duplicate.amount} vám vraciame.</strong>
          </p>
          <p>
            {o.duplicate.settled
              ? `Peniaze sme vrátili ${o.duplicate.settledAt}; na účte ich uvidíte podľa vašej banky.`
              : "O vrátenie peňazí sme platobnú bránu požiadali hneď; prídu tým istým spôsobom, akým ste platili. Nemusíte nič robiť."}
          </p>
          <p>
            <Link className="button" to={`/kurzy/${o.courseSlug}/studium`}>
              Pokračovať v štúdiu
            </Link>
          </p>
          <p className="muted">
            Doklady (faktúru a opravný doklad) nájdete v <Link to="/ucet">účte</Link>; pošleme vám ich aj e-mailom.
          </p>
        </div>
      ) : o.state === "paid" ? (
        <div className="order-state" role="status">
          <p>
            <strong>{o.clubPage ? "Platba prebehla úspešne." : "Platba prebehla úspešne. Kurz máte sprístupnený."}</strong>
          </p>
          {o.clubPage ? (
            <p>
              Kúpili ste pre klub miest: {o.clubPage.seats}.{" "}
              <Link className="button" to={o.clubPage.href}>
                Priradiť miesta členom
              </Link>
            </p>
          ) : (
            <p>
              <Link className="button" to={`/kurzy/${o.courseSlug}/studium`}>
                Začať študovať
              </Link>
            </p>
          )}
          <p className="muted">
            Zaplatené {o.paidAt} · {o.amount}. Potvrdenie a faktúru vám pošleme e-mailom.
          </p>
          {o.invoiceUrl ? (
            <p>
              <a href={o.invoiceUrl}>Stiahnuť faktúru (PDF)</a>
              {o.eInvoiceUrl ? (
                <>
                  {" "}
                  · <a href={o.eInvoiceUrl}>E-faktúra (XML)</a>
                </>
              ) : null}
            </p>
          ) : null}
        </div>
      ) : o.state === "pending" && o.paymentRequest ? (
        <PaymentRequestNotice request={o.paymentRequest} />
      ) : o.state === "pending" ? (
        <PendingNotice />
      ) : o.state === "failed" || o.state === "expired" ? (
        <div className="order-state failed" role="alert">
          <p>
            <strong>{o.state === "failed" ? "Platba sa nepodarila." : "Objednávka vypršala bez zaplatenia."}</strong>
          </p>
          <p>Peniaze vám neboli stiahnuté. Platbu môžete skúsiť znova.</p>
          <Form method="post">
            <input type="hidden" name="idempotencyKey" value={o.retryKey ?? ""} />
            <button type="submit">Zaplatiť znova ({o.amount})</button>
          </Form>
        </div>
      ) : (
        <div className="order-state" role="status">
          <p>
            <strong>Stav objednávky: {o.stateLabel}.</strong>
          </p>
        </div>
      )}
      <p>
        <Link to="/ucet">Môj účet a objednávky</Link>
      </p>
    </section>
  );
}

/**
 * The payment is being processed: the page reads the order again every few seconds until the
 * webhook has decided it. With JavaScript that is a revalidation (no reload, no timed meta
 * refresh for assistive technology to fight, WCAG 2.2.1); without it the meta refresh in
 * <noscript> reloads the page. A payment request (bank transfer) waits for days: no refresh.
 */
function PendingNotice() {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [revalidator]);
  return (
    <div className="order-state" role="status">
      <noscript>
        <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
      </noscript>
      <p>
        <strong>Platbu spracúvame.</strong>
      </p>
      <p>
        Stránka sa o chvíľu obnoví sama. Ak platba trvá dlhšie, nájdete ju aj v <Link to="/ucet">účte</Link>.
      </p>
    </div>
  );
}

type PaymentRequestData = {
  iban: string;
  bic: string | null;
  beneficiary: string;
  variableSymbol: string;
  amount: string;
  dueOn: string;
  pdfUrl: string;
  qrSrc: string;
};

/** The payment request (Výzva na úhradu) of an order paid by bank transfer: what to pay, where, and the QR code. */
function PaymentRequestNotice({ request: r }: { request: PaymentRequestData }) {
  return (
    <div className="order-state payment-request" role="status">
      <h2>Výzva na úhradu</h2>
      <p>
        <strong>Objednávka čaká na platbu prevodom.</strong> Toto nie je daňový doklad; faktúru vystavíme, keď platba príde na náš účet.
      </p>
      <dl className="facts">
        <dt>Suma</dt>
        <dd className="money">
          <strong>{r.amount}</strong>
        </dd>
        <dt>IBAN</dt>
        <dd>{r.iban}</dd>
        {r.bic ? (
          <>
            <dt>BIC</dt>
            <dd>{r.bic}</dd>
          </>
        ) : null}
        <dt>Príjemca</dt>
        <dd>{r.beneficiary}</dd>
        <dt>Variabilný symbol</dt>
        <dd>
          <strong>{r.variableSymbol}</strong>
        </dd>
        <dt>Splatnosť</dt>
        <dd>{r.dueOn}</dd>
      </dl>
      <figure>
        <img src={r.qrSrc} alt={`PAY by square: ${r.amount} na účet ${r.iban}, variabilný symbol ${r.variableSymbol}`} width={180} height={180} />
        <figcaption>PAY by square – naskenujte v aplikácii banky</figcaption>
      </figure>
      <p>
        <a href={r.pdfUrl}>Stiahnuť výzvu na úhradu (PDF)</a>
      </p>
      <p className="muted">Výzvu sme poslali aj e-mailom. Ak platba do {r.dueOn} nepríde, objednávka vyprší.</p>
    </div>
  );
}
