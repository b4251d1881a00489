-- Four-eyes that one operator cannot get round (issue 23, docs/decisions/044-four-eyes-one-person-cannot-get-round.md).
-- Valid on PostgreSQL 15 and later.

-- What each member received from staff actions (adjustments, manual deposits, typed code amounts, commissions moved
-- by an upline change), one row per movement, in the system currency and by size (a removal counts as much as a
-- credit). The four-eyes threshold is compared with the sum over the last 24 hours of the app clock, plus the
-- pending requests for the member, plus the new amount.
CREATE TABLE staff_money_counts (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  amount_system_minor bigint NOT NULL CHECK (amount_system_minor >= 0),
  source text NOT NULL CHECK (source IN ('adjust', 'deposit', 'code', 'upline')),
  approval_id bigint REFERENCES approval_requests (id),
  staff_ids bigint[] NOT NULL,
  counted_at timestamptz NOT NULL
);
CREATE INDEX staff_money_counts_member_at ON staff_money_counts (member_id, counted_at);
CREATE INDEX approval_requests_pending_member ON approval_requests (member_id) WHERE state = 'pending';

-- A staff account created through the console remembers the operator who asked for it and the one who approved it
-- (either could hold its enrolment link): it never approves or rejects their requests.
ALTER TABLE members ADD COLUMN staff_requested_by bigint REFERENCES members (id);
ALTER TABLE members ADD COLUMN staff_approved_by bigint REFERENCES members (id);

-- One-time enrolment links of new staff accounts: only the hash is kept; the account chooses its own password with
-- it, then enrols its authenticator at its first sign-in. `issued_by` says whether an approval or the server-side
-- command made it.
CREATE TABLE staff_enrolments (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  token_hash text NOT NULL UNIQUE,
  issued_by text NOT NULL CHECK (issued_by IN ('approval', 'server')),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX staff_enrolments_member ON staff_enrolments (member_id);

-- The staff whose action raised a risk flag (the adjustment's operator and requester, the upline change's): none of
-- them clears it.
ALTER TABLE payout_risk_flags ADD COLUMN raised_by bigint[] NOT NULL DEFAULT '{}';
