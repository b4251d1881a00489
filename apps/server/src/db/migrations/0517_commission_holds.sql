-- Commission holds and cluster decisions (issue 27, docs/decisions/062-commission-holds-and-cluster-decisions.md).
--
-- commission_holds: a commission an activation paid to an upline in the same cluster as the activating member went
-- to the system account hold:commissions (ledger transaction `transaction_id`), not to the upline's Jumbo wallet.
-- held -> released (hold:commissions -> the upline's Jumbo, `settle_transaction_id`) | reversed (back to
-- house:commissions by a reversing transaction). Each decision moves money once: its ledger key is per hold.
CREATE TABLE commission_holds (
  id                    bigserial   PRIMARY KEY,
  cluster_id            bigint      NOT NULL REFERENCES fraud_clusters (id),
  member_id             bigint      NOT NULL REFERENCES members (id),
  from_member_id        bigint      NOT NULL REFERENCES members (id),
  level                 smallint    NOT NULL CHECK (level BETWEEN 1 AND 3),
  amount_minor          bigint      NOT NULL CHECK (amount_minor > 0),
  transaction_id        bigint      NOT NULL UNIQUE REFERENCES ledger_transactions (id),
  state                 text        NOT NULL DEFAULT 'held' CHECK (state IN ('held', 'released', 'reversed')),
  held_at               timestamptz NOT NULL,
  decided_at            timestamptz,
  settle_transaction_id bigint      REFERENCES ledger_transactions (id),
  CHECK ((state = 'held') = (decided_at IS NULL))
);
CREATE INDEX commission_holds_member ON commission_holds (member_id, held_at DESC);
CREATE INDEX commission_holds_held ON commission_holds (cluster_id) WHERE state = 'held';

-- A member's request that the operators review their held commissions: one open request per member and cluster;
-- the cluster's decision closes them.
CREATE TABLE cluster_review_requests (
  id           bigserial   PRIMARY KEY,
  cluster_id   bigint      NOT NULL REFERENCES fraud_clusters (id),
  member_id    bigint      NOT NULL REFERENCES members (id),
  message      text        NOT NULL,
  requested_at timestamptz NOT NULL,
  closed_at    timestamptz
);
CREATE UNIQUE INDEX cluster_review_requests_open ON cluster_review_requests (cluster_id, member_id) WHERE closed_at IS NULL;
CREATE INDEX cluster_review_requests_member ON cluster_review_requests (member_id, requested_at DESC);

-- Operators' decisions on clusters (clear or confirm), with the note, who asked and who executed it (the approver
-- of a four-eyes request) and what moved.
CREATE TABLE cluster_decisions (
  id           bigserial   PRIMARY KEY,
  cluster_id   bigint      NOT NULL REFERENCES fraud_clusters (id),
  decision     text        NOT NULL CHECK (decision IN ('clear', 'confirm')),
  note         text        NOT NULL,
  requested_by bigint      NOT NULL REFERENCES members (id),
  decided_by   bigint      NOT NULL REFERENCES members (id),
  approval_id  bigint      REFERENCES approval_requests (id),
  released     integer     NOT NULL,
  reversed     integer     NOT NULL,
  suspended    integer     NOT NULL,
  decided_at   timestamptz NOT NULL
);
CREATE INDEX cluster_decisions_cluster ON cluster_decisions (cluster_id, decided_at DESC);

-- A cluster decision above four_eyes_threshold (the held total) is a request a second operator approves.
ALTER TABLE approval_requests DROP CONSTRAINT approval_requests_kind_check;
ALTER TABLE approval_requests ADD CONSTRAINT approval_requests_kind_check
  CHECK (kind IN ('adjust', 'deposit', 'code', 'withdrawal', 'payout_paid',
                  'staff_create', 'staff_enable', 'staff_role', 'staff_totp_reset',
                  'setting', 'country', 'upline', 'member_phone', 'cluster'));

-- A withdrawal of a member in an open cluster is held by a flag only the cluster's decision clears.
ALTER TABLE payout_risk_flags DROP CONSTRAINT payout_risk_flags_kind_check;
ALTER TABLE payout_risk_flags ADD CONSTRAINT payout_risk_flags_kind_check
  CHECK (kind IN ('shared_phone', 'shared_name', 'daily_count', 'after_adjustment', 'after_upline_change',
                  'after_phone_change', 'cluster'));

-- A released commission (kind commission_release) is an earning like the commission it was.
CREATE OR REPLACE FUNCTION member_earnings_bucket(bucket text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT bucket IN ('commission_l1', 'commission_l2', 'commission_l3', 'commission_release', 'daily_bonus',
                    'welcome_bonus', 'youtube', 'tiktok', 'ads', 'trivia', 'free_spin', 'casino_spin')
$$;
