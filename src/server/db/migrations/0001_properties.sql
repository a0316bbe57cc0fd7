CREATE TABLE "properties" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"bbl" text NOT NULL,
	"borough" smallint NOT NULL,
	"block" integer NOT NULL,
	"lot" integer NOT NULL,
	"address" text,
	"owner_name" text,
	"tax_class" text,
	"building_class" text,
	"residential_units" integer DEFAULT 0 NOT NULL,
	"commercial_units" integer DEFAULT 0 NOT NULL,
	"commercial_sq_ft" integer,
	"aav" bigint,
	"final_aav" bigint,
	"fiscal_year_end" text DEFAULT '12-31' NOT NULL,
	"is_coop" boolean DEFAULT false NOT NULL,
	"is_condo_unit" boolean DEFAULT false NOT NULL,
	"owner_occupied" boolean DEFAULT false NOT NULL,
	"related_party_only" boolean DEFAULT false NOT NULL,
	"fully_exempt" boolean DEFAULT false NOT NULL,
	"vacant" boolean DEFAULT false NOT NULL,
	"vacant_land" boolean DEFAULT false NOT NULL,
	"full_year_owned" boolean DEFAULT true NOT NULL,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "properties_company_bbl_key" ON "properties" USING btree ("company_id","bbl") WHERE "properties"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "properties_company_idx" ON "properties" USING btree ("company_id");