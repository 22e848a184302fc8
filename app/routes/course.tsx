// Public course page /kurzy/<slug>: description, levels with topics, price with and
// without VAT, access and what is included, the seller, instructors, accreditation, buy
// link. Works without JavaScript; same domain query as GET /api/courses/<slug>.
import { Link } from "react-router";
import type { Route } from "./+types/course";
import { servicesContext } from "../context";
import { countPublicRead } from "../lib/public-read.server";
import { Breadcrumbs } from "../components/breadcrumbs";
import { StateIcon } from "../components/learning-state";
import { pageTitle } from "../site";
import { pageRoute } from "../lib/page.server";
import { DomainError } from "#server/http/errors";
import { AUDIENCE_TAGS, getCourseContents, getCoursePreview, getPublishedCourseWithLevels, renderMarkdown, tagLabel } from "#server/catalog";
import { purchaseBlocker, visitorPurchaseBlocker } from "#server/orders";
import { optionalUser } from "../lib/auth.server";
import { listStudentEnrollments } from "#server/enrollments";
import { versionedMediaUrl } from "#server/http/static-files";
import { SellerBox } from "../components/seller";
import { WebinarPanel } from "../components/webinars";
import { webinarPanelIfEnrolled } from "../lib/webinars.server";
import { ACCESS_DURATION, includedItems } from "../lib/course-included.server";
import { studyProgress } from "../lib/study-progress.server";
import { StudyProgress } from "../components/study-progress";
import { formatCount, formatDate, formatHours, formatMinutes, formatMoney, formatVatRate, priceBreakdown } from "#server/money";

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
  const owned = viewer
    ? ((await listStudentEnrollments(db, viewer.id)).find((e) => e.courseSlug === course.slug && (e.state === "active" || e.state === "completed")) ?? null)
    : null;
  // a sample lesson: the first preview part (the same whitelist as the preview endpoint)
  const [preview, contents] = await Promise.all([getCoursePreview(db, course.slug), getCourseContents(db, course._id)]);
  const samplePart = preview?.parts[0] ?? null;
  // the course's preview clip: the first video block of the preview parts that has one,
  // played through a short-lived signed URL (server/video; the page is public)
  const previewVideo = preview?.parts.flatMap((p) => p.contentBlocks).find((b) => b.type === "video" && b.previewPlaybackId);
  const { media } = context.get(servicesContext);
  const previewClip =
    previewVideo?.type === "video" && previewVideo.previewPlaybackId ? media.preview(previewVideo.previewPlaybackId, clock.now()) : null;
  const money = (cents: number) => formatMoney(cents, course.currency);
  return {
    slug: course.slug,
    webinars: owned && viewer ? await webinarPanelIfEnrolled(context, viewer.id, course.slug) : null,
    title: course.title,
    subtitle: course.subtitle,
    shortDescription: course.shortDescription,
    coverImageUrl: versionedMediaUrl(course.coverImageUrl),
    descriptionHtml: renderMarkdown(course.description),
    seo: {
      title: course.seoTitle ?? pageTitle(course.title),
      description: course.seoDescription ?? course.shortDescription,
      image: course.ogImageUrl ?? course.coverImageUrl,
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
      avatarUrl: versionedMediaUrl(p.avatarUrl ?? null),
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
            b.type === "video" ? ["video"] : b.type === "presentation" ? [`prezentácia (${b.slideCount} snímok)`] : b.type === "image" ? [`obrázok: ${b.alt}`] : [],
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
        {c.purchase.kind === "enrolled" ? (
          <aside className="buy-box owned" aria-labelledby="cena">
            <h2 id="cena" className="owned-title">
              <span className="owned-mark"><StateIcon state="completed" />{c.purchase.completed ? "Kurz ste dokončili" : "Tento kurz máte"}</span>
            </h2>
            {c.purchase.progress && c.purchase.progress.total > 0 ? <StudyProgress className="course-progress" id="owned-progress" progress={c.purchase.progress} /> : null}
            <p><Link className="button" to={`/kurzy/${c.slug}/studium`}>{c.purchase.completed ? "Prejsť na kurz" : "Pokračovať v štúdiu"}</Link></p>
            {c.clubBuy ? <p><Link className="button secondary" to={`/kurzy/${c.slug}/kupit-pre-klub`}>Kúpiť pre klub</Link></p> : null}
          </aside>
        ) : (
          <aside className="buy-box" aria-labelledby="cena">
            <h2 id="cena" className="visually-hidden">Cena a nákup</h2>
            <p className="price"><span className="money">{c.price.withVat}</span></p>
            <p className="muted">vrátane DPH {c.price.vatRate}</p>
            <dl className="facts">
              <dt>Cena bez DPH</dt>
              <dd className="money">{c.price.withoutVat}</dd>
              <dt>DPH {c.price.vatRate}</dt>
              <dd className="money">{c.price.vat}</dd>
              <dt>Cena s DPH</dt>
              <dd className="money">{c.price.withVat}</dd>
            </dl>
            {c.enrollmentDeadline && <p className="muted">Kurz je možné kúpiť do {c.enrollmentDeadline}.</p>}
            {c.purchase.kind === "buy" ? (
              <p><Link className="button" to={`/kurzy/${c.slug}/kupit`} reloadDocument>Kúpiť kurz</Link></p>
            ) : (
              <p className="notice" role="status">{c.purchase.reason}</p>
            )}
            {c.clubBuy && c.purchase.kind === "buy" ? <p><Link className="button secondary" to={`/kurzy/${c.slug}/kupit-pre-klub`}>Kúpiť pre klub</Link></p> : null}
            <SellerBox />
          </aside>
        )}

        <div className="course-main">
          <WebinarPanel data={c.webinars} />
          {c.coverImageUrl && <img src={c.coverImageUrl} alt="" className="course-cover" />}

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
                  V lekcii ďalej: {[...c.sample.others, ...c.sample.attachments.map((a) => `príloha „${a}“`)].join(", ")}. Celú lekciu uvidíte po zakúpení kurzu.
                </p>
              )}
            </section>
          )}

          <section aria-labelledby="v-cene">
            <h2 id="v-cene">Čo je v cene</h2>
            <ul>{c.included.map((item) => <li key={item}>{item}</li>)}</ul>
          </section>

          <section aria-labelledby="obsah-kurzu">
            <h2 id="obsah-kurzu">Obsah kurzu</h2>
            <p className="muted">Úrovne sa absolvujú postupne; celkový rozsah kurzu je {c.duration}.</p>
            <ol className="levels">
              {c.levels.map((l) => (
                <li key={l.id}>
                  <h3>Úroveň {l.number}: {l.title}</h3>
                  {l.subtitle && <p>{l.subtitle}</p>}
                  <p className="muted">
                    {[l.hours, l.topicCount, l.issuesIntermediateCertificate ? "končí čiastkovým certifikátom" : null].filter(Boolean).join(" · ")}
                  </p>
                  <ol className="topics">
                    {l.topics.map((t) => (
                      <li key={t.id}>
                        {t.title}
                        {t.minutes && <span className="muted"> ({t.minutes})</span>}
                      </li>
                    ))}
                  </ol>
                </li>
              ))}
            </ol>
          </section>

          {c.instructors.length > 0 && (
            <section aria-labelledby="lektori">
              <h2 id="lektori">Lektori</h2>
              <ul className="instructors">
                {c.instructors.map((i) => (
                  <li key={i.name} className="card">
                    {i.avatarUrl && <img src={i.avatarUrl} alt="" className="avatar" width={64} height={64} />}
                    <h3>{i.name}</h3>
                    {i.title && <p>{i.title}</p>}
                    {i.affiliation && <p className="muted">{i.affiliation}</p>}
                    {i.bioHtml && <div className="prose" dangerouslySetInnerHTML={{ __html: i.bioHtml }} />}
                  </li>
                ))}
              </ul>
            </section>
          )}

          {c.accreditation && (
            <section aria-labelledby="akreditacia">
              <h2 id="akreditacia">Akreditácia</h2>
              <p>
                Kurz je akreditovaný v spolupráci s partnerom <strong>{c.accreditation.partnerName}</strong>
                {c.accreditation.accreditationNumber && <> (číslo akreditácie {c.accreditation.accreditationNumber})</>}.
                {c.accreditation.certificateType && <> Po úspešnom absolvovaní získate certifikát: {c.accreditation.certificateType}.</>}
              </p>
            </section>
          )}
        </div>
      </div>
    </article>
  );
}
