-- The audit log is append-only, like the ledger (0010_ledger.sql): an UPDATE or DELETE of a row, or a TRUNCATE of
-- the table, is refused by the database itself, so neither a bug nor a hand-typed statement through the app's role
-- can rewrite what staff did. See docs/decisions/022-secret-keys.md.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log rows are append-only: % is refused', TG_OP;
END
$$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
