-- Deposits (see docs/money.md, "Deposits"): STK push, payment link and manual-code deposits, the payment
-- notifications that manual codes are matched against, and the operator's review queue of unmatched codes.

CREATE TABLE deposits (
  id                   bigserial PRIMARY KEY,
  member_id            bigint NOT NULL REFERENCES members (id),
  method               text   NOT NULL CHECK (method IN ('stkpush', 'flutterwave', 'manual')),
  -- 0 pending, 1 failed (declined), 2 completed: the spec's codes.
  status               smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  -- What the member paid, in their currency, and the system amount credited; the rate used (micro-units).
  amount_local_minor   bigint NOT NULL CHECK (amount_local_minor > 0),
  currency             text   NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  rate_micro           bigint NOT NULL CHECK (rate_micro > 0),
  amount_system_minor  bigint NOT NULL CHECK (amount_system_minor > 0),
  phone                text,
  checkout_request_id  text UNIQUE,
  merchant_request_id  text,
  tx_ref               text UNIQUE,
  payment_link         text,
  -- The provider's proof: M-Pesa receipt, Flutterwave transaction id, or the manual transaction code.
  provider_ref         text,
  idempotency_key      text UNIQUE,
  failure_reason       text,
  ledger_transaction_id bigint REFERENCES ledger_transactions (id),
  created_at           timestamptz NOT NULL DEFAULT now(),
  completed_at         timestamptz,
  CHECK ((status = 2) = (completed_at IS NOT NULL)),
  CHECK (status <> 2 OR ledger_transaction_id IS NOT NULL)
);
CREATE UNIQUE INDEX deposits_provider_ref ON deposits (method, provider_ref) WHERE provider_ref IS NOT NULL;
CREATE INDEX deposits_member ON deposits (member_id, created_at DESC);
CREATE INDEX deposits_pending ON deposits (method, created_at) WHERE status = 0;

-- Incoming payments we were told about but that no deposit has claimed yet (M-Pesa C2B, SMS forwarder).
CREATE TABLE payment_notifications (
  id                     bigserial PRIMARY KEY,
  source                 text   NOT NULL,
  trans_id               text   NOT NULL CHECK (trans_id = upper(trans_id)),
  amount_minor           bigint NOT NULL CHECK (amount_minor > 0),
  currency               text   NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  msisdn                 text,
  sender_name            text,
  raw                    jsonb  NOT NULL,
  received_at            timestamptz NOT NULL DEFAULT now(),
  claimed_by_deposit_id  bigint UNIQUE REFERENCES deposits (id),
  claimed_at             timestamptz,
  UNIQUE (source, trans_id),
  CHECK ((claimed_by_deposit_id IS NULL) = (claimed_at IS NULL))
);
CREATE INDEX payment_notifications_code ON payment_notifications (trans_id);

-- Codes a member submitted that matched no notification: the operator credits or rejects them.
CREATE TABLE code_reviews (
  id            bigserial PRIMARY KEY,
  member_id     bigint NOT NULL REFERENCES members (id),
  code          text   NOT NULL CHECK (code = upper(code)),
  status        text   NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'credited', 'rejected')),
  -- Local minor units of `currency`: set by the operator when crediting.
  amount_minor  bigint CHECK (amount_minor IS NULL OR amount_minor > 0),
  currency      text,
  deposit_id    bigint REFERENCES deposits (id),
  resolved_by   bigint REFERENCES members (id),
  resolved_at   timestamptz,
  note          text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'pending') = (resolved_at IS NULL)),
  CHECK (status <> 'credited' OR deposit_id IS NOT NULL)
);
CREATE UNIQUE INDEX code_reviews_one_pending ON code_reviews (member_id, code) WHERE status = 'pending';
CREATE INDEX code_reviews_queue ON code_reviews (status, created_at);
