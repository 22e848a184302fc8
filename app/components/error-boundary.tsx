// The Slovak error page every route family renders (root, /admin): a friendly title and
// text by HTTP status, the API error body's `message` when the thrower gave one
// (`throw data(errorBody(403, "forbidden", "…"), { status: 403 })`), a way back — and
// never a stack trace. spec: Errors; STYLE.md > Errors.
import { isRouteErrorResponse, Link, useLocation } from "react-router";
import { pageTitle } from "../site";

type StatusText = { title: string; text: string };

const byStatus: Record<number, StatusText> = {
  400: { title: "Neplatná požiadavka", text: "Požiadavke sme nerozumeli. Skontrolujte adresu alebo údaje a skúste to znova." },
  401: { title: "Prihláste sa, prosím", text: "Táto stránka je dostupná len po prihlásení." },
  403: { title: "Prístup zamietnutý", text: "Na túto stránku nemáte oprávnenie. Ak si myslíte, že ide o omyl, obráťte sa na správcu akadémie." },
  404: { title: "Stránka sa nenašla", text: "Táto stránka neexistuje alebo bola presunutá." },
  405: { title: "Táto akcia tu nie je možná", text: "Stránka túto požiadavku nepodporuje." },
  409: { title: "Zmena sa nedala uložiť", text: "Medzitým sa niečo zmenilo. Obnovte stránku a skúste to znova." },
  410: { title: "Stránka už neexistuje", text: "Obsah na tejto adrese bol odstránený." },
  422: { title: "Údaje nie sú platné", text: "Skontrolujte vyplnené údaje a skúste to znova." },
  429: { title: "Príliš veľa požiadaviek", text: "Skúste to, prosím, o chvíľu znova." },
  500: { title: "Nastala chyba", text: "Ospravedlňujeme sa, niečo sa pokazilo. Skúste to neskôr." },
  503: { title: "Služba je dočasne nedostupná", text: "Pracujeme na tom. Skúste to, prosím, o chvíľu znova." },
};

/** The HTTP status an error boundary shows: the thrown response's, else 500. */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

function statusText(status: number): StatusText {
  return byStatus[status] ?? (status >= 500 ? byStatus[500] : byStatus[400]);
}

/** The `message` of an API error body `{error, message, details}`, if the thrower sent one. */
function bodyMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error)) return null;
  const body: unknown = error.data;
  if (body && typeof body === "object" && "message" in body && typeof body.message === "string" && body.message.trim()) {
    return body.message;
  }
  return null;
}

/** The document title of an error page (for the boundary route's `meta`). */
export function errorPageTitle(error: unknown): string {
  return pageTitle(statusText(errorStatus(error)).title);
}

export function StatusErrorPage({
  error,
  backTo = { href: "/", label: "Späť na katalóg kurzov" },
}: {
  error: unknown;
  backTo?: { href: string; label: string };
}) {
  const location = useLocation();
  const status = errorStatus(error);
  const { title, text } = statusText(status);
  // 5xx: the message of an unexpected failure is not for the visitor; a message that only
  // repeats the title ("Prihláste sa, prosím.") gives way to the fuller default text
  const raw = status < 500 ? bodyMessage(error) : null;
  const message = raw && raw.replace(/[.!]$/, "") !== title ? raw : null;
  const returnTo = encodeURIComponent(location.pathname + location.search);
  return (
    <section className="error-page" aria-labelledby="chyba-nadpis">
      <p className="error-code">Chyba {status}</p>
      <h1 id="chyba-nadpis">{title}</h1>
      <p>{message ?? text}</p>
      <p className="error-actions">
        {status === 401 ? (
          <a className="button" href={`/api/auth/login?returnTo=${returnTo}`}>
            Prihlásiť sa
          </a>
        ) : null}
        <Link to={backTo.href}>{backTo.label}</Link>
      </p>
    </section>
  );
}
