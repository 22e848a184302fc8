import { Link, Links, Meta, NavLink, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import stylesHref from "./styles.css?url";
// the brand mark as a hashed build asset (cached for a year), or inlined when small
import brandMarkHref from "./brand-mark.svg?url";
import { authMiddleware, getAuth } from "./lib/auth.server";
import { methodGuardMiddleware, requestGuardMiddleware } from "./lib/request-guard.server";
import { errorPageTitle, StatusErrorPage } from "./components/error-boundary";
import { SITE } from "./site";
import { useNonce } from "./lib/nonce";
import { servicesContext } from "./context";
import { SellerDetails, useSeller } from "./components/seller";

// Input no route should see (NUL bytes) and the error body on every /api answer; then the
// Origin check, session lookup and renewal for every request (pages and /api alike); then
// a method the route does not serve (405, before any role check, loader or action).
export const middleware: Route.MiddlewareFunction[] = [requestGuardMiddleware, authMiddleware, methodGuardMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const { user, csrfToken } = getAuth(context);
  // the seller in every page's footer (distance selling: identity and contact before the order)
  const { seller } = context.get(servicesContext).site;
  return { viewer: user ? { displayName: user.displayName } : null, csrfToken, seller };
}

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesHref },
  { rel: "icon", href: brandMarkHref, type: "image/svg+xml" },
];

// Pages override the title; an error page (this boundary) gets its status's Slovak title.
export const meta: Route.MetaFunction = ({ error }) =>
  error
    ? [{ title: errorPageTitle(error) }, { name: "robots", content: "noindex" }]
    : [{ title: SITE.name }, { name: "description", content: SITE.description }];

// A page that fails with 429 renders the boundary below; keep the limiter's Retry-After.
export const headers: Route.HeadersFunction = ({ errorHeaders }) => {
  const retryAfter = errorHeaders?.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="sk">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#obsah">
          Preskočiť na obsah
        </a>
        <header className="site-header">
          <div className="inner">
            <Link to="/" className="brand">
              <img src={brandMarkHref} alt="" width={32} height={32} className="brand-mark" />
              <span className="brand-name">{SITE.name}</span>
            </Link>
            <nav className="site-nav" aria-label="Hlavná navigácia">
              <NavLink to="/" end>
                Katalóg<span className="wide-only"> kurzov</span>
              </NavLink>
            </nav>
            <AccountMenu />
          </div>
        </header>
        <main id="obsah">{children}</main>
        <SiteFooter />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The tagline, the legal links and the seller: on every page, error pages included. */
function SiteFooter() {
  const seller = useSeller();
  return (
    <footer className="site-footer">
      <div className="inner">
        <p>{SITE.tagline}</p>
        <nav aria-label="Právne informácie">
          <ul className="footer-links">
            <li>
              <Link to="/obchodne-podmienky">Obchodné podmienky</Link>
            </li>
            <li>
              <Link to="/ochrana-osobnych-udajov">Ochrana osobných údajov</Link>
            </li>
            <li>
              <Link to="/obchodne-podmienky#predavajuci">Kontakt</Link>
            </li>
          </ul>
        </nav>
        {seller && <SellerDetails seller={seller} className="footer-seller" />}
      </div>
    </footer>
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
        <a className="button-link" href={`/api/auth/login?returnTo=${encodeURIComponent(returnTo)}`}>
          Prihlásiť sa
        </a>
      </div>
    );
  }
  return (
    <div className="account-menu">
      {/* the name on a wide screen, "Môj účet" on a phone; the accessible name holds both */}
      <Link to="/ucet" className="account-link" aria-label={`Môj účet: ${root.viewer.displayName}`}>
        <svg className="account-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="12" cy="8" r="4" fill="currentColor" />
          <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" fill="currentColor" />
        </svg>
        <span className="wide-only">{root.viewer.displayName}</span>
        <span className="narrow-only">Môj účet</span>
      </Link>
      <form method="post" action="/api/auth/logout">
        <input type="hidden" name="csrf" value={root.csrfToken} />
        <button type="submit" className="link-button" aria-label="Odhlásiť sa">
          Odhlásiť<span className="wide-only"> sa</span>
        </button>
      </form>
    </div>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusErrorPage error={error} />;
}
