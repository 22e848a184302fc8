// /kurzy/<slug>/kupit: checkout. A Conform + zod form that works
// without JavaScript: the personal/company switch is a radio group whose choice shows its
// fieldset by CSS (:has), and the server reads only the chosen variant. Errors come back
// inline in Slovak with the values kept. A valid form places the order exactly as
// POST /api/orders does (app/lib/orders.server.ts) and redirects to the payment gateway;
// a hidden Idempotency-Key makes a double submit land on the same order.
import { randomUUID } from "node:crypto";
import { Form, Link } from "react-router";
import { getFormProps, getInputProps } from "@conform-to/react";
import type { Route } from "./+types/course-buy";
import { servicesContext } from "../context";
import { Breadcrumbs } from "../components/breadcrumbs";
import { CheckboxField, ErrorSummary, SubmitButton, TextField, useSchemaForm } from "../components/forms";
import { pageTitle } from "../site";
import { pageRoute, readForm } from "../lib/page.server";
import { countPublicRead } from "../lib/public-read.server";
import { requireUserForPage } from "../lib/auth.server";
import { checkoutSchema, orderBodyFromForm } from "../lib/checkout";
import { checkoutAction } from "../lib/checkout.server";
import { DomainError } from "#server/kernel/errors";
import { findPublishedCourse } from "#server/catalog";
import { purchaseBlocker, TRANSFER_DUE_DAYS } from "#server/orders";
import { formatMoney, formatVatRate, priceBreakdown } from "#server/money";

async function courseFor(context: Route.LoaderArgs["context"], slug: string) {
  const course = await findPublishedCourse(context.get(servicesContext).db, slug);
  if (!course) throw new DomainError("not_found", "Kurz sa nenašiel. Možno bol stiahnutý z ponuky alebo je adresa nesprávna.");
  return course;
}

export const loader = pageRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  // a page read like any other (60/min/IP); an unknown course is 404 before sign-in
  await countPublicRead(context);
  const course = await courseFor(context, params.slug);
  const { user } = requireUserForPage(request, context);
  const services = context.get(servicesContext);
  const blocker = await purchaseBlocker(services.db, course._id, user.id, services.clock.now());
  const price = priceBreakdown(course);
  const [firstName, ...rest] = user.displayName.split(" ");
  return {
    slug: course.slug,
    title: course.title,
    price: {
      withVat: formatMoney(price.withVatCents, course.currency),
      withoutVat: formatMoney(price.withoutVatCents, course.currency),
      vat: formatMoney(price.vatCents, course.currency),
      vatRate: formatVatRate(price.vatRateBp),
    },
    blocker,
    transferDueDays: TRANSFER_DUE_DAYS,
    defaults: { billingType: "personal", firstName, lastName: rest.join(" "), email: user.email ?? "", country: "Slovensko", idempotencyKey: randomUUID() },
  };
});

