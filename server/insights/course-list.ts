// The admin's course list (/admin/kurzy): one row per course, not per version. A course is
// the chain of versions sharing a slug; the row names its latest version (in the state
// filter, when one is chosen), that version's state, whether an earlier version is the one
// published, how many students it has (distinct people enrolled in any version, cancelled
// enrollments left out) and its revenue (invoices less credit notes of its orders, VAT
// included). docs/decisions/admin-ui/course-list-by-course.md
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db";
import { num, numOrNull, rows } from "./sql";

type CourseState = "draft" | "published" | "archived" | "deleted";

export type CourseListRow = {
  /** the latest version (in the filter): where its editor is */
  id: string;
  slug: string;
  title: string;
  version: number;
  state: CourseState;
  /** the version students see in the catalog, when one is published */
  publishedVersion: number | null;
  versions: number;
  students: number;
  revenueCents: number;
  currency: string;
  priceCents: number;
  updatedAt: Date;
};

export type CourseListQuery = { state?: CourseState; page: number; pageSize: number };

export async function listCourseSummaries(
  db: DbOrTx,
  query: CourseListQuery,
): Promise<{ data: CourseListRow[]; pagination: { page: number; pageSize: number; totalItems: number; totalPages: number } }> {
  // soft-deleted versions only under their own filter, as the version list did
  const inFilter = query.state ? sql`c.state = ${query.state}` : sql`c.state <> 'deleted'`;
  const [[total], list] = await Promise.all([
    rows<{ n: unknown }>(db, sql`select count(distinct c.slug) as n from courses c where ${inFilter}`),
    rows<Record<string, unknown>>(
      db,
      sql`
      with latest as (
        select distinct on (c.slug) c.id, c.slug, c.title, c.version, c.state, c.price_cents, c.currency, c.updated_at
        from courses c where ${inFilter}
        order by c.slug, c.version desc
      ), page as (
        select * from latest order by lower(title), slug limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}
      )
      select p.*,
        (select max(v.version) from courses v where v.slug = p.slug and v.state = 'published') as published_version,
        (select count(*) from courses v where v.slug = p.slug and v.state <> 'deleted') as versions,
        (select count(distinct e.student_id) from enrollments e
          where e.course_version_id = any(array(select v.id from courses v where v.slug = p.slug)) and e.state <> 'cancelled') as students,
        (select coalesce(sum(o.amount_cents), 0) from invoices i join orders o on o.id = i.order_id
          where o.course_version_id = any(array(select v.id from courses v where v.slug = p.slug)))
        - (select coalesce(sum(cn.amount_cents), 0) from credit_notes cn join orders o on o.id = cn.order_id
          where o.course_version_id = any(array(select v.id from courses v where v.slug = p.slug))) as revenue_cents
      from page p
      order by lower(p.title), p.slug`,
    ),
  ]);
  const totalItems = num(total?.n);
  return {
    data: list.map((r) => ({
      id: String(r.id),
      slug: String(r.slug),
      title: String(r.title),
      version: num(r.version),
      state: r.state as CourseState,
      publishedVersion: numOrNull(r.published_version),
      versions: num(r.versions),
      students: num(r.students),
      revenueCents: num(r.revenue_cents),
      currency: String(r.currency),
      priceCents: num(r.price_cents),
      updatedAt: new Date(r.updated_at as string | Date),
    })),
    pagination: { page: query.page, pageSize: query.pageSize, totalItems, totalPages: Math.ceil(totalItems / query.pageSize) },
  };
}
