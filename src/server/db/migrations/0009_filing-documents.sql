CREATE TABLE "filing_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"filing_id" uuid NOT NULL,
	"mapping_id" uuid,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "filing_documents" ADD CONSTRAINT "filing_documents_filing_id_filings_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."filings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_documents" ADD CONSTRAINT "filing_documents_mapping_id_statement_mappings_id_fk" FOREIGN KEY ("mapping_id") REFERENCES "public"."statement_mappings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "filing_documents_filing_name_key" ON "filing_documents" USING btree ("filing_id","name");--> statement-breakpoint
CREATE INDEX "filing_documents_mapping_idx" ON "filing_documents" USING btree ("mapping_id");