export const action = pageRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const { user } = requireUserForPage(request, context);
  const course = await courseFor(context, params.slug);
  const form = await readForm(request);
  // a private buyer choosing a transfer is refused on the form (docs/decisions/payments/pay-by-bank-transfer.md > Pay by bank transfer)
  return checkoutAction({ request, context, user, form, schema: checkoutSchema, bodyOf: (value) => orderBodyFromForm(course._id, value) });
});

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Nákup kurzu ${loaderData.title}` : "Nákup kurzu") },
  { name: "robots", content: "noindex" },
];

export default function CourseBuy({ loaderData: c, actionData }: Route.ComponentProps) {
  const [form, fields] = useSchemaForm(checkoutSchema, { lastResult: actionData, defaultValue: c.defaults });
  const f = fields;
  const billingType = f.billingType;
  const chosen = (billingType.value as string | undefined) ?? "personal";
  return (
    <section className="narrow checkout">
      <Breadcrumbs items={[{ label: "Katalóg kurzov", href: "/" }, { label: c.title, href: `/kurzy/${c.slug}` }, { label: "Nákup" }]} />
      <h1>Nákup kurzu {c.title}</h1>
      <dl className="facts">
        <dt>Cena bez DPH</dt>
        <dd className="money">{c.price.withoutVat}</dd>
        <dt>DPH {c.price.vatRate}</dt>
        <dd className="money">{c.price.vat}</dd>
        <dt>Spolu s DPH</dt>
        <dd className="money">
          <strong>{c.price.withVat}</strong>
        </dd>
      </dl>

      {c.blocker ? (
        <div className="notice" role="status">
          <p>
            <strong>{c.blocker.message}</strong>
          </p>
          {c.blocker.code === "already_enrolled" ? (
            <p>
              <Link className="button" to={`/kurzy/${c.slug}/studium`}>
                Pokračovať v štúdiu
              </Link>
            </p>
          ) : (
            <p>
              <Link to={`/kurzy/${c.slug}`}>‹ Späť na kurz</Link>
            </p>
          )}
        </div>
      ) : (
        <Form method="post" {...getFormProps(form)} className="checkout-form">
          <ErrorSummary
            form={form}
            fields={[
              { meta: f.billingType, label: "Kupujete ako" },
              ...(chosen === "company"
                ? [
                    { meta: f.companyName, label: "Názov firmy alebo klubu" },
                    { meta: f.ico, label: "IČO" },
                    { meta: f.dic, label: "DIČ" },
                    { meta: f.icDph, label: "IČ DPH" },
                    { meta: f.contactEmail, label: "Kontaktný e-mail" },
                    { meta: f.contactPerson, label: "Kontaktná osoba" },
                  ]
                : [
                    { meta: f.firstName, label: "Meno" },
                    { meta: f.lastName, label: "Priezvisko" },
                    { meta: f.email, label: "E-mail" },
                    { meta: f.phone, label: "Telefón" },
                  ]),
              { meta: f.street, label: "Ulica a číslo" },
              { meta: f.city, label: "Mesto" },
              { meta: f.postalCode, label: "PSČ" },
              { meta: f.country, label: "Krajina" },
              { meta: f.agreedTos, label: "Obchodné podmienky" },
              { meta: f.agreedRefundPolicy, label: "Podmienky vrátenia peňazí" },
            ]}
          />
          <input {...getInputProps(f.idempotencyKey, { type: "hidden" })} key={f.idempotencyKey.key} />
          <fieldset className="billing-switch">
            <legend>Kupujete ako</legend>
            {[
              { value: "personal", label: "Fyzická osoba" },
              { value: "company", label: "Firma alebo klub (na IČO)" },
            ].map((o) => (
              <label key={o.value} className="radio">
                <input
                  type="radio"
                  id={o.value === "personal" ? billingType.id : undefined}
                  name={billingType.name}
                  value={o.value}
                  defaultChecked={chosen === o.value}
                />
                {o.label}
              </label>
            ))}
            {billingType.errors?.length ? (
              <p className="field-errors" id={billingType.errorId}>
                {billingType.errors[0]}
              </p>
            ) : null}
          </fieldset>

          <fieldset className="billing-personal">
            <legend>Fakturačné údaje osoby</legend>
            <TextField meta={f.firstName} label="Meno" autoComplete="given-name" />
            <TextField meta={f.lastName} label="Priezvisko" autoComplete="family-name" />
            <TextField meta={f.email} label="E-mail" type="email" autoComplete="email" />
            <TextField meta={f.phone} label="Telefón (nepovinné)" type="tel" autoComplete="tel" />
          </fieldset>

          <fieldset className="billing-company">
            <legend>Fakturačné údaje firmy</legend>
            <TextField meta={f.companyName} label="Názov firmy alebo klubu" autoComplete="organization" />
            <TextField meta={f.ico} label="IČO" />
            <TextField meta={f.dic} label="DIČ (nepovinné)" />
            <TextField meta={f.icDph} label="IČ DPH (nepovinné)" />
            <TextField meta={f.contactEmail} label="Kontaktný e-mail" type="email" autoComplete="email" />
            <TextField meta={f.contactPerson} label="Kontaktná osoba (nepovinné)" autoComplete="name" />
          </fieldset>

          <fieldset>
            <legend>Adresa</legend>
            <TextField meta={f.street} label="Ulica a číslo" autoComplete="street-address" />
            <TextField meta={f.city} label="Mesto" autoComplete="address-level2" />
            <TextField meta={f.postalCode} label="PSČ" autoComplete="postal-code" />
            <TextField meta={f.country} label="Krajina" autoComplete="country-name" />
          </fieldset>

          <CheckboxField
            meta={f.agreedTos}
            label={
              <>
                Súhlasím s <TermsLink href="/obchodne-podmienky">obchodnými podmienkami</TermsLink>.
              </>
            }
          />
          <CheckboxField
            meta={f.agreedRefundPolicy}
            label={
              <>
                Súhlasím s <TermsLink href="/obchodne-podmienky#vratenie-penazi">podmienkami vrátenia peňazí</TermsLink> a beriem na vedomie, že prístup k
                obsahu začína hneď po zaplatení.
              </>
            }
          />
          <SubmitButton pendingLabel="Presmerúvame na platbu…">Zaplatiť {c.price.withVat}</SubmitButton>
          <p className="muted">Platbu spracuje platobná brána; po zaplatení sa vrátite sem a kurz sa vám hneď sprístupní.</p>
          <div className="billing-company transfer-choice">
            <button type="submit" name="paymentMethod" value="transfer" className="secondary">
              Zaplatiť prevodom
            </button>
            <p className="muted">
              Firma alebo klub môže zaplatiť prevodom na účet: dostanete výzvu na úhradu so splatnosťou {c.transferDueDays} dní a kódom PAY by square; faktúru
              vystavíme po prijatí platby.
            </p>
          </div>
        </Form>
      )}
      <p>
        <Link to={`/kurzy/${c.slug}`}>‹ Späť na kurz</Link>
      </p>
    </section>
  );
}

/** The terms open in a new tab, so nothing typed in the form is lost (also without JavaScript). */
function TermsLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> (otvorí sa v novom okne)</span>
    </a>
  );
}
