CREATE TABLE "ebay_account_deletions" (
	"notification_id" text PRIMARY KEY NOT NULL,
	"ebay_user_id" text,
	"ebay_username" text,
	"connections_deleted" integer DEFAULT 0 NOT NULL,
	"orders_cleared" integer DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ebay_connections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"connected_by" uuid,
	"ebay_user_id" text,
	"ebay_username" text,
	"access_token" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"refresh_token" text NOT NULL,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'connected' NOT NULL,
	"message" text,
	"business_policies" boolean DEFAULT false NOT NULL,
	"fulfillment_policy_id" text,
	"payment_policy_id" text,
	"return_policy_id" text,
	"merchant_location_key" text,
	"orders_cursor" timestamp with time zone,
	"orders_synced_at" timestamp with time zone,
	"refresh_lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ebay_connections_company_id_unique" UNIQUE("company_id")
);
--> statement-breakpoint
CREATE TABLE "ebay_listings" (
	"item_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"ebay_sku" text,
	"offer_id" text,
	"listing_id" text,
	"listing_url" text,
	"state" text DEFAULT 'unlisted' NOT NULL,
	"action" text,
	"request_id" uuid,
	"requested_by" uuid,
	"wanted_seq" bigint DEFAULT 0 NOT NULL,
	"done_seq" bigint DEFAULT 0 NOT NULL,
	"error" text,
	"images" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ebay_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ebay_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" text NOT NULL,
	"line_item_id" text NOT NULL,
	"item_id" uuid,
	"sku" text NOT NULL,
	"title" text NOT NULL,
	"quantity" integer NOT NULL,
	"price_cents" bigint NOT NULL,
	"fees_cents" bigint,
	"buyer_username" text,
	"buyer_name" text,
	"buyer_city" text,
	"status" text NOT NULL,
	"decremented" boolean DEFAULT false NOT NULL,
	"order_created_at" timestamp with time zone NOT NULL,
	"last_modified_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ebay_public_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"algorithm" text NOT NULL,
	"digest" text NOT NULL,
	"pem" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "ebay" jsonb;--> statement-breakpoint
ALTER TABLE "ebay_connections" ADD CONSTRAINT "ebay_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebay_connections" ADD CONSTRAINT "ebay_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebay_listings" ADD CONSTRAINT "ebay_listings_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebay_listings" ADD CONSTRAINT "ebay_listings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebay_oauth_states" ADD CONSTRAINT "ebay_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebay_oauth_states" ADD CONSTRAINT "ebay_oauth_states_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebay_orders" ADD CONSTRAINT "ebay_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebay_orders" ADD CONSTRAINT "ebay_orders_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ebay_listings_company_sku_key" ON "ebay_listings" USING btree ("company_id","ebay_sku");--> statement-breakpoint
CREATE INDEX "ebay_listings_pending_idx" ON "ebay_listings" USING btree ("company_id") WHERE "ebay_listings"."wanted_seq" > "ebay_listings"."done_seq";--> statement-breakpoint
CREATE INDEX "ebay_listings_state_idx" ON "ebay_listings" USING btree ("state","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ebay_orders_line_key" ON "ebay_orders" USING btree ("company_id","order_id","line_item_id");--> statement-breakpoint
CREATE INDEX "ebay_orders_item_idx" ON "ebay_orders" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "ebay_orders_company_idx" ON "ebay_orders" USING btree ("company_id","order_created_at");