// A small catalog written straight into a test database before the app starts (PGlite
// allows one process at a time, so fixtures go in first). Covers every state the public
// catalog must hide, and a slug with several versions.
import { openDatabase, schema, type Database } from "#server/db";
import type { ContentBlock } from "#server/db/schema";
import type { TestDatabase } from "./db";

const { courses, levels, topics, modules, parts } = schema;

export const PARTNER = {
  partnerOrgId: "o-9001",
  partnerName: "Slovenská akadémia športového manažmentu",
  certificateType: "Osvedčenie o absolvovaní akreditovaného vzdelávania",
  accreditationNumber: "AK-2025-017",
};

export const EVA = {
  personId: "p-2001",
  displayName: "Mgr. Eva Kováčová",
  title: "lektorka športového manažmentu",
  affiliation: "ŠK Tatran Demo",
  bio: "Vedie kluby **15 rokov**. <script>alert('bio')</script>",
};
export const JURAJ = { personId: "p-2002", displayName: "Ing. Juraj Kráľ, PhD." };

export type CatalogFixtures = {
  /** riadenie-test: v1 archived, v2 published, v3 draft */
  riadenie: { v1: string; v2: string; v3: string; firstModuleId: string; partIds: string[] };
  financie: string;
  sekretar: string;
  /** slugs that must never be public */
  hiddenSlugs: string[];
  /** published slugs, newest publication first (the catalog's order) */
  publishedOrder: string[];
};

type CourseInsert = typeof courses.$inferInsert;

function course(values: Partial<CourseInsert> & Pick<CourseInsert, "slug" | "title">): CourseInsert {
  return {
    shortDescription: `Krátky popis kurzu ${values.title}.`,
    description: `Popis kurzu ${values.title}.`,
    priceCents: 9_900,
    currency: "EUR",
    vatRateBp: 2000,
    vatIncluded: true,
    language: "sk",
    durationHours: 10,
    accreditation: PARTNER,
    instructorProfiles: [EVA],
    instructors: [EVA.personId],
    createdBy: "p-3001",
    ...values,
  };
}

const at = (iso: string) => new Date(iso);

/** Adds levels/topics/modules/parts to a course; returns the first module and its part ids. */
async function addContent(db: Database, courseId: string, levelTitles: string[]) {
  let firstModuleId = "";
  const partIds: string[] = [];
  for (const [li, levelTitle] of levelTitles.entries()) {
    const [level] = await db
      .insert(levels)
      .values({
        courseId,
        orderIndex: li + 1,
        slug: `uroven-${li + 1}`,
        title: levelTitle,
        subtitle: `Podnadpis úrovne ${li + 1}`,
        estimatedHours: 4 + li,
        issuesIntermediateCertificate: li === 0,
      })
      .returning({ id: levels.id });
    // inserted in reverse order, so the query's ORDER BY is what puts them right
    for (const ti of [2, 1]) {
      const [topic] = await db
        .insert(topics)
        .values({ courseId, levelId: level.id, orderIndex: ti, slug: `tema-${li + 1}-${ti}`, title: `Téma ${li + 1}.${ti}`, iconName: "book" })
        .returning({ id: topics.id });
      const [module] = await db
        .insert(modules)
        .values({ courseId, topicId: topic.id, title: `Modul ${li + 1}.${ti}`, estimatedMinutes: 30 + ti * 15 })
        .returning({ id: modules.id });
      if (li === 0 && ti === 1) firstModuleId = module.id;
      for (const pi of [3, 2, 1]) {
        const blocks: ContentBlock[] = [
          { id: `b-text-${pi}`, type: "text", markdown: `Text časti ${li + 1}.${ti}.${pi}` },
          {
            id: `b-video-${pi}`,
            type: "video",
            state: "ready",
            videoAssetId: `asset-secret-${li}${ti}${pi}`,
            videoPlaybackId: `playback-secret-${li}${ti}${pi}`,
            previewPlaybackId: `preview-${li}${ti}${pi}`,
            durationSec: 600,
            transcript: "Prepis celého videa",
            posterUrl: `https://image.mux.com/playback-secret-${li}${ti}${pi}/thumbnail.jpg`,
            chapters: [{ title: "Úvod", startSec: 0 }],
          },
          { id: `b-pdf-${pi}`, type: "presentation", pdfPath: `slides/secret-${pi}.pdf`, slideCount: 12 },
          { id: `b-img-${pi}`, type: "image", imagePath: `images/secret-${pi}.png`, alt: "Schéma klubu" },
        ];
        const [part] = await db
          .insert(parts)
          .values({
            courseId,
            moduleId: module.id,
            orderIndex: pi,
            slug: `cast-${pi}`,
            title: `Časť ${li + 1}.${ti}.${pi}`,
            summary: `Zhrnutie časti ${pi}`,
            contentBlocks: blocks,
            attachments: [{ name: "Šablóna rozpočtu.xlsx", path: "attachments/secret-budget.xlsx", sizeBytes: 20480, mimeType: "application/vnd.ms-excel" }],
          })
          .returning({ id: parts.id });
        if (module.id === firstModuleId) partIds.unshift(part.id);
      }
    }
  }
  return { firstModuleId, partIds };
}

