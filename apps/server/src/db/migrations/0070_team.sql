-- Team (docs/decisions/013-team-counts-and-search.md): per-upline counters of the three downline levels, kept by triggers on
-- members in the same transaction as the change, and the indexes that page one level newest first.
-- Valid on PostgreSQL 15 and later.

-- How many members sit on each level below an upline, and how many of them are active. Dormant = total - active.
-- One row per (upline, level); a row may reach zero and stays. No foreign key: counters must never stop a change to
-- members, and a row of a member that no longer exists is harmless (nothing reads it).
CREATE TABLE team_counts (
  upline_id  bigint   NOT NULL,
  level      smallint NOT NULL CHECK (level BETWEEN 1 AND 3),
  total      integer  NOT NULL CHECK (total >= 0),
  active     integer  NOT NULL CHECK (active >= 0 AND active <= total),
  PRIMARY KEY (upline_id, level)
);

-- The same counts recomputed from members: the backfill below, the reconcile check of the tests and the bench's
-- bulk load (which fills members with the triggers off, then rebuilds from this view).
CREATE VIEW team_counts_from_members AS
SELECT x.upline_id, x.level::smallint AS level, count(*)::integer AS total,
       (count(*) FILTER (WHERE x.status = 'active'))::integer AS active
FROM (
  SELECT l1_id AS upline_id, 1 AS level, status FROM members WHERE l1_id IS NOT NULL
  UNION ALL
  SELECT l2_id, 2, status FROM members WHERE l2_id IS NOT NULL
  UNION ALL
  SELECT l3_id, 3, status FROM members WHERE l3_id IS NOT NULL
) x
GROUP BY x.upline_id, x.level;

-- Keeps team_counts in step with members, whoever changes them (registration, activation, deactivation, an
-- operator's suspension or upline change, the seed). A status change touches the member's (at most three) rows; a
-- new member adds one to each; an upline change moves the member from the old chain to the new one. Rows are always
-- locked level 1, 2, 3 (old chain first), so a registration and an activation under the same uplines cannot deadlock.
CREATE FUNCTION team_counts_add(p_uplines bigint[], p_total integer, p_active integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  FOR i IN 1..3 LOOP
    CONTINUE WHEN p_uplines[i] IS NULL;
    IF p_total > 0 THEN
      INSERT INTO team_counts AS tc (upline_id, level, total, active) VALUES (p_uplines[i], i, p_total, p_active)
      ON CONFLICT (upline_id, level) DO UPDATE SET total = tc.total + EXCLUDED.total, active = tc.active + EXCLUDED.active;
    ELSE
      UPDATE team_counts SET total = total + p_total, active = active + p_active WHERE upline_id = p_uplines[i] AND level = i;
    END IF;
  END LOOP;
END
$$;

CREATE FUNCTION team_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_old_active integer := 0;
  v_new_active integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'active' THEN v_old_active := 1; END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'active' THEN v_new_active := 1; END IF;
  IF TG_OP = 'UPDATE' AND OLD.l1_id IS NOT DISTINCT FROM NEW.l1_id AND OLD.l2_id IS NOT DISTINCT FROM NEW.l2_id
     AND OLD.l3_id IS NOT DISTINCT FROM NEW.l3_id THEN
    IF v_new_active <> v_old_active THEN
      PERFORM team_counts_add(ARRAY[NEW.l1_id, NEW.l2_id, NEW.l3_id], 0, v_new_active - v_old_active);
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM team_counts_add(ARRAY[OLD.l1_id, OLD.l2_id, OLD.l3_id], -1, -v_old_active);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM team_counts_add(ARRAY[NEW.l1_id, NEW.l2_id, NEW.l3_id], 1, v_new_active);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER members_team_counts_insert AFTER INSERT ON members
  FOR EACH ROW EXECUTE FUNCTION team_counts_track();
CREATE TRIGGER members_team_counts_update AFTER UPDATE OF status, l1_id, l2_id, l3_id ON members
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.l1_id IS DISTINCT FROM NEW.l1_id
        OR OLD.l2_id IS DISTINCT FROM NEW.l2_id OR OLD.l3_id IS DISTINCT FROM NEW.l3_id)
  EXECUTE FUNCTION team_counts_track();
CREATE TRIGGER members_team_counts_delete AFTER DELETE ON members
  FOR EACH ROW EXECUTE FUNCTION team_counts_track();

-- Recomputes every counter from members in one statement (after a bulk load with the triggers disabled).
CREATE FUNCTION team_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM team_counts;
  INSERT INTO team_counts (upline_id, level, total, active) SELECT upline_id, level, total, active FROM team_counts_from_members;
$$;

SELECT team_counts_rebuild();

-- One level of a member's team, newest first: the page is read straight off the index and stops after `limit` rows.
-- The INCLUDE columns are everything a page and a search read of the member, so a search over a leader's whole
-- level (tens of thousands of rows) is an index-only scan that never visits the table. They replace the
-- single-column members_l1/l2/l3, whose every use (an equality on the upline) they also serve.
CREATE INDEX members_team_l1 ON members (l1_id, joined_at DESC, id DESC) INCLUDE (status, country_id, username, phone);
CREATE INDEX members_team_l2 ON members (l2_id, joined_at DESC, id DESC) INCLUDE (status, country_id, username, phone, l1_id)
  WHERE l2_id IS NOT NULL;
CREATE INDEX members_team_l3 ON members (l3_id, joined_at DESC, id DESC) INCLUDE (status, country_id, username, phone, l1_id)
  WHERE l3_id IS NOT NULL;
DROP INDEX members_l1;
DROP INDEX members_l2;
DROP INDEX members_l3;

-- Earned per team member: the commissions of one activation are found by their idempotency keys
-- (activation:<member>:<generation>:l<level>, docs/money.md) and their reversals by reverses_id; both indexed already.
