// /admin/posta: the local mail outbox (server/mail), newest first. Without SMTP_URL every
// e-mail the app sends (purchase confirmations with invoices, sponsorship notices) lands
// here instead of going out, so a newcomer can read what students would receive. Role admin
// (invoices, names and addresses: money and student data are the admin's; spec: roles).
import { Link } from "react-router";
import type { Route } from "./+types/mail-outbox";
import { servicesContext } from "../../context";
import { pageRoute } from "../../lib/page.server";
import { requireRoleForPage } from "../../lib/auth.server";
import { Breadcrumbs } from "../../components/breadcrumbs";
import { listOutbox } from "#server/mail";
import { formatDateTime } from "#shared/format";
import { pageTitle } from "../../site";

const PAGE_SIZE = 50;

export const loader = pageRoute(async ({ request, context }: Route.LoaderArgs) => {
  // invoices, names and addresses: money and student data are the admin's (spec: roles)
  requireRoleForPage(request, context, "admin");
  // at most page 100 000: a larger number would reach the database as "5e+21" (a 500)
  const page = Math.min(100_000, Math.max(1, Number.parseInt(new URL(request.url).searchParams.get("strana") ?? "1", 10) || 1));
  const { total, items } = await listOutbox(context.get(servicesContext).db, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return {
    page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    total,
    messages: items.map((m) => ({
      id: m.id,
      to: m.to.join(", "),
      subject: m.subject,
      sentAt: formatDateTime(m.createdAt),
      sentAtIso: m.createdAt.toISOString(),
      attachmentCount: m.attachmentCount,
    })),
  };
});

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Odchádzajúca pošta") }, { name: "robots", content: "noindex" }];

export default function MailOutbox({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <Breadcrumbs items={[{ label: "Administrácia", href: "/admin" }, { label: "Odchádzajúca pošta" }]} />
      <h1>Odchádzajúca pošta</h1>
      <p className="muted">
        Lokálna schránka: keď nie je nastavený SMTP server (premenná <code>SMTP_URL</code>), aplikácia e-maily neodosiela, ale ukladá ich sem – potvrdenia
        nákupu s faktúrou, oznámenia o zápise organizáciou. Najnovšie sú hore.
      </p>
      {d.messages.length === 0 ? (
        <p className="notice">Schránka je prázdna. E-mail sa tu objaví napríklad po zaplatení kurzu.</p>
      ) : (
        <table className="stats mail-list">
          <caption className="visually-hidden">Odoslané e-maily, najnovšie prvé ({d.total})</caption>
          <thead>
            <tr>
              <th scope="col">Odoslané</th>
              <th scope="col">Komu</th>
              <th scope="col">Predmet</th>
              <th scope="col">Prílohy</th>
            </tr>
          </thead>
          <tbody>
            {d.messages.map((m) => (
              <tr key={m.id}>
                <td style={{ textAlign: "left", whiteSpace: "nowrap" }}>
                  <time dateTime={m.sentAtIso}>{m.sentAt}</time>
                </td>
                <td style={{ textAlign: "left", overflowWrap: "anywhere" }}>{m.to}</td>
                <th scope="row">
                  <Link to={`/admin/posta/${m.id}`}>{m.subject}</Link>
                </th>
                <td>{m.attachmentCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {d.pages > 1 ? (
        <nav className="pagination" aria-label="Stránkovanie pošty">
          {d.page > 1 ? <Link to={`/admin/posta?strana=${d.page - 1}`}>Novšie</Link> : null}
          <span>{`Strana ${d.page} z ${d.pages}`}</span>
          {d.page < d.pages ? <Link to={`/admin/posta?strana=${d.page + 1}`}>Staršie</Link> : null}
        </nav>
      ) : null}
    </>
  );
}
