-- The staff and item lists' contains-search (issue 15): `email ilike '%term%' or display_name
-- ilike ...` (admin user lists) and `title/sku/barcode ilike '%term%'` (item lists) read every
-- row; trigram GIN indexes answer them from the index. pg_trgm is a trusted extension
-- (PostgreSQL 13+: a database owner may create it without superuser). PGlite ships it as
-- @electric-sql/pglite/contrib/pg_trgm, loaded in db/pglite-extensions.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "inventory_items_title_trgm_idx" ON "inventory_items" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inventory_items_sku_trgm_idx" ON "inventory_items" USING gin ("sku" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inventory_items_barcode_trgm_idx" ON "inventory_items" USING gin ("barcode" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_display_name_trgm_idx" ON "users" USING gin ("display_name" gin_trgm_ops);
