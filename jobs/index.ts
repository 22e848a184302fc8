// The worker registry: pg-boss on the application database (the same PGlite instance when
// embedded). It creates every queue named in server/queue (so `queue.enqueue(tx, …)`
// never meets a missing queue), sets the schedules and starts the workers, which call
// each area's handler. Areas never import this module; they enqueue through server/queue.
import { PgBoss, fromPglite, type Job, type Queue as QueueSettings } from "pg-boss";
import type { Config } from "#server/config";
import { openDatabase, type Database, type DatabaseHandle } from "#server/db";
import type { Logger } from "#server/log";
import { createQueue, QUEUE_NAMES, type Queue, type QueueName, type QueuePayloads } from "#server/queue";
import { purgeIdempotencyKeys } from "#server/http/idempotency";
import { purgeRateLimits } from "#server/http/rate-limit";
import { REFRESH_CACHES_CRON, refreshCachesJob, type IdpApi } from "#server/identity";
import { PURGE_SESSIONS_CRON, purgeSessionsJob } from "#server/auth";
import { renderCreditNotePdfJob, renderInvoicePdfJob } from "#server/invoices";
import { createMailer, sendMailJob } from "#server/mail";
import { EXPIRE_PENDING_CRON, EXPIRE_TRANSFER_REQUESTS_CRON, expirePendingOrders, expireTransferRequests } from "#server/orders";
import { SOFT_DELETE_VERSIONS_CRON, softDeleteVersionsJob } from "#server/authoring";
import { expireEnrollmentAccess } from "#server/enrollments";
import { expireOverdueAttempts } from "#server/quizzes";
import { issueCertificateJob } from "#server/certificates";
import { requestRefundJob, type PaymentRefunds } from "#server/payments";
import { testQuestionStatsJob } from "#server/insights";
import { outboundFailureOf } from "#server/http/outbound";
import { DELIVER_CRON, deliverEInvoicesJob, type AccessPoint } from "#server/einvoices";
import { REMIND_CRON, SUBSCRIPTION_CRON, importRecordingJob, keepMeetingsSubscription, sendDueReminders, type MeetingsAutomation } from "#server/webinars";
import { deriveFileJob, PURGE_UNREFERENCED_CRON, purgeUnreferencedJob } from "#server/files";

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
  /** jobs every purchase, refund or completion makes: woken at once, worked in parallel */
  busy?: boolean;
};

/**
 * The busy queues (invoices, certificates, e-mail, refunds) keep up with a burst of
 * purchases (docs/decisions/platform/jobs-keep-up.md > Jobs keep up): a job wakes its workers at once (NOTIFY on
 * a PostgreSQL server; 0.5 s polling on embedded PGlite), BUSY_WORKERS workers fetch BATCH
 * jobs at a time and fetch again at once while batches come back full, and each job of a
 * batch settles on its own. A worker that dies mid-job stops its heartbeat; the supervisor
 * (every SUPERVISE_SECONDS) fails the job after HEARTBEAT_SECONDS and it is retried.
 */
export const BUSY_WORKERS = 2;
/** Connections of the handlers' own pool (a PostgreSQL server); more jobs than this wait for one. */
export const WORKER_POOL_SIZE = 6;
export const BATCH = 4;
export const HEARTBEAT_SECONDS = 10;
export const SUPERVISE_SECONDS = 10;
const busyQueue = { heartbeatSeconds: HEARTBEAT_SECONDS, notify: true } as const;

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
  "orders.expire-transfer-requests": { options: { policy: "exclusive", retryLimit: 2, retryDelay: 300 }, cron: EXPIRE_TRANSFER_REQUESTS_CRON },
  "invoices.render-pdf": { options: { ...busyQueue, retryLimit: 5, retryDelay: 5, retryBackoff: true, retryDelayMax: 600 }, busy: true },
  "invoices.render-credit-note": { options: { ...busyQueue, retryLimit: 5, retryDelay: 5, retryBackoff: true, retryDelayMax: 600 }, busy: true },
  // exclusive: one delivery run at a time; each e-invoice backs off on its own (server/einvoices)
  "einvoices.deliver": { options: { policy: "exclusive", retryLimit: 2, retryDelay: 30 }, cron: DELIVER_CRON },
  "certificates.issue": { options: { ...busyQueue, retryLimit: 5, retryDelay: 10, retryBackoff: true, retryDelayMax: 900 }, busy: true },
  // the purchase confirmation waits for its invoice (a retry), so the first retries come soon
  "mail.send": { options: { ...busyQueue, retryLimit: 10, retryDelay: 10, retryBackoff: true, retryDelayMax: 3600 }, busy: true },
  // asks the gateway to refund a duplicate payment (server/payments/duplicates.ts)
  "payments.request-refund": { options: { ...busyQueue, retryLimit: 12, retryDelay: 15, retryBackoff: true, retryDelayMax: 3600 }, busy: true },
  // every 15 minutes; every learning request checks the expiry as well
  "enrollments.expire-access": { options: { policy: "exclusive", retryLimit: 2, retryDelay: 300 }, cron: "*/15 * * * *" },
  // every minute: attempts past their deadline are submitted with their saved answers (reads do it at once)
  "tests.expire-attempts": { options: { policy: "exclusive", retryLimit: 2, retryDelay: 30 }, cron: "* * * * *" },
  // daily: archived versions past 5 years without active enrollments (spec: Course states)
  "authoring.soft-delete-versions": { options: { policy: "exclusive", retryLimit: 2, retryDelay: 600 }, cron: SOFT_DELETE_VERSIONS_CRON },
  // per test (singletonKey = testId): at most one queued and one running
  "insights.test-question-stats": { options: { policy: "stately", retryLimit: 2, retryDelay: 60 } },
  // every 5 minutes: due webinar reminders, each once (a unique row; server/webinars)
  "webinars.remind": { options: { policy: "exclusive", retryLimit: 2, retryDelay: 60 }, cron: REMIND_CRON },
  // a meeting's recording, downloaded and handed to the video provider (server/webinars imports.ts): retried with backoff
  "webinars.import-recording": { options: { retryLimit: 6, retryDelay: 60, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 3600 } },
  // hourly: the meeting provider's recordings subscription made, or renewed a day before it expires
  "webinars.meetings-subscription": { options: { policy: "exclusive", retryLimit: 2, retryDelay: 300 }, cron: SUBSCRIPTION_CRON },
  // an upload's slides or widths (server/files): a few retries, pdftoppm may meet a busy machine
  "files.derive": { options: { retryLimit: 3, retryDelay: 30, retryBackoff: true } },
  // daily: uploads nothing references for 30 days (server/files)
  "files.purge-unreferenced": { options: { policy: "exclusive", retryLimit: 2, retryDelay: 600 }, cron: PURGE_UNREFERENCED_CRON },
};

