// Cross-cutting records: audit log, received webhooks, idempotency keys, rate limits.
import { index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, unique } from "drizzle-orm/pg-core";
import { createdAt, idPk, idRef, ts } from "./columns";

export const webhookProvider = pgEnum("webhook_provider", ["payment", "video", "meetings"]);

export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: idPk(),
    provider: webhookProvider("provider").notNull(),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    payload: text("payload").notNull(),
    signature: text("signature"),
    receivedAt: ts("received_at").notNull().defaultNow(),
    processedAt: ts("processed_at"),
    processingResult: text("processing_result"),
    /** what processing did (paid, failed, ignored_already_paid, …): the acknowledgement of every repeat names it */
    outcome: text("outcome"),
    errorMessage: text("error_message"),
    relatedOrderId: idRef("related_order_id"),
  },
  (t) => [
    unique("webhook_events_provider_event_uq").on(t.provider, t.eventId),
    // the admin order detail (related events) and the webhook viewer (newest first)
    index("webhook_events_related_order_idx").on(t.relatedOrderId),
    index("webhook_events_received_idx").on(t.receivedAt),
  ],
);

/** Who did what, when, why, to which target. Written for every privileged action. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: idPk(),
    actorId: text("actor_id").notNull(),
    actorRoles: text("actor_roles").array(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    reason: text("reason"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_target_idx").on(t.targetType, t.targetId),
    index("audit_log_actor_idx").on(t.actorId),
    // the audit viewer: newest first
    index("audit_log_created_idx").on(t.createdAt),
  ],
);

/** IETF httpapi Idempotency-Key: the first response is kept and replayed (server/http/idempotency.ts). */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: text("user_id").notNull(),
    route: text("route").notNull(),
    key: text("key").notNull(),
    /** sha-256 (hex) of the canonical JSON of the request body */
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status"),
    responseBody: jsonb("response_body"),
    /** the replayed headers (content-type, location, …), lower-case names */
    responseHeaders: jsonb("response_headers").$type<Record<string, string>>(),
    createdAt: createdAt(),
    completedAt: ts("completed_at"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.route, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);

/** Counters shared by every app instance (shape used by rate-limiter-flexible's Drizzle store). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull(),
  expire: timestamp("expire", { withTimezone: true, mode: "date" }),
});
