-- Double-entry ledger (see docs/money.md). Amounts are integer minor units of the system currency.
-- A posting's amount is added to its account's balance: positive credits, negative debits; the postings of one
-- transaction sum to zero. Transactions and postings are append-only (triggers below refuse UPDATE and DELETE).

CREATE TABLE ledger_accounts (
  id              bigserial PRIMARY KEY,
  code            text   NOT NULL UNIQUE,
  kind            text   NOT NULL CHECK (kind IN ('member', 'system')),
  member_id       bigint REFERENCES members (id),
  wallet          text   CHECK (wallet IN ('balance', 'deposit', 'ads', 'youtube', 'tiktok')),
  balance_minor   bigint NOT NULL DEFAULT 0,
  allow_negative  boolean NOT NULL DEFAULT false,
  created_at      timestamptz NOT NULL DEFAULT now(),
  -- Member wallets can never go negative; only system accounts (provider, house) may.
  CONSTRAINT ledger_accounts_not_negative CHECK (allow_negative OR balance_minor >= 0),
  CONSTRAINT ledger_accounts_member_shape CHECK (
    (kind = 'member' AND member_id IS NOT NULL AND wallet IS NOT NULL AND NOT allow_negative)
    OR (kind = 'system' AND member_id IS NULL AND wallet IS NULL)
  ),
  UNIQUE (member_id, wallet)
);

CREATE TABLE ledger_transactions (
  id                 bigserial PRIMARY KEY,
  kind               text   NOT NULL,
  idempotency_key    text   NOT NULL UNIQUE,
  member_id          bigint REFERENCES members (id),
  reverses_id        bigint REFERENCES ledger_transactions (id),
  memo               text,
  -- When the amount was entered in a member's currency: the rate used (micro-units) and the local amount.
  rate_micro         bigint CHECK (rate_micro IS NULL OR rate_micro > 0),
  local_amount_minor bigint,
  local_currency     text,
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_transactions_member ON ledger_transactions (member_id, created_at DESC);
CREATE INDEX ledger_transactions_kind ON ledger_transactions (kind, created_at DESC);
CREATE UNIQUE INDEX ledger_transactions_one_reversal ON ledger_transactions (reverses_id) WHERE reverses_id IS NOT NULL;

CREATE TABLE ledger_postings (
  id              bigserial PRIMARY KEY,
  transaction_id  bigint NOT NULL REFERENCES ledger_transactions (id),
  account_id      bigint NOT NULL REFERENCES ledger_accounts (id),
  amount_minor    bigint NOT NULL CHECK (amount_minor <> 0),
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_postings_transaction ON ledger_postings (transaction_id);
CREATE INDEX ledger_postings_account ON ledger_postings (account_id, transaction_id);

CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only: post a reversing transaction instead';
END
$$;
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
