// Which methods each route answers, decided in one place for pages and /api alike
// (docs/decisions/platform/one-answer-to-a-method-a-route.md > One answer to a method a route does not serve). The request handler
// (respond.ts) hands React Router's route manifest to the root middleware through the
// request context; the middleware looks the matched route's pattern up here and answers a
// method the route does not serve with 405, `Allow` and the error body (JSON under /api,
// the Slovak error page elsewhere), before any loader or action runs.
// - A route whose methods are declared (the /api contract's operations, by path) answers
//   those.
// - Otherwise from the module: a page (a module with a component) answers GET, and POST
//   when it has an action; a resource route GET when it has a loader, POST when it has an
//   action.
// - A catch-all (`*`) answers every method (404: nothing is there).
// GET implies HEAD; OPTIONS is answered by the front door (front.ts).
import { createContext } from "react-router";

export type RouteManifestEntry = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: { default?: unknown; loader?: unknown; action?: unknown };
};
export type RouteManifest = Record<string, RouteManifestEntry | undefined>;

/** The build's route manifest, set on every request's context by the request handler. */
export const routeManifestContext = createContext<RouteManifest | null>(null);

/** A route pattern as React Router reports it to middleware: its paths joined, no leading slash. */
export function normalizePattern(pattern: string): string {
  return pattern.replace(/\/\/+/g, "/").replace(/^\/+/, "").replace(/\/+$/, "");
}

/**
 * The methods of each leaf route by its pattern; null for a catch-all (every method).
 * `declared`: methods by pattern (`api/courses/:slug` → ["GET"]), which win over the module's
 * (Allow lists them in this order).
 */
export function routeMethodTable(manifest: RouteManifest, declared: Record<string, readonly string[]>): Map<string, string[] | null> {
  const entries = Object.values(manifest).filter((r): r is RouteManifestEntry => !!r);
  const byId = new Map(entries.map((r) => [r.id, r]));
  const hasChildren = new Set(entries.map((r) => r.parentId).filter((id): id is string => !!id));
  const declaredBy = new Map(Object.entries(declared).map(([p, m]) => [normalizePattern(p), m]));
  const patternOf = (route: RouteManifestEntry): string => {
    const paths: string[] = [];
    for (let r: RouteManifestEntry | undefined = route; r; r = r.parentId ? byId.get(r.parentId) : undefined) if (r.path) paths.unshift(r.path);
    return normalizePattern(paths.join("/"));
  };
  const table = new Map<string, string[] | null>();
  // leaves last, so a leaf (an index route) wins over its layout, which shares its pattern
  for (const route of [...entries].sort((a, b) => Number(!hasChildren.has(a.id)) - Number(!hasChildren.has(b.id)))) {
    const pattern = patternOf(route);
    const own = declaredBy.get(pattern);
    let methods: string[] | null;
    if (pattern === "*" || pattern.endsWith("/*")) methods = null;
    else if (own) methods = [...new Set(own.map((m) => m.toUpperCase()))];
    else {
      const page = route.module.default !== undefined;
      methods = [...(page || route.module.loader ? ["GET"] : []), ...(route.module.action ? ["POST"] : [])];
    }
    table.set(pattern, methods);
  }
  return table;
}

/** Whether a route with these methods answers `method` (GET implies HEAD; OPTIONS is the door's). */
export function answersMethod(methods: readonly string[], method: string): boolean {
  const m = method.toUpperCase();
  return m === "OPTIONS" || methods.includes(m) || (m === "HEAD" && methods.includes("GET"));
}

const tables = new WeakMap<RouteManifest, Map<string, string[] | null>>();

/**
 * The methods of the route React Router matched (its pattern), or null when any method is
 * answered (a catch-all, or a request outside React Router's handler: no manifest).
 */
export function methodsOfRoute(manifest: RouteManifest | null, declared: () => Record<string, readonly string[]>, pattern: string): string[] | null {
  if (!manifest) return null;
  let table = tables.get(manifest);
  if (!table) {
    table = routeMethodTable(manifest, declared());
    tables.set(manifest, table);
  }
  return table.get(normalizePattern(pattern)) ?? null;
}
