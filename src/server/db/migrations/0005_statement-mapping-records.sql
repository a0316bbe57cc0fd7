CREATE TABLE "learned_labels" (
	"label_key" text NOT NULL,
	"form" text NOT NULL,
	"field_id" text NOT NULL,
	"sample_label" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learned_labels_label_key_form_field_id_pk" PRIMARY KEY("label_key","form","field_id")
);
--> statement-breakpoint
CREATE TABLE "mapping_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"form" text NOT NULL,
	"entries" jsonb NOT NULL,
	"source_mapping_id" uuid,
	"source_year" integer NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_mapping_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"mapping_id" uuid NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_mappings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"file_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"form" text NOT NULL,
	"filing_year" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"document" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"held_by" uuid,
	"held_at" timestamp with time zone,
	"updated_by" uuid,
	"ready_at" timestamp with time zone,
	"ready_by" uuid,
	"learned" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_mappings_form_check" CHECK ("statement_mappings"."form" in ('rpie', 'tc201', 'tc203')),
	CONSTRAINT "statement_mappings_status_check" CHECK ("statement_mappings"."status" in ('draft', 'ready', 'reopened'))
);
--> statement-breakpoint
ALTER TABLE "mapping_templates" ADD CONSTRAINT "mapping_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mapping_templates" ADD CONSTRAINT "mapping_templates_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mapping_templates" ADD CONSTRAINT "mapping_templates_source_mapping_id_statement_mappings_id_fk" FOREIGN KEY ("source_mapping_id") REFERENCES "public"."statement_mappings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mapping_templates" ADD CONSTRAINT "mapping_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_mapping_events" ADD CONSTRAINT "statement_mapping_events_mapping_id_statement_mappings_id_fk" FOREIGN KEY ("mapping_id") REFERENCES "public"."statement_mappings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_mapping_events" ADD CONSTRAINT "statement_mapping_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_mappings" ADD CONSTRAINT "statement_mappings_file_id_statement_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."statement_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_mappings" ADD CONSTRAINT "statement_mappings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_mappings" ADD CONSTRAINT "statement_mappings_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_mappings" ADD CONSTRAINT "statement_mappings_held_by_users_id_fk" FOREIGN KEY ("held_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_mappings" ADD CONSTRAINT "statement_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_mappings" ADD CONSTRAINT "statement_mappings_ready_by_users_id_fk" FOREIGN KEY ("ready_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mapping_templates_property_form_key" ON "mapping_templates" USING btree ("company_id","property_id","form");--> statement-breakpoint
CREATE INDEX "mapping_templates_updated_by_idx" ON "mapping_templates" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "statement_mapping_events_mapping_idx" ON "statement_mapping_events" USING btree ("mapping_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_mappings_file_key" ON "statement_mappings" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "statement_mappings_company_idx" ON "statement_mappings" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "statement_mappings_property_idx" ON "statement_mappings" USING btree ("property_id","form","filing_year");--> statement-breakpoint
CREATE INDEX "statement_mappings_status_idx" ON "statement_mappings" USING btree ("status");