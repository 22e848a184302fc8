// The course settings page's loader (the fields as the form shows them) and its action (saving
// them through server/authoring).
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
  redirectOr,
} from "../../../lib/admin-authoring.server";
import { courseSettingsForm, lines, textFromCents, TARGET_AUDIENCE_VALUES } from "../../../lib/authoring-forms";
import { CoursePatchRequest, updateCourse } from "#server/authoring";
import { PICKER_PARAMS } from "./forms";
import { describeOrganization, describePeople, searchForPicker } from "#server/admin";
import { tagLabel } from "#server/catalog";
import { formatMoney, formatVatRate } from "#server/money";
import { formatDecimal } from "#shared/format";
import { imageView, PAGE_FORM_LIMITS, storedImages, type FileKind } from "#server/files";
import type { AppServices } from "#server/services";
import { formReply } from "../../../lib/admin-authoring.server";
import { formRequest, isUpload } from "../../../lib/admin-files.server";

/** The form's file inputs (without JavaScript) and the hidden field each one's stored id goes into. */
const PICTURE_INPUTS: { input: RegExp; kind: FileKind; idField: (m: RegExpExecArray) => string }[] = [
  { input: /^coverFile$/, kind: "cover", idField: () => "newCoverFileId" },
  { input: /^ogImageFile$/, kind: "cover", idField: () => "newOgImageFileId" },
  { input: /^profiles\[(\d{1,2})\]\.avatarFile$/, kind: "avatar", idField: (m) => `profiles[${m[1]}].newAvatarFileId` },
];
const pictureInput = (field: string) => {
  for (const p of PICTURE_INPUTS) {
    const m = p.input.exec(field);
    if (m) return { kind: p.kind, idField: p.idField(m) };
  }
  return undefined;
};

/** The pictures the form shows as they are now: an uploaded one small (signed for the admin), else the typed address. */
async function currentPictures(
  services: AppServices,
  c: {
    coverFileId: string | null;
    coverImageUrl: string | null;
    ogImageFileId: string | null;
    ogImageUrl: string | null;
    instructorProfiles: { personId: string; avatarFileId?: string; avatarUrl?: string }[];
  },
) {
  const images = await storedImages(services.db, [c.coverFileId, c.ogImageFileId, ...c.instructorProfiles.map((p) => p.avatarFileId)]);
  const now = services.clock.now();
  const shown = (fileId: string | null | undefined, url: string | null | undefined) => {
    const image = fileId ? images.get(fileId) : undefined;
    return image ? imageView(image, (path) => services.media.file(path, now), 480).url : (url ?? null);
  };
  return {
    cover: shown(c.coverFileId, c.coverImageUrl),
    ogImage: shown(c.ogImageFileId, c.ogImageUrl),
    avatars: Object.fromEntries(c.instructorProfiles.map((p) => [p.personId, shown(p.avatarFileId, p.avatarUrl)])),
  };
}

export const FIELDS: Record<string, string> = {
  title: "title",
  slug: "slug",
  subtitle: "subtitle",
  shortDescription: "shortDescription",
  description: "description",
  coverFileId: "coverFile",
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
  ogImageFileId: "ogImageFile",
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
    pictures: await currentPictures(services, c),
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
        return { personId, title: p?.title ?? "", affiliation: p?.affiliation ?? "", bio: p?.bio ?? "", newAvatarFileId: "", removeAvatar: false };
      }),
      enrollmentLimit: c.enrollmentLimit === null ? "" : String(c.enrollmentLimit),
      enrollmentDeadline: dateFieldOf(c.enrollmentDeadline),
      seoTitle: c.seoTitle ?? "",
      seoDescription: c.seoDescription ?? "",
      newCoverFileId: "",
      removeCover: false,
      newOgImageFileId: "",
      removeOgImage: false,
    },
  };
});

export const editorAction = pageRoute(async (args: Route.ActionArgs) => {
  const { services, actor } = editorOf(args);
  const { course } = await courseDetail(services, args.params.courseId);
  let request = args.request;
  if (isUpload(request)) {
    // pictures chosen without JavaScript arrive with the form: stored first, then saved by id
    const received = await services.files.receiveFormFiles(
      actor,
      { contentType: request.headers.get("Content-Type"), body: request.body },
      { ...PAGE_FORM_LIMITS, fileKinds: (field) => pictureInput(field)?.kind },
    );
    const entries = received.entries;
    const refused: Record<string, string[]> = {};
    let status = 422;
    for (const [field, outcome] of received.files) {
      if (!outcome.ok) {
        refused[field] = [outcome.error.message];
        status = outcome.error.status;
        continue;
      }
      const idField = pictureInput(field)!.idField;
      entries.splice(0, entries.length, ...entries.filter(([name]) => name !== idField), [idField, outcome.value.id]);
    }
    if (Object.keys(refused).length > 0) {
      return formReply({ form: "saveCourse", result: { status: "error", initialValue: received.fields, error: refused } }, status);
    }
    request = formRequest(request, entries);
  }
  return handleIntents(request, {
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
        const avatarOf = (p: (typeof v.profiles)[number]) => {
          const kept = course.instructorProfiles.find((x) => x.personId === p.personId)?.avatarFileId;
          const avatarFileId = p.newAvatarFileId || (p.removeAvatar ? undefined : kept);
          return avatarFileId ? { avatarFileId } : {};
        };
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
          // a new picture replaces the old; "Odstrániť" clears an uploaded one and a typed address alike
          ...(v.newCoverFileId ? { coverFileId: v.newCoverFileId } : v.removeCover ? { coverFileId: null, coverImageUrl: null } : {}),
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
              ...avatarOf(p),
            })),
          enrollmentLimit: v.enrollmentLimit ?? null,
          enrollmentDeadline: v.enrollmentDeadline ? endOfDayInBratislava(v.enrollmentDeadline) : null,
          seoTitle: v.seoTitle ?? null,
          seoDescription: v.seoDescription ?? null,
          ...(v.newOgImageFileId ? { ogImageFileId: v.newOgImageFileId } : v.removeOgImage ? { ogImageFileId: null, ogImageUrl: null } : {}),
        });
        return redirectOr(await updateCourse(services.db, actor, course._id, body), () => doneUrl(`/admin/kurzy/${course._id}/udaje`, "ulozene"));
      },
    }),
  });
});
