CREATE INDEX "mail_messages_user_list_idx" ON "mail_messages" USING btree ("user_id",date_trunc('milliseconds', timezone('UTC', coalesce("sent_at", "updated_at"))),"id") WHERE "mail_messages"."deleted_at" is null;--> statement-breakpoint
-- The server's mail search (modules/mail/store.ts `listMessages`, ILIKE '%q%' on subject, sender
-- and body): a trigram index on the four fields together finds a rare word without reading the
-- whole mailbox. pg_trgm is a trusted extension (PostgreSQL 13+: a database owner may create it);
-- PGlite loads it in db/pglite-extensions.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "mail_messages_search_idx" ON "mail_messages" USING gin (("subject" || ' ' || "from" || ' ' || "from_name" || ' ' || "text") gin_trgm_ops) WHERE "deleted_at" IS NULL;
