// The worker registry: pg-boss on the application database (the same PGlite instance when
// embedded). It creates every queue named in server/queue (so `queue.enqueue(tx, …)`
// never meets a missing queue), sets the schedules and starts the workers, which call
// each area's handler. Areas never import this module; they enqueue through server/queue.
import { PgBoss, fromPglite, type Job, type Queue as QueueSettings } from "pg-boss";
import type { Config } from "#server/config";
import type { Database, DatabaseHandle } from "#server/db";
import type { Logger } from "#server/log";
import { createQueue, QUEUE_NAMES, type Queue, type QueueName, type QueuePayloads } from "#server/queue";
import { purgeIdempotencyKeys } from "#server/http/idempotency";
import { purgeRateLimits } from "#server/http/rate-limit";
import { REFRESH_CACHES_CRON, refreshCachesJob, type IdpApi } from "#server/identity";
import { PURGE_SESSIONS_CRON, purgeSessionsJob } from "#server/auth";
import { renderCreditNotePdfJob, renderInvoicePdfJob } from "#server/invoices";
import { createMailer, sendMailJob } from "#server/mail";
import { EXPIRE_PENDING_CRON, expirePendingOrders } from "#server/orders";
import { SOFT_DELETE_VERSIONS_CRON, softDeleteVersionsJob } from "#server/authoring";
import { expireEnrollmentAccess } from "#server/learning";
import { expireOverdueAttempts } from "#server/quizzes";
import { issueCertificateJob } from "#server/certificates";
import { testQuestionStatsJob } from "#server/insights";

export type Jobs = {
  boss: PgBoss;
  /** what areas use: `queue.enqueue(tx, name, data)` */
  queue: Queue;
  stop(): Promise<void>;
};

const TZ = "Europe/Bratislava";

type QueueSetup = {
  options: Omit<QueueSettings, "name">;
  /** cron in Europe/Bratislava time; the schedule sends one job with null data */
  cron?: string;
};

/**
 * Every queue's settings. Retries back off; delivery is at least once. A queue whose area
 * has not arrived yet still exists, so jobs enqueued for it wait for its worker.
 */
const QUEUES: Record<QueueName, QueueSetup> = {
  "identity.refresh-caches": {
    // exclusive: at most one run queued or active, whatever the number of app instances
    options: { policy: "exclusive", retryLimit: 3, retryDelay: 300, retryBackoff: true },
    cron: REFRESH_CACHES_CRON,
  },
  "auth.purge-sessions": { options: { policy: "exclusive", retryLimit: 2, retryDelay: 600 }, cron: PURGE_SESSIONS_CRON },
  // hourly: keys are kept at least 24 h, so the table holds about a day of keys
  "platform.purge-idempotency-keys": { options: { policy: "exclusive", retryLimit: 2, retryDelay: 300 }, cron: "20 * * * *" },
  // every 10 minutes: per-IP counters of one-minute windows pile up quickly
  "platform.purge-rate-limits": { options: { policy: "exclusive", retryLimit: 2, retryDelay: 60 }, cron: "*/10 * * * *" },
  "orders.expire-pending": { options: { policy: "exclusive", retryLimit: 2, retryDelay: 60 }, cron: EXPIRE_PENDING_CRON },
  "invoices.render-pdf": { options: { retryLimit: 5, retryDelay: 30, retryBackoff: true } },
  "invoices.render-credit-note": { options: { retryLimit: 5, retryDelay: 30, retryBackoff: true } },
  "certificates.issue": { options: { retryLimit: 5, retryDelay: 60, retryBackoff: true } },
  "mail.send": { options: { retryLimit: 8, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600 } },
  // every 15 minutes; every learning request checks the expiry as well
  "enrollments.expire-access": { options: { policy: "exclusive", retryLimit: 2, retryDelay: 300 }, cron: "*/15 * * * *" },
  // every minute: attempts past deadline + 60 s are submitted with their saved answers
  "tests.expire-attempts": { options: { policy: "exclusive", retryLimit: 2, retryDelay: 30 }, cron: "* * * * *" },
  // daily: archived versions past 5 years without active enrollments (spec: Course states)
  "authoring.soft-delete-versions": { options: { policy: "exclusive", retryLimit: 2, retryDelay: 600 }, cron: SOFT_DELETE_VERSIONS_CRON },
  // per test (singletonKey = testId): at most one queued and one running
  "insights.test-question-stats": { options: { policy: "stately", retryLimit: 2, retryDelay: 60 } },
};

/** A PgBoss on the application database: its own pool on a server, the same instance on PGlite. */
export function createBoss(database: DatabaseHandle, databaseUrl: string | undefined): PgBoss {
  return database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite), backend: "pglite" } as never)
    : new PgBoss({ connectionString: databaseUrl!, max: 4 });
}

