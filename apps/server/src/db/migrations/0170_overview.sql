-- Operator console overview (adminoverview). Valid on PostgreSQL 15 and later.

-- Members by status and country: an index-only scan instead of reading every member row.
CREATE INDEX members_status_country ON members (status, country_id) WHERE NOT is_house;

-- The 30 daily buckets of the overview read only their window.
CREATE INDEX deposits_completed ON deposits (completed_at) INCLUDE (amount_system_minor) WHERE status = 2;
CREATE INDEX withdrawals_created ON withdrawals (created_at) INCLUDE (amount_system_minor, status);
CREATE INDEX activations_created ON activations (created_at);

-- What each member has earned (commissions, bonuses, task pay, trivia, spin winnings; net of reversals), kept
-- beside member_totals by a trigger so "top earners" reads ten index entries instead of summing every member's
-- totals. `npm run reconcile` checks member_totals; this table is a sum of some of its buckets.
CREATE TABLE member_earnings (
  member_id    bigint PRIMARY KEY REFERENCES members (id),
  total_minor  bigint NOT NULL
);
CREATE INDEX member_earnings_top ON member_earnings (total_minor DESC, member_id);

CREATE FUNCTION member_earnings_bucket(bucket text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT bucket IN ('commission_l1', 'commission_l2', 'commission_l3', 'daily_bonus', 'welcome_bonus',
                    'youtube', 'tiktok', 'ads', 'trivia', 'free_spin', 'casino_spin')
$$;

CREATE FUNCTION member_earnings_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_delta bigint := NEW.total_minor - CASE WHEN TG_OP = 'UPDATE' THEN OLD.total_minor ELSE 0 END;
BEGIN
  IF v_delta <> 0 THEN
    INSERT INTO member_earnings AS e (member_id, total_minor) VALUES (NEW.member_id, v_delta)
    ON CONFLICT (member_id) DO UPDATE SET total_minor = e.total_minor + EXCLUDED.total_minor;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER member_earnings_follow AFTER INSERT OR UPDATE OF total_minor ON member_totals
  FOR EACH ROW WHEN (member_earnings_bucket(NEW.bucket)) EXECUTE FUNCTION member_earnings_follow();

INSERT INTO member_earnings (member_id, total_minor)
SELECT member_id, SUM(total_minor) FROM member_totals WHERE member_earnings_bucket(bucket) GROUP BY member_id;
