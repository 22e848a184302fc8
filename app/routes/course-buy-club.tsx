// /kurzy/<slug>/kupit-pre-klub: a club admin buys seats for the club (issue 30; docs/decisions/clubs/club-seats.md >
// Club seats). The club is one the person administers (the choice is a GET form, so the
// billing follows it without JavaScript); the billing comes from the club's last purchase or
// the provider's organization data and may be edited; the order is `seats` × the price, placed
// exactly as POST /api/orders does (the role asked live), then the same gateway.
import { randomUUID } from "node:crypto";
import { Form, Link } from "react-router";
import { getFormProps, getInputProps } from "@conform-to/react";
import type { Route } from "./+types/course-buy-club";
import { servicesContext } from "../context";
import { Breadcrumbs } from "../components/breadcrumbs";
import { CheckboxField, ErrorSummary, SubmitButton, TextField, useSchemaForm } from "../components/forms";
import { pageTitle } from "../site";
import { pageRoute, readForm } from "../lib/page.server";
import { requireUserForPage } from "../lib/auth.server";
import { clubCheckoutSchema, clubOrderBodyFromForm } from "../lib/checkout";
import { checkoutAction } from "../lib/checkout.server";
import { DomainError } from "#server/kernel/errors";
import { findPublishedCourse } from "#server/catalog";
import { purchaseBlocker } from "#server/orders";
import { administeredClubs, clubBillingDefaults, rememberClubBilling } from "#server/clubs";
import { formatMoney, priceBreakdown } from "#server/money";

async function courseFor(context: Route.LoaderArgs["context"], slug: string) {
  const course = await findPublishedCourse(context.get(servicesContext).db, slug);
  if (!course) throw new DomainError("not_found", "Kurz sa nenašiel.");
  return course;
}

export const loader = pageRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  const course = await courseFor(context, params.slug);
  const { user } = requireUserForPage(request, context);
  const services = context.get(servicesContext);
  const clubs = await administeredClubs(services, user);
  if (clubs.length === 0) throw new DomainError("forbidden", "Pre klub môže nakupovať len jeho správca alebo výkonný riaditeľ.");
  const wanted = new URL(request.url).searchParams.get("klub");
  const club = clubs.find((c) => c.orgId === wanted) ?? clubs[0];
  // a club order ignores the buyer's own enrollment (docs/decisions/clubs/club-admins-buy-what-they-hold.md > Club admins buy what they hold)
  const blocker = await purchaseBlocker(services.db, course._id, "", services.clock.now());
  const { form, remembered } = await clubBillingDefaults(services.db, services.idpApi, club.orgId, user);
  return {
    slug: course.slug,
    title: course.title,
    seatPrice: formatMoney(priceBreakdown(course).withVatCents, course.currency),
    clubs,
    club,
    remembered,
    blocker,
    defaults: { ...form, orgId: club.orgId, seats: "1", idempotencyKey: randomUUID() },
  };
});

