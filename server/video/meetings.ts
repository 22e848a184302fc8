// /api/webhooks/meetings (phase 2; spec: Webhook receivers; Meeting events). Subscription
// notifications for online meeting recordings (Microsoft Graph's change notifications).
// In this version they are checked and recorded only; downloading the recording and
// handing it to the video provider is phase 2 (spec: "not performed in the current
// version").
// - validation: a request with `validationToken` in the query is answered 200 with the
//   token as text/plain (Graph validates a new subscription this way);
// - a notification batch {value[]}: every item's clientState must equal
//   MEETINGS_CLIENT_STATE (constant time), else 401 and nothing is stored; with no value
//   configured nothing can match (no subscription exists), so every batch is 401.
// Each item is recorded once in webhook_events (provider `meetings`, event id = SHA-256 of
// the item's JSON: Graph items carry no id of their own) with an audit row.
import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { Database } from "../db";
import { DomainError, parseJsonBody } from "../http/errors";
import { recordWebhookOnce } from "../http/webhooks";
import { writeAudit } from "../audit";

export const MEETINGS_ACTOR = "system:meetings";

export const MeetingNotification = z.looseObject({
  subscriptionId: z.string().max(200).nullish(),
  subscriptionExpirationDateTime: z.string().max(64).nullish(),
  changeType: z.string().max(100).nullish(),
  resource: z.string().max(2000).nullish(),
  tenantId: z.string().max(200).nullish(),
  clientState: z.string().max(500).nullish(),
});
export const MeetingNotifications = z.looseObject({ value: z.array(MeetingNotification).min(1).max(100) });

export const MeetingsAck = z.strictObject({
  received: z.literal(true),
  recorded: z.int().min(0).describe("notifications recorded now (repeats of recorded ones are not counted)"),
});
export type MeetingsAck = z.infer<typeof MeetingsAck>;

function sameSecret(a: string, b: string): boolean {
  const x = createHash("sha256").update(a).digest();
  const y = createHash("sha256").update(b).digest();
  return timingSafeEqual(x, y) && a.length === b.length;
}

export async function receiveMeetingNotifications(
  deps: { db: Database; clientState: string | undefined; now: Date },
  rawBody: string,
): Promise<MeetingsAck> {
  let parsed: z.infer<typeof MeetingNotifications>;
  try {
    const result = MeetingNotifications.safeParse(parseJsonBody(rawBody));
    if (!result.success) throw result.error;
    parsed = result.data;
  } catch (e) {
    throw new DomainError("bad_request", "Telo notifikácie nemá očakávaný tvar {value[]}.", e instanceof z.ZodError ? { issues: e.issues.map((i) => ({ path: i.path.join("."), message: i.message })) } : {});
  }
  const expected = deps.clientState;
  // every item must carry the configured clientState; one stranger refuses the batch
  const allMatch = parsed.value.every((item) => typeof item.clientState === "string" && expected !== undefined && sameSecret(item.clientState, expected));
  if (!allMatch) throw new DomainError("invalid_signature", "Hodnota clientState nesedí s nastavenou hodnotou.", { field: "clientState" });

  return deps.db.transaction(async (tx) => {
    let recorded = 0;
    for (const item of parsed.value) {
      const json = JSON.stringify(item);
      const eventId = createHash("sha256").update(json).digest("hex");
      const delivery = { provider: "meetings" as const, eventId, eventType: item.changeType ?? "notification", payload: json, signature: null, receivedAt: deps.now };
      const receipt = await recordWebhookOnce(tx, delivery, async (webhookEventId) => {
        await writeAudit(tx, {
          actorId: MEETINGS_ACTOR,
          action: `webhook.meetings.${item.changeType ?? "notification"}`,
          targetType: "meeting_recording",
          targetId: item.resource ?? null,
          details: { webhookEventId, subscriptionId: item.subscriptionId ?? null, result: "recorded_only" },
        });
        return { ok: true, result: "recorded_only" };
      });
      if (receipt.duplicate) continue;
      recorded++;
    }
    return { received: true as const, recorded };
  });
}
