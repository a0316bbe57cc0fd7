-- Every change that can take away a live connection's right to receive events is announced on
-- the channel "access_changed" when its transaction commits, from any module or replica, so
-- each server re-checks (or closes) its open live connections of that user or session
-- (src/server/live/). Payloads: "user:<user id>" (membership, role, company switch, account
-- disabled or deleted), "password:<user id>" (password changed or reset) and
-- "session:<refresh family id>" (signed out, reuse detected, all sessions revoked).
CREATE OR REPLACE FUNCTION blocklot_notify_access_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'refresh_tokens' THEN
    PERFORM pg_notify('access_changed', 'session:' || NEW.family_id::text);
  ELSIF TG_TABLE_NAME = 'company_members' THEN
    PERFORM pg_notify('access_changed', 'user:' || COALESCE(NEW.user_id, OLD.user_id)::text);
  ELSIF TG_OP = 'UPDATE' AND OLD.password_hash IS DISTINCT FROM NEW.password_hash THEN
    PERFORM pg_notify('access_changed', 'password:' || NEW.id::text);
  ELSE
    PERFORM pg_notify('access_changed', 'user:' || COALESCE(NEW.id, OLD.id)::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER company_members_access_changed AFTER INSERT OR UPDATE OR DELETE ON "company_members"
  FOR EACH ROW EXECUTE FUNCTION blocklot_notify_access_changed();
--> statement-breakpoint
CREATE TRIGGER users_access_changed AFTER UPDATE ON "users"
  FOR EACH ROW
  WHEN (OLD.roles IS DISTINCT FROM NEW.roles
    OR OLD.disabled_at IS DISTINCT FROM NEW.disabled_at
    OR OLD.password_hash IS DISTINCT FROM NEW.password_hash)
  EXECUTE FUNCTION blocklot_notify_access_changed();
--> statement-breakpoint
CREATE TRIGGER users_access_deleted AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION blocklot_notify_access_changed();
--> statement-breakpoint
CREATE TRIGGER refresh_tokens_revoked AFTER UPDATE ON "refresh_tokens"
  FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION blocklot_notify_access_changed();
