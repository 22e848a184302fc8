// The bare baselines of `npm run bench`: plain node:http + pg, no framework, no query
// builder, no middleware, no rate limit, no cache. For each measured answer it does the
// work the app does from scratch on every request:
// - GET /api/courses: the catalog list query (the SQL the app's query builder emits) and
//   the same JSON body (the bench checks they are equal);
// - GET /: the same query with the page's page size, the catalog page's data, and a bare
//   `renderToString` of the app's own Catalog component (from the build) in a static shell;
// - GET /kurzy/<slug>: the course page's queries (course, levels, topics, the sample
//   lesson; seats taken only for a course with a limit, as the visitor's buy button needs),
//   its data, and `renderToString` of the app's Course component.
// It uses the app's own formatters and Markdown renderer (with its memo of rendered texts,
// so neither side parses the same Markdown twice). The bench compares the <main> of each
// bare page with the app's, so both show the same.
// Usage: node bench/bare.mjs <port> <database url> <build dir>
import "./ts-imports.mjs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticRouter, matchRoutes, StaticRouterProvider } from "react-router";

// the app's own formatting and tag labels (Node strips the types; bench/ts-imports.mjs
// resolves their extensionless imports)
const { formatCount, formatDate, formatHours, formatMinutes, formatMoney, formatVatRate, priceBreakdown } = await import("../server/money/index.ts");
const { AUDIENCE_TAGS, isAudienceTag, tagLabel } = await import("../server/catalog/tags.ts");
const { renderMarkdown } = await import("../server/catalog/markdown.ts");
// the local video stand-in's URL signing (node:crypto only), keyed like the app's
const { createUrlSigner, deriveKey } = await import("../server/video/signing.ts");
const { expiryAfter, PREVIEW_URL_TTL_SEC } = await import("../server/video/media.ts");
// the pages' own media URLs carry their content hash, as the app's loaders make them
const { versionedMediaUrl } = await import("../server/http/static-files.ts");

const [portArg, databaseUrl, buildDir = "build"] = process.argv.slice(2);
const root = path.resolve(import.meta.dirname, "..");
const build = await import(pathToFileURL(path.join(root, buildDir, "server/index.js")).href);
const Catalog = build.routes["routes/catalog"].module.default;
const Course = build.routes["routes/course"].module.default;
const stylesheet = build.routes.root.module.links().find((l) => l.rel === "stylesheet")?.href ?? "/assets/styles.css";

const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
// the app's preview clip URL: signed with the key the app derives from SESSION_SECRET (the
// bench gives both the same), from the start of the minute, for the app's preview TTL
const videoSigner = createUrlSigner({
  key: deriveKey(process.env.SESSION_SECRET ?? "", "local-video"),
  scope: "local-video",
  base: `http://127.0.0.1:${portArg}/local-video`,
});
function previewClipUrl(previewPlaybackId) {
  const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  return videoSigner.sign(`/play/${previewPlaybackId.replace(/[^A-Za-z0-9_-]/g, "")}.mp4`, expiryAfter(minute, PREVIEW_URL_TTL_SEC));
}

const summaryColumns = `"id", "slug", "title", "subtitle", "short_description", "cover_image_url", "price_cents", "currency", "vat_rate_bp", "vat_included", "duration_hours", "language", "tags", "instructor_profiles", "accreditation"`;
const listSql = `select ${summaryColumns}, count(*) over () from "courses" where "courses"."state" = $1 order by "courses"."published_at" desc nulls last, "courses"."slug" asc limit $2`;

async function listCourses(pageSize) {
  const { rows } = await pool.query(listSql, ["published", pageSize]);
  const totalItems = Number(rows[0]?.count ?? 0);
  return { rows, pagination: { page: 1, pageSize, totalItems, totalPages: Math.ceil(totalItems / pageSize) } };
}

function listItem(r) {
  return {
    _id: r.id,
    slug: r.slug,
    title: r.title,
    shortDescription: r.short_description,
    coverImageUrl: r.cover_image_url,
    priceCents: r.price_cents,
    currency: r.currency,
    vatIncluded: r.vat_included,
    durationHours: r.duration_hours,
    language: r.language,
    tags: r.tags,
    instructorProfiles: r.instructor_profiles.map((p) => ({ displayName: p.displayName, affiliation: p.affiliation ?? null })),
    accreditation: r.accreditation ? { partnerName: r.accreditation.partnerName } : null,
  };
}

