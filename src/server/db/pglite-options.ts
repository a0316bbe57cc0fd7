import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * What every embedded database is opened with: the `pg_trgm` extension, for the mail search's
 * trigram index (migration 0045; PostgreSQL ships it in contrib).
 */
export const PGLITE_OPTIONS = { extensions: { pg_trgm } };
