-- Every attachment added to or removed from a kanban task (removal sets deleted_at) notifies
-- "kanban_attachments_changed" with the task and its company when the transaction commits, from
-- any replica; GET /api/events passes it on as `kanban-attachments` to the company's board
-- members, whose open task drawer reads the task's list again (modules/kanban/live.ts).
CREATE OR REPLACE FUNCTION blocklot_notify_kanban_attachments_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kanban_attachments_changed', json_build_object(
    'taskId', NEW.task_id, 'companyId', NEW.company_id)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER kanban_attachments_changed AFTER INSERT OR UPDATE ON "kanban_attachments"
  FOR EACH ROW EXECUTE FUNCTION blocklot_notify_kanban_attachments_changed();
