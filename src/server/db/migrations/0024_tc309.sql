CREATE TABLE "filing_audit_reports" (
	"filing_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"file_id" uuid,
	"auditor" text,
	"cpa_licence" text,
	"opinion" text,
	"period_start" text,
	"period_end" text,
	"total_income" numeric(16, 2),
	"total_expenses" numeric(16, 2),
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "filing_audit_reports" ADD CONSTRAINT "filing_audit_reports_filing_id_filings_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."filings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_audit_reports" ADD CONSTRAINT "filing_audit_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_audit_reports" ADD CONSTRAINT "filing_audit_reports_file_id_statement_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."statement_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_audit_reports" ADD CONSTRAINT "filing_audit_reports_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;