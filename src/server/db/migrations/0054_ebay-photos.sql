CREATE TABLE "ebay_photos" (
	"photo_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"image_id" text,
	"image_url" text,
	"expires_at" timestamp with time zone,
	"uploaded_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ebay_connections" ADD COLUMN "photos_wanted_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ebay_connections" ADD COLUMN "photos_done_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ebay_photos" ADD CONSTRAINT "ebay_photos_photo_id_inventory_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."inventory_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebay_photos" ADD CONSTRAINT "ebay_photos_company_id_ebay_connections_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."ebay_connections"("company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebay_photos" ADD CONSTRAINT "ebay_photos_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ebay_photos_company_idx" ON "ebay_photos" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "ebay_photos_item_idx" ON "ebay_photos" USING btree ("item_id");--> statement-breakpoint
-- The pictures publishes stored per listing (by photo reference) move to ebay_photos, for
-- companies still connected, before the column goes.
INSERT INTO "ebay_photos" ("photo_id", "company_id", "item_id", "image_url", "expires_at", "uploaded_at")
SELECT DISTINCT ON (p.id) p.id, l.company_id, l.item_id, img.value ->> 'url',
       (img.value ->> 'expiresAt')::timestamptz, l.updated_at
FROM "ebay_listings" l
CROSS JOIN LATERAL jsonb_each(l.images) AS img(ref, value)
JOIN "ebay_connections" c ON c.company_id = l.company_id
JOIN "inventory_photos" p ON p.company_id = l.company_id
  AND p.id = CASE WHEN img.ref ~* '^/api/inventory/photos/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                  THEN substr(img.ref, 23)::uuid END
WHERE img.value ->> 'url' IS NOT NULL
ORDER BY p.id, l.updated_at DESC;
--> statement-breakpoint
ALTER TABLE "ebay_listings" DROP COLUMN "images";--> statement-breakpoint
-- Photos sent to eBay ahead of a publish (issue 13, docs/ebay.md "Photos"). Item changes that can
-- make an item ready to list, or change which photos it shows, move the connection's
-- photos_wanted_seq on and queue the company's eBay job (the listing job, one queued or running
-- per company), which sends the photos while no listing work waits. Only for a connected seller
-- whose setup is complete (the columns setup.ts's setupOf checks). Statement triggers: a 5,000-row
-- import chunk asks once per company, not 5,000 times.
CREATE FUNCTION blocklot_ebay_photos_wanted(company_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH bumped AS (
    UPDATE ebay_connections SET photos_wanted_seq = photos_wanted_seq + 1
    WHERE company_id = ANY(company_ids) AND state = 'connected' AND business_policies
      AND fulfillment_policy_id IS NOT NULL AND payment_policy_id IS NOT NULL
      AND return_policy_id IS NOT NULL AND merchant_location_key IS NOT NULL
    RETURNING company_id
  )
  INSERT INTO jobs (id, kind, key, payload, max_attempts)
  SELECT gen_random_uuid(), 'ebay-listings', 'ebay-listings:' || company_id::text,
         jsonb_build_object('companyId', company_id), 25
  FROM bumped
  ON CONFLICT (key) WHERE status IN ('queued', 'running') DO NOTHING
$$;
--> statement-breakpoint
CREATE FUNCTION blocklot_ebay_photos_items_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  SELECT array_agg(DISTINCT n.company_id) INTO ids
  FROM new_rows n WHERE n.deleted_at IS NULL AND cardinality(n.photos) > 0;
  IF ids IS NOT NULL THEN
    PERFORM blocklot_ebay_photos_wanted(ids);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Photos added, removed, replaced or reordered; the item deleted or back; or a field that
-- decides whether it is ready to list (status, title, description, price, quantity, category).
CREATE FUNCTION blocklot_ebay_photos_items_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  SELECT array_agg(DISTINCT n.company_id) INTO ids
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.photos IS DISTINCT FROM o.photos
     OR (n.deleted_at IS NULL) <> (o.deleted_at IS NULL)
     OR (n.deleted_at IS NULL AND cardinality(n.photos) > 0 AND (
          n.status IS DISTINCT FROM o.status
          OR n.title IS DISTINCT FROM o.title
          OR n.description IS DISTINCT FROM o.description
          OR n.price IS DISTINCT FROM o.price
          OR (n.quantity > 0) <> (o.quantity > 0)
          OR (n.ebay ->> 'categoryId') IS DISTINCT FROM (o.ebay ->> 'categoryId')));
  IF ids IS NOT NULL THEN
    PERFORM blocklot_ebay_photos_wanted(ids);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER inventory_items_ebay_photos_insert AFTER INSERT ON "inventory_items"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION blocklot_ebay_photos_items_inserted();
--> statement-breakpoint
CREATE TRIGGER inventory_items_ebay_photos_update AFTER UPDATE ON "inventory_items"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION blocklot_ebay_photos_items_updated();
