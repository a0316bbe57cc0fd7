-- Every change to a company or a membership, from any module or replica, is announced
-- on the channel "company_changed" (payload: the company id) when its transaction
-- commits. Servers keep read caches of company lists and drop them on this signal.
CREATE OR REPLACE FUNCTION blocklot_notify_company_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'companies' THEN
    PERFORM pg_notify('company_changed', COALESCE(NEW.id, OLD.id)::text);
  ELSE
    PERFORM pg_notify('company_changed', COALESCE(NEW.company_id, OLD.company_id)::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER companies_changed AFTER INSERT OR UPDATE OR DELETE ON "companies"
  FOR EACH ROW EXECUTE FUNCTION blocklot_notify_company_changed();
--> statement-breakpoint
CREATE TRIGGER company_members_changed AFTER INSERT OR UPDATE OR DELETE ON "company_members"
  FOR EACH ROW EXECUTE FUNCTION blocklot_notify_company_changed();
