-- The change_seq trigger (0008) runs a PL/pgSQL function for every inserted row; for a bulk
-- create of 2,000 items that was ~40 % of the request. An INSERT may now set change_seq itself
-- (from inventory_change_seq, after taking the company's advisory lock — the bulk create runs in
-- inventoryTx, which takes it first), and the insert trigger then does not run: its WHEN clause
-- is evaluated without calling the function. Rows inserted without a change_seq (0, the column
-- default) and every UPDATE still get theirs from the trigger, so nothing can write a row
-- without one, and seq order stays commit order within a company.
DROP TRIGGER IF EXISTS inventory_batches_seq ON "inventory_batches";
--> statement-breakpoint
DROP TRIGGER IF EXISTS inventory_items_seq ON "inventory_items";
--> statement-breakpoint
DROP TRIGGER IF EXISTS inventory_products_seq ON "inventory_products";
--> statement-breakpoint
CREATE TRIGGER inventory_batches_seq_ins BEFORE INSERT ON "inventory_batches"
  FOR EACH ROW WHEN (NEW.change_seq = 0) EXECUTE FUNCTION blocklot_inventory_change_seq();
--> statement-breakpoint
CREATE TRIGGER inventory_batches_seq_upd BEFORE UPDATE ON "inventory_batches"
  FOR EACH ROW EXECUTE FUNCTION blocklot_inventory_change_seq();
--> statement-breakpoint
CREATE TRIGGER inventory_items_seq_ins BEFORE INSERT ON "inventory_items"
  FOR EACH ROW WHEN (NEW.change_seq = 0) EXECUTE FUNCTION blocklot_inventory_change_seq();
--> statement-breakpoint
CREATE TRIGGER inventory_items_seq_upd BEFORE UPDATE ON "inventory_items"
  FOR EACH ROW EXECUTE FUNCTION blocklot_inventory_change_seq();
--> statement-breakpoint
CREATE TRIGGER inventory_products_seq_ins BEFORE INSERT ON "inventory_products"
  FOR EACH ROW WHEN (NEW.change_seq = 0) EXECUTE FUNCTION blocklot_inventory_change_seq();
--> statement-breakpoint
CREATE TRIGGER inventory_products_seq_upd BEFORE UPDATE ON "inventory_products"
  FOR EACH ROW EXECUTE FUNCTION blocklot_inventory_change_seq();
