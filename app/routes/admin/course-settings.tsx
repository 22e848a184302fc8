// /admin/kurzy/<courseId>/udaje: the draft's own fields (title, texts, price and VAT,
// language, duration, audience, tags, accreditation, instructors with their profile
// extras, enrollment limit and deadline, SEO) in one Conform form; saved with
// updateCourse, the function PATCH /api/admin/courses/<id> calls, after the contract's
// CoursePatchRequest has checked the body this page built. Read-only unless a draft.
import { Form, redirect } from "react-router";
import { getFormProps } from "@conform-to/react";
import type { Route } from "./+types/course-settings";
import authoringStyles from "../../admin-authoring.css?url";
import { pageRoute } from "../../lib/page.server";
import { pageTitle } from "../../site";
import {
  bratislavaDay,
  contractBody,
  courseDetail,
  doneMessage,
  doneUrl,
  editorOf,
  endOfDayInBratislava,
  handleIntents,
  intent,
} from "../../lib/admin-authoring.server";
import { courseSettingsForm, lines, textFromCents, TARGET_AUDIENCE_VALUES } from "../../lib/authoring-forms";
import { CheckboxGroup, CourseHeader, DoneStatus, FormKey, IntentButton, useAdminForm, type ActionReply } from "../../components/admin-authoring";
import { CheckboxField, FormErrors, TextField } from "../../components/forms";
import { CoursePatchRequest, updateCourse } from "#server/authoring";
import { tagLabel } from "#server/catalog";
import { formatDecimal, formatMoney, formatVatRate } from "#server/money";

const FIELDS: Record<string, string> = {
  title: "title",
  slug: "slug",
  subtitle: "subtitle",
  shortDescription: "shortDescription",
  description: "description",
  coverImageUrl: "coverImageUrl",
  priceCents: "price",
  currency: "currency",
  vatRate: "vatPercent",
  language: "language",
  durationHours: "durationHours",
  targetAudience: "targetAudience",
  tags: "tags",
  "accreditation.partnerOrgId": "accreditationPartnerOrgId",
  "accreditation.partnerName": "accreditationPartnerName",
  "accreditation.certificateType": "accreditationCertificateType",
  "accreditation.accreditationNumber": "accreditationNumber",
  "accreditation.signatoryName": "accreditationSignatoryName",
  "accreditation.signatoryRole": "accreditationSignatoryRole",
  instructors: "instructors",
  instructorProfiles: "instructors",
  enrollmentLimit: "enrollmentLimit",
  enrollmentDeadline: "enrollmentDeadline",
  seoTitle: "seoTitle",
  seoDescription: "seoDescription",
  ogImageUrl: "ogImageUrl",
};

const plain = (n: number, digits = 2) => formatDecimal(n, digits).replace(/\u00a0/g, "");

