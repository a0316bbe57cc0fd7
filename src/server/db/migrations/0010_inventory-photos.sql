CREATE TABLE "inventory_photo_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"created_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"link_id" uuid,
	"idempotency_key" text,
	"source_sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size" integer NOT NULL,
	"thumb_key" text NOT NULL,
	"thumb_width" integer NOT NULL,
	"thumb_height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inventory_photo_links" ADD CONSTRAINT "inventory_photo_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_photo_links" ADD CONSTRAINT "inventory_photo_links_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_photo_links" ADD CONSTRAINT "inventory_photo_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_photos" ADD CONSTRAINT "inventory_photos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_photos" ADD CONSTRAINT "inventory_photos_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_photos" ADD CONSTRAINT "inventory_photos_link_id_inventory_photo_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."inventory_photo_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_photo_links_item_idx" ON "inventory_photo_links" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "inventory_photo_links_company_idx" ON "inventory_photo_links" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_photos_link_key" ON "inventory_photos" USING btree ("link_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "inventory_photos_item_idx" ON "inventory_photos" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "inventory_photos_company_idx" ON "inventory_photos" USING btree ("company_id");