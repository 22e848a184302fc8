// GET /readyz: whether this instance should get traffic. Three checks, each bounded by a
// timeout: the database answers, every migration in drizzle/ is applied, the job workers
// run. (GET /healthz only says the process is alive.)
import { sql } from "drizzle-orm";
import { migrationsCurrent, type DatabaseHandle } from "../db";
import type { Readiness } from "./front";

export type ReadinessSources = {
  database: DatabaseHandle;
  /** true while the job workers run (false after stop, or when this process runs none) */
  jobsRunning: () => boolean;
  timeoutMs?: number;
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}

export function createReadiness(sources: ReadinessSources): () => Promise<Readiness> {
  const timeout = sources.timeoutMs ?? 2000;
  return async () => {
    const checks: Readiness["checks"] = {};
    try {
      await withTimeout(sources.database.db.execute(sql`select 1`), timeout);
      checks.database = { ok: true };
    } catch (error) {
      checks.database = { ok: false, detail: (error as Error).message };
    }
    if (checks.database.ok) {
      try {
        const m = await withTimeout(migrationsCurrent(sources.database.db), timeout);
        checks.migrations = m.current ? { ok: true } : { ok: false, detail: `${m.applied} of ${m.expected} applied` };
      } catch (error) {
        checks.migrations = { ok: false, detail: (error as Error).message };
      }
    } else {
      checks.migrations = { ok: false, detail: "database unreachable" };
    }
    checks.jobs = sources.jobsRunning() ? { ok: true } : { ok: false, detail: "job workers are not running" };
    return { ready: Object.values(checks).every((c) => c.ok), checks };
  };
}
