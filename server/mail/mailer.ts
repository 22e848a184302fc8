// The way out: SMTP through nodemailer when SMTP_URL is set, else the local outbox
// stand-in (server/stand-ins/mail-outbox), which the mail area chooses here and only here.
import nodemailer from "nodemailer";
import type { Config } from "../config";
import type { Database } from "../db";
import { storeOutboxMessage } from "./outbox";
import { networkCodeOf, type OutboundErrorFields } from "../http/outbound";

export type OutgoingAttachment = { filename: string; contentType: string; content: Uint8Array };

export type OutgoingMail = {
  /** the RFC 5322 Message-ID, "<…@…>"; derived from the delivery key, so a resend carries the same one */
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: OutgoingAttachment[];
};

export type Mailer = {
  transport: "smtp" | "outbox";
  from: string;
  send(mail: OutgoingMail): Promise<{ messageId: string; accepted: string[] }>;
  close(): void;
};

/**
 * The mailer for this configuration. The stand-ins module is imported only when the
 * outbox is chosen (as the other stand-ins are), so a configured deployment never loads
 * it; in production the outbox refuses to start.
 */
/** Milliseconds; together well under the claim timeout of a delivery (send.ts). */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

export async function createMailer(deps: { db: Database; config: Pick<Config, "SMTP_URL" | "MAIL_FROM" | "production"> }): Promise<Mailer> {
  const { config } = deps;
  let transporter;
  if (config.SMTP_URL) {
    // a live worker never holds a delivery claim longer than these (send.ts CLAIM_TIMEOUT_MS);
    // the URL's own query parameters win
    transporter = nodemailer.createTransport({ url: config.SMTP_URL, ...SMTP_TIMEOUTS });
  } else {
    const { createOutboxTransport } = await import("../stand-ins");
    transporter = nodemailer.createTransport(createOutboxTransport({ production: config.production, store: (m) => storeOutboxMessage(deps.db, m) }));
  }
  return {
    transport: config.SMTP_URL ? "smtp" : "outbox",
    from: config.MAIL_FROM,
    async send(mail) {
      let info;
      try {
        info = await transporter.sendMail({
          from: config.MAIL_FROM,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: mail.messageId,
          attachments: mail.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content) })),
        });
      } catch (error) {
        // the SMTP server's reply code or the socket's error code, for the job's log line
        throw new SmtpError(error);
      }
      const accepted = (info.accepted ?? []).map((a: string | { address: string }) => (typeof a === "string" ? a : a.address));
      return { messageId: info.messageId, accepted };
    },
    close() {
      transporter.close();
    },
  };
}

/** A send the SMTP server refused or could not take (nodemailer's error, with its codes). */
export class SmtpError extends Error implements OutboundErrorFields {
  override readonly name = "SmtpError";
  readonly outboundTarget = "smtp" as const;
  /** the SMTP reply code (535 authentication failed, 550 mailbox unavailable, …) */
  readonly status: number | undefined;
  readonly code: string | undefined;
  constructor(cause: unknown) {
    super(`SMTP send failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    const responseCode = (cause as { responseCode?: unknown } | null)?.responseCode;
    this.status = typeof responseCode === "number" ? responseCode : undefined;
    this.code = networkCodeOf(cause);
  }
}
