// The published catalog in process memory: the list (every published course, paged and
// filtered here), each course's detail with levels and topics, and each preview. Reads
// of the public catalog then cost no database round trip.
//
// Invalidation, on every instance: a trigger on courses, levels, topics, modules and
// parts (drizzle/0002_catalog_changes.sql) bumps the catalog_version sequence and
// NOTIFYs `catalog_changed` when the writing transaction commits, whoever wrote (the
// admin API of any instance, a job, the seed, SQL by hand). Each instance LISTENs on a
// connection of its own and drops everything it holds on each notification.
// - While that connection is down nothing is cached (reads go to the database), and once
//   LISTEN is back the cache starts empty: a change made meanwhile cannot be missed.
// - Read-your-writes on the instance that wrote: a notification arrives a moment after
//   the commit, so after any write request this instance served (`noteWrite`), the next
//   read compares catalog_version with the value it last saw before trusting the cache.
// - Embedded PGlite (one process) delivers notifications before the commit returns.
// Without the trigger (an unmigrated or hand-made database) the cache stays off.
//
// The cache belongs to one Database: `startCatalogCache` registers it, and the read
// functions below use it when called with that Database (never with a transaction, which
// may see its own uncommitted writes). Cached objects are frozen: callers map, never mutate.
import { sql } from "drizzle-orm";
import { listenChannel, type ChannelListener, type Database, type DatabaseHandle } from "../db";
import * as queries from "./queries";
import type { CatalogLevel, CoursePreview, Pagination } from "./contract";

type Logger = { info(message: string, fields?: Record<string, unknown>): void; warn(message: string, fields?: Record<string, unknown>): void };

export const CATALOG_CHANNEL = "catalog_changed";

type Detail = { course: queries.CourseDetail; levels: CatalogLevel[] } | null;
type Summaries = { list: readonly queries.CourseSummary[]; slugs: ReadonlySet<string> };

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value) && !(value instanceof Date)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

async function readVersion(db: Database): Promise<number | null> {
  const result = (await db.execute(sql`select last_value from catalog_version`)) as unknown as
    { rows: { last_value: string | number }[] } | { last_value: string | number }[];
  const rows = Array.isArray(result) ? result : result.rows;
  return rows[0] ? Number(rows[0].last_value) : null;
}

export class CatalogCache {
  private listening = false;
  /** catalog_version as last seen (notification, start, check) */
  private version: number | null = null;
  /** write requests served here since the last version check started */
  private writes = 0;
  private checkedWrites = 0;
  private checking: Promise<void> | null = null;
  private summaries: Promise<Summaries> | null = null;
  private details = new Map<string, Promise<Detail>>();
  private previews = new Map<string, Promise<CoursePreview | null>>();
  private contents = new Map<string, Promise<queries.CourseContents>>();
  /** how often it was emptied (tests and logs) */
  invalidations = 0;

  constructor(private db: Database) {}

  /** Reads may use the cache (LISTEN is in place). */
  get active(): boolean {
    return this.listening;
  }

  invalidate(): void {
    this.invalidations++;
    this.summaries = null;
    this.details.clear();
    this.previews.clear();
    this.contents.clear();
  }

  /** LISTEN (re)established: start empty, learn the version. */
  up(): void {
    this.invalidate();
    this.listening = true;
    readVersion(this.db).then(
      (v) => {
        this.version = v;
      },
      () => {
        this.version = null;
      },
    );
  }

  down(): void {
    this.listening = false;
    this.invalidate();
  }

  notified(payload: string): void {
    this.invalidate();
    const v = Number(payload);
    if (Number.isFinite(v)) this.version = Math.max(this.version ?? 0, v);
  }

  /**
   * A number that changes whenever the cached data may have (each emptying), NaN while
   * the cache is off; after a write request here, the version check comes first.
   */
  dataVersion(): number | Promise<number> {
    if (!this.listening) return NaN;
    const checking = this.fresh();
    if (checking) return checking.then(() => (this.listening ? this.invalidations : NaN));
    return this.invalidations;
  }

  /** This instance answered a write request: check the version before the next cached read. */
  noteWrite(): void {
    this.writes++;
  }

  /** Before a cached read: a write served here since the last check → compare versions once. */
  private fresh(): Promise<void> | void {
    if (this.writes === this.checkedWrites) return;
    if (!this.checking) {
      const upTo = this.writes;
      this.checking = readVersion(this.db)
        .then(
          (v) => {
            if (v === null || v !== this.version) {
              this.invalidate();
              this.version = v;
            }
          },
          () => this.invalidate(),
        )
        .finally(() => {
          this.checkedWrites = Math.max(this.checkedWrites, upTo);
          this.checking = null;
        });
    }
    return this.checking.then(() => this.fresh());
  }

  private loadSummaries(): Promise<Summaries> {
    if (!this.summaries) {
      const loading = queries.allPublishedCourses(this.db).then((list) => deepFreeze({ list, slugs: new Set(list.map((c) => c.slug)) }));
      this.summaries = loading;
      loading.catch(() => {
        if (this.summaries === loading) this.summaries = null;
      });
    }
    return this.summaries;
  }

  private memo<T>(map: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
    let entry = map.get(key);
    if (!entry) {
      const loading = load().then(deepFreeze);
      entry = loading;
      map.set(key, loading);
      loading.catch(() => {
        if (map.get(key) === loading) map.delete(key);
      });
    }
    return entry;
  }

