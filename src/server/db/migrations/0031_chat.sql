CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"thread_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"rev" bigint NOT NULL,
	"author_id" uuid,
	"author" text NOT NULL,
	"staff" boolean DEFAULT false NOT NULL,
	"body" text NOT NULL,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_reads" (
	"thread_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"seen_seq" bigint DEFAULT 0 NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_reads_thread_id_user_id_pk" PRIMARY KEY("thread_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_threads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"assigned_to" uuid,
	"created_by" uuid,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_threads_kind_check" CHECK ("chat_threads"."kind" in ('user', 'support-marketplace'))
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_thread_id_chat_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."chat_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_thread_id_chat_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."chat_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_threads" ADD CONSTRAINT "chat_threads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_threads" ADD CONSTRAINT "chat_threads_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_threads" ADD CONSTRAINT "chat_threads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_thread_seq_key" ON "chat_messages" USING btree ("thread_id","seq");--> statement-breakpoint
CREATE INDEX "chat_messages_thread_rev_idx" ON "chat_messages" USING btree ("thread_id","rev");--> statement-breakpoint
CREATE INDEX "chat_messages_author_idx" ON "chat_messages" USING btree ("author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_key" ON "chat_messages" USING btree ("author_id","client_key") WHERE "chat_messages"."client_key" is not null;--> statement-breakpoint
CREATE INDEX "chat_reads_user_idx" ON "chat_reads" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_threads_hash_key" ON "chat_threads" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "chat_threads_company_idx" ON "chat_threads" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "chat_threads_kind_updated_idx" ON "chat_threads" USING btree ("kind","updated_at","id");--> statement-breakpoint
CREATE INDEX "chat_threads_assigned_idx" ON "chat_threads" USING btree ("assigned_to");--> statement-breakpoint
CREATE INDEX "chat_threads_created_by_idx" ON "chat_threads" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_threads_one_support" ON "chat_threads" USING btree ("company_id") WHERE "chat_threads"."kind" = 'support-marketplace';--> statement-breakpoint
-- Every new, edited or deleted chat message, and every move of a reader's place, notifies
-- "chat_changed" with the thread, its company and kind when the transaction commits, from any
-- module or replica; GET /api/events passes it on as `chat` to the connections that may see the
-- thread (modules/chat/live.ts).
CREATE OR REPLACE FUNCTION blocklot_notify_chat_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  t record;
BEGIN
  SELECT id, company_id, kind INTO t FROM chat_threads WHERE id = NEW.thread_id;
  IF FOUND THEN
    PERFORM pg_notify('chat_changed', json_build_object(
      'threadId', t.id, 'companyId', t.company_id, 'kind', t.kind,
      'reason', CASE WHEN TG_TABLE_NAME = 'chat_reads' THEN 'seen' ELSE 'message' END)::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER chat_messages_changed AFTER INSERT OR UPDATE ON "chat_messages"
  FOR EACH ROW EXECUTE FUNCTION blocklot_notify_chat_changed();
--> statement-breakpoint
CREATE TRIGGER chat_reads_changed AFTER INSERT OR UPDATE ON "chat_reads"
  FOR EACH ROW EXECUTE FUNCTION blocklot_notify_chat_changed();
