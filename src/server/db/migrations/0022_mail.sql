-- Mail (issue 14, docs/mail.md): every user's messages and own labels, synced types of scope "user"
-- (the feed carries them in the user's stream; the generic triggers of migration 0014).
CREATE TABLE "mail_labels" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"colour" text DEFAULT 'gray' NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"change_seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"thread_id" uuid NOT NULL,
	"message_id" text NOT NULL,
	"in_reply_to" text DEFAULT '' NOT NULL,
	"references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"from" text DEFAULT '' NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"user_id" uuid NOT NULL,
	"company_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"change_seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_labels" ADD CONSTRAINT "mail_labels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_labels" ADD CONSTRAINT "mail_labels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_labels_user_seq_idx" ON "mail_labels" USING btree ("user_id","change_seq");--> statement-breakpoint
CREATE INDEX "mail_messages_user_seq_idx" ON "mail_messages" USING btree ("user_id","change_seq");--> statement-breakpoint
CREATE INDEX "mail_messages_user_thread_idx" ON "mail_messages" USING btree ("user_id","thread_id");--> statement-breakpoint
CREATE INDEX "mail_messages_user_message_id_idx" ON "mail_messages" USING btree ("user_id","message_id");--> statement-breakpoint
CREATE INDEX "mail_messages_user_sent_idx" ON "mail_messages" USING btree ("user_id","sent_at");;--> statement-breakpoint
CREATE TRIGGER mail_messages_seq_ins BEFORE INSERT ON "mail_messages" FOR EACH ROW WHEN (NEW.change_seq = 0) EXECUTE FUNCTION blocklot_sync_change_seq('user');--> statement-breakpoint
CREATE TRIGGER mail_messages_seq_upd BEFORE UPDATE ON "mail_messages" FOR EACH ROW EXECUTE FUNCTION blocklot_sync_change_seq('user');--> statement-breakpoint
CREATE TRIGGER mail_messages_notify_ins AFTER INSERT ON "mail_messages" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_sync_notify('mail-message', 'user');--> statement-breakpoint
CREATE TRIGGER mail_messages_notify_upd AFTER UPDATE ON "mail_messages" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_sync_notify('mail-message', 'user');--> statement-breakpoint
CREATE TRIGGER mail_labels_seq_ins BEFORE INSERT ON "mail_labels" FOR EACH ROW WHEN (NEW.change_seq = 0) EXECUTE FUNCTION blocklot_sync_change_seq('user');--> statement-breakpoint
CREATE TRIGGER mail_labels_seq_upd BEFORE UPDATE ON "mail_labels" FOR EACH ROW EXECUTE FUNCTION blocklot_sync_change_seq('user');--> statement-breakpoint
CREATE TRIGGER mail_labels_notify_ins AFTER INSERT ON "mail_labels" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_sync_notify('mail-label', 'user');--> statement-breakpoint
CREATE TRIGGER mail_labels_notify_upd AFTER UPDATE ON "mail_labels" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_sync_notify('mail-label', 'user');