function send(res, status, type, body) {
  res.writeHead(status, { "Content-Type": type, "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}

function shell(title, main) {
  return (
    `<!DOCTYPE html><html lang="sk"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>` +
    `<title>${title}</title><link rel="stylesheet" href="${stylesheet}"/><link rel="icon" href="/favicon.svg" type="image/svg+xml"/></head>` +
    `<body><header class="site-header"><div class="inner"><a class="brand" href="/">Akadémia športového manažmentu</a></div></header>` +
    `<main id="obsah">${main}</main><footer class="site-footer"><div class="inner"></div></footer></body></html>`
  );
}

// The build's route components read their data through React Router's hooks, so the
// bare render gives them the smallest data router there is: one static route with the
// data already in hand (no loaders, no hydration scripts, no document).
function render(Component, loaderData, url) {
  const routes = [{ id: "page", path: url, Component }];
  const location = { pathname: url, search: "", hash: "", state: null, key: "default" };
  const context = {
    basename: "/",
    location,
    matches: matchRoutes(routes, location),
    loaderData: { page: loaderData },
    actionData: null,
    errors: null,
    statusCode: 200,
    loaderHeaders: {},
    actionHeaders: {},
  };
  const router = createStaticRouter(routes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}

// the catalog page (app/routes/catalog.tsx, no filter, page 1)
const PAGE_SIZE = 12;
async function catalogPage() {
  const { rows, pagination } = await listCourses(PAGE_SIZE);
  const loaderData = {
    tag: null,
    tagLabel: null,
    unknownTag: null,
    filters: [{ label: "Všetky", href: "/", current: true }, ...AUDIENCE_TAGS.map((t) => ({ label: t.label, href: `/?tag=${t.tag}`, current: false }))],
    courses: rows.map((c) => ({
      slug: c.slug,
      title: c.title,
      shortDescription: c.short_description,
      coverImageUrl: versionedMediaUrl(c.cover_image_url),
      duration: formatHours(c.duration_hours),
      price: formatMoney(priceBreakdown({ priceCents: c.price_cents, vatRateBp: c.vat_rate_bp, vatIncluded: c.vat_included }).withVatCents, c.currency),
      instructors: c.instructor_profiles.map((p) => p.displayName).join(", "),
      partnerName: c.accreditation?.partnerName ?? null,
      audience: c.tags.filter((t) => isAudienceTag(t)).map(tagLabel),
    })),
    pagination,
    pages: Array.from({ length: pagination.totalPages }, (_, i) => ({ number: i + 1, href: i === 0 ? "/" : `/?page=${i + 1}`, current: i === 0 })),
    previousHref: null,
    nextHref: pagination.totalPages > 1 ? "/?page=2" : null,
    firstHref: "/",
  };
  return shell("Katalóg kurzov | Akadémia športového manažmentu", render(Catalog, loaderData, "/"));
}

// the course page (app/routes/course.tsx) for an anonymous visitor
const languages = { sk: "slovenčina", cs: "čeština", en: "angličtina", de: "nemčina", hu: "maďarčina" };
const TOPICS = { one: "téma", few: "témy", many: "tém" };
const coursePageSql = `select ${summaryColumns}, "description", "seo_title", "seo_description", "og_image_url", "enrollment_deadline", "enrollment_limit" from "courses" where ("courses"."state" = $1 and "courses"."slug" = $2) limit $3`;

async function coursePage(slug) {
  const {
    rows: [c],
  } = await pool.query(coursePageSql, ["published", slug, 1]);
  if (!c) return null;
  const [levelRows, topicRows] = await Promise.all([
    pool.query(
      `select "id", "order_index", "slug", "title", "subtitle", "estimated_hours", "topic_sequencing", "issues_intermediate_certificate" from "levels" where "levels"."course_id" = $1 order by "levels"."order_index" asc, "levels"."id" asc`,
      [c.id],
    ),
    pool.query(
      `select "topics"."id", "topics"."level_id", "topics"."slug", "topics"."title", "topics"."icon_name", "modules"."id", "modules"."estimated_minutes" from "topics" left join "modules" on "modules"."topic_id" = "topics"."id" where "topics"."course_id" = $1 order by "topics"."order_index" asc, "topics"."id" asc`,
      [c.id],
    ),
  ]);
  // the buy button for a visitor (server/orders visitorPurchaseBlocker): the deadline, and
  // the seats taken only when the course has a limit
  let purchase = { kind: "buy" };
  if (c.enrollment_deadline && c.enrollment_deadline.getTime() < Date.now()) purchase = { kind: "unavailable", reason: "Termín na zápis do kurzu uplynul." };
  else if (c.enrollment_limit !== null) {
    const {
      rows: [{ taken }],
    } = await pool.query(`select count(*)::int as taken from "enrollments" where "course_version_id" = $1 and "state" in ('active', 'completed')`, [c.id]);
    if (taken >= c.enrollment_limit) purchase = { kind: "unavailable", reason: "Kurz je plne obsadený." };
  }
  // the sample lesson (server/catalog getCoursePreview): first module, its first two parts
  const {
    rows: [first],
  } = await pool.query(
    `select "courses"."id", "courses"."slug", "courses"."title", "modules"."id" as module_id, "modules"."title" as module_title, "topics"."title" as topic_title, "levels"."title" as level_title from "courses" left join "levels" on "levels"."course_id" = "courses"."id" left join "topics" on "topics"."level_id" = "levels"."id" left join "modules" on "modules"."topic_id" = "topics"."id" where ("courses"."state" = $1 and "courses"."slug" = $2) order by "modules"."id" is null, "levels"."order_index" asc, "topics"."order_index" asc limit $3`,
    ["published", slug, 1],
  );
  let sample = null;
  let previewClip = null;
  if (first?.module_id) {
    const { rows: partRows } = await pool.query(
      `select "id", "slug", "title", "summary", "content_blocks", "attachments", "prerequisites" from "parts" where "parts"."module_id" = $1 order by "parts"."order_index" asc, "parts"."id" asc limit $2`,
      [first.module_id, 2],
    );
    // the preview clip: the first video block of those parts that has one
    const clip = partRows.flatMap((r) => r.content_blocks).find((b) => b.type === "video" && b.previewPlaybackId);
    if (clip) previewClip = { url: previewClipUrl(clip.previewPlaybackId), type: "video/mp4" };
    const p = partRows[0];
    if (p) {
      sample = {
        title: p.title,
        summary: p.summary,
        where: `${first.level_title ?? ""} › ${first.topic_title ?? ""}`,
        texts: p.content_blocks.flatMap((b) => (b.type === "text" ? [{ id: b.id, html: renderMarkdown(b.markdown) }] : [])),
        others: p.content_blocks.flatMap((b) =>
          b.type === "video"
            ? ["video"]
            : b.type === "presentation"
              ? [`prezentácia (${b.slideCount} snímok)`]
              : b.type === "image"
                ? [`obrázok: ${b.alt}`]
                : [],
        ),
        attachments: p.attachments.map((a) => a.name),
      };
    }
  }
  const topicsByLevel = new Map();
  for (const t of topicRows.rows) {
    const list = topicsByLevel.get(t.level_id) ?? [];
    list.push(t);
    topicsByLevel.set(t.level_id, list);
  }
  const price = priceBreakdown({ priceCents: c.price_cents, vatRateBp: c.vat_rate_bp, vatIncluded: c.vat_included });
  const money = (cents) => formatMoney(cents, c.currency);
  const loaderData = {
    slug: c.slug,
    title: c.title,
    subtitle: c.subtitle,
    shortDescription: c.short_description,
    coverImageUrl: versionedMediaUrl(c.cover_image_url),
    descriptionHtml: renderMarkdown(c.description),
    seo: {
      title: c.seo_title ?? `${c.title} | Akadémia športového manažmentu`,
      description: c.seo_description ?? c.short_description,
      image: c.og_image_url ?? c.cover_image_url,
    },
    duration: formatHours(c.duration_hours),
    language: languages[c.language] ?? c.language,
    audience: c.tags.filter((t) => isAudienceTag(t)).map(tagLabel),
    enrollmentDeadline: c.enrollment_deadline ? formatDate(c.enrollment_deadline) : null,
    purchase,
    price: {
      withVat: money(price.withVatCents),
      withoutVat: money(price.withoutVatCents),
      vat: money(price.vatCents),
      vatRate: formatVatRate(price.vatRateBp),
    },
    instructors: c.instructor_profiles.map((p) => ({
      name: p.displayName,
      title: p.title ?? null,
      affiliation: p.affiliation ?? null,
      avatarUrl: versionedMediaUrl(p.avatarUrl ?? null),
      bioHtml: renderMarkdown(p.bio),
    })),
    accreditation: c.accreditation,
    previewClip,
    sample,
    levels: levelRows.rows.map((l, i) => {
      const topics = topicsByLevel.get(l.id) ?? [];
      return {
        id: l.id,
        number: i + 1,
        title: l.title,
        subtitle: l.subtitle,
        hours: l.estimated_hours > 0 ? formatHours(l.estimated_hours) : null,
        topicCount: formatCount(topics.length, TOPICS),
        issuesIntermediateCertificate: l.issues_intermediate_certificate,
        topics: topics.map((t) => ({ id: t.id, title: t.title, minutes: t.estimated_minutes ? formatMinutes(t.estimated_minutes) : null })),
      };
    }),
  };
  return shell(loaderData.seo.title, render(Course, loaderData, `/kurzy/${slug}`));
}

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url, "http://bare");
    if (url.pathname === "/api/courses") {
      const { rows, pagination } = await listCourses(20);
      send(res, 200, "application/json; charset=utf-8", JSON.stringify({ data: rows.map(listItem), pagination }));
    } else if (url.pathname === "/") {
      send(res, 200, "text/html; charset=utf-8", await catalogPage());
    } else if (url.pathname.startsWith("/kurzy/")) {
      const html = await coursePage(decodeURIComponent(url.pathname.slice("/kurzy/".length)));
      if (html) send(res, 200, "text/html; charset=utf-8", html);
      else send(res, 404, "text/plain", "not found");
    } else {
      send(res, 404, "text/plain", "not found");
    }
  } catch (error) {
    console.error(error);
    send(res, 500, "text/plain", "error");
  }
});
server.listen(Number(portArg), "127.0.0.1", () => console.log("bare baseline listening"));
process.on("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
  pool.end().finally(() => process.exit(0));
});
