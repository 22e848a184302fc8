// /admin/posta/<id>/html (the HTML version, sandboxed: no scripts, no requests, no forms)
// and /admin/posta/<id>/eml (the whole MIME message) of one outbox message, for admins
// only.
import type { Route } from "./+types/mail-part";
import { servicesContext } from "../../context";
import { pageRoute } from "../../lib/page.server";
import { requireRoleForPage } from "../../lib/auth.server";
import { contentDisposition, PRIVATE_FILE_HEADERS } from "../../lib/download.server";
import { DomainError } from "#server/kernel/errors";
import { isId } from "#shared/ids";
import { getOutboxMessage, getOutboxRaw } from "#server/mail";

const missing = () => new DomainError("not_found", "Taký e-mail v odchádzajúcej pošte nie je.");

export const loader = pageRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  requireRoleForPage(request, context, "admin");
  const { db } = context.get(servicesContext);
  const id = params.messageId;
  if (!isId(id)) throw missing();
  if (params.part === "eml") {
    const raw = await getOutboxRaw(db, id);
    if (!raw) throw missing();
    return new Response(Buffer.from(raw), {
      headers: { ...PRIVATE_FILE_HEADERS, "Content-Type": "message/rfc822", "Content-Disposition": contentDisposition("attachment", `email-${id}.eml`) },
    });
  }
  if (params.part === "html") {
    const message = await getOutboxMessage(db, id);
    if (!message?.html) throw missing();
    return new Response(message.html, {
      headers: {
        ...PRIVATE_FILE_HEADERS,
        "Content-Type": "text/html; charset=utf-8",
        "Content-Security-Policy": "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:",
      },
    });
  }
  throw missing();
});