/** A PgBoss on the application database: its own pool on a server, the same instance on PGlite. */
export function createBoss(database: DatabaseHandle, databaseUrl: string | undefined): PgBoss {
  return database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite), backend: "pglite", superviseIntervalSeconds: SUPERVISE_SECONDS } as never)
    : new PgBoss({ connectionString: databaseUrl!, max: 6, useListenNotify: true, superviseIntervalSeconds: SUPERVISE_SECONDS });
}

/** Where workers say which job they start (debug level); set by startJobs. */
let workerLog: Logger | undefined;

/** Whether workers poll fast (no NOTIFY on embedded PGlite); set by startJobs. */
let embedded = false;

/**
 * A typed worker: the handler gets the payload its queue carries. A busy queue's worker
 * runs a batch's jobs side by side and settles each on its own (a failing job is retried
 * alone); the others take one job at a time.
 */
export async function work<N extends QueueName>(
  boss: PgBoss,
  name: N,
  handler: (data: QueuePayloads[N], job: Job<QueuePayloads[N]>) => Promise<unknown>,
): Promise<void> {
  if (!QUEUES[name].busy) {
    await boss.work<QueuePayloads[N]>(name, async (jobs) => {
      let result: unknown;
      for (const job of jobs) {
        workerLog?.debug("job started", { queue: name, jobId: job.id });
        result = await handler(job.data, job);
      }
      return result;
    });
    return;
  }
  await boss.work<QueuePayloads[N]>(
    name,
    {
      batchSize: BATCH,
      burstWhenBatchFull: true,
      localConcurrency: BUSY_WORKERS,
      pollingIntervalSeconds: embedded ? 0.5 : 2,
      notifyPollingIntervalSeconds: 10,
      perJobResults: true,
      // retryCount: a retry of a job whose worker died takes its e-mail claim over (server/mail)
      includeMetadata: true,
    },
    async (jobs) =>
      Promise.all(
        jobs.map(async (job) => {
          workerLog?.debug("job started", { queue: name, jobId: job.id });
          try {
            const output = await handler(job.data, job);
            return { id: job.id, status: "completed" as const, output: output ?? null };
          } catch (error) {
            // an outside system's failure names its target and status or code (docs/decisions/platform/outbound-failures-carry-their-cause.md > Outbound failures carry their cause)
            const outbound = outboundFailureOf(error);
            workerLog?.warn("job failed; it is retried", {
              queue: name,
              jobId: job.id,
              error: (error as Error).message,
              ...(outbound ? { target: outbound.target, status: outbound.status, code: outbound.code } : {}),
            });
            return { id: job.id, status: "failed" as const, output: { message: (error as Error).message } };
          }
        }),
      ),
  );
}

