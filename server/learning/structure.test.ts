// The structure of a course version (docs/decisions/learning/the-student-path-at-scale.md > The student path at scale):
// requests that need it at the same moment share one read instead of each reading it; a
// published version is then served from memory, a draft is read again every time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db";
import { openTestDatabase, type OpenTestDatabase } from "../../tests/support/db";
import { writeLearningCourse } from "../../tests/support/learning-fixtures";
import { createNewVersion, type Actor } from "../authoring";
import { valueOrThrow } from "../kernel/outcome";
import { loadCourseStructure } from "./structure";

let t: OpenTestDatabase;

beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

/** The database with a count of the SELECT statements built through it. */
function counting(db: Database): { db: Database; selects: () => number } {
  let selects = 0;
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === "select") {
        return (...args: Parameters<Database["select"]>) => {
          selects++;
          return target.select(...args);
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  });
  return { db: proxy, selects: () => selects };
}

const editor: Actor = { actorId: "p-3001", actorRoles: ["student", "content_manager"], ip: "127.0.0.1" };

describe("the structure of a course version", () => {
  it("is read once for twenty requests at the same moment; a draft is read again afterwards, a published version comes from memory", async () => {
    // the fixture reads (and so caches) its published version; a new draft version has
    // other ids, never read yet
    const published = await writeLearningCourse(t.db, { slug: "struktura-dav" });
    const { newCourseId: draftId } = valueOrThrow(await createNewVersion(t.db, editor, published.courseId));

    // what one read of a structure costs (a draft is never cached, so this reads)
    const one = counting(t.db);
    expect((await loadCourseStructure(one.db, draftId))?.course.id).toBe(draftId);
    const perRead = one.selects();
    expect(perRead).toBeGreaterThan(0);

    const many = counting(t.db);
    const structures = await Promise.all(Array.from({ length: 20 }, () => loadCourseStructure(many.db, draftId)));
    expect(structures[0]?.course.id).toBe(draftId);
    expect(new Set(structures).size).toBe(1);
    expect(many.selects()).toBe(perRead);

    // the draft is read again; the published version is not read at all (cached by the fixture's read)
    await loadCourseStructure(many.db, draftId);
    expect(many.selects()).toBe(2 * perRead);
    const cached = counting(t.db);
    expect((await loadCourseStructure(cached.db, published.courseId))?.course.id).toBe(published.courseId);
    expect(cached.selects()).toBe(0);
  });
});
