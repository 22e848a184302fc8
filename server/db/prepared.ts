// Statements of the signed-in student's hot paths, built once per database handle and
// sent as named prepared statements (docs/decisions.md > The student path at scale:
// prepared statements). Building a Drizzle query costs more CPU than PostgreSQL spends on
// an indexed lookup (the `is` checks, field ordering and SQL assembly of every request);
// a prepared query keeps the built SQL and only fills in the values. PostgreSQL parses a
// named statement once per connection (node-postgres remembers which it has); PGlite runs
// the same query unnamed.
//
// A prepared query is bound to the handle it was built on: one built on the database runs
// outside any transaction, so a transaction gets its own (built once for that transaction).
import type { DbOrTx } from "./client";

const perHandle = new WeakMap<object, Map<string, unknown>>();

/**
 * The query `build` makes for `db`, built the first time this handle asks for `name`.
 * `name` must stand for one SQL text: the same name with another text would be refused by
 * PostgreSQL on a connection that already prepared it.
 */
export function prepared<Q>(db: DbOrTx, name: string, build: (name: string) => Q): Q {
  let queries = perHandle.get(db);
  if (!queries) {
    queries = new Map();
    perHandle.set(db, queries);
  }
  let query = queries.get(name) as Q | undefined;
  if (query === undefined) {
    query = build(name);
    queries.set(name, query);
  }
  return query;
}
