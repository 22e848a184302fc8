// The webhook event viewer's reads (/admin/webhooky): every received
// event of every provider (spec: Resources > WebhookEvent), newest first, with its
// processing result, filtered by provider, result, type and related order.
import { and, count, desc, eq, isNull, type SQL } from "drizzle-orm";
import { z } from "zod";
import { blankAsUnset, Id, positiveInt } from "../kernel/contract";
import { schema, type DbOrTx } from "../db";
import { isId } from "../../shared/ids";

const { webhookEvents } = schema;

export const WEBHOOK_PAGE_SIZE = 20;

/** The viewer's query (URL parameters of /admin/webhooky). */
export const WebhookEventQuery = z.object({
  provider: z.preprocess(blankAsUnset, z.enum(["payment", "video", "meetings"], { error: "Neznámy poskytovateľ." }).optional()),
  result: z.preprocess(blankAsUnset, z.enum(["success", "error", "unprocessed"], { error: "Neznámy výsledok." }).optional()),
  eventType: z.preprocess(blankAsUnset, z.string().trim().min(1).max(100).optional()),
  orderId: z.preprocess(blankAsUnset, z.string().trim().pipe(Id).optional()),
  page: z.preprocess(blankAsUnset, positiveInt(1_000_000).default(1)),
});
export type WebhookEventQuery = z.infer<typeof WebhookEventQuery>;

export type WebhookEventRow = typeof webhookEvents.$inferSelect;

export async function listWebhookEvents(
  db: DbOrTx,
  query: WebhookEventQuery,
  pageSize = WEBHOOK_PAGE_SIZE,
): Promise<{ rows: WebhookEventRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [
    query.provider ? eq(webhookEvents.provider, query.provider) : undefined,
    query.result === "unprocessed" ? isNull(webhookEvents.processingResult) : query.result ? eq(webhookEvents.processingResult, query.result) : undefined,
    query.eventType ? eq(webhookEvents.eventType, query.eventType) : undefined,
    query.orderId ? eq(webhookEvents.relatedOrderId, query.orderId) : undefined,
  ];
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: count() }).from(webhookEvents).where(where);
  const rows = await db
    .select()
    .from(webhookEvents)
    .where(where)
    .orderBy(desc(webhookEvents.receivedAt), desc(webhookEvents.id))
    .limit(pageSize)
    .offset((query.page - 1) * pageSize);
  return { rows, total: Number(total) };
}

/** One event by its row id; null when unknown. */
export async function getWebhookEvent(db: DbOrTx, id: string): Promise<WebhookEventRow | null> {
  if (!isId(id)) return null;
  const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, id)).limit(1);
  return row ?? null;
}

/** The event types received so far (the viewer's filter choices). */
export async function webhookEventTypes(db: DbOrTx): Promise<string[]> {
  const rows = await db.selectDistinct({ v: webhookEvents.eventType }).from(webhookEvents).orderBy(webhookEvents.eventType);
  return rows.map((r) => r.v);
}
