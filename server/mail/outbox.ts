// The local outbox's table (mail_outbox + attachments): written by the outbox transport's
// `store`, read by the admin page /admin/posta. One row per Message-ID, so storing the
// same logical e-mail twice keeps the first.
import { asc, count, desc, eq, and } from "drizzle-orm";
import { schema, type Database, type DbOrTx } from "../db";
import type { OutboxMessage } from "../stand-ins";

const { mailOutbox, mailOutboxAttachments } = schema;

/** Stores a message the outbox transport built; a second one with the same Message-ID is ignored. */
export async function storeOutboxMessage(db: Database, message: OutboxMessage): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(mailOutbox)
      .values({
        messageId: message.messageId,
        fromAddress: message.from,
        toAddresses: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        raw: message.raw,
      })
      .onConflictDoNothing({ target: mailOutbox.messageId })
      .returning({ id: mailOutbox.id });
    if (!row) return;
    if (message.attachments.length > 0) {
      await tx.insert(mailOutboxAttachments).values(
        message.attachments.map((a, position) => ({
          outboxId: row.id,
          position,
          filename: a.filename,
          contentType: a.contentType,
          size: a.content.byteLength,
          content: a.content,
        })),
      );
    }
  });
}

export type OutboxListItem = {
  id: string;
  messageId: string;
  to: string[];
  subject: string;
  createdAt: Date;
  attachmentCount: number;
};

/** Newest first, `limit` per page. */
export async function listOutbox(db: DbOrTx, options: { limit?: number; offset?: number } = {}): Promise<{ total: number; items: OutboxListItem[] }> {
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 200);
  const offset = Math.max(options.offset ?? 0, 0);
  const [{ total }] = await db.select({ total: count() }).from(mailOutbox);
  const rows = await db
    .select({
      id: mailOutbox.id,
      messageId: mailOutbox.messageId,
      to: mailOutbox.toAddresses,
      subject: mailOutbox.subject,
      createdAt: mailOutbox.createdAt,
      attachmentCount: count(mailOutboxAttachments.id),
    })
    .from(mailOutbox)
    .leftJoin(mailOutboxAttachments, eq(mailOutboxAttachments.outboxId, mailOutbox.id))
    .groupBy(mailOutbox.id)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit)
    .offset(offset);
  return { total, items: rows.map((r) => ({ ...r, attachmentCount: Number(r.attachmentCount) })) };
}

export type OutboxMessageView = {
  id: string;
  messageId: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  createdAt: Date;
  attachments: { id: string; filename: string; contentType: string; size: number }[];
};

/** One message with its attachments' names (not their bytes); null when unknown. */
export async function getOutboxMessage(db: DbOrTx, id: string): Promise<OutboxMessageView | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) return null;
  const attachments = await db
    .select({
      id: mailOutboxAttachments.id,
      filename: mailOutboxAttachments.filename,
      contentType: mailOutboxAttachments.contentType,
      size: mailOutboxAttachments.size,
    })
    .from(mailOutboxAttachments)
    .where(eq(mailOutboxAttachments.outboxId, id))
    .orderBy(asc(mailOutboxAttachments.position));
  return {
    id: row.id,
    messageId: row.messageId,
    from: row.fromAddress,
    to: row.toAddresses,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    createdAt: row.createdAt,
    attachments,
  };
}

/** One attachment's bytes; null unless it belongs to that message. */
export async function getOutboxAttachment(
  db: DbOrTx,
  messageId: string,
  attachmentId: string,
): Promise<{ filename: string; contentType: string; content: Uint8Array } | null> {
  const [row] = await db
    .select({ filename: mailOutboxAttachments.filename, contentType: mailOutboxAttachments.contentType, content: mailOutboxAttachments.content })
    .from(mailOutboxAttachments)
    .where(and(eq(mailOutboxAttachments.id, attachmentId), eq(mailOutboxAttachments.outboxId, messageId)));
  return row ?? null;
}

/** The whole message as an .eml; null when unknown. */
export async function getOutboxRaw(db: DbOrTx, id: string): Promise<Uint8Array | null> {
  const [row] = await db.select({ raw: mailOutbox.raw }).from(mailOutbox).where(eq(mailOutbox.id, id));
  return row?.raw ?? null;
}