export async function startJobs(
  database: DatabaseHandle,
  config: Config,
  log: Logger,
  options: { work: boolean; idpApi?: IdpApi; refunds?: PaymentRefunds; accessPoint?: AccessPoint; meetings?: MeetingsAutomation | null },
): Promise<Jobs> {
  const boss = createBoss(database, config.DATABASE_URL);
  workerLog = log;
  embedded = !!database.pglite;
  boss.on("error", (e: Error) => log.error("job queue error", { error: e.message }));
  await boss.start();
  // Every queue exists before anything is enqueued: pg-boss looks an unknown queue up on
  // its own connection, which inside a PGlite transaction would wait for that transaction.
  for (const name of QUEUE_NAMES) {
    await boss.createQueue(name, QUEUES[name].options);
    // createQueue leaves an existing queue as it was: a database made by an earlier version
    // gets today's settings too (the policy alone cannot change; it never did here)
    const { policy: _policy, ...settings } = QUEUES[name].options;
    await boss.updateQueue(name, settings);
  }
  // On a server the handlers get a pool of their own: a burst of jobs never takes the
  // connections the requests need (embedded PGlite has one connection anyway)
  let workerDatabase: DatabaseHandle | null = null;
  if (options.work) {
    for (const name of QUEUE_NAMES) {
      const cron = QUEUES[name].cron;
      if (cron) await boss.schedule(name, cron, null, { tz: TZ });
    }
    if (config.DATABASE_URL) {
      workerDatabase = await openDatabase({
        databaseUrl: config.DATABASE_URL,
        migrate: false,
        poolSize: WORKER_POOL_SIZE,
        onIdleError: (error) => log.warn("idle job database connection lost", { error: error.message }),
        onClientError: (error) => log.warn("job database connection lost (its job is retried)", { error: error.message }),
      });
    }
    await registerWorkers(boss, {
      db: (workerDatabase ?? database).db,
      log,
      idpApi: options.idpApi,
      refunds: options.refunds,
      accessPoint: options.accessPoint,
      meetings: options.meetings ?? null,
      config,
    });
  }
  return {
    boss,
    queue: createQueue(boss),
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000 });
      await workerDatabase?.close();
    },
  };
}

async function registerWorkers(
  boss: PgBoss,
  deps: {
    db: Database;
    log: Logger;
    idpApi?: IdpApi;
    refunds?: PaymentRefunds;
    accessPoint?: AccessPoint;
    meetings: MeetingsAutomation | null;
    config: Config;
  },
) {
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
  // pending orders older than 24 h become expired (docs/decisions/payments/orders-and-payments.md > Orders and payments)
  await work(boss, "orders.expire-pending", async () => {
    const expired = await expirePendingOrders(db);
    if (expired > 0) log.info("pending orders expired", { expired });
    return { expired };
  });
  // unpaid bank transfer requests past their due date expire, with an e-mail (docs/decisions/payments/pay-by-bank-transfer.md > Pay by bank transfer)
  await work(boss, "orders.expire-transfer-requests", async () => {
    const expired = await expireTransferRequests(db, createQueue(boss));
    if (expired > 0) log.info("payment requests expired", { expired });
    return { expired };
  });
  await work(boss, "invoices.render-pdf", renderInvoicePdfJob({ db, log, supplier: deps.config.invoiceSupplier }));
  await work(boss, "invoices.render-credit-note", renderCreditNotePdfJob({ db, log, supplier: deps.config.invoiceSupplier }));
  await work(boss, "authoring.soft-delete-versions", softDeleteVersionsJob({ db, log }));
  await work(boss, "files.derive", deriveFileJob({ db, log }));
  await work(boss, "files.purge-unreferenced", purgeUnreferencedJob({ db, log }));
  // a duplicate payment's refund is asked of the gateway (server/payments/duplicates.ts)
  if (deps.refunds)
    await work(
      boss,
      "payments.request-refund",
      requestRefundJob({ db, queue: createQueue(boss), refunds: deps.refunds, publicUrl: deps.config.publicUrl, log }),
    );
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
  // active enrollments past accessExpiresAt become expired (docs/decisions/learning/unlocking-and-progress.md > Unlocking and progress)
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
  await work(boss, "webinars.remind", async () => {
    const enqueued = await sendDueReminders({ db, queue: createQueue(boss), now: new Date() });
    if (enqueued > 0) log.info("webinar reminders enqueued", { enqueued });
    return { enqueued };
  });
  // e-invoices: validated, then handed to the Peppol access point (EINVOICE_AP_URL or the stand-in)
  if (deps.accessPoint) await work(boss, "einvoices.deliver", deliverEInvoicesJob({ db, log, accessPoint: deps.accessPoint }));
  // the meeting recordings (phase 2), when the automation is on (GRAPH_* settings or the stand-in)
  const meetings = deps.meetings;
  if (meetings) {
    await work(
      boss,
      "webinars.import-recording",
      importRecordingJob({ db, log, graph: meetings.graph, provider: meetings.provider, corsOrigin: meetings.corsOrigin }),
    );
    await work(boss, "webinars.meetings-subscription", async () => ({
      subscription: await keepMeetingsSubscription({
        graph: meetings.graph,
        notificationUrl: meetings.notificationUrl,
        clientState: meetings.clientState,
        now: new Date(),
        log,
      }),
    }));
  }
  // orders, invoices, certificates, mail, enrollments, tests: their areas add workers here
}