/** Writes the fixture catalog into `database` (migrating it first). */
export async function insertCatalogFixtures(database: TestDatabase, options: { extraPublished?: number } = {}): Promise<CatalogFixtures> {
  const handle = await openDatabase({ databaseUrl: database.url, dataDir: database.env.DATA_DIR });
  const db = handle.db;
  try {
    const insert = async (values: CourseInsert) => (await db.insert(courses).values(values).returning({ id: courses.id }))[0].id;
    const riadeniePrice = {
      priceCents: 14_900,
      tags: ["executive_director", "manager", "founder"],
      targetAudience: ["executive_director", "manager", "founder"],
    };
    const v1 = await insert(
      course({
        slug: "riadenie-test",
        title: "Riadenie klubu (staré vydanie)",
        version: 1,
        state: "archived",
        publishedAt: at("2024-01-01T10:00:00Z"),
        archivedAt: at("2025-01-01T10:00:00Z"),
        ...riadeniePrice,
      }),
    );
    const v2 = await insert(
      course({
        slug: "riadenie-test",
        title: "Riadenie športového klubu",
        subtitle: "Od stanov po rozpočet",
        version: 2,
        previousVersionId: v1,
        state: "published",
        publishedAt: at("2025-01-01T10:00:00Z"),
        durationHours: 24,
        ...riadeniePrice,
        description: "## Čo sa naučíte\n\n- **Riadiť** klub\n- Zostaviť rozpočet\n\n<script>alert('xss')</script>\n\n[Klikni](javascript:alert(1))",
        shortDescription: "Praktický kurz vedenia klubu.",
        instructorProfiles: [EVA, JURAJ],
        instructors: [EVA.personId, JURAJ.personId],
        seoTitle: "Kurz riadenia športového klubu online",
        seoDescription: "Naučte sa viesť športový klub.",
      }),
    );
    const v3 = await insert(
      course({ slug: "riadenie-test", title: "Riadenie klubu (koncept v3)", version: 3, previousVersionId: v2, state: "draft", ...riadeniePrice }),
    );
    const content = await addContent(db, v2, ["Základy riadenia", "Financie klubu"]);
    await addContent(db, v1, ["Stará úroveň"]);

    const financie = await insert(
      course({
        slug: "financie-test",
        title: "Financie a granty v športe",
        state: "published",
        publishedAt: at("2025-03-01T10:00:00Z"),
        priceCents: 123_450,
        tags: ["executive_director", "manager"],
        instructorProfiles: [JURAJ],
        instructors: [JURAJ.personId],
      }),
    );
    await addContent(db, financie, ["Granty"]);
    const sekretar = await insert(
      course({
        slug: "sekretar-test",
        title: "Sekretár klubu v praxi",
        state: "published",
        publishedAt: at("2025-02-01T10:00:00Z"),
        priceCents: 10_000,
        vatIncluded: false,
        tags: ["secretary", "manager"],
        durationHours: 1.5,
      }),
    );
    await addContent(db, sekretar, ["Administratíva"]);

    await insert(
      course({
        slug: "archivovany-test",
        title: "Archivovaný kurz",
        state: "archived",
        publishedAt: at("2024-05-01T10:00:00Z"),
        archivedAt: at("2024-09-01T10:00:00Z"),
        tags: ["manager"],
      }),
    );
    await insert(course({ slug: "koncept-test", title: "Kurz v koncepte", state: "draft", tags: ["manager"] }));
    await insert(
      course({
        slug: "zmazany-test",
        title: "Zmazaný kurz",
        state: "deleted",
        publishedAt: at("2019-01-01T10:00:00Z"),
        archivedAt: at("2019-06-01T10:00:00Z"),
        deletedAt: at("2025-01-01T00:00:00Z"),
        tags: ["manager"],
      }),
    );

    const extra: string[] = [];
    for (let i = 1; i <= (options.extraPublished ?? 0); i++) {
      const slug = `doplnkovy-kurz-${String(i).padStart(2, "0")}`;
      // published before the three main courses, in ascending slug order = descending date
      await insert(
        course({
          slug,
          title: `Doplnkový kurz ${i}`,
          state: "published",
          publishedAt: at(`2024-06-${String(29 - i).padStart(2, "0")}T10:00:00Z`),
          tags: ["founder"],
        }),
      );
      extra.push(slug);
    }

    return {
      riadenie: { v1, v2, v3, ...content },
      financie,
      sekretar,
      hiddenSlugs: ["archivovany-test", "koncept-test", "zmazany-test"],
      publishedOrder: ["financie-test", "sekretar-test", "riadenie-test", ...extra],
    };
  } finally {
    await handle.close();
  }
}
