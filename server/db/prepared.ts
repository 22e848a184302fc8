// Statements of the signed-in student's hot paths, built once and sent as named prepared
// statements (docs/decisions/learning/the-student-path-at-scale.md > The student path at scale: prepared statements).
// Building a Drizzle query costs more CPU than PostgreSQL spends on an indexed lookup (the
// `is` checks, field ordering and SQL assembly of every request); a prepared query keeps
// the built SQL and only fills in the values. PostgreSQL parses a named statement once per
// connection (node-postgres remembers which it has); PGlite runs the same query unnamed.
//
// A Drizzle prepared query is bound to the client of the handle it was built on (the pool,
// or the one connection a transaction holds). It is built once, on the first handle that
// asks for it; every other handle gets a view of it bound to that handle's own client, so
// a statement asked for inside a transaction runs on the transaction's connection and
// nowhere else (server/db/prepared.test.ts). Where a driver keeps its client elsewhere
// than Drizzle 0.45's `client` field (checked, not assumed), each handle builds its own.
import type { DbOrTx } from "./client";

type Built = { query: object; client: unknown };

/** Queries built so far, per driver (node-postgres or PGlite: a session class) and name. */
const built = new WeakMap<object, Map<string, Built>>();
const perHandle = new WeakMap<object, Map<string, unknown>>();

/** The driver client a Drizzle handle runs its statements on (its session's `client`). */
function clientOf(session: object): unknown {
  return "client" in session ? session.client : undefined;
}

/**
 * The query `build` makes, bound to `db`'s client. `name` must stand for one SQL text: the
 * same name with another text would be refused by PostgreSQL on a connection that already
 * prepared it.
 */
export function prepared<Q extends object>(db: DbOrTx, name: string, build: (name: string) => Q): Q {
  let queries = perHandle.get(db);
  if (!queries) {
    queries = new Map();
    perHandle.set(db, queries);
  }
  let query = queries.get(name) as Q | undefined;
  if (query !== undefined) return query;
  const session: object = db._.session;
  const client = clientOf(session);
  let ofDriver = built.get(session.constructor);
  if (!ofDriver) {
    ofDriver = new Map();
    built.set(session.constructor, ofDriver);
  }
  const first = ofDriver.get(name);
  if (first && client !== undefined && first.client !== undefined) {
    query = Object.create(first.query, { client: { value: client } }) as Q;
  } else {
    query = build(name);
    const own = "client" in query ? query.client : undefined;
    // only a query whose client is the handle's own can be rebound to another handle's
    if (!first && own !== undefined && own === client) ofDriver.set(name, { query, client });
  }
  queries.set(name, query);
  return query;
}
