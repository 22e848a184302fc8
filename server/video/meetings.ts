// /api/webhooks/meetings (phase 2; spec: Webhook receivers; Meeting events). Subscription
// notifications for online meeting recordings (Microsoft Graph's change notifications).
// A recording of a webinar's meeting is handed to the webinars area through the recordings
// port (WebinarRecordings.importMeetingRecording), which queues its import once, in this
// transaction (docs/decisions/webinars/recording-automation.md).
// - validation: a request with `validationToken` in the query is answered 200 with the
//   token as text/plain (Graph validates a new subscription this way);
// - a notification batch {value[]}: every item's clientState must equal
//   MEETINGS_CLIENT_STATE (constant time), else 401 and nothing is stored; with no value
//   configured (the automation is off) nothing can match, so every batch is 401.
// Each item is recorded once in webhook_events (provider `meetings`, event id = SHA-256 of
// the item's JSON: Graph items carry no id of their own) with an audit row.
import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { Database } from "../db";
import { DomainError, parseJsonBody } from "../kernel/errors";
import { recordWebhookOnce } from "../kernel/webhooks";
import { writeAudit } from "../audit";
import type { Queue } from "../queue";
import type { WebinarRecordings } from "./recordings";

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
  deps: { db: Database; clientState: string | undefined; now: Date; queue: Queue; recordings?: WebinarRecordings },
  rawBody: string,
): Promise<MeetingsAck> {
  let parsed: z.infer<typeof MeetingNotifications>;
  try {
    const result = MeetingNotifications.safeParse(parseJsonBody(rawBody));
    if (!result.success) throw result.error;
    parsed = result.data;
  } catch (e) {
    throw new DomainError(
      "bad_request",
      "Telo notifikácie nemá očakávaný tvar {value[]}.",
      e instanceof z.ZodError ? { issues: e.issues.map((i) => ({ path: i.path.join("."), message: i.message })) } : {},
    );
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
      const delivery = {
        provider: "meetings" as const,
        eventId,
        eventType: item.changeType ?? "notification",
        payload: json,
        signature: null,
        receivedAt: deps.now,
      };
      const receipt = await recordWebhookOnce(tx, delivery, async (webhookEventId) => {
        // a webinar's meeting: its import queued once (unknown meetings and other changes are recorded only)
        const imported = deps.recordings
          ? await deps.recordings.importMeetingRecording(tx, deps.queue, item, deps.now)
          : { outcome: "recorded_only", webinarId: null };
        await writeAudit(tx, {
          actorId: MEETINGS_ACTOR,
          action: `webhook.meetings.${item.changeType ?? "notification"}`,
          targetType: "meeting_recording",
          targetId: item.resource ?? null,
          details: { webhookEventId, subscriptionId: item.subscriptionId ?? null, result: imported.outcome, webinarId: imported.webinarId },
        });
        return { ok: true, result: imported.outcome };
      });
      if (receipt.duplicate) continue;
      recorded++;
    }
    return { received: true as const, recorded };
  });
}
