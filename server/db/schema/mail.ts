// Outgoing e-mail (server/mail): the sent markers that make the mail.send job idempotent,
// and the local outbox that stands in for SMTP when none is configured.
import { index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { bytea, createdAt, idPk, ts } from "./columns";

/**
 * One row per logical e-mail (`key`, e.g. `purchase_confirmation:<orderId>`): claimed
 * before sending, marked sent after, so a rerun of the job sends nothing new.
 */
export const mailDeliveries = pgTable("mail_deliveries", {
  key: text("key").primaryKey(),
  kind: text("kind").notNull(),
  /** sending (claimed) | sent | skipped (nothing to send, e.g. no address) */
  state: text("state").notNull(),
  /** smtp | outbox */
  transport: text("transport"),
  messageId: text("message_id"),
  recipient: text("recipient"),
  claimedAt: ts("claimed_at").notNull(),
  /** the job attempt that claimed it (`<job id>:<retry count>`): a later attempt of the same job takes a dead attempt's claim over at once */
  claimedBy: text("claimed_by"),
  sentAt: ts("sent_at"),
  note: text("note"),
});

/** Messages the local outbox "sent" (no SMTP configured); read at /admin/posta. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: idPk(),
    /** the RFC 5322 Message-ID, derived from the delivery key: one row per logical e-mail */
    messageId: text("message_id").notNull(),
    fromAddress: text("from_address").notNull(),
    toAddresses: text("to_addresses").array().notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /** the whole message as SMTP would have carried it (MIME, .eml) */
    raw: bytea("raw").notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique("mail_outbox_message_id_uq").on(t.messageId), index("mail_outbox_created_idx").on(t.createdAt)],
);

export const mailOutboxAttachments = pgTable(
  "mail_outbox_attachments",
  {
    id: idPk(),
    outboxId: text("outbox_id")
      .notNull()
      .references(() => mailOutbox.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    content: bytea("content").notNull(),
  },
  (t) => [unique("mail_outbox_attachments_position_uq").on(t.outboxId, t.position)],
);
