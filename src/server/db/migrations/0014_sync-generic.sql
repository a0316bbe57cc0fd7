-- The sync module (docs/offline.md "How to add a synced type"): the change_seq and live-notice
-- triggers of 0008/0012 become generic, so a new synced table needs only two triggers of its own:
--   CREATE TRIGGER <t>_seq_ins BEFORE INSERT ON <t> FOR EACH ROW WHEN (NEW.change_seq = 0)
--     EXECUTE FUNCTION blocklot_sync_change_seq('company');          -- or 'user'
--   CREATE TRIGGER <t>_seq_upd BEFORE UPDATE ON <t> FOR EACH ROW
--     EXECUTE FUNCTION blocklot_sync_change_seq('company');
--   CREATE TRIGGER <t>_notify_ins AFTER INSERT ON <t> REFERENCING NEW TABLE AS changed
--     FOR EACH STATEMENT EXECUTE FUNCTION blocklot_sync_notify('<entity>', 'company');
--   CREATE TRIGGER <t>_notify_upd AFTER UPDATE ON <t> REFERENCING NEW TABLE AS changed
--     FOR EACH STATEMENT EXECUTE FUNCTION blocklot_sync_notify('<entity>', 'company');
-- One sequence for every synced table (renamed: its values go on), so the feed orders changes of
-- all types in one stream per owner. A company type's writes take the company's advisory lock
-- (class 7310453) before nextval, a user type's (private records, e.g. mail) the user's (class
-- 7310454): within an owner, seq order is commit order (see 0008), whatever the type.
ALTER SEQUENCE IF EXISTS inventory_change_seq RENAME TO sync_change_seq;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION blocklot_sync_change_seq() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_ARGV[0] = 'user' THEN
    PERFORM pg_advisory_xact_lock(7310454, hashtext(NEW.user_id::text));
  ELSE
    PERFORM pg_advisory_xact_lock(7310453, hashtext(NEW.company_id::text));
  END IF;
  NEW.change_seq := nextval('sync_change_seq');
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- After each statement, one notification per owner on "sync_changed":
-- "<entity>:c:<company id>" or "<entity>:u:<user id>"; delivered when the transaction commits.
CREATE OR REPLACE FUNCTION blocklot_sync_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  o uuid;
BEGIN
  IF TG_ARGV[1] = 'user' THEN
    FOR o IN SELECT DISTINCT user_id FROM changed LOOP
      PERFORM pg_notify('sync_changed', TG_ARGV[0] || ':u:' || o::text);
    END LOOP;
  ELSE
    FOR o IN SELECT DISTINCT company_id FROM changed LOOP
      PERFORM pg_notify('sync_changed', TG_ARGV[0] || ':c:' || o::text);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS inventory_batches_seq_ins ON "inventory_batches";
--> statement-breakpoint
DROP TRIGGER IF EXISTS inventory_batches_seq_upd ON "inventory_batches";
--> statement-breakpoint
DROP TRIGGER IF EXISTS inventory_items_seq_ins ON "inventory_items";
--> statement-breakpoint
DROP TRIGGER IF EXISTS inventory_items_seq_upd ON "inventory_items";
--> statement-breakpoint
DROP TRIGGER IF EXISTS inventory_products_seq_ins ON "inventory_products";
--> statement-breakpoint
DROP TRIGGER IF EXISTS inventory_products_seq_upd ON "inventory_products";
--> statement-breakpoint
DROP TRIGGER IF EXISTS inventory_batches_notify_ins ON "inventory_batches";
--> statement-breakpoint
DROP TRIGGER IF EXISTS inventory_batches_notify_upd ON "inventory_batches";
--> statement-breakpoint
DROP TRIGGER IF EXISTS inventory_items_notify_ins ON "inventory_items";
--> statement-breakpoint
DROP TRIGGER IF EXISTS inventory_items_notify_upd ON "inventory_items";
--> statement-breakpoint
DROP TRIGGER IF EXISTS inventory_products_notify_ins ON "inventory_products";
--> statement-breakpoint
DROP TRIGGER IF EXISTS inventory_products_notify_upd ON "inventory_products";
--> statement-breakpoint
DROP FUNCTION IF EXISTS blocklot_inventory_change_seq();
--> statement-breakpoint
DROP FUNCTION IF EXISTS blocklot_inventory_notify();
--> statement-breakpoint
CREATE TRIGGER inventory_batches_seq_ins BEFORE INSERT ON "inventory_batches"
  FOR EACH ROW WHEN (NEW.change_seq = 0) EXECUTE FUNCTION blocklot_sync_change_seq('company');
--> statement-breakpoint
CREATE TRIGGER inventory_batches_seq_upd BEFORE UPDATE ON "inventory_batches"
  FOR EACH ROW EXECUTE FUNCTION blocklot_sync_change_seq('company');
--> statement-breakpoint
CREATE TRIGGER inventory_items_seq_ins BEFORE INSERT ON "inventory_items"
  FOR EACH ROW WHEN (NEW.change_seq = 0) EXECUTE FUNCTION blocklot_sync_change_seq('company');
--> statement-breakpoint
CREATE TRIGGER inventory_items_seq_upd BEFORE UPDATE ON "inventory_items"
  FOR EACH ROW EXECUTE FUNCTION blocklot_sync_change_seq('company');
--> statement-breakpoint
CREATE TRIGGER inventory_products_seq_ins BEFORE INSERT ON "inventory_products"
  FOR EACH ROW WHEN (NEW.change_seq = 0) EXECUTE FUNCTION blocklot_sync_change_seq('company');
--> statement-breakpoint
CREATE TRIGGER inventory_products_seq_upd BEFORE UPDATE ON "inventory_products"
  FOR EACH ROW EXECUTE FUNCTION blocklot_sync_change_seq('company');
--> statement-breakpoint
CREATE TRIGGER inventory_batches_notify_ins AFTER INSERT ON "inventory_batches"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_sync_notify('batch', 'company');
--> statement-breakpoint
CREATE TRIGGER inventory_batches_notify_upd AFTER UPDATE ON "inventory_batches"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_sync_notify('batch', 'company');
--> statement-breakpoint
CREATE TRIGGER inventory_items_notify_ins AFTER INSERT ON "inventory_items"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_sync_notify('item', 'company');
--> statement-breakpoint
CREATE TRIGGER inventory_items_notify_upd AFTER UPDATE ON "inventory_items"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_sync_notify('item', 'company');
--> statement-breakpoint
CREATE TRIGGER inventory_products_notify_ins AFTER INSERT ON "inventory_products"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_sync_notify('product', 'company');
--> statement-breakpoint
CREATE TRIGGER inventory_products_notify_upd AFTER UPDATE ON "inventory_products"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_sync_notify('product', 'company');
