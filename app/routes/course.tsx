// Public course page /kurzy/<slug>: description, levels with topics, price with and
// without VAT, access and what is included, the seller, instructors, accreditation, buy
// link. Works without JavaScript; same domain query as GET /api/courses/<slug>.
import type { Route } from "./+types/course";
import { servicesContext } from "../context";
import { countPublicRead } from "../lib/public-read.server";
import { Breadcrumbs } from "../components/breadcrumbs";
import { pageTitle } from "../site";
import { BuyBox } from "./course/buy-box";
import { CourseSyllabus } from "./course/syllabus";
import { pageRoute } from "../lib/page.server";
import { DomainError } from "#server/kernel/errors";
import {
  AUDIENCE_TAGS,
  avatarPicture,
  coverPicture,
  getCourseContents,
  getCoursePreview,
  getPublishedCourseWithLevels,
  renderMarkdown,
  sharePicture,
  tagLabel,
} from "#server/catalog";
import { purchaseBlocker, visitorPurchaseBlocker } from "#server/orders";
import { optionalUser } from "../lib/auth.server";
import { holdsCourse, listStudentEnrollments } from "#server/enrollments";
import { pagePicture } from "../lib/picture.server";
import { PictureImg } from "../components/picture";
import { WebinarPanel } from "../components/webinars";
import { webinarPanelIfEnrolled } from "../lib/webinars.server";
import { ACCESS_DURATION, includedItems } from "../lib/course-included.server";
import { studyProgress } from "../lib/study-progress.server";
import { formatMoney, formatVatRate, priceBreakdown } from "#server/money";
import { formatCount, formatDate, formatHours, formatMinutes } from "#shared/format";

const languages: Record<string, string> = { sk: "slovenčina", cs: "čeština", en: "angličtina", de: "nemčina", hu: "maďarčina" };
const TOPICS = { one: "téma", few: "témy", many: "tém" };

export const loader = pageRoute(async ({ params, context }: Route.LoaderArgs) => {
  await countPublicRead(context);
  const { db, clock } = context.get(servicesContext);
  const found = await getPublishedCourseWithLevels(db, params.slug);
  if (!found) throw new DomainError("not_found", "Kurz sa nenašiel. Možno bol stiahnutý z ponuky alebo je adresa nesprávna.");
  const { course, levels } = found;
  const price = priceBreakdown(course);
  // the buy button: checkout, the learning page when enrolled, or why it cannot be bought
  const viewer = optionalUser(context);
  const blocker = viewer ? await purchaseBlocker(db, course._id, viewer.id, clock.now()) : await visitorPurchaseBlocker(db, course, clock.now());
  // an owned course (active or completed enrollment, any version): no price, the way in
  const owned = viewer ? ((await listStudentEnrollments(db, viewer.id)).find((e) => e.courseSlug === course.slug && holdsCourse(e)) ?? null) : null;
  // a sample lesson: the first preview part (the same whitelist as the preview endpoint)
  const [preview, contents] = await Promise.all([getCoursePreview(db, course.slug), getCourseContents(db, course._id)]);
  const samplePart = preview?.parts[0] ?? null;
  // the course's preview clip: the first video block of the preview parts that has one,
  // played through a short-lived signed URL (server/video; the page is public)
  const previewVideo = preview?.parts.flatMap((p) => p.contentBlocks).find((b) => b.type === "video" && b.previewPlaybackId);
  const { media } = context.get(servicesContext);
  const previewClip = previewVideo?.type === "video" && previewVideo.previewPlaybackId ? media.preview(previewVideo.previewPlaybackId, clock.now()) : null;
  const money = (cents: number) => formatMoney(cents, course.currency);
  return {
    slug: course.slug,
    webinars: owned && viewer ? await webinarPanelIfEnrolled(context, viewer.id, course.slug) : null,
    title: course.title,
    subtitle: course.subtitle,
    shortDescription: course.shortDescription,
    cover: pagePicture(coverPicture(course, media, clock.now())),
    descriptionHtml: renderMarkdown(course.description),
    seo: {
      title: course.seoTitle ?? pageTitle(course.title),
      description: course.seoDescription ?? course.shortDescription,
      image: sharePicture(course, media, clock.now()),
    },
    duration: formatHours(course.durationHours),
    access: ACCESS_DURATION,
    included: includedItems(contents, levels, course.accreditation),
    language: languages[course.language] ?? course.language,
    audience: course.tags.filter((t) => AUDIENCE_TAGS.some((a) => a.tag === t)).map(tagLabel),
    enrollmentDeadline: course.enrollmentDeadline ? formatDate(course.enrollmentDeadline) : null,
    purchase: owned
      ? {
          kind: "enrolled" as const,
          completed: owned.state === "completed",
          progress: viewer ? await studyProgress(context, viewer.id, course.slug) : null,
        }
      : blocker === null
        ? { kind: "buy" as const }
        : blocker.code === "already_enrolled"
          ? { kind: "enrolled" as const, completed: false, progress: null }
          : { kind: "unavailable" as const, reason: blocker.message },
    price: {
      withVat: money(price.withVatCents),
      withoutVat: money(price.withoutVatCents),
      vat: money(price.vatCents),
      vatRate: formatVatRate(price.vatRateBp),
    },
    instructors: course.instructorProfiles.map((p) => ({
      name: p.displayName,
      title: p.title ?? null,
      affiliation: p.affiliation ?? null,
      avatar: pagePicture(avatarPicture(course.images, p, media, clock.now())),
      bioHtml: renderMarkdown(p.bio),
    })),
    clubBuy: !!viewer && viewer.purchaseOrgIds.length > 0 && (blocker === null || blocker.code === "already_enrolled"), // the purchase asks the provider again
    accreditation: course.accreditation,
    previewClip: previewClip ? { url: previewClip.url, type: previewClip.mimeType ?? null } : null,
    sample: samplePart
      ? {
          title: samplePart.title,
          summary: samplePart.summary,
          where: `${samplePart.module.levelTitle} › ${samplePart.module.topicTitle}`,
          texts: samplePart.contentBlocks.flatMap((b) => (b.type === "text" ? [{ id: b.id, html: renderMarkdown(b.markdown) }] : [])),
          others: samplePart.contentBlocks.flatMap((b) =>
            b.type === "video"
              ? ["video"]
              : b.type === "presentation"
                ? [`prezentácia (${b.slideCount} snímok)`]
                : b.type === "image"
                  ? [`obrázok: ${b.alt}`]
                  : [],
          ),
          attachments: samplePart.attachments.map((a) => a.name),
        }
      : null,
    levels: levels.map((l, i) => ({
      id: l._id,
      // position, not orderIndex: the stored index may start at 0 or 1
      number: i + 1,
      title: l.title,
      subtitle: l.subtitle,
      hours: l.estimatedHours > 0 ? formatHours(l.estimatedHours) : null,
      topicCount: formatCount(l.topicCount, TOPICS),
      issuesIntermediateCertificate: l.issuesIntermediateCertificate,
      topics: l.topics.map((t) => ({
        id: t._id,
        title: t.title,
        minutes: t.moduleEstimatedMinutes ? formatMinutes(t.moduleEstimatedMinutes) : null,
      })),
    })),
  };
});

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle("Kurz sa nenašiel") }];
  const { seo } = loaderData;
  return [
    { title: seo.title },
    { name: "description", content: seo.description },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:type", content: "website" },
    ...(seo.image ? [{ property: "og:image", content: seo.image }] : []),
  ];
};