export const loader = pageRoute(async (args: Route.LoaderArgs) => {
  const { services } = editorOf(args);
  const { course: c } = await courseDetail(services, args.params.courseId);
  const a = c.accreditation;
  return {
    course: { id: c._id, title: c.title, slug: c.slug, version: c.version, state: c.state },
    editable: c.state === "draft",
    done: doneMessage(args.request),
    audiences: TARGET_AUDIENCE_VALUES.map((value) => ({ value, label: tagLabel(value) })),
    summary: {
      price: formatMoney(c.priceCents, c.currency),
      vat: formatVatRate(Math.round(c.vatRate * 10_000)),
      hours: formatDecimal(c.durationHours),
    },
    profiles: c.instructors.map((personId) => {
      const p = c.instructorProfiles.find((x) => x.personId === personId);
      return { personId, displayName: p?.displayName ?? "" };
    }),
    defaults: {
      title: c.title,
      slug: c.slug,
      subtitle: c.subtitle ?? "",
      shortDescription: c.shortDescription,
      description: c.description,
      coverImageUrl: c.coverImageUrl ?? "",
      price: textFromCents(c.priceCents),
      currency: c.currency,
      vatPercent: plain(c.vatRate * 100),
      vatIncluded: c.vatIncluded,
      language: c.language,
      durationHours: plain(c.durationHours),
      targetAudience: c.targetAudience,
      tags: c.tags.join(", "),
      accreditationPartnerOrgId: a?.partnerOrgId ?? "",
      accreditationPartnerName: a?.partnerName ?? "",
      accreditationCertificateType: a?.certificateType ?? "",
      accreditationNumber: a?.accreditationNumber ?? "",
      accreditationSignatoryName: a?.signatoryName ?? "",
      accreditationSignatoryRole: a?.signatoryRole ?? "",
      instructors: c.instructors.join("\n"),
      profiles: c.instructors.map((personId) => {
        const p = c.instructorProfiles.find((x) => x.personId === personId);
        return { personId, title: p?.title ?? "", affiliation: p?.affiliation ?? "", bio: p?.bio ?? "" };
      }),
      enrollmentLimit: c.enrollmentLimit === null ? "" : String(c.enrollmentLimit),
      enrollmentDeadline: bratislavaDay(c.enrollmentDeadline),
      seoTitle: c.seoTitle ?? "",
      seoDescription: c.seoDescription ?? "",
      ogImageUrl: c.ogImageUrl ?? "",
    },
  };
});

