// /admin: the administration's frame. Its middleware lets in content managers and admins
// only (anonymous → sign-in and back, anyone else → the 403 page), with roles read from
// the user cache on every request (app/lib/auth.server.ts). Admin features add routes
// under this layout in app/routes.ts. spec: Roles.
import { NavLink, Outlet, useLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { getAuth, requireRoleForPage } from "../../lib/auth.server";
import { hasRole } from "#server/identity";
import { errorPageTitle, StatusErrorPage } from "../../components/error-boundary";
import { pageTitle } from "../../site";

const ADMIN_ROLES = ["content_manager", "admin"] as const;

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    requireRoleForPage(request, context, ...ADMIN_ROLES);
    const response = await next();
    // personal, changing data: never cached, never indexed
    response.headers.set("Cache-Control", "private, no-store");
    response.headers.set("X-Robots-Tag", "noindex");
    return response;
  },
];

// which sections the navigation offers (the pages check the roles themselves)
export async function loader({ context }: Route.LoaderArgs) {
  const user = getAuth(context).user;
  return { isAdmin: user ? hasRole(user.roles, "admin") : false };
}

export const meta: Route.MetaFunction = ({ error }) =>
  error ? [{ title: errorPageTitle(error) }] : [{ title: pageTitle("Administrácia") }, { name: "robots", content: "noindex" }];

const sections = [
  { to: "/admin", label: "Prehľad", end: true },
  { to: "/admin/kurzy", label: "Kurzy", end: false },
  { to: "/admin/zapisy", label: "Zápisy", end: false, adminOnly: true },
  { to: "/admin/objednavky", label: "Objednávky", end: false, adminOnly: true },
  { to: "/admin/prevody", label: "Prevody", end: false, adminOnly: true },
  { to: "/admin/audit", label: "Audit", end: false, adminOnly: true },
  { to: "/admin/webhooky", label: "Webhooky", end: false, adminOnly: true },
  { to: "/admin/posta", label: "Odchádzajúca pošta", end: false, adminOnly: true },
  { to: "/admin/certifikaty", label: "Certifikáty", end: false, adminOnly: true },
  { to: "/", label: "Verejný katalóg", end: true },
];

function AdminNav({ isAdmin }: { isAdmin: boolean }) {
  return (
    <nav className="admin-nav" aria-label="Administrácia">
      <ul>
        {sections
          .filter((s) => isAdmin || !("adminOnly" in s))
          .map((s) => (
            <li key={s.to}>
              <NavLink to={s.to} end={s.end}>
                {s.label}
              </NavLink>
            </li>
          ))}
      </ul>
    </nav>
  );
}

export default function AdminLayout() {
  const { isAdmin } = useLoaderData<typeof loader>();
  return (
    <div className="admin">
      <p className="admin-badge">Administrácia</p>
      <AdminNav isAdmin={isAdmin} />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <div className="admin">
      <p className="admin-badge">Administrácia</p>
      <StatusErrorPage error={error} backTo={{ href: "/admin", label: "Späť na prehľad administrácie" }} />
    </div>
  );
}
