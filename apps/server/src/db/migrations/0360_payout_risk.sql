-- Payout risk flags (docs/money.md "Payouts: risk flags and auto-pay", docs/decisions/035-risk-flags-and-auto-pay.md).
-- A flag is raised in the transaction that records a withdrawal's hold and holds that withdrawal for a human: no
-- operator, four-eyes approval or auto-pay rule can approve it (start its payout) while one of its flags is open.
-- An operator clears a flag with a note (audited); the withdrawal then goes on as it would have.
CREATE TABLE payout_risk_flags (
  id             bigserial PRIMARY KEY,
  withdrawal_id  bigint NOT NULL REFERENCES withdrawals (id),
  member_id      bigint NOT NULL REFERENCES members (id),
  kind           text   NOT NULL CHECK (kind IN ('shared_phone', 'shared_name', 'daily_count', 'after_adjustment', 'after_upline_change')),
  -- Why, in full sentences for the console; `detail` keeps the facts (other member, name, counts, ids).
  reason         text   NOT NULL CHECK (length(reason) BETWEEN 1 AND 1000),
  detail         jsonb  NOT NULL DEFAULT '{}'::jsonb,
  raised_at      timestamptz NOT NULL,
  cleared_at     timestamptz,
  cleared_by     bigint REFERENCES members (id),
  note           text,
  UNIQUE (withdrawal_id, kind),
  -- Cleared means by someone, when, and why.
  CHECK ((cleared_at IS NULL) = (cleared_by IS NULL)),
  CHECK ((cleared_at IS NULL) = (note IS NULL))
);
CREATE INDEX payout_risk_flags_open ON payout_risk_flags (raised_at, id) WHERE cleared_at IS NULL;
CREATE INDEX payout_risk_flags_cleared ON payout_risk_flags (cleared_at DESC, id DESC) WHERE cleared_at IS NOT NULL;

-- The name a provider reports for a paid payout, without M-Pesa's "2547XXXXXXXX - " prefix, upper case: two
-- payouts to the same registered name compare equal whatever phone they went to.
CREATE FUNCTION payout_receiver_name(name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT NULLIF(upper(btrim(regexp_replace(name, '^\s*\+?[0-9]+\s*-\s*', ''))), '')
$$;
CREATE INDEX payouts_paid_receiver_name ON payouts (payout_receiver_name(receiver_name), member_id)
  WHERE state = 'paid' AND receiver_name IS NOT NULL;

-- A phone's last nine digits (the subscriber number without country code or trunk 0): "0712345678" and
-- "+254712345678" are one phone.
CREATE FUNCTION phone_tail(phone text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT right(regexp_replace(phone, '[^0-9]', '', 'g'), 9)
$$;
CREATE INDEX members_phone_tail ON members (phone_tail(phone));
