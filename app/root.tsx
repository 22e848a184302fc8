import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import stylesHref from "./styles.css?url";
import { authMiddleware, getAuth } from "./lib/auth.server";

// Origin check, session lookup and renewal for every request (pages and /api alike).
export const middleware: Route.MiddlewareFunction[] = [authMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const { user, csrfToken } = getAuth(context);
  return { viewer: user ? { displayName: user.displayName } : null, csrfToken };
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

// A page that fails with 429 renders the boundary below; keep the limiter's Retry-After.
export const headers: Route.HeadersFunction = ({ errorHeaders }) => {
  const retryAfter = errorHeaders?.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="sk">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#obsah">Preskočiť na obsah</a>
        <header className="site-header">
          <div className="inner">
            <Link to="/" className="brand">Akadémia športového manažmentu</Link>
            <nav className="site-nav" aria-label="Hlavná navigácia">
              <Link to="/">Katalóg kurzov</Link>
            </nav>
            <AccountMenu />
          </div>
        </header>
        <main id="obsah">{children}</main>
        <footer className="site-footer">
          <div className="inner">Akreditované vzdelávanie pre vedenie športových klubov a zväzov.</div>
        </footer>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Sign-in link, or the person's name and a sign-out form; both work without JavaScript. */
function AccountMenu() {
  const root = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  if (!root?.viewer || !root.csrfToken) {
    const returnTo = location.pathname === "/prihlasenie" ? "/" : location.pathname + location.search;
    return (
      <div className="account-menu">
        {/* a document navigation: the login route answers with a redirect to the provider */}
        <a className="button-link" href={`/api/auth/login?returnTo=${encodeURIComponent(returnTo)}`}>Prihlásiť sa</a>
      </div>
    );
  }
  return (
    <div className="account-menu">
      <Link to="/ucet" className="account-name" aria-label={`Môj účet: ${root.viewer.displayName}`}>
        {root.viewer.displayName}
      </Link>
      <form method="post" action="/api/auth/logout">
        <input type="hidden" name="csrf" value={root.csrfToken} />
        <button type="submit" className="link-button">Odhlásiť sa</button>
      </form>
    </div>
  );
}

export default function App() {
  return <Outlet />;
}

const statusTitles: Record<number, string> = {
  400: "Neplatná požiadavka",
  401: "Prihláste sa, prosím",
  403: "Prístup zamietnutý",
  404: "Stránka sa nenašla",
  429: "Príliš veľa požiadaviek",
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = statusTitles[status] ?? "Nastala chyba";
  const text =
    status === 404
      ? "Táto stránka neexistuje alebo bola presunutá."
      : status === 429
        ? "Skúste to, prosím, o chvíľu znova."
        : status >= 500
          ? "Ospravedlňujeme sa, niečo sa pokazilo. Skúste to neskôr."
          : "Túto požiadavku nemôžeme vybaviť.";
  return (
    <section className="error-page">
      <h1>{title}</h1>
      <p>{text}</p>
      <p><Link to="/">Späť na katalóg kurzov</Link></p>
    </section>
  );
}
