-- Server processes keep recently resolved session tokens in memory. Any change to what a token resolves to (a
-- revocation, a disabled or deleted account, a role change, an erased visitor, a suspended tenant or a change of
-- its subscription) sends a notice on `proxima_sessions` when it commits, from whatever session made it, and every
-- process drops the sessions that depend on the changed row ("users:42"; a deletion names the table only, and
-- drops them all). The columns here are the ones sessions.service.ts reads.
CREATE FUNCTION proxima_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    PERFORM pg_notify('proxima_sessions', TG_TABLE_NAME || ':' || OLD.id);
  ELSE
    PERFORM pg_notify('proxima_sessions', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER auth_tokens_session_update AFTER UPDATE ON auth_tokens FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.anonymous_user_id IS DISTINCT FROM NEW.anonymous_user_id
    OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id)
  EXECUTE FUNCTION proxima_sessions_changed();
CREATE TRIGGER auth_tokens_session_delete AFTER DELETE ON auth_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION proxima_sessions_changed();

CREATE TRIGGER users_session_update AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.user_type IS DISTINCT FROM NEW.user_type OR OLD.is_active IS DISTINCT FROM NEW.is_active
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id)
  EXECUTE FUNCTION proxima_sessions_changed();
CREATE TRIGGER users_session_delete AFTER DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION proxima_sessions_changed();

CREATE TRIGGER anonymous_users_session_update AFTER UPDATE ON anonymous_users FOR EACH ROW
  WHEN (OLD.erased_at IS DISTINCT FROM NEW.erased_at OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id)
  EXECUTE FUNCTION proxima_sessions_changed();
CREATE TRIGGER anonymous_users_session_delete AFTER DELETE ON anonymous_users
  FOR EACH STATEMENT EXECUTE FUNCTION proxima_sessions_changed();

CREATE TRIGGER tenants_session_update AFTER UPDATE ON tenants FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.subscription_status IS DISTINCT FROM NEW.subscription_status
    OR OLD.trial_ends_at IS DISTINCT FROM NEW.trial_ends_at
    OR OLD.current_period_end IS DISTINCT FROM NEW.current_period_end)
  EXECUTE FUNCTION proxima_sessions_changed();
CREATE TRIGGER tenants_session_delete AFTER DELETE ON tenants
  FOR EACH STATEMENT EXECUTE FUNCTION proxima_sessions_changed();
