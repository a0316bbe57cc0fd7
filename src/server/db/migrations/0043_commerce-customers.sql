CREATE TABLE "commerce_customers" (
	"company_id" uuid NOT NULL,
	"buyer_username" text NOT NULL,
	"name" text,
	"email" text,
	"phone" text,
	"note" text,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commerce_customers_company_id_buyer_username_pk" PRIMARY KEY("company_id","buyer_username")
);
--> statement-breakpoint
ALTER TABLE "commerce_customers" ADD CONSTRAINT "commerce_customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_customers" ADD CONSTRAINT "commerce_customers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commerce_customers_buyer_idx" ON "commerce_customers" USING btree ("buyer_username");--> statement-breakpoint
CREATE INDEX "ebay_orders_company_buyer_idx" ON "ebay_orders" USING btree ("company_id","buyer_username");