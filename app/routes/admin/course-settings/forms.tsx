// The course settings page's form components (the read-only view and the settings form).
import { Form } from "react-router";
import { getFormProps } from "@conform-to/react";
import type { Route } from "../+types/course-settings";
import { courseSettingsForm } from "../../../lib/authoring-forms";
import { CheckboxGroup, FormKey, IntentButton, replyErrors, useAdminForm, type ActionReply } from "../../../components/admin-authoring";
import { PictureField } from "../../../components/picture-field";
import { CheckboxField, FormErrors, TextField } from "../../../components/forms";
import { Picker } from "../../../components/picker";

/** The id of the GET form the pickers search with (rendered after the settings form). */
export const PICKER_SEARCH_FORM = "hladat-ludi";
/** The query parameters of the pickers' search without JavaScript (docs/decisions/admin-ui/pickers-by-name.md > Pickers by name). */
export const PICKER_PARAMS = { lecturers: "hladat-lektora", partner: "hladat-partnera" } as const;

export type Data = Route.ComponentProps["loaderData"];

const SAVE = "Uložiť údaje kurzu";

export function ReadOnly({ d }: { d: Data }) {
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
    [
      "Akreditácia",
      [v.accreditationPartnerName || d.pickers.partner?.label, v.accreditationCertificateType, v.accreditationNumber].filter(Boolean).join(" · "),
    ],
    ["Lektori", d.pickers.lecturers.map((p) => p.label).join(", ")],
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

export function SettingsForm({ d, reply }: { d: Data; reply: ActionReply }) {
  const key = "saveCourse";
  const [form, fields] = useAdminForm(key, courseSettingsForm, reply, d.defaults);
  const fs = fields;
  const profiles = fields.profiles.getFieldList();
  return (
    // multipart to `?upload`: pictures chosen without JavaScript go with the form (app/lib/admin-files.server.ts)
    <Form method="post" action="?upload" encType="multipart/form-data" {...getFormProps(form)} className="settings-form">
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
        <TextField
          meta={fs.description}
          label="Popis kurzu"
          description="Markdown: **tučné**, zoznamy s pomlčkou, odkazy [text](https://…)."
          multiline
          rows={10}
        />
        <PictureField
          id="obalka"
          label="Obálka kurzu"
          help="JPEG, PNG, WebP alebo AVIF do 10 MB, ideálne na šírku 1600 px. Ukáže sa v katalógu a na stránke kurzu."
          kind="cover"
          current={d.pictures.cover}
          fileName="coverFile"
          newIdName={fs.newCoverFileId.name}
          removeName={fs.removeCover.name}
          errors={replyErrors(reply, key, "coverFile")}
          saveLabel={SAVE}
        />
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
        <Picker
          kind="partner"
          name={fs.accreditationPartnerOrgId.name}
          label="Akreditujúci partner"
          selected={d.pickers.partner ? [d.pickers.partner] : []}
          results={d.pickers.partnerResults}
          searchParam={PICKER_PARAMS.partner}
          searchForm={PICKER_SEARCH_FORM}
          noneLabel="Bez partnera"
          description="Organizácia u poskytovateľa identity; vyhľadajte ju podľa názvu alebo IČO."
          errors={fs.accreditationPartnerOrgId.errors}
        />
        <TextField meta={fs.accreditationPartnerName} label="Názov partnera na certifikáte (nepovinné)" description="Prázdne = názov vybranej organizácie." />
        <TextField meta={fs.accreditationCertificateType} label="Typ osvedčenia" />
        <TextField meta={fs.accreditationNumber} label="Číslo akreditácie (nepovinné)" />
        <div className="field-row">
          <TextField
            meta={fs.accreditationSignatoryName}
            label="Certifikáty podpisuje (nepovinné)"
            description="Meno osoby, ktorá za partnera podpisuje certifikáty."
          />
          <TextField meta={fs.accreditationSignatoryRole} label="Funkcia podpisujúceho (nepovinné)" description="Napríklad riaditeľ." />
        </div>
      </fieldset>

      <fieldset>
        <legend>Lektori</legend>
        <Picker
          kind="person"
          name={fs.instructors.name}
          label="Lektori kurzu"
          multiple
          selected={d.pickers.lecturers}
          results={d.pickers.lecturerResults}
          searchParam={PICKER_PARAMS.lecturers}
          searchForm={PICKER_SEARCH_FORM}
          description="Osoby u poskytovateľa identity (aj tie, ktoré sa tu nikdy neprihlásili). Meno a fotografiu prevezmeme pri zverejnení; lektora odoberiete zrušením zaškrtnutia."
          errors={fs.instructors.errors}
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
              <PictureField
                id={`fotografia-${i}`}
                label="Fotografia lektora"
                help="Nepovinné; bez nej sa použije fotografia od poskytovateľa identity."
                kind="avatar"
                current={d.pictures.avatars[person.personId] ?? null}
                fileName={`profiles[${i}].avatarFile`}
                newIdName={profile.newAvatarFileId.name}
                removeName={profile.removeAvatar.name}
                errors={replyErrors(reply, key, `profiles[${i}].avatarFile`)}
                saveLabel={SAVE}
              />
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
        <PictureField
          id="obrazok-zdielania"
          label="Obrázok pri zdieľaní"
          help="Nepovinné; bez neho sa pri zdieľaní odkazu ukáže obálka. Ideálne 1200 × 630 px."
          kind="cover"
          current={d.pictures.ogImage}
          fileName="ogImageFile"
          newIdName={fs.newOgImageFileId.name}
          removeName={fs.removeOgImage.name}
          errors={replyErrors(reply, key, "ogImageFile")}
          saveLabel={SAVE}
        />
      </fieldset>

      <IntentButton formKey={key} intent="saveCourse">
        {SAVE}
      </IntentButton>
    </Form>
  );
}
