// The public catalog page: tag filter and pagination as plain links, so it works
// without JavaScript. Same domain query as GET /api/courses.
import { data, Link } from "react-router";
import type { Route } from "./+types/catalog";
import { servicesContext } from "../context";
import { countPublicRead } from "../lib/public-read.server";
import { pageTitle, SITE } from "../site";
import { AUDIENCE_TAGS, catalogQuerySchema, coverPicture, listPublishedCourses, isAudienceTag, tagLabel } from "#server/catalog";
import { formatMoney, priceBreakdown } from "#server/money";
import { formatHours } from "#shared/format";
import { holdsCourse, listStudentEnrollments } from "#server/enrollments";
import { pagePicture } from "../lib/picture.server";
import { PictureImg } from "../components/picture";
import { optionalUser } from "../lib/auth.server";
import { StateIcon } from "../components/learning-state";

const PAGE_SIZE = 12;
// made once: a zod schema costs far more to build than to use
const pageQuerySchema = catalogQuerySchema.pick({ tag: true, page: true });

function catalogHref(tag: string | undefined, page = 1): string {
  const params = new URLSearchParams();
  if (tag) params.set("tag", tag);
  if (page > 1) params.set("page", String(page));
  const qs = params.toString();
  return qs ? `/?${qs}` : "/";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await countPublicRead(context);
  const search = new URL(request.url).searchParams;
  const query = pageQuerySchema.safeParse({ tag: search.get("tag"), page: search.get("page") });
  if (!query.success) throw data(null, { status: 400 });
  const { tag, page } = query.data;
  const { db, media, clock } = context.get(servicesContext);
  const { items, pagination } = await listPublishedCourses(db, { tag, page, pageSize: PAGE_SIZE });
  // A tag no published course carries (and no audience the filter offers) is not a filter
  // to show as active: the page says so instead of presenting "Kurzy pre: <whatever>".
  // the signed-in visitor's courses get a mark instead of the price (no query without a session,
  // so the anonymous answer stays cacheable: docs/decisions/platform/a-fast-request-pipeline.md > HTTP caching)
  const viewer = optionalUser(context);
  const owned = new Map(viewer ? (await listStudentEnrollments(db, viewer.id)).filter(holdsCourse).map((e) => [e.courseSlug, e.state]) : []);
  const unknownTag = tag !== undefined && !isAudienceTag(tag) && pagination.totalItems === 0 ? tag : null;

  return {
    tag: tag ?? null,
    tagLabel: tag && !unknownTag ? tagLabel(tag) : null,
    unknownTag,
    filters: [
      { label: "Všetky", href: catalogHref(undefined), current: !tag },
      ...AUDIENCE_TAGS.map((t) => ({ label: t.label, href: catalogHref(t.tag), current: tag === t.tag })),
    ],
    courses: items.map((c) => ({
      slug: c.slug,
      title: c.title,
      shortDescription: c.shortDescription,
      cover: pagePicture(coverPicture(c, media, clock.now())),
      duration: formatHours(c.durationHours),
      price: formatMoney(priceBreakdown(c).withVatCents, c.currency),
      owned: owned.get(c.slug) ?? null,
      instructors: c.instructorProfiles.map((p) => p.displayName).join(", "),
      partnerName: c.accreditation?.partnerName ?? null,
      audience: c.tags.filter((t) => AUDIENCE_TAGS.some((a) => a.tag === t)).map(tagLabel),
    })),
    pagination,
    pages: Array.from({ length: pagination.totalPages }, (_, i) => ({
      number: i + 1,
      href: catalogHref(tag, i + 1),
      current: i + 1 === page,
    })),
    previousHref: page > 1 && page <= pagination.totalPages ? catalogHref(tag, page - 1) : null,
    nextHref: page < pagination.totalPages ? catalogHref(tag, page + 1) : null,
    firstHref: catalogHref(tag),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const title = pageTitle(loaderData?.tagLabel ? `Kurzy pre: ${loaderData.tagLabel}` : "Katalóg kurzov");
  return [{ title }, { name: "description", content: SITE.description }, ...(loaderData?.unknownTag ? [{ name: "robots", content: "noindex" }] : [])];
};

export default function Catalog({ loaderData }: Route.ComponentProps) {
  const { courses, filters, pagination, pages, tagLabel: currentLabel, unknownTag } = loaderData;
  return (
    <>
      <h1>Katalóg kurzov</h1>
      <p className="muted">Akreditované online vzdelávanie pre ľudí, ktorí vedú športové kluby.</p>

      <nav aria-label="Filtrovať podľa cieľovej skupiny">
        <ul className="tags">
          {filters.map((f) => (
            <li key={f.href}>
              <Link to={f.href} aria-current={f.current ? "true" : undefined}>
                {f.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {currentLabel && (
        <p className="muted">
          Kurzy pre cieľovú skupinu: <strong>{currentLabel}</strong> ({pagination.totalItems})
        </p>
      )}

      {unknownTag !== null ? (
        <div className="notice" role="status">
          <p>Žiadny kurz nemá značku „{unknownTag}“.</p>
          <p>
            <Link to="/">Zobraziť všetky kurzy</Link>
          </p>
        </div>
      ) : courses.length === 0 ? (
        <div className="notice">
          <p>{pagination.totalItems > 0 ? "Na tejto strane už nie sú žiadne kurzy." : "V tejto kategórii zatiaľ nie sú žiadne kurzy."}</p>
          <p>{pagination.totalItems > 0 ? <Link to={loaderData.firstHref}>Na prvú stranu</Link> : <Link to="/">Zobraziť všetky kurzy</Link>}</p>
        </div>
      ) : (
        <ul className="course-grid">
          {courses.map((c) => (
            <li key={c.slug} className="card">
              {c.cover && <PictureImg picture={c.cover} sizes="(min-width: 48rem) 22rem, 100vw" alt="" className="card-cover" loading="lazy" />}
              <h2>
                <Link to={`/kurzy/${c.slug}`}>{c.title}</Link>
              </h2>
              <p>{c.shortDescription}</p>
              <p className="muted">
                Rozsah: {c.duration}
                {c.instructors && (
                  <>
                    <br />
                    Lektori: {c.instructors}
                  </>
                )}
                {c.partnerName && (
                  <>
                    <br />
                    Akreditácia: {c.partnerName}
                  </>
                )}
              </p>
              {c.audience.length > 0 && <p className="card-audience">Pre: {c.audience.join(", ")}</p>}
              {c.owned ? (
                <p className="price owned-line">
                  <span className="owned-mark">
                    <StateIcon state="completed" />
                    {c.owned === "completed" ? "Dokončený kurz" : "Váš kurz"}
                  </span>{" "}
                  <Link to={`/kurzy/${c.slug}/studium`} aria-label={`${c.owned === "completed" ? "Prejsť na kurz" : "Pokračovať v štúdiu"}: ${c.title}`}>
                    {c.owned === "completed" ? "Prejsť na kurz" : "Pokračovať v štúdiu"}
                  </Link>
                </p>
              ) : (
                <p className="price">
                  <span className="money">{c.price}</span> <span className="muted">s DPH</span>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}

      {pagination.totalPages > 1 && (
        <nav className="pagination" aria-label="Stránkovanie">
          {loaderData.previousHref ? (
            <Link to={loaderData.previousHref} rel="prev">
              ‹ Predchádzajúca
            </Link>
          ) : (
            <span className="muted">‹ Predchádzajúca</span>
          )}
          <ol className="page-numbers">
            {pages.map((p) => (
              <li key={p.number}>
                {p.current ? (
                  <span aria-current="page">{p.number}</span>
                ) : (
                  <Link to={p.href} aria-label={`Strana ${p.number}`}>
                    {p.number}
                  </Link>
                )}
              </li>
            ))}
          </ol>
          {loaderData.nextHref ? (
            <Link to={loaderData.nextHref} rel="next">
              Nasledujúca ›
            </Link>
          ) : (
            <span className="muted">Nasledujúca ›</span>
          )}
        </nav>
      )}
    </>
  );
}
