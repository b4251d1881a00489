-- Operator console overview (adminoverview). Valid on PostgreSQL 15 and later.

-- Members by status and country: an index-only scan instead of reading every member row.
CREATE INDEX members_status_country ON members (status, country_id) WHERE NOT is_house;

-- A day's figures read only that day: completed deposits by completion, paid withdrawals by decision, activations.
CREATE INDEX deposits_completed ON deposits (completed_at) INCLUDE (amount_system_minor) WHERE status = 2;
CREATE INDEX withdrawals_paid ON withdrawals (decided_at) INCLUDE (amount_system_minor) WHERE status = 2;
CREATE INDEX activations_created ON activations (created_at);

-- The figures of each closed operator day (in the operator's time zone), written once by the first overview after
-- the day ends: every figure counted there is final once its day is over (joins, activations, completed deposits,
-- paid withdrawals, task pay and spins are timestamped when they happen and never change). The overview then reads
-- 29 rows and counts only today live; the spin house result adds up every day since the first spin.
CREATE TABLE overview_days (
  time_zone          text   NOT NULL,
  day                date   NOT NULL,
  joined             integer NOT NULL,
  activations        integer NOT NULL,
  deposits_count     integer NOT NULL,
  deposits_minor     bigint NOT NULL,
  withdrawals_count  integer NOT NULL,
  withdrawals_minor  bigint NOT NULL,
  youtube_minor      bigint NOT NULL,
  tiktok_minor       bigint NOT NULL,
  ads_minor          bigint NOT NULL,
  trivia_minor       bigint NOT NULL,
  casino_count       integer NOT NULL,
  casino_in_minor    bigint NOT NULL,
  casino_out_minor   bigint NOT NULL,
  free_count         integer NOT NULL,
  free_out_minor     bigint NOT NULL,
  computed_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (time_zone, day)
);

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
