// Whether a course slug names anything a visitor could know (the learn view's 404 versus 403).
import { and, asc, eq, inArray } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";

/** Whether any version of the slug exists that a visitor could know (published or archived). */
export async function courseSlugKnown(db: DbOrTx, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: schema.courses.id })
    .from(schema.courses)
    .where(and(eq(schema.courses.slug, slug), inArray(schema.courses.state, ["published", "archived"])))
    .orderBy(asc(schema.courses.version))
    .limit(1);
  return !!row;
}
