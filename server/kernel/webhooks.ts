// Receiving a webhook exactly once (docs/decisions/platform/webhook-acknowledgements.md > Webhook acknowledgements): the
// payment, video and meetings receivers record each delivery under (provider, eventId) in
// the transaction that handles it. The first delivery runs the handler and stores its
// outcome; a repeat runs nothing and is answered with the first delivery's outcome. The
// handler's audit row is the caller's (it knows the actor and the target).
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "../db";
import { webhookEvents } from "../db/schema";

export type WebhookDelivery = {
  provider: "payment" | "video" | "meetings";
  eventId: string;
  eventType: string;
  /** the raw body as received */
  payload: string;
  signature: string | null;
  receivedAt: Date;
};

/** What handling a delivery came to: `result` is the outcome a repeat is answered with. */
export type WebhookOutcome = { ok: boolean; result: string; message?: string; relatedOrderId?: string | null };

export type WebhookReceipt<O> = { duplicate: true; result: string | null } | { duplicate: false; webhookEventId: string; outcome: O };

export async function recordWebhookOnce<O extends WebhookOutcome>(
  tx: DbOrTx,
  delivery: WebhookDelivery,
  handle: (webhookEventId: string) => Promise<O>,
): Promise<WebhookReceipt<O>> {
  const [recorded] = await tx
    .insert(webhookEvents)
    .values({ ...delivery })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  if (!recorded) {
    const [seen] = await tx
      .select({ outcome: webhookEvents.outcome, result: webhookEvents.processingResult, error: webhookEvents.errorMessage })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.provider, delivery.provider), eq(webhookEvents.eventId, delivery.eventId)));
    return { duplicate: true, result: seen?.outcome ?? seen?.error ?? seen?.result ?? null };
  }
  const outcome = await handle(recorded.id);
  await tx
    .update(webhookEvents)
    .set({
      processedAt: sql`now()`,
      processingResult: outcome.ok ? "success" : "error",
      outcome: outcome.result,
      errorMessage: outcome.ok ? null : (outcome.message ?? outcome.result),
      ...(outcome.relatedOrderId !== undefined ? { relatedOrderId: outcome.relatedOrderId } : {}),
    })
    .where(eq(webhookEvents.id, recorded.id));
  return { duplicate: false, webhookEventId: recorded.id, outcome };
}

/** The acknowledgement every receiver answers: received, whether it was a repeat, and the (first) outcome. */
export function webhookAck(outcomes: string) {
  return z.strictObject({
    received: z.literal(true),
    duplicate: z.boolean(),
    result: z.string().nullable().describe(`what processing did: ${outcomes}`),
  });
}
