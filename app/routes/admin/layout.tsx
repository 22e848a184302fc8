// /admin: the administration's frame. Its middleware lets in content managers and admins
// only (anonymous → sign-in and back, anyone else → the 403 page), with roles read from
// the user cache on every request (app/lib/auth.server.ts). Admin features add routes
// under this layout in app/routes.ts. spec: Roles.
import { NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requireRoleForPage } from "../../lib/auth.server";
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

export const meta: Route.MetaFunction = ({ error }) =>
  error ? [{ title: errorPageTitle(error) }] : [{ title: pageTitle("Administrácia") }, { name: "robots", content: "noindex" }];

const sections = [
  { to: "/admin", label: "Prehľad", end: true },
  { to: "/admin/kurzy", label: "Kurzy", end: false },
  { to: "/admin/posta", label: "Odchádzajúca pošta", end: false },
  { to: "/", label: "Verejný katalóg", end: true },
];

function AdminNav() {
  return (
    <nav className="admin-nav" aria-label="Administrácia">
      <ul>
        {sections.map((s) => (
          <li key={s.to}>
            <NavLink to={s.to} end={s.end}>{s.label}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function AdminLayout() {
  return (
    <div className="admin">
      <p className="admin-badge">Administrácia</p>
      <AdminNav />
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