/** Where workers say which job they start (debug level); set by startJobs. */
let workerLog: Logger | undefined;

/** A typed worker: the handler gets the payload its queue carries. */
export async function work<N extends QueueName>(
  boss: PgBoss,
  name: N,
  handler: (data: QueuePayloads[N], job: Job<QueuePayloads[N]>) => Promise<unknown>,
): Promise<void> {
  await boss.work<QueuePayloads[N]>(name, async (jobs) => {
    let result: unknown;
    for (const job of jobs) {
      workerLog?.debug("job started", { queue: name, jobId: job.id });
      result = await handler(job.data, job);
    }
    return result;
  });
}

export async function startJobs(
  database: DatabaseHandle,
  config: Config,
  log: Logger,
  options: { work: boolean; idpApi?: IdpApi },
): Promise<Jobs> {
  const boss = createBoss(database, config.DATABASE_URL);
  workerLog = log;
  boss.on("error", (e: Error) => log.error("job queue error", { error: e.message }));
  await boss.start();
  // Every queue exists before anything is enqueued: pg-boss looks an unknown queue up on
  // its own connection, which inside a PGlite transaction would wait for that transaction.
  for (const name of QUEUE_NAMES) await boss.createQueue(name, QUEUES[name].options);
  if (options.work) {
    for (const name of QUEUE_NAMES) {
      const cron = QUEUES[name].cron;
      if (cron) await boss.schedule(name, cron, null, { tz: TZ });
    }
    await registerWorkers(boss, { db: database.db, log, idpApi: options.idpApi, config });
  }
  return {
    boss,
    queue: createQueue(boss),
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000 });
    },
  };
}

async function registerWorkers(boss: PgBoss, deps: { db: Database; log: Logger; idpApi?: IdpApi; config: Config }) {
  const { db, log } = deps;
  await work(boss, "auth.purge-sessions", purgeSessionsJob({ db, log }));
  if (deps.idpApi) {
    await work(
      boss,
      "identity.refresh-caches",
      refreshCachesJob({
        db,
        log,
        idpApi: deps.idpApi,
        names: { claimPrefix: deps.config.IDP_CLAIM_PREFIX, rolePrefix: deps.config.APP_ROLE_PREFIX },
      }),
    );
  }
  await work(boss, "platform.purge-idempotency-keys", async () => {
    const deleted = await purgeIdempotencyKeys(db);
    log.info("idempotency keys purged", { deleted });
    return { deleted };
  });
  await work(boss, "platform.purge-rate-limits", async () => {
    const deleted = await purgeRateLimits(db);
    log.debug("expired rate-limit counters purged", { deleted });
    return { deleted };
  });
  // pending orders older than 24 h become expired (DESIGN.md > Orders and payments)
  await work(boss, "orders.expire-pending", async () => {
    const expired = await expirePendingOrders(db);
    if (expired > 0) log.info("pending orders expired", { expired });
    return { expired };
  });
  await work(boss, "invoices.render-pdf", renderInvoicePdfJob({ db, log, supplier: deps.config.invoiceSupplier }));
  await work(boss, "invoices.render-credit-note", renderCreditNotePdfJob({ db, log, supplier: deps.config.invoiceSupplier }));
  await work(boss, "authoring.soft-delete-versions", softDeleteVersionsJob({ db, log }));
  await work(boss, "tests.expire-attempts", async () => {
    const expired = await expireOverdueAttempts(db, { queue: createQueue(boss) });
    if (expired > 0) log.info("overdue test attempts submitted", { expired });
    return { expired };
  });
  // certificates: the sandbox issues at once, the manual partner leaves an admin task
  await work(
    boss,
    "certificates.issue",
    issueCertificateJob({
      db,
      log,
      queue: createQueue(boss),
      idpApi: deps.idpApi,
      partner: deps.config.certificatePartner,
      birthDate: deps.config.CERTIFICATE_BIRTH_DATE,
    }),
  );
  // active enrollments past accessExpiresAt become expired (DESIGN.md > Unlocking and progress)
  await work(boss, "enrollments.expire-access", async () => {
    const expired = await expireEnrollmentAccess(db);
    if (expired > 0) log.info("enrollments expired", { expired });
    return { expired };
  });
  // SMTP when SMTP_URL is set, else the local outbox (/admin/posta)
  const mailer = await createMailer({ db, config: deps.config });
  await work(
    boss,
    "mail.send",
    sendMailJob({
      db,
      log,
      mailer,
      publicUrl: deps.config.publicUrl,
      adminUrl: deps.config.adminUrl,
      supplier: deps.config.invoiceSupplier,
      adminRecipients: deps.config.ADMIN_NOTIFY_EMAIL,
    }),
  );
  await work(boss, "insights.test-question-stats", testQuestionStatsJob({ db, log }));
  // orders, invoices, certificates, mail, enrollments, tests: their areas add workers here
}
