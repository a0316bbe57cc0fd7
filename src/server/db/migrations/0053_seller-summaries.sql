CREATE TABLE "seller_summaries" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"by_status" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_activity" timestamp with time zone,
	"listings" integer DEFAULT 0 NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seller_summaries" ADD CONSTRAINT "seller_summaries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_summaries_items_idx" ON "seller_summaries" USING btree ("items","company_id") WHERE "seller_summaries"."items" > 0;--> statement-breakpoint
CREATE INDEX "seller_summaries_listings_idx" ON "seller_summaries" USING btree ("listings","company_id") WHERE "seller_summaries"."items" > 0;--> statement-breakpoint
CREATE INDEX "seller_summaries_sales_idx" ON "seller_summaries" USING btree ("sales","company_id") WHERE "seller_summaries"."items" > 0;--> statement-breakpoint
CREATE INDEX "seller_summaries_activity_idx" ON "seller_summaries" USING btree ("last_activity","company_id") WHERE "seller_summaries"."items" > 0;--> statement-breakpoint
-- The admin seller list's figures (issue 15), kept by the database: one aggregate of each
-- statement's transition table per statement (a 5,000-item bulk insert adds to one summary row
-- per company in one statement, not 5,000 times). Triggers with transition tables take one
-- event each, hence one trigger per event. A DELETE only updates existing rows (never inserts):
-- a company's deletion cascades to its items, listings and orders, whose triggers then run
-- while the company row is already gone. docs/architecture.md "Seller list figures".
--
-- Adds the counts of b to a, leaving out the keys whose sum is 0: {"draft":2} + {"draft":-1,"sold":1}.
CREATE FUNCTION seller_summary_merge(a jsonb, b jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(key, n), '{}'::jsonb) FROM (
    SELECT key, sum(value::int) AS n
    FROM (SELECT key, value FROM jsonb_each_text(a) UNION ALL SELECT key, value FROM jsonb_each_text(b)) e
    GROUP BY key HAVING sum(value::int) <> 0
  ) t
$$;--> statement-breakpoint
CREATE FUNCTION seller_summary_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE seller_summaries s
    SET items = s.items + d.items, by_status = seller_summary_merge(s.by_status, d.by_status)
    FROM (
      SELECT company_id, sum(n)::int AS items, jsonb_object_agg(status, n) AS by_status
      FROM (SELECT company_id, status, -count(*)::int AS n FROM old_items
            WHERE deleted_at IS NULL GROUP BY company_id, status) g
      GROUP BY company_id
    ) d
    WHERE s.company_id = d.company_id;
    RETURN NULL;
  END IF;
  -- INSERT and UPDATE: +1 for each live row written, -1 for each live row it replaced; the
  -- newest updated_at of the rows written (soft-deleted ones too: a deletion is activity).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO seller_summaries AS s (company_id, items, by_status, last_activity)
    SELECT company_id, sum(n)::int, coalesce(jsonb_object_agg(status, n) FILTER (WHERE n <> 0), '{}'), max(at)
    FROM (SELECT company_id, status, count(*) FILTER (WHERE deleted_at IS NULL)::int AS n, max(updated_at) AS at
          FROM new_items GROUP BY company_id, status) g
    GROUP BY company_id
    ON CONFLICT (company_id) DO UPDATE SET
      items = s.items + excluded.items,
      by_status = CASE WHEN excluded.by_status = '{}' THEN s.by_status
        ELSE seller_summary_merge(s.by_status, excluded.by_status) END,
      last_activity = greatest(s.last_activity, excluded.last_activity);
  ELSE
    INSERT INTO seller_summaries AS s (company_id, items, by_status, last_activity)
    SELECT company_id, sum(n)::int, coalesce(jsonb_object_agg(status, n) FILTER (WHERE n <> 0), '{}'), max(at)
    FROM (SELECT company_id, status, sum(n)::int AS n, max(at) AS at FROM (
            SELECT company_id, status, CASE WHEN deleted_at IS NULL THEN 1 ELSE 0 END AS n, updated_at AS at
            FROM new_items
            UNION ALL
            SELECT company_id, status, -1, NULL FROM old_items WHERE deleted_at IS NULL
          ) r GROUP BY company_id, status) g
    GROUP BY company_id
    ON CONFLICT (company_id) DO UPDATE SET
      items = s.items + excluded.items,
      by_status = CASE WHEN excluded.by_status = '{}' THEN s.by_status
        ELSE seller_summary_merge(s.by_status, excluded.by_status) END,
      last_activity = greatest(s.last_activity, excluded.last_activity);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER inventory_items_summary_ins AFTER INSERT ON inventory_items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION seller_summary_items();--> statement-breakpoint