export const action = pageRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const { user } = requireUserForPage(request, context);
  const services = context.get(servicesContext);
  const course = await courseFor(context, params.slug);
  const form = await readForm(request);
  // not the club's admin (asked live), deadline, limit, rate limit: said on the form; the
  // billing as sent is the club's next purchase's start
  return checkoutAction({
    request,
    context,
    user,
    form,
    schema: clubCheckoutSchema,
    bodyOf: (value) => clubOrderBodyFromForm(course._id, value),
    placed: (body) => rememberClubBilling(services.db, body.sponsorOrgId!, user.id, body.billingType === "company" ? body.billingAddress : {}),
  });
});

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Nákup pre klub: ${loaderData.title}` : "Nákup pre klub") },
  { name: "robots", content: "noindex" },
];

export default function CourseBuyClub({ loaderData: c, actionData }: Route.ComponentProps) {
  const [form, f] = useSchemaForm(clubCheckoutSchema, { lastResult: actionData, defaultValue: c.defaults });
  return (
    <section className="narrow checkout">
      <Breadcrumbs items={[{ label: "Katalóg kurzov", href: "/" }, { label: c.title, href: `/kurzy/${c.slug}` }, { label: "Nákup pre klub" }]} />
      <h1>Kúpiť pre klub: {c.title}</h1>
      <p>
        Cena jedného miesta: <strong className="money">{c.seatPrice}</strong> s DPH. Objednávka je počet miest × cena miesta, na jednej faktúre. Miesta potom na
        stránke klubu priradíte členom.
      </p>
      {c.clubs.length > 1 ? (
        <Form method="get" className="inline-form">
          <label htmlFor="klub">Klub</label>
          <select id="klub" name="klub" defaultValue={c.club.orgId}>
            {c.clubs.map((k) => (
              <option key={k.orgId} value={k.orgId}>
                {k.name}
              </option>
            ))}
          </select>
          <button type="submit" className="secondary">
            Vybrať klub
          </button>
        </Form>
      ) : null}
      {c.blocker ? (
        <div className="notice" role="status">
          <p>
            <strong>{c.blocker.message}</strong>
          </p>
        </div>
      ) : (
        <Form method="post" {...getFormProps(form)} className="checkout-form">
          <ErrorSummary
            form={form}
            fields={[
              { meta: f.seats, label: "Počet miest" },
              { meta: f.companyName, label: "Názov" },
              { meta: f.ico, label: "IČO" },
              { meta: f.contactEmail, label: "Kontaktný e-mail" },
              { meta: f.street, label: "Ulica a číslo" },
              { meta: f.city, label: "Mesto" },
              { meta: f.postalCode, label: "PSČ" },
              { meta: f.country, label: "Krajina" },
              { meta: f.agreedTos, label: "Obchodné podmienky" },
              { meta: f.agreedRefundPolicy, label: "Podmienky vrátenia peňazí" },
            ]}
          />
          <input {...getInputProps(f.idempotencyKey, { type: "hidden" })} key={f.idempotencyKey.key} />
          <input {...getInputProps(f.orgId, { type: "hidden" })} key={f.orgId.key} />
          <p>
            Kupujete pre klub <strong>{c.club.name}</strong>.
          </p>
          <TextField meta={f.seats} label="Počet miest (1–200)" type="number" />
          <fieldset>
            <legend>Fakturačné údaje klubu</legend>
            <p className="muted">
              {c.remembered ? "Údaje z posledného nákupu klubu; môžete ich upraviť." : "Údaje klubu od poskytovateľa identity; môžete ich upraviť."}
            </p>
            <TextField meta={f.companyName} label="Názov (obchodné meno)" autoComplete="organization" />
            <TextField meta={f.ico} label="IČO" />
            <TextField meta={f.dic} label="DIČ (nepovinné)" />
            <TextField meta={f.icDph} label="IČ DPH (nepovinné)" />
            <TextField meta={f.street} label="Ulica a číslo" autoComplete="street-address" />
            <TextField meta={f.city} label="Mesto" autoComplete="address-level2" />
            <TextField meta={f.postalCode} label="PSČ" autoComplete="postal-code" />
            <TextField meta={f.country} label="Krajina" autoComplete="country-name" />
            <TextField meta={f.contactEmail} label="Kontaktný e-mail" type="email" autoComplete="email" />
            <TextField meta={f.contactPerson} label="Kontaktná osoba (nepovinné)" autoComplete="name" />
          </fieldset>
          <CheckboxField
            meta={f.agreedTos}
            label={
              <>
                Súhlasím s{" "}
                <a href="/obchodne-podmienky" target="_blank" rel="noopener">
                  obchodnými podmienkami
                </a>
                .
              </>
            }
          />
          <CheckboxField
            meta={f.agreedRefundPolicy}
            label={
              <>
                Súhlasím s{" "}
                <a href="/obchodne-podmienky#vratenie-penazi" target="_blank" rel="noopener">
                  podmienkami vrátenia peňazí
                </a>
                .
              </>
            }
          />
          <SubmitButton pendingLabel="Presmerúvame na platbu…">Zaplatiť za klub</SubmitButton>
          <p>
            <button type="submit" name="paymentMethod" value="transfer" className="secondary">
              Zaplatiť prevodom
            </button>
          </p>
          <p className="muted">Prevodom na účet: dostanete výzvu na úhradu so splatnosťou 14 dní a kódom PAY by square; faktúru vystavíme po prijatí platby.</p>
        </Form>
      )}
      <p>
        <Link to={`/kurzy/${c.slug}`}>‹ Späť na kurz</Link>
      </p>
    </section>
  );
}
