CREATE SEQUENCE "public"."inventory_change_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_hash" text NOT NULL,
	"claim" uuid NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	"response_status" integer,
	"response_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_company_id_user_id_key_pk" PRIMARY KEY("company_id","user_id","key")
);
--> statement-breakpoint
CREATE TABLE "inventory_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"source_file_name" text,
	"row_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"company_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"change_seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"batch_id" uuid,
	"product_id" uuid,
	"sku" text NOT NULL,
	"barcode" text,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"condition" smallint NOT NULL,
	"price" bigint,
	"category" text NOT NULL,
	"dim_length" double precision,
	"dim_width" double precision,
	"dim_height" double precision,
	"dim_unit" text NOT NULL,
	"weight_value" double precision,
	"weight_unit" text NOT NULL,
	"location" text,
	"status" text NOT NULL,
	"publication_status" smallint DEFAULT 0 NOT NULL,
	"photos" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"notes" text,
	"company_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"change_seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"condition" smallint NOT NULL,
	"dim_length" double precision,
	"dim_width" double precision,
	"dim_height" double precision,
	"dim_unit" text NOT NULL,
	"weight_value" double precision,
	"weight_unit" text NOT NULL,
	"price" bigint,
	"images" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"company_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"change_seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_batches" ADD CONSTRAINT "inventory_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_batches" ADD CONSTRAINT "inventory_batches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD CONSTRAINT "inventory_products_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_user_idx" ON "idempotency_keys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "inventory_batches_company_seq_idx" ON "inventory_batches" USING btree ("company_id","change_seq");--> statement-breakpoint
CREATE INDEX "inventory_batches_created_by_idx" ON "inventory_batches" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_items_company_sku_key" ON "inventory_items" USING btree ("company_id","sku") WHERE "inventory_items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "inventory_items_company_seq_idx" ON "inventory_items" USING btree ("company_id","change_seq");--> statement-breakpoint
CREATE INDEX "inventory_items_company_batch_idx" ON "inventory_items" USING btree ("company_id","batch_id");--> statement-breakpoint
CREATE INDEX "inventory_items_company_status_idx" ON "inventory_items" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "inventory_products_company_seq_idx" ON "inventory_products" USING btree ("company_id","change_seq");