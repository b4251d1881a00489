-- Money features (docs/money.md): activations, withdrawals and pay-for-client transfers. The ledger holds the
-- money; these rows hold the business facts and point at the ledger transactions that moved it.

-- One row per activation of a member. `generation` counts activations of that member (an operator may deactivate
-- and the member activate again), so every activation has its own idempotency keys: activation:<member>:<generation>.
CREATE TABLE activations (
  id                          bigserial PRIMARY KEY,
  member_id                   bigint  NOT NULL REFERENCES members (id),
  generation                  integer NOT NULL CHECK (generation > 0),
  is_free                     boolean NOT NULL DEFAULT false,
  fee_system_minor            bigint  NOT NULL CHECK (fee_system_minor >= 0),
  activation_transaction_id   bigint  REFERENCES ledger_transactions (id),
  activated_by                bigint  REFERENCES members (id),
  created_at                  timestamptz NOT NULL DEFAULT now(),
  deactivated_at              timestamptz,
  deactivated_by              bigint  REFERENCES members (id),
  UNIQUE (member_id, generation)
);
CREATE UNIQUE INDEX activations_one_live ON activations (member_id) WHERE deactivated_at IS NULL;

-- A withdrawal request. Status: 0 pending, 1 declined (refunded in full), 2 completed. Amounts are kept both as the
-- member entered them (local currency) and as moved in the ledger (system currency), with the rate used.
CREATE TABLE withdrawals (
  id                     bigserial PRIMARY KEY,
  member_id              bigint  NOT NULL REFERENCES members (id),
  wallet                 text    NOT NULL CHECK (wallet IN ('balance', 'ads', 'youtube', 'tiktok')),
  amount_local_minor     bigint  NOT NULL CHECK (amount_local_minor > 0),
  fee_local_minor        bigint  NOT NULL CHECK (fee_local_minor >= 0),
  currency               text    NOT NULL,
  rate_micro             bigint  NOT NULL CHECK (rate_micro > 0),
  amount_system_minor    bigint  NOT NULL CHECK (amount_system_minor > 0),
  fee_system_minor       bigint  NOT NULL CHECK (fee_system_minor >= 0),
  status                 smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  idempotency_key        text    NOT NULL UNIQUE,
  hold_transaction_id    bigint  NOT NULL REFERENCES ledger_transactions (id),
  settle_transaction_id  bigint  REFERENCES ledger_transactions (id),
  decided_by             bigint  REFERENCES members (id),
  decided_at             timestamptz,
  created_at             timestamptz NOT NULL DEFAULT now(),
  -- A decided withdrawal always names its settling transaction; a pending one never does.
  CHECK ((status = 0) = (settle_transaction_id IS NULL))
);
CREATE INDEX withdrawals_member ON withdrawals (member_id, created_at DESC);
CREATE INDEX withdrawals_status ON withdrawals (status, created_at DESC);

-- Pay for client: money from a payer's Jumbo or Deposit wallet into a downline's Deposit wallet.
CREATE TABLE transfers (
  id                   bigserial PRIMARY KEY,
  payer_id             bigint NOT NULL REFERENCES members (id),
  client_id            bigint NOT NULL REFERENCES members (id),
  wallet               text   NOT NULL CHECK (wallet IN ('balance', 'deposit')),
  amount_local_minor   bigint NOT NULL CHECK (amount_local_minor > 0),
  currency             text   NOT NULL,
  rate_micro           bigint NOT NULL CHECK (rate_micro > 0),
  amount_system_minor  bigint NOT NULL CHECK (amount_system_minor > 0),
  status               smallint NOT NULL DEFAULT 2 CHECK (status IN (0, 1, 2)),
  idempotency_key      text   NOT NULL UNIQUE,
  transaction_id       bigint NOT NULL REFERENCES ledger_transactions (id),
  created_at           timestamptz NOT NULL DEFAULT now(),
  CHECK (payer_id <> client_id)
);
CREATE INDEX transfers_payer ON transfers (payer_id, created_at DESC);
CREATE INDEX transfers_client ON transfers (client_id, created_at DESC);
