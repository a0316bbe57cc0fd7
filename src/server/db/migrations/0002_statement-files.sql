CREATE TABLE "extraction_pages" (
	"file_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"source" text NOT NULL,
	"name" text,
	"text" text NOT NULL,
	CONSTRAINT "extraction_pages_file_id_number_pk" PRIMARY KEY("file_id","number")
);
--> statement-breakpoint
CREATE TABLE "extraction_results" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"line_items" jsonb NOT NULL,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"kind" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"document_type" text NOT NULL,
	"statement_year" integer,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"failure_reason" text,
	"page_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "extraction_pages" ADD CONSTRAINT "extraction_pages_file_id_statement_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."statement_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extraction_results" ADD CONSTRAINT "extraction_results_file_id_statement_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."statement_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_files" ADD CONSTRAINT "statement_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_files" ADD CONSTRAINT "statement_files_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_files" ADD CONSTRAINT "statement_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_active_key" ON "jobs" USING btree ("key") WHERE "jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "statement_files_company_idx" ON "statement_files" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "statement_files_property_idx" ON "statement_files" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "statement_files_status_idx" ON "statement_files" USING btree ("status");--> statement-breakpoint
CREATE INDEX "statement_files_sha_idx" ON "statement_files" USING btree ("sha256");