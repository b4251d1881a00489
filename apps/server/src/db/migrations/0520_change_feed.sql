-- The change feed (issue 28, docs/decisions/064-quiet-poll-from-a-change-feed.md).
--
-- Every table a `userdata` answer or a session check is made of records, in `member_changes`, the id of the member
-- whose answer or session a write may change (`*`: everything, the reference data), with the writing transaction's
-- id. Each server process reads what committed since its last read every 250 ms (lib/change-feed.ts, through
-- `pg_current_snapshot()`) and forgets what it kept for those members. Triggers, not application code, so every writer
-- is covered: TypeScript services, SQL functions (the ledger's movement), an operator's SQL. A log rather than NOTIFY:
-- a notifying commit holds a database-wide lock until its commit record is flushed, which serialised every payment.
-- Unlogged (no WAL; emptied by a crash, after which every process forgets what it kept anyway); the feed deletes
-- rows older than 30 s.

CREATE UNLOGGED TABLE member_changes (
  xid bigint NOT NULL DEFAULT ((pg_current_xact_id())::text)::bigint,
  member_id text NOT NULL
);
CREATE INDEX member_changes_xid ON member_changes (xid);

CREATE FUNCTION tuzo_notify_member() RETURNS trigger LANGUAGE plpgsql AS $$
-- TG_ARGV[0]: the column holding the member's id (NULL ids record nothing).
DECLARE
  id text;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    id := to_jsonb(NEW) ->> TG_ARGV[0];
    IF id IS NOT NULL THEN INSERT INTO member_changes (member_id) VALUES (id); END IF;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    id := to_jsonb(OLD) ->> TG_ARGV[0];
    IF id IS NOT NULL THEN INSERT INTO member_changes (member_id) VALUES (id); END IF;
  END IF;
  RETURN NULL;
END $$;

-- The hot path (every money movement updates two wallets and a running total): no jsonb, one call.
CREATE FUNCTION tuzo_notify_wallet() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.member_id IS NOT NULL THEN INSERT INTO member_changes (member_id) VALUES (NEW.member_id::text); END IF;
  RETURN NULL;
END $$;

-- A member's row: the member; on a change of status or activation the sponsor too (its `activatedToday` and level-1
-- counts); a change of username or house flag shows in every downline's answer (their sponsor), so: everything.
CREATE FUNCTION tuzo_notify_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO member_changes (member_id) VALUES (OLD.id::text);
    IF OLD.l1_id IS NOT NULL THEN INSERT INTO member_changes (member_id) VALUES (OLD.l1_id::text); END IF;
    RETURN NULL;
  END IF;
  INSERT INTO member_changes (member_id) VALUES (NEW.id::text);
  IF NEW.l1_id IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status
      OR NEW.activated_at IS DISTINCT FROM OLD.activated_at OR NEW.l1_id IS DISTINCT FROM OLD.l1_id) THEN
    INSERT INTO member_changes (member_id) VALUES (NEW.l1_id::text);
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF OLD.l1_id IS NOT NULL AND OLD.l1_id IS DISTINCT FROM NEW.l1_id THEN
      INSERT INTO member_changes (member_id) VALUES (OLD.l1_id::text);
    END IF;
    IF NEW.username IS DISTINCT FROM OLD.username OR NEW.is_house IS DISTINCT FROM OLD.is_house THEN
      INSERT INTO member_changes (member_id) VALUES ('*');
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION tuzo_notify_everything() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_changes (member_id) VALUES ('*');
  RETURN NULL;
END $$;

CREATE TRIGGER members_change_feed AFTER INSERT OR DELETE OR UPDATE ON members
  FOR EACH ROW EXECUTE FUNCTION tuzo_notify_members();
-- Sessions: a revocation or a new expiry (a new session is not cached until it is read; `last_seen_at` only moves
-- forwards, and a cache that holds an older one only takes the PostgreSQL path sooner).
CREATE TRIGGER sessions_change_feed AFTER UPDATE ON sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.idle_seconds IS DISTINCT FROM NEW.idle_seconds OR OLD.member_id IS DISTINCT FROM NEW.member_id)
  EXECUTE FUNCTION tuzo_notify_member('member_id');
CREATE TRIGGER sessions_deleted_change_feed AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION tuzo_notify_member('member_id');
CREATE TRIGGER ledger_accounts_change_feed AFTER INSERT OR UPDATE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION tuzo_notify_wallet();
CREATE TRIGGER member_totals_change_feed AFTER INSERT OR UPDATE ON member_totals
  FOR EACH ROW EXECUTE FUNCTION tuzo_notify_wallet();
CREATE TRIGGER member_totals_deleted_change_feed AFTER DELETE ON member_totals
  FOR EACH ROW EXECUTE FUNCTION tuzo_notify_member('member_id');
CREATE TRIGGER ledger_accounts_deleted_change_feed AFTER DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION tuzo_notify_member('member_id');
CREATE TRIGGER member_notifications_change_feed AFTER INSERT OR UPDATE OR DELETE ON member_notifications
  FOR EACH ROW EXECUTE FUNCTION tuzo_notify_member('member_id');
CREATE TRIGGER bonus_claims_change_feed AFTER INSERT OR UPDATE OR DELETE ON bonus_claims
  FOR EACH ROW EXECUTE FUNCTION tuzo_notify_member('member_id');
CREATE TRIGGER team_counts_change_feed AFTER INSERT OR UPDATE OR DELETE ON team_counts
  FOR EACH ROW EXECUTE FUNCTION tuzo_notify_member('upline_id');
CREATE TRIGGER reference_version_change_feed AFTER INSERT OR UPDATE OR DELETE ON reference_version
  FOR EACH ROW EXECUTE FUNCTION tuzo_notify_everything();
-- TRUNCATE (tests, a restore) empties tables whole: everything.
CREATE TRIGGER members_truncated_change_feed AFTER TRUNCATE ON members
  FOR EACH STATEMENT EXECUTE FUNCTION tuzo_notify_everything();
CREATE TRIGGER sessions_truncated_change_feed AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION tuzo_notify_everything();