CREATE TRIGGER inventory_items_summary_upd AFTER UPDATE ON inventory_items
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION seller_summary_items();--> statement-breakpoint
CREATE TRIGGER inventory_items_summary_del AFTER DELETE ON inventory_items
  REFERENCING OLD TABLE AS old_items FOR EACH STATEMENT EXECUTE FUNCTION seller_summary_items();--> statement-breakpoint
-- Published eBay listings (state = 'published') and eBay order lines, by company: the rows that
-- count, +1 written and -1 replaced or deleted; companies whose figure does not move are skipped.
CREATE FUNCTION seller_summary_listings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE seller_summaries s SET listings = s.listings - d.n
    FROM (SELECT company_id, count(*)::int AS n FROM old_rows WHERE state = 'published' GROUP BY company_id) d
    WHERE s.company_id = d.company_id;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO seller_summaries AS s (company_id, listings)
    SELECT company_id, count(*)::int FROM new_rows WHERE state = 'published' GROUP BY company_id
    ON CONFLICT (company_id) DO UPDATE SET listings = s.listings + excluded.listings;
  ELSE
    INSERT INTO seller_summaries AS s (company_id, listings)
    SELECT company_id, sum(n)::int FROM (
      SELECT company_id, 1 AS n FROM new_rows WHERE state = 'published'
      UNION ALL
      SELECT company_id, -1 FROM old_rows WHERE state = 'published'
    ) r GROUP BY company_id HAVING sum(n) <> 0
    ON CONFLICT (company_id) DO UPDATE SET listings = s.listings + excluded.listings;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER ebay_listings_summary_ins AFTER INSERT ON ebay_listings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION seller_summary_listings();--> statement-breakpoint
CREATE TRIGGER ebay_listings_summary_upd AFTER UPDATE ON ebay_listings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION seller_summary_listings();--> statement-breakpoint
CREATE TRIGGER ebay_listings_summary_del AFTER DELETE ON ebay_listings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION seller_summary_listings();--> statement-breakpoint
CREATE FUNCTION seller_summary_sales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE seller_summaries s SET sales = s.sales - d.n
    FROM (SELECT company_id, count(*)::int AS n FROM old_rows GROUP BY company_id) d
    WHERE s.company_id = d.company_id;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO seller_summaries AS s (company_id, sales)
    SELECT company_id, count(*)::int FROM new_rows GROUP BY company_id
    ON CONFLICT (company_id) DO UPDATE SET sales = s.sales + excluded.sales;
  ELSE
    INSERT INTO seller_summaries AS s (company_id, sales)
    SELECT company_id, sum(n)::int FROM (
      SELECT company_id, 1 AS n FROM new_rows
      UNION ALL
      SELECT company_id, -1 FROM old_rows
    ) r GROUP BY company_id HAVING sum(n) <> 0
    ON CONFLICT (company_id) DO UPDATE SET sales = s.sales + excluded.sales;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER ebay_orders_summary_ins AFTER INSERT ON ebay_orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION seller_summary_sales();--> statement-breakpoint
CREATE TRIGGER ebay_orders_summary_upd AFTER UPDATE ON ebay_orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION seller_summary_sales();--> statement-breakpoint
CREATE TRIGGER ebay_orders_summary_del AFTER DELETE ON ebay_orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION seller_summary_sales();--> statement-breakpoint
-- Backfill: every company with an item, a listing or an order line. Taken under the tables'
-- locks of the migration's transaction, so no write falls between the backfill and the triggers.
INSERT INTO seller_summaries (company_id, items, by_status, last_activity, listings, sales)
SELECT c.id, coalesce(i.items, 0), coalesce(i.by_status, '{}'), i.last_activity, coalesce(l.n, 0), coalesce(o.n, 0)
FROM companies c
LEFT JOIN (
  SELECT company_id, sum(n)::int AS items,
    coalesce(jsonb_object_agg(status, n) FILTER (WHERE n > 0), '{}') AS by_status, max(at) AS last_activity
  FROM (SELECT company_id, status, count(*) FILTER (WHERE deleted_at IS NULL)::int AS n, max(updated_at) AS at
        FROM inventory_items GROUP BY company_id, status) g
  GROUP BY company_id
) i ON i.company_id = c.id
LEFT JOIN (SELECT company_id, count(*)::int AS n FROM ebay_listings WHERE state = 'published' GROUP BY company_id) l
  ON l.company_id = c.id
LEFT JOIN (SELECT company_id, count(*)::int AS n FROM ebay_orders GROUP BY company_id) o ON o.company_id = c.id
WHERE i.company_id IS NOT NULL OR l.company_id IS NOT NULL OR o.company_id IS NOT NULL;
