import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * Extensions every PGlite instance loads (a migration's CREATE EXTENSION needs the extension's
 * files in the WebAssembly file system): pg_trgm for the trigram indexes of the staff lists and the mail search.
 * PostgreSQL ships them in its contrib package.
 */
export const pgliteExtensions = { pg_trgm };
