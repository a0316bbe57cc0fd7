import type { Db } from "./client";

/**
 * A query prepared once per database, for the reads every request makes: drizzle builds its SQL
 * once instead of on every call (building cost about as much as running a small read), and on
 * PostgreSQL node-postgres keeps it as a named statement on each pooled connection, parsed and
 * planned once per connection. PGlite runs the same text each time. Give each query its own name.
 */
export function preparedPerDb<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const byDb = new WeakMap<Db, Q>();
  return (db) => {
    let query = byDb.get(db);
    if (!query) {
      query = build(db);
      byDb.set(db, query);
    }
    return query;
  };
}
