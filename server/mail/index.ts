// Outgoing e-mail (spec: Events > Notifications triggered by domain changes; docs/decisions/platform/stack.md >
// Stack: nodemailer, SMTP when configured, else a local outbox the admin can read).
// - `sendMailJob` handles the `mail.send` job (jobs/ registers it): purchase confirmation
//   with the invoice PDF attached, sponsorship notice, certificate issued (detail link and
//   public verification URL), admins' completion notice, the uploading admin's video
//   notices. Idempotent per logical e-mail (send.ts).
// - `createMailer` chooses SMTP (SMTP_URL) or the local outbox stand-in.
// - `listOutbox`, `getOutboxMessage`, `getOutboxAttachment`, `getOutboxRaw` serve
//   /admin/posta.
export { createMailer, type Mailer, type OutgoingMail, type OutgoingAttachment } from "./mailer";
export { sendMail, sendMailJob, deliveryKey, messageIdFor, MailInProgressError, CLAIM_TIMEOUT_MS, type MailDeps, type MailResult } from "./send";
export { listOutbox, getOutboxMessage, getOutboxAttachment, getOutboxRaw, type OutboxListItem, type OutboxMessageView } from "./outbox";
export { escapeHtml } from "./templates";
