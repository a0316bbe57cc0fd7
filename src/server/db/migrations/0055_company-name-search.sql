CREATE INDEX "companies_name_trgm_idx" ON "companies" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_name_lower_idx" ON "companies" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "seller_summaries_all_items_idx" ON "seller_summaries" USING btree ("items","company_id");--> statement-breakpoint
CREATE INDEX "seller_summaries_all_listings_idx" ON "seller_summaries" USING btree ("listings","company_id");--> statement-breakpoint
CREATE INDEX "seller_summaries_all_sales_idx" ON "seller_summaries" USING btree ("sales","company_id");--> statement-breakpoint
CREATE INDEX "seller_summaries_all_activity_idx" ON "seller_summaries" USING btree (coalesce("last_activity", '-infinity'::timestamptz),"company_id");--> statement-breakpoint
-- Staff search companies by name (issue 15): `c.name ilike '%term%'` (the admin seller list and
-- its picker, the marketplace's sellers) read every company; the trigram GIN index above answers
-- a rare term from the index (pg_trgm: migration 0048, loaded by PGlite in db/pglite-extensions.ts).
--
-- The seller list with `companies=all` (every company, items or not) left-joined 100,000
-- companies to their summaries and sorted the coalesced figures, so every page sorted every
-- company. From now on every company has a summary row from its creation (zeros): the list is
-- the summary joined to its company, and each sort walks one of the indexes above (the name's
-- on companies) and stops at the page. The 0053 triggers only ever add to existing rows or
-- upsert, so they keep working; a company's deletion still cascades to its row.
CREATE FUNCTION seller_summary_companies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO seller_summaries (company_id) SELECT id FROM new_companies ON CONFLICT (company_id) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER companies_summary_ins AFTER INSERT ON companies
  REFERENCING NEW TABLE AS new_companies FOR EACH STATEMENT EXECUTE FUNCTION seller_summary_companies();--> statement-breakpoint
-- Backfill after the trigger, under the lock CREATE TRIGGER took: no company falls in between.
INSERT INTO seller_summaries (company_id) SELECT id FROM companies ON CONFLICT (company_id) DO NOTHING;
