// /admin/posta/<id>: one message of the local outbox: headers, the plain text, links to
// its attachments (the invoice PDF), the HTML version and the whole message (.eml).
import { Link } from "react-router";
import type { Route } from "./+types/mail-message";
import { servicesContext } from "../../context";
import { pageRoute } from "../../lib/page.server";
import { requireRoleForPage } from "../../lib/auth.server";
import { Breadcrumbs } from "../../components/breadcrumbs";
import { DomainError } from "#server/kernel/errors";
import { isId } from "#shared/ids";
import { getOutboxMessage } from "#server/mail";
import { formatDateTime, formatDecimal } from "#shared/format";
import { pageTitle } from "../../site";

function formatSize(bytes: number): string {
  return bytes < 1024 ? `${bytes}\u00a0B` : `${formatDecimal(bytes / 1024, 1)}\u00a0kB`;
}

export const loader = pageRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  requireRoleForPage(request, context, "admin");
  const id = params.messageId;
  const message = isId(id) ? await getOutboxMessage(context.get(servicesContext).db, id) : null;
  if (!message) throw new DomainError("not_found", "Taký e-mail v odchádzajúcej pošte nie je.");
  return {
    id: message.id,
    messageId: message.messageId,
    from: message.from,
    to: message.to.join(", "),
    subject: message.subject,
    sentAt: formatDateTime(message.createdAt),
    sentAtIso: message.createdAt.toISOString(),
    text: message.text,
    hasHtml: message.html !== null,
    attachments: message.attachments.map((a) => ({
      href: `/admin/posta/${message.id}/prilohy/${a.id}`,
      filename: a.filename,
      contentType: a.contentType,
      size: formatSize(a.size),
    })),
  };
});

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `E-mail: ${loaderData.subject}` : "E-mail") },
  { name: "robots", content: "noindex" },
];

export default function MailMessage({ loaderData: m }: Route.ComponentProps) {
  return (
    <>
      <Breadcrumbs items={[{ label: "Administrácia", href: "/admin" }, { label: "Odchádzajúca pošta", href: "/admin/posta" }, { label: m.subject }]} />
      <h1>{m.subject}</h1>
      <dl className="mail-headers">
        <dt>Od</dt>
        <dd>{m.from}</dd>
        <dt>Komu</dt>
        <dd>{m.to}</dd>
        <dt>Odoslané</dt>
        <dd>
          <time dateTime={m.sentAtIso}>{m.sentAt}</time>
        </dd>
        <dt>Message-ID</dt>
        <dd>
          <code>{m.messageId}</code>
        </dd>
      </dl>

      <section aria-labelledby="prilohy-nadpis">
        <h2 id="prilohy-nadpis">Prílohy</h2>
        {m.attachments.length === 0 ? (
          <p className="muted">Bez príloh.</p>
        ) : (
          <ul className="link-list">
            {m.attachments.map((a) => (
              <li key={a.href}>
                <a href={a.href} download={a.filename}>
                  {`Stiahnuť ${a.filename}`}
                </a>{" "}
                <span className="muted">{`(${a.contentType}, ${a.size})`}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="text-nadpis">
        <h2 id="text-nadpis">Text správy</h2>
        <pre className="card" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", fontFamily: "inherit", margin: 0 }}>
          {m.text}
        </pre>
      </section>

      <ul className="link-list">
        {m.hasHtml ? (
          <li>
            <a href={`/admin/posta/${m.id}/html`}>Zobraziť HTML verziu</a>
          </li>
        ) : null}
        <li>
          <a href={`/admin/posta/${m.id}/eml`} download>
            Stiahnuť celú správu (.eml)
          </a>
        </li>
        <li>
          <Link to="/admin/posta">Späť na odchádzajúcu poštu</Link>
        </li>
      </ul>
    </>
  );
}
