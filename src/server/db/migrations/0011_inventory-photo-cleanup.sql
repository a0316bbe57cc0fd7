ALTER TABLE "inventory_photos" ADD COLUMN "unreferenced_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "inventory_photos_unreferenced_idx" ON "inventory_photos" USING btree ("unreferenced_since") WHERE "inventory_photos"."unreferenced_since" is not null;--> statement-breakpoint
CREATE INDEX "inventory_photos_storage_key_idx" ON "inventory_photos" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "inventory_photos_thumb_key_idx" ON "inventory_photos" USING btree ("thumb_key");