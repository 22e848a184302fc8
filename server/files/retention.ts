// The daily `files.purge-unreferenced` job: an upload that nothing references (no block
// or attachment of any part, no course's cover or share image, no instructor's avatar, in
// any version and state) and that is older than UNREFERENCED_DAYS is removed, and with it
// a content no other upload shares (its chunks and derived images go by cascade). What a
// published or archived version references is referenced, so it is never removed; the
// bytes themselves are never changed (a trigger refuses UPDATE). The references are
// read from the catalog's tables with JSON containment (read only; they are authoring's).
import { sql } from "drizzle-orm";
import type { Database } from "../db";
import type { Logger } from "../log";

export const UNREFERENCED_DAYS = 30;
/** daily, at night (Europe/Bratislava) */
export const PURGE_UNREFERENCED_CRON = "40 3 * * *";

export async function purgeUnreferencedFiles(db: Database, now: Date = new Date()): Promise<{ files: number; contents: number }> {
  const before = new Date(now.getTime() - UNREFERENCED_DAYS * 24 * 60 * 60 * 1000);
  return db.transaction(async (tx) => {
    const removed = await tx.execute(sql`
      DELETE FROM files f
      WHERE f.created_at < ${before.toISOString()}::timestamptz
        AND NOT EXISTS (SELECT 1 FROM parts p WHERE p.content_blocks @> jsonb_build_array(jsonb_build_object('fileId', f.id))
                                             OR p.content_blocks @> jsonb_build_array(jsonb_build_object('captions', jsonb_build_array(jsonb_build_object('fileId', f.id))))
                                             OR p.attachments @> jsonb_build_array(jsonb_build_object('fileId', f.id)))
        AND NOT EXISTS (SELECT 1 FROM courses c WHERE c.cover_file_id = f.id OR c.og_image_file_id = f.id
                                               OR c.instructor_profiles @> jsonb_build_array(jsonb_build_object('avatarFileId', f.id)))
      RETURNING f.id, f.sha256`);
    const rows = rowsOf<{ sha256: string }>(removed);
    let contents = 0;
    for (const sha256 of new Set(rows.map((r) => r.sha256))) {
      // the derived images' contents, read before the source's variant rows go by cascade
      const derived = rowsOf<{ sha256: string }>(await tx.execute(sql`SELECT DISTINCT sha256 FROM file_variants WHERE source_sha256 = ${sha256}`));
      // a content stays while another upload still points at it
      const gone = rowsOf(
        await tx.execute(sql`
        DELETE FROM file_contents c WHERE c.sha256 = ${sha256}
          AND NOT EXISTS (SELECT 1 FROM files f WHERE f.sha256 = c.sha256)
          AND NOT EXISTS (SELECT 1 FROM file_variants v WHERE v.sha256 = c.sha256)
        RETURNING c.sha256`),
      );
      contents += gone.length;
      if (gone.length === 0) continue;
      for (const d of derived) {
        const more = rowsOf(
          await tx.execute(sql`
          DELETE FROM file_contents c WHERE c.sha256 = ${d.sha256}
            AND NOT EXISTS (SELECT 1 FROM files f WHERE f.sha256 = c.sha256)
            AND NOT EXISTS (SELECT 1 FROM file_variants v WHERE v.sha256 = c.sha256)
          RETURNING c.sha256`),
        );
        contents += more.length;
      }
    }
    return { files: rows.length, contents };
  });
}

function rowsOf<T = unknown>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

export function purgeUnreferencedJob(deps: { db: Database; log: Logger }) {
  return async () => {
    const result = await purgeUnreferencedFiles(deps.db);
    if (result.files > 0) deps.log.info("unreferenced files removed", result);
    return result;
  };
}
