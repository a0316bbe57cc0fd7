-- Kanban attachments become a read-only synced type, `kanban-attachment` (docs/kanban.md
-- "Attachments"): the change feed carries each task's file list, with tombstones for removed
-- files, so a device lists a task's files offline. Rows keep being written by the attachment
-- routes (upload, remove), never by the outbox; the sync module's generic triggers (0014) give
-- every insert and update its change_seq under the company's lock, and notify `sync_changed`.
ALTER TABLE "kanban_attachments" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "kanban_attachments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "kanban_attachments" ADD COLUMN "change_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "kanban_attachments_company_seq_idx" ON "kanban_attachments" USING btree ("company_id","change_seq");--> statement-breakpoint
CREATE TRIGGER kanban_attachments_seq_ins BEFORE INSERT ON "kanban_attachments" FOR EACH ROW WHEN (NEW.change_seq = 0) EXECUTE FUNCTION blocklot_sync_change_seq('company');--> statement-breakpoint
CREATE TRIGGER kanban_attachments_seq_upd BEFORE UPDATE ON "kanban_attachments" FOR EACH ROW EXECUTE FUNCTION blocklot_sync_change_seq('company');--> statement-breakpoint
-- Rows attached before this migration: a change_seq (the update trigger above), so the next pull
-- of every device brings them; updated_at is when they last changed.
UPDATE "kanban_attachments" SET "updated_at" = COALESCE("deleted_at", "created_at");--> statement-breakpoint
CREATE TRIGGER kanban_attachments_notify_ins AFTER INSERT ON "kanban_attachments" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_sync_notify('kanban-attachment', 'company');--> statement-breakpoint
CREATE TRIGGER kanban_attachments_notify_upd AFTER UPDATE ON "kanban_attachments" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_sync_notify('kanban-attachment', 'company');