  async list(query: { tag?: string; page: number; pageSize: number }): Promise<{ items: queries.CourseSummary[]; pagination: Pagination }> {
    await this.fresh();
    const { list } = await this.loadSummaries();
    const matching = query.tag ? list.filter((c) => c.tags.includes(query.tag!)) : list;
    const start = (query.page - 1) * query.pageSize;
    return {
      items: matching.slice(start, start + query.pageSize),
      pagination: {
        page: query.page,
        pageSize: query.pageSize,
        totalItems: matching.length,
        totalPages: Math.ceil(matching.length / query.pageSize),
      },
    };
  }

  /** A published slug's detail; unknown slugs are answered from the list, never stored. */
  async detail(slug: string): Promise<Detail> {
    if (!slug || slug.length > queries.MAX_SLUG_LENGTH) return null;
    await this.fresh();
    const { slugs } = await this.loadSummaries();
    if (!slugs.has(slug)) return null;
    return this.memo(this.details, slug, () => queries.getPublishedCourseWithLevels(this.db, slug));
  }

  async preview(slug: string): Promise<CoursePreview | null> {
    if (!slug || slug.length > queries.MAX_SLUG_LENGTH) return null;
    await this.fresh();
    const { slugs } = await this.loadSummaries();
    if (!slugs.has(slug)) return null;
    return this.memo(this.previews, slug, () => queries.getCoursePreview(this.db, slug));
  }

  /** What a published version includes, by its id (the caller took it from `detail`). */
  async contentsOf(courseId: string): Promise<queries.CourseContents> {
    await this.fresh();
    return this.memo(this.contents, courseId, () => queries.getCourseContents(this.db, courseId));
  }
}

const caches = new WeakMap<Database, CatalogCache>();

function cacheFor(db: Database): CatalogCache | undefined {
  const cache = caches.get(db);
  return cache?.active ? cache : undefined;
}

export type RunningCatalogCache = {
  cache: CatalogCache | null;
  /** changes whenever the cached catalog may have; NaN while there is no cache */
  dataVersion(): number | Promise<number>;
  /** a write request was served by this instance (see the header) */
  noteWrite(): void;
  stop(): Promise<void>;
};

/**
 * Turns the cache on for `handle.db` when the database has the catalog trigger, and
 * listens for changes. Without the trigger it logs why and leaves reads uncached.
 */
export async function startCatalogCache(handle: DatabaseHandle, log: Logger): Promise<RunningCatalogCache> {
  const installed = await handle.db
    .execute(sql`select 1 as ok from pg_trigger where tgname = 'courses_catalog_changed'`)
    .then((r) => (Array.isArray(r) ? r : (r as unknown as { rows: unknown[] }).rows).length > 0)
    .catch(() => false);
  if (!installed) {
    log.warn("catalog cache off: the database has no catalog_changed trigger (migration 0002_catalog_changes)");
    return { cache: null, dataVersion: () => NaN, noteWrite() {}, stop: async () => {} };
  }
  const cache = new CatalogCache(handle.db);
  caches.set(handle.db, cache);
  let listener: ChannelListener | null = null;
  listener = await listenChannel(handle, CATALOG_CHANNEL, {
    notify: (payload) => cache.notified(payload),
    up: () => {
      cache.up();
      if (listener) log.info("catalog cache on again: listening for catalog changes");
    },
    down: (error) => {
      cache.down();
      log.warn("catalog cache off until the database connection for catalog changes is back", { error: error?.message });
    },
  });
  return {
    cache,
    dataVersion: () => cache.dataVersion(),
    noteWrite: () => cache.noteWrite(),
    async stop() {
      caches.delete(handle.db);
      await listener?.close();
    },
  };
}

// ---------------------------------------------------------------------------------
// The catalog reads: from the cache when `db` has one, else from the database.

/** One page of published courses, newest publication first (queries.listPublishedCourses). */
export function listPublishedCourses(db: Database, query: { tag?: string; page: number; pageSize: number }) {
  return cacheFor(db)?.list(query) ?? queries.listPublishedCourses(db, query);
}

/** The course page and GET /api/courses/<slug>: the course with levels and topics, or null. */
export function getPublishedCourseWithLevels(db: Database, slug: string): Promise<Detail> {
  return cacheFor(db)?.detail(slug) ?? queries.getPublishedCourseWithLevels(db, slug);
}

/** The published version behind a slug, or null. */
export async function findPublishedCourse(db: Database, slug: string): Promise<queries.CourseDetail | null> {
  const cache = cacheFor(db);
  if (!cache) return queries.findPublishedCourse(db, slug);
  return (await cache.detail(slug))?.course ?? null;
}

/** GET /api/courses/<slug>/preview and the course page's sample lesson. */
export function getCoursePreview(db: Database, slug: string): Promise<CoursePreview | null> {
  return cacheFor(db)?.preview(slug) ?? queries.getCoursePreview(db, slug);
}

/**
 * The course page's "what's included" of a published version (parts, video time, tests),
 * kept with the cached catalog (parts, levels and courses are under its trigger).
 */
export function getCourseContents(db: Database, courseId: string): Promise<queries.CourseContents> {
  return cacheFor(db)?.contentsOf(courseId) ?? queries.getCourseContents(db, courseId);
}
