// The course settings page's loader (the fields as the form shows them) and its action (saving
// them through server/authoring).
import { redirect } from "react-router";
import type { Route } from "../+types/course-settings";
import { pageRoute } from "../../../lib/page.server";
import {
  dateFieldOf,
  contractBody,
  courseDetail,
  doneMessage,
  doneUrl,
  editorOf,
  endOfDayInBratislava,
  handleIntents,
  intent,
} from "../../../lib/admin-authoring.server";
import { courseSettingsForm, lines, textFromCents, TARGET_AUDIENCE_VALUES } from "../../../lib/authoring-forms";
import { CoursePatchRequest, updateCourse } from "#server/authoring";
import { PICKER_PARAMS } from "./forms";
import { describeOrganization, describePeople, searchForPicker } from "#server/admin";
import { tagLabel } from "#server/catalog";
import { formatDecimal, formatMoney, formatVatRate } from "#server/money";

export const FIELDS: Record<string, string> = {
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

export const plain = (n: number, digits = 2) => formatDecimal(n, digits).replace(/\u00a0/g, "");

export const editorLoader = pageRoute(async (args: Route.LoaderArgs) => {
  const { services } = editorOf(args);
  const { course: c } = await courseDetail(services, args.params.courseId);
  const a = c.accreditation;
  // the pickers: the chosen lecturers and partner by name, and a search sent without JavaScript
  const url = new URL(args.request.url);
  const lecturerQuery = url.searchParams.get(PICKER_PARAMS.lecturers);
  const partnerQuery = url.searchParams.get(PICKER_PARAMS.partner);
  const named = new Map(c.instructorProfiles.filter((p) => p.displayName).map((p) => [p.personId, p.displayName]));
  const unnamed = await describePeople(
    services.db,
    services.idpApi,
    c.instructors.filter((id) => !named.has(id)),
  );
  const pickers = {
    lecturers: c.instructors.map((id) => unnamed.find((u) => u.id === id) ?? { id, label: named.get(id) ?? id, detail: "" }),
    partner: a?.partnerOrgId ? await describeOrganization(services.db, services.idpApi, a.partnerOrgId) : null,
    lecturerResults: lecturerQuery === null ? null : await searchForPicker(services.db, services.idpApi, "person", lecturerQuery),
    partnerResults: partnerQuery === null ? null : await searchForPicker(services.db, services.idpApi, "partner", partnerQuery),
  };
  return {
    pickers,
    course: { id: c._id, title: c.title, slug: c.slug, version: c.version, state: c.state },
    editable: c.state === "draft",
    done: doneMessage(args.request, { ulozene: `Údaje kurzu „${c.title}“ sú uložené.` }),
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
      instructors: c.instructors,
      profiles: c.instructors.map((personId) => {
        const p = c.instructorProfiles.find((x) => x.personId === personId);
        return { personId, title: p?.title ?? "", affiliation: p?.affiliation ?? "", bio: p?.bio ?? "" };
      }),
      enrollmentLimit: c.enrollmentLimit === null ? "" : String(c.enrollmentLimit),
      enrollmentDeadline: dateFieldOf(c.enrollmentDeadline),
      seoTitle: c.seoTitle ?? "",
      seoDescription: c.seoDescription ?? "",
      ogImageUrl: c.ogImageUrl ?? "",
    },
  };
});

export const editorAction = pageRoute(async (args: Route.ActionArgs) => {
  const { services, actor } = editorOf(args);
  const { course } = await courseDetail(services, args.params.courseId);
  return handleIntents(args.request, {
    saveCourse: intent({
      schema: courseSettingsForm,
      fields: FIELDS,
      run: async (v) => {
        const accreditationParts = [
          v.accreditationPartnerOrgId,
          v.accreditationPartnerName,
          v.accreditationCertificateType,
          v.accreditationNumber,
          v.accreditationSignatoryName,
          v.accreditationSignatoryRole,
        ];
        const instructors = [...new Set(v.instructors)];
        // the certificate's partner name defaults to the chosen organization's name
        const partnerName =
          v.accreditationPartnerName ||
          (v.accreditationPartnerOrgId ? (await describeOrganization(services.db, services.idpApi, v.accreditationPartnerOrgId))?.label : undefined);
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
                partnerName: partnerName ?? "",
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
