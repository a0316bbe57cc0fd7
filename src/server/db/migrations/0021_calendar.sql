-- Calendar (issue 14, docs/calendar.md): events as a synced company type (private ones read only by
-- their owner, filtered by the server) and the members' secret ICS feed tokens (hashes only).
CREATE TABLE "calendar_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start" text NOT NULL,
	"end" text NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"colour" text DEFAULT 'blue' NOT NULL,
	"visibility" text DEFAULT 'company' NOT NULL,
	"company_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"change_seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_feed_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feed_tokens" ADD CONSTRAINT "calendar_feed_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feed_tokens" ADD CONSTRAINT "calendar_feed_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_events_company_seq_idx" ON "calendar_events" USING btree ("company_id","change_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feed_tokens_hash_key" ON "calendar_feed_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feed_tokens_user_company_key" ON "calendar_feed_tokens" USING btree ("user_id","company_id");--> statement-breakpoint
CREATE TRIGGER calendar_events_seq_ins BEFORE INSERT ON "calendar_events" FOR EACH ROW WHEN (NEW.change_seq = 0) EXECUTE FUNCTION blocklot_sync_change_seq('company');--> statement-breakpoint
CREATE TRIGGER calendar_events_seq_upd BEFORE UPDATE ON "calendar_events" FOR EACH ROW EXECUTE FUNCTION blocklot_sync_change_seq('company');--> statement-breakpoint
CREATE TRIGGER calendar_events_notify_ins AFTER INSERT ON "calendar_events" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_sync_notify('calendar-event', 'company');--> statement-breakpoint
CREATE TRIGGER calendar_events_notify_upd AFTER UPDATE ON "calendar_events" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_sync_notify('calendar-event', 'company');