export const action = pageRoute(async (args: Route.ActionArgs) => {
  const { services, actor } = editorOf(args);
  const { course } = await courseDetail(services, args.params.courseId);
  return handleIntents(args.request, {
    saveCourse: intent({
      schema: courseSettingsForm,
      fields: FIELDS,
      run: async (v) => {
        const accreditationParts = [v.accreditationPartnerOrgId, v.accreditationPartnerName, v.accreditationCertificateType, v.accreditationNumber, v.accreditationSignatoryName, v.accreditationSignatoryRole];
        const instructors = lines(v.instructors, /[\n,]/);
        const body = contractBody(CoursePatchRequest, {
          title: v.title,
          // the slug is shared by every version of the course: only version 1 may change it
          ...(course.version === 1 && v.slug && v.slug !== course.slug ? { slug: v.slug } : {}),
          subtitle: v.subtitle ?? null,
          shortDescription: v.shortDescription,
          description: v.description ?? "",
          coverImageUrl: v.coverImageUrl ?? null,
          priceCents: v.price,
          currency: v.currency,
          vatRate: Math.round(v.vatPercent * 100) / 10_000,
          vatIncluded: v.vatIncluded,
          language: v.language,
          durationHours: v.durationHours,
          targetAudience: v.targetAudience,
          tags: [...new Set(lines(v.tags, /,/))],
          accreditation: accreditationParts.some(Boolean)
            ? {
                partnerOrgId: v.accreditationPartnerOrgId ?? "",
                partnerName: v.accreditationPartnerName ?? "",
                certificateType: v.accreditationCertificateType ?? "",
                ...(v.accreditationNumber ? { accreditationNumber: v.accreditationNumber } : {}),
                ...(v.accreditationSignatoryName ? { signatoryName: v.accreditationSignatoryName } : {}),
                ...(v.accreditationSignatoryRole ? { signatoryRole: v.accreditationSignatoryRole } : {}),
              }
            : null,
          instructors,
          instructorProfiles: v.profiles
            .filter((p) => instructors.includes(p.personId))
            .map((p) => ({
              personId: p.personId,
              ...(p.title ? { title: p.title } : {}),
              ...(p.affiliation ? { affiliation: p.affiliation } : {}),
              ...(p.bio ? { bio: p.bio } : {}),
            })),
          enrollmentLimit: v.enrollmentLimit ?? null,
          enrollmentDeadline: v.enrollmentDeadline ? endOfDayInBratislava(v.enrollmentDeadline) : null,
          seoTitle: v.seoTitle ?? null,
          seoDescription: v.seoDescription ?? null,
          ogImageUrl: v.ogImageUrl ?? null,
        });
        await updateCourse(services.db, actor, course._id, body);
        return redirect(doneUrl(`/admin/kurzy/${course._id}/udaje`, "ulozene"));
      },
    }),
  });
});

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: authoringStyles }];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Údaje kurzu ${loaderData.course.title}` : "Údaje kurzu") },
  { name: "robots", content: "noindex" },
];

type Data = Route.ComponentProps["loaderData"];

function ReadOnly({ d }: { d: Data }) {
  const v = d.defaults;
  const rows: [string, string][] = [
    ["Názov", v.title],
    ["Podnadpis", v.subtitle],
    ["Krátky popis", v.shortDescription],
    ["Cena", `${d.summary.price} (DPH ${d.summary.vat}, ${v.vatIncluded ? "v cene" : "pripočíta sa"})`],
    ["Jazyk", v.language],
    ["Rozsah", `${d.summary.hours} h`],
    ["Cieľové skupiny", v.targetAudience.map((t) => d.audiences.find((a) => a.value === t)?.label ?? t).join(", ")],
    ["Značky", v.tags],
    ["Akreditácia", [v.accreditationPartnerName, v.accreditationCertificateType, v.accreditationNumber].filter(Boolean).join(" · ")],
    ["Lektori", d.profiles.map((p) => p.displayName || p.personId).join(", ")],
    ["Limit zápisov", v.enrollmentLimit],
    ["Zápis do", v.enrollmentDeadline],
    ["SEO názov", v.seoTitle],
    ["SEO popis", v.seoDescription],
  ];
  return (
    <dl className="facts read-only">
      {rows.map(([k, value]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{value || "–"}</dd>
        </div>
      ))}
    </dl>
  );
}

function SettingsForm({ d, reply }: { d: Data; reply: ActionReply }) {
  const key = "saveCourse";
  const [form, fields] = useAdminForm(key, courseSettingsForm, reply, d.defaults);
  const fs = fields;
  const profiles = fields.profiles.getFieldList();
  return (
    <Form method="post" {...getFormProps(form)} className="settings-form">
      <FormKey formKey={key} />
      <FormErrors meta={form} />
      <fieldset>
        <legend>Základné údaje</legend>
        <TextField meta={fs.title} label="Názov kurzu" />
        {d.course.version === 1 ? (
          <TextField meta={fs.slug} label="Identifikátor do adresy" description="Časť adresy kurzu /kurzy/…; malé písmená, číslice a pomlčky." />
        ) : (
          <p className="muted">Identifikátor do adresy „{d.course.slug}“ je spoločný pre všetky verzie kurzu a nemení sa.</p>
        )}
        <TextField meta={fs.subtitle} label="Podnadpis (nepovinné)" />
        <TextField meta={fs.shortDescription} label="Krátky popis" description="Do katalógu, najviac 500 znakov." multiline rows={3} />
        <TextField meta={fs.description} label="Popis kurzu" description="Markdown: **tučné**, zoznamy s pomlčkou, odkazy [text](https://…)." multiline rows={10} />
        <TextField meta={fs.coverImageUrl} label="Obrázok obálky – adresa (nepovinné)" description="Bez obrázka sa zobrazí vygenerovaná obálka." />
      </fieldset>

      <fieldset>
        <legend>Cena</legend>
        <div className="field-row">
          <TextField meta={fs.price} label="Cena" description="Napríklad 49,90." />
          <TextField meta={fs.currency} label="Mena" />
          <TextField meta={fs.vatPercent} label="Sadzba DPH (%)" />
        </div>
        <CheckboxField meta={fs.vatIncluded} label="Cena už obsahuje DPH" />
      </fieldset>

      <fieldset>
        <legend>Pre koho a v akom rozsahu</legend>
        <div className="field-row">
          <TextField meta={fs.language} label="Jazyk (kód)" description="Napríklad sk." />
          <TextField meta={fs.durationHours} label="Rozsah (hodiny)" />
        </div>
        <CheckboxGroup meta={fs.targetAudience} legend="Cieľové skupiny" options={d.audiences} />
        <TextField meta={fs.tags} label="Značky" description="Oddeľte čiarkou, napríklad financie, granty." />
      </fieldset>

      <fieldset>
        <legend>Akreditácia</legend>
        <p className="field-description">Bez akreditácie sa kurz nedá zverejniť. Nechajte všetko prázdne, ak ju ešte nemáte.</p>
        <TextField meta={fs.accreditationPartnerName} label="Akreditujúci partner" />
        <TextField meta={fs.accreditationPartnerOrgId} label="Identifikátor partnera u poskytovateľa identity" description="Napríklad o-9001." />
        <TextField meta={fs.accreditationCertificateType} label="Typ osvedčenia" />
        <TextField meta={fs.accreditationNumber} label="Číslo akreditácie (nepovinné)" />
        <div className="field-row">
          <TextField meta={fs.accreditationSignatoryName} label="Certifikáty podpisuje (nepovinné)" description="Meno osoby, ktorá za partnera podpisuje certifikáty." />
          <TextField meta={fs.accreditationSignatoryRole} label="Funkcia podpisujúceho (nepovinné)" description="Napríklad riaditeľ." />
        </div>
      </fieldset>

      <fieldset>
        <legend>Lektori</legend>
        <TextField
          meta={fs.instructors}
          label="Lektori – identifikátory osôb"
          description="Identifikátor osoby u poskytovateľa identity, každý na samostatný riadok (napríklad p-2001). Meno a fotografiu prevezmeme pri zverejnení."
          multiline
          rows={3}
        />
        {profiles.map((p, i) => {
          const profile = p.getFieldset();
          const person = d.profiles[i];
          if (!person) return null;
          return (
            <fieldset key={p.key} className="profile">
              <legend>Profil lektora {person.displayName || person.personId}</legend>
              <input type="hidden" name={profile.personId.name} value={person.personId} />
              <TextField meta={profile.title} label="Titul alebo funkcia (nepovinné)" />
              <TextField meta={profile.affiliation} label="Pôsobisko (nepovinné)" />
              <TextField meta={profile.bio} label="Krátky životopis (nepovinné)" multiline rows={3} />
            </fieldset>
          );
        })}
      </fieldset>

      <fieldset>
        <legend>Zápis</legend>
        <div className="field-row">
          <TextField meta={fs.enrollmentLimit} label="Limit zápisov (nepovinné)" description="Najviac študentov; prázdne = bez limitu." />
          <TextField meta={fs.enrollmentDeadline} type="date" label="Posledný deň zápisu (nepovinné)" />
        </div>
      </fieldset>

      <fieldset>
        <legend>Vyhľadávače a zdieľanie</legend>
        <TextField meta={fs.seoTitle} label="Titulok pre vyhľadávače (nepovinné)" />
        <TextField meta={fs.seoDescription} label="Popis pre vyhľadávače (nepovinné)" multiline rows={2} />
        <TextField meta={fs.ogImageUrl} label="Obrázok pri zdieľaní – adresa (nepovinné)" />
      </fieldset>

      <IntentButton formKey={key} intent="saveCourse">Uložiť údaje kurzu</IntentButton>
    </Form>
  );
}


export default function CourseSettings({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <>
      <CourseHeader course={d.course} current="udaje" />
      <DoneStatus message={d.done} />
      <h2>Údaje kurzu</h2>
      {d.editable ? <SettingsForm key={JSON.stringify(d.defaults)} d={d} reply={actionData as ActionReply} /> : <ReadOnly d={d} />}
    </>
  );
}