export default function Course({ loaderData: c }: Route.ComponentProps) {
  return (
    <article className="course-page">
      <Breadcrumbs items={[{ label: "Katalóg kurzov", href: "/" }, { label: c.title }]} />
      <header className="course-header">
        <h1>{c.title}</h1>
        {c.subtitle && <p className="lead">{c.subtitle}</p>}
        <dl className="facts">
          <dt>Celkový rozsah</dt>
          <dd>{c.duration}</dd>
          <dt>Počet úrovní</dt>
          <dd>{c.levels.length}</dd>
          <dt>Jazyk</dt>
          <dd>{c.language}</dd>
          <dt>Prístup ku kurzu</dt>
          <dd>{c.access}</dd>
          {c.audience.length > 0 && (
            <>
              <dt>Pre koho</dt>
              <dd>{c.audience.join(", ")}</dd>
            </>
          )}
          {c.accreditation && (
            <>
              <dt>Akreditácia</dt>
              <dd>{c.accreditation.partnerName}</dd>
            </>
          )}
        </dl>
      </header>

      <div className="course-layout">
        <BuyBox c={c} />

        <div className="course-main">
          <WebinarPanel data={c.webinars} />
          {c.cover && <PictureImg picture={c.cover} sizes="(min-width: 64rem) 46rem, 100vw" alt="" className="course-cover" />}

          <section aria-labelledby="o-kurze">
            <h2 id="o-kurze">O kurze</h2>
            <div className="prose" dangerouslySetInnerHTML={{ __html: c.descriptionHtml }} />
          </section>

          {c.previewClip && (
            <section aria-labelledby="ukazka-video">
              <h2 id="ukazka-video">Video ukážka</h2>
              <video controls preload="none" className="video-preview" aria-labelledby="ukazka-video">
                <source src={c.previewClip.url} type={c.previewClip.type ?? undefined} />
                <a href={c.previewClip.url}>Prehrať video ukážku</a>
              </video>
            </section>
          )}

          {c.sample && (
            <section aria-labelledby="ukazka" className="sample-lesson">
              <h2 id="ukazka">{`Ukážka z kurzu: ${c.sample.title}`}</h2>
              <p className="muted">{c.sample.where}</p>
              {c.sample.summary && <p>{c.sample.summary}</p>}
              {c.sample.texts.map((t) => (
                <div key={t.id} className="prose" dangerouslySetInnerHTML={{ __html: t.html }} />
              ))}
              {(c.sample.others.length > 0 || c.sample.attachments.length > 0) && (
                <p className="muted">
                  V lekcii ďalej: {[...c.sample.others, ...c.sample.attachments.map((a) => `príloha „${a}“`)].join(", ")}. Celú lekciu uvidíte po zakúpení
                  kurzu.
                </p>
              )}
            </section>
          )}

          <section aria-labelledby="v-cene">
            <h2 id="v-cene">Čo je v cene</h2>
            <ul>
              {c.included.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>

          <CourseSyllabus c={c} />
        </div>
      </div>
    </article>
  );
}
