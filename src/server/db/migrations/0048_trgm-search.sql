-- The staff lists' contains-search (issue 15): `email ilike '%term%' or display_name
-- ilike ...` (admin user lists) read every row; trigram GIN indexes answer them from the index.
-- Not on inventory items: three GIN indexes there more than doubled the import's insert time.
-- pg_trgm is a trusted extension (PostgreSQL 13+: a database owner may create it without
-- superuser). PGlite ships it as
-- @electric-sql/pglite/contrib/pg_trgm, loaded in db/pglite-extensions.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_display_name_trgm_idx" ON "users" USING gin ("display_name" gin_trgm_ops);
