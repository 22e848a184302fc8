// The local mail outbox: a nodemailer transport that delivers nowhere. It builds the
// message exactly as SMTP would carry it (MIME) and hands it, with its parts, to `store`,
// which the mail area provides (it owns the mail_outbox table and shows it at
// /admin/posta). Stands in for SMTP when SMTP_URL is not set; refused in production.
import type { Transport } from "nodemailer";
import { refuseInProduction } from "../guard";

export type OutboxAttachment = { filename: string; contentType: string; content: Uint8Array };

export type OutboxMessage = {
  messageId: string;
  /** the From header as given */
  from: string;
  /** envelope recipients */
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  attachments: OutboxAttachment[];
  /** the whole message (RFC 5322, MIME) */
  raw: Uint8Array;
};

export type OutboxSentInfo = { envelope: { from: string | false; to: string[] }; messageId: string; accepted: string[]; rejected: string[]; response: string };

function addressText(value: unknown): string {
  if (!value) return "";
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(addressText).filter(Boolean).join(", ");
  if (typeof value === "object" && "address" in value) {
    const { name, address } = value as { name?: string; address: string };
    return name ? `${name} <${address}>` : address;
  }
  return String(value);
}

function bytesOf(content: unknown): Uint8Array {
  if (content instanceof Uint8Array) return content;
  if (typeof content === "string") return new TextEncoder().encode(content);
  throw new TypeError("the local outbox stores attachments given as bytes or text only");
}

function textOf(value: unknown): string | null {
  if (value === undefined || value === null || value === false) return null;
  if (typeof value === "string") return value;
  if (value instanceof Uint8Array) return new TextDecoder().decode(value);
  throw new TypeError("the local outbox stores text and HTML given as strings only");
}

/** The outbox as a nodemailer transport (`nodemailer.createTransport(createOutboxTransport(…))`). */
export function createOutboxTransport(options: { production: boolean; store(message: OutboxMessage): Promise<void> }): Transport<OutboxSentInfo> {
  refuseInProduction("local mail outbox", options.production);
  return {
    name: "LocalOutbox",
    version: "1",
    send(mail, done) {
      const envelope = mail.message.getEnvelope();
      const messageId = mail.message.messageId();
      const data = mail.data;
      const store = async () => {
        const raw = new Uint8Array(await mail.message.build());
        await options.store({
          messageId,
          from: addressText(data.from),
          to: envelope.to,
          subject: typeof data.subject === "string" ? data.subject : "",
          text: textOf(data.text) ?? "",
          html: textOf(data.html),
          attachments: (data.attachments ?? []).map((a, i) => ({
            filename: a.filename || `priloha-${i + 1}`,
            contentType: a.contentType ?? "application/octet-stream",
            content: bytesOf(a.content),
          })),
          raw,
        });
      };
      store().then(
        () =>
          done(null, {
            envelope,
            messageId,
            accepted: envelope.to,
            rejected: [],
            response: "250 stored in the local outbox",
          }),
        (error: Error) => done(error),
      );
    },
  };
}
