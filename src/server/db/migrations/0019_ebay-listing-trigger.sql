-- eBay listing requests and local changes become eBay work (docs/ebay.md "Requests to jobs").
-- A seller's request is a field of the item (ebay.request: id, action, at), written like any
-- edit (so it queues offline in the app's outbox). When an item row gets a request id its
-- listing row has not seen, or a listed item's quantity or price changes, or it is deleted or
-- its quantity reaches 0, the listing's wanted_seq moves on and the company's eBay job is
-- queued (one queued or running job per company: the jobs table's unique key). The job brings
-- the listing to `action` and sets done_seq. A request id seen before changes nothing, so a
-- replayed write never runs a request twice. Writes made by the order sync set
-- blocklot.ebay_source = 'orders' (eBay already knows those quantities).
CREATE OR REPLACE FUNCTION blocklot_ebay_item_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  req jsonb := NEW.ebay -> 'request';
  queued boolean := false;
BEGIN
  IF coalesce(current_setting('blocklot.ebay_source', true), '') = 'orders' THEN
    RETURN NULL;
  END IF;
  IF NEW.deleted_at IS NULL AND req IS NOT NULL
     AND (TG_OP = 'INSERT' OR (req ->> 'id') IS DISTINCT FROM (OLD.ebay -> 'request' ->> 'id')) THEN
    INSERT INTO ebay_listings AS l (item_id, company_id, action, request_id, wanted_seq)
    VALUES (NEW.id, NEW.company_id, req ->> 'action', (req ->> 'id')::uuid, 1)
    ON CONFLICT (item_id) DO UPDATE
      SET action = EXCLUDED.action, request_id = EXCLUDED.request_id, wanted_seq = l.wanted_seq + 1,
          error = NULL, updated_at = now()
      WHERE l.request_id IS DISTINCT FROM EXCLUDED.request_id;
    queued := FOUND;
  ELSIF TG_OP = 'UPDATE' THEN
    IF (NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL) OR (NEW.quantity = 0 AND OLD.quantity > 0) THEN
      -- Sold or gone elsewhere: end the eBay listing (auto-delist), unless a withdraw or delete is already asked.
      UPDATE ebay_listings SET action = 'autodelist', wanted_seq = wanted_seq + 1, updated_at = now()
        WHERE item_id = NEW.id AND state = 'published'
          AND NOT (wanted_seq > done_seq AND action IN ('withdraw', 'delete', 'autodelist'));
      queued := FOUND;
    ELSIF NEW.deleted_at IS NULL AND (NEW.quantity <> OLD.quantity OR NEW.price IS DISTINCT FROM OLD.price) THEN
      -- A listed item's price or quantity: sent to eBay (a pending request keeps its action and sends the new values).
      UPDATE ebay_listings
        SET action = CASE WHEN wanted_seq > done_seq THEN action ELSE 'update' END,
            wanted_seq = wanted_seq + 1, updated_at = now()
        WHERE item_id = NEW.id AND (state = 'published' OR (wanted_seq > done_seq AND action = 'publish'));
      queued := FOUND;
    END IF;
  END IF;
  IF queued THEN
    INSERT INTO jobs (id, kind, key, payload, max_attempts)
    VALUES (gen_random_uuid(), 'ebay-listings', 'ebay-listings:' || NEW.company_id::text,
            jsonb_build_object('companyId', NEW.company_id), 25)
    ON CONFLICT (key) WHERE status IN ('queued', 'running') DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER inventory_items_ebay_insert AFTER INSERT ON "inventory_items"
  FOR EACH ROW WHEN (NEW.ebay -> 'request' IS NOT NULL)
  EXECUTE FUNCTION blocklot_ebay_item_changed();
--> statement-breakpoint
CREATE TRIGGER inventory_items_ebay_update AFTER UPDATE ON "inventory_items"
  FOR EACH ROW WHEN (OLD.ebay IS DISTINCT FROM NEW.ebay OR OLD.quantity <> NEW.quantity
    OR OLD.price IS DISTINCT FROM NEW.price OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION blocklot_ebay_item_changed();
