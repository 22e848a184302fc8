// /admin/posta/<id>/prilohy/<attachmentId>: one attachment of an outbox message as it was
// sent (the invoice PDF), for admins only.
import type { Route } from "./+types/mail-attachment";
import { servicesContext } from "../../context";
import { pageRoute } from "../../lib/page.server";
import { requireRoleForPage } from "../../lib/auth.server";
import { contentDisposition, PRIVATE_FILE_HEADERS } from "../../lib/download.server";
import { DomainError } from "#server/kernel/errors";
import { isId } from "#shared/ids";
import { getOutboxAttachment } from "#server/mail";

export const loader = pageRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  requireRoleForPage(request, context, "admin");
  const attachment =
    isId(params.messageId) && isId(params.attachmentId)
      ? await getOutboxAttachment(context.get(servicesContext).db, params.messageId, params.attachmentId)
      : null;
  if (!attachment) throw new DomainError("not_found", "Taká príloha v odchádzajúcej pošte nie je.");
  return new Response(Buffer.from(attachment.content), {
    headers: {
      ...PRIVATE_FILE_HEADERS,
      "Content-Type": attachment.contentType,
      "Content-Disposition": contentDisposition("attachment", attachment.filename),
    },
  });
});
