-- Daily and welcome bonuses (modules/bonuses) and the notifications page (modules/notifications).
-- Valid on PostgreSQL 15 and later.

-- One row per bonus paid, written by the movement that pays it (ledger_record_movement's business row), so a claim
-- exists if and only if its money moved. The partial unique indexes are the rule itself: one daily bonus per member
-- per operator day, one welcome bonus per member ever. The idempotency keys (daily_bonus:<member>:<day>,
-- welcome_bonus:<member>) already make concurrent claims pay once; these indexes hold even if a key ever changed.
CREATE TABLE bonus_claims (
  id              bigserial   PRIMARY KEY,
  member_id       bigint      NOT NULL REFERENCES members (id),
  kind            text        NOT NULL CHECK (kind IN ('daily', 'welcome')),
  -- The operator's calendar day (TUZO_TIMEZONE) of a daily bonus; NULL for the welcome bonus.
  day             date,
  amount_minor    bigint      NOT NULL CHECK (amount_minor > 0),
  -- The points (level-1 activations today, or active level-1 members) the claim was granted on.
  points          integer     NOT NULL CHECK (points >= 0),
  transaction_id  bigint      NOT NULL UNIQUE REFERENCES ledger_transactions (id),
  created_at      timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'daily') = (day IS NOT NULL))
);
CREATE UNIQUE INDEX bonus_claims_daily_once ON bonus_claims (member_id, day) WHERE kind = 'daily';
CREATE UNIQUE INDEX bonus_claims_welcome_once ON bonus_claims (member_id) WHERE kind = 'welcome';

-- A claim is history: like the ledger rows it stands for, it is never changed or removed.
CREATE TRIGGER bonus_claims_append_only BEFORE UPDATE OR DELETE ON bonus_claims
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();

INSERT INTO ledger_business_tables (name) VALUES ('bonus_claims');

-- Read vs delivered: `delivered_at` says a response carried the notification in `info` (a toast, once); `read_at`
-- says the member marked it read on the notifications page. Notifications delivered before this migration count as
-- read, so the bell starts from what is new.
ALTER TABLE member_notifications ADD COLUMN read_at timestamptz;
UPDATE member_notifications SET read_at = delivered_at WHERE delivered_at IS NOT NULL;

-- The page lists a member's notifications newest first; the bell counts the unread ones (a bounded index scan).
CREATE INDEX member_notifications_member ON member_notifications (member_id, id DESC);
CREATE INDEX member_notifications_unread ON member_notifications (member_id, id) WHERE read_at IS NULL;
