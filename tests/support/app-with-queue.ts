// The app with its job workers, plus a database handle and a queue of the test's own, for
// tests that write through domain functions (issue a certificate, complete a course) while
// the app's workers run the jobs: on PostgreSQL the app is a child process and the test
// gets a second client and a pg-boss without workers; on PGlite the in-process app's own.
import { openDatabase, type Database } from "#server/db";
import { loadConfig } from "#server/config";
import { createLogger } from "#server/log";
import type { Queue } from "#server/queue";
import { startJobs } from "../../jobs";
import { startApp } from "./app";
import { serverUrl } from "./db";
import { startInProcessApp } from "./in-process-app";

export type AppWithQueue = { url: string; db: Database; queue: Queue; stop(): Promise<void> };

export async function startAppWithQueue(env: Record<string, string> = {}): Promise<AppWithQueue> {
  if (serverUrl()) {
    const running = await startApp({ env });
    const handle = await openDatabase({ databaseUrl: running.database.url, poolSize: 4 });
    // a pg-boss client without workers: the test's enqueue; the app's workers run the jobs
    const jobs = await startJobs(handle, loadConfig({ DATABASE_URL: running.database.url }), createLogger("silent"), { work: false });
    return {
      url: running.url,
      db: handle.db,
      queue: jobs.queue,
      async stop() {
        await jobs.stop();
        await handle.close();
        await running.stop();
      },
    };
  }
  const app = await startInProcessApp({ env });
  return { url: app.url, db: app.db, queue: app.process.services.queue, stop: () => app.stop() };
}
