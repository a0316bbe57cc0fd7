-- Sync cursor for inventory (docs/inventory.md). Every insert and update of a batch, item or
-- product takes a transaction-level advisory lock on its company and then a new value of
-- inventory_change_seq. The lock is held until commit, so two transactions of one company
-- never hold seqs at the same time: within a company, seq order is commit order, and a
-- reader that has seen seq N will never later find a committed row of that company with a
-- seq ≤ N. (Without the lock, T1 could take seq 10, T2 seq 11 and commit first; a reader
-- would move its cursor to 11 and miss 10 for ever.) Code takes the same lock before it
-- touches any row (services/inventory tx), so the trigger's lock is then a no-op.
CREATE OR REPLACE FUNCTION blocklot_inventory_change_seq() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7310453, hashtext(NEW.company_id::text));
  NEW.change_seq := nextval('inventory_change_seq');
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- After each statement, one notification per company on "inventory_changed" with
-- "<company id>:<last seq of the statement>"; delivered when the transaction commits,
-- to this process (PGlite) or every replica LISTENing (PostgreSQL).
CREATE OR REPLACE FUNCTION blocklot_inventory_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  c uuid;
BEGIN
  FOR c IN SELECT DISTINCT company_id FROM changed LOOP
    PERFORM pg_notify('inventory_changed', c::text || ':' || currval('inventory_change_seq')::text);
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER inventory_batches_seq BEFORE INSERT OR UPDATE ON "inventory_batches"
  FOR EACH ROW EXECUTE FUNCTION blocklot_inventory_change_seq();
--> statement-breakpoint
CREATE TRIGGER inventory_items_seq BEFORE INSERT OR UPDATE ON "inventory_items"
  FOR EACH ROW EXECUTE FUNCTION blocklot_inventory_change_seq();
--> statement-breakpoint
CREATE TRIGGER inventory_products_seq BEFORE INSERT OR UPDATE ON "inventory_products"
  FOR EACH ROW EXECUTE FUNCTION blocklot_inventory_change_seq();
--> statement-breakpoint
CREATE TRIGGER inventory_batches_notify_ins AFTER INSERT ON "inventory_batches"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_inventory_notify();
--> statement-breakpoint
CREATE TRIGGER inventory_batches_notify_upd AFTER UPDATE ON "inventory_batches"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_inventory_notify();
--> statement-breakpoint
CREATE TRIGGER inventory_items_notify_ins AFTER INSERT ON "inventory_items"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_inventory_notify();
--> statement-breakpoint
CREATE TRIGGER inventory_items_notify_upd AFTER UPDATE ON "inventory_items"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_inventory_notify();
--> statement-breakpoint
CREATE TRIGGER inventory_products_notify_ins AFTER INSERT ON "inventory_products"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_inventory_notify();
--> statement-breakpoint
CREATE TRIGGER inventory_products_notify_upd AFTER UPDATE ON "inventory_products"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_inventory_notify();
