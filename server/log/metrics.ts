// Prometheus metrics (prom-client) of the process: request durations by route, database
// pool use, job queue depth and failures, and Node's default process metrics. Served by
// server.mjs on METRICS_PORT (its own listener) or at /metrics behind METRICS_TOKEN.
// One registry per module instance: several in-process test apps share it.
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export const httpRequestDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time from a request's arrival to the end of its response, by route pattern",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** What the collectors read at scrape time; set by start-up. */
export type MetricsSources = {
  pool?: { totalCount: number; idleCount: number; waitingCount: number } | undefined;
  queues?: () => Promise<{ name: string; queuedCount: number; activeCount: number; failedCount: number }[]>;
};

let sources: MetricsSources = {};

export function setMetricsSources(next: MetricsSources): void {
  sources = next;
}

new Gauge({
  name: "db_pool_connections",
  help: "PostgreSQL pool connections by state (total, idle, waiting clients)",
  labelNames: ["state"] as const,
  registers: [metricsRegistry],
  collect() {
    const pool = sources.pool;
    if (!pool) return;
    this.set({ state: "total" }, pool.totalCount);
    this.set({ state: "idle" }, pool.idleCount);
    this.set({ state: "waiting" }, pool.waitingCount);
  },
});

const queueCollector = {
  async read() {
    try {
      return (await sources.queues?.()) ?? [];
    } catch {
      return [];
    }
  },
};

new Gauge({
  name: "job_queue_depth",
  help: "Jobs per queue and state (queued = waiting, active = running)",
  labelNames: ["queue", "state"] as const,
  registers: [metricsRegistry],
  async collect() {
    for (const q of await queueCollector.read()) {
      this.set({ queue: q.name, state: "queued" }, q.queuedCount);
      this.set({ queue: q.name, state: "active" }, q.activeCount);
    }
  },
});

new Gauge({
  name: "job_failures",
  help: "Failed jobs still retained per queue (a rolling count of recent failures)",
  labelNames: ["queue"] as const,
  registers: [metricsRegistry],
  async collect() {
    for (const q of await queueCollector.read()) this.set({ queue: q.name }, q.failedCount);
  },
});
