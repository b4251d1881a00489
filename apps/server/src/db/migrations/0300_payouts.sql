-- Payouts (docs/money.md "Payouts", docs/decisions/032-payout-states.md): the provider's side of an approved
-- withdrawal. One row per attempt to pay one withdrawal through M-Pesa B2C or a Flutterwave transfer. The row and
-- its `reference` (our OriginatorConversationID / transfer reference) are committed before the request goes out.
--
-- States: approved (committed, not yet acknowledged) -> sent (the provider acknowledged it) -> paid | failed;
-- approved | sent -> unknown (timeout, gateway error, no result in time) -> paid | failed, decided by the provider's
-- status query or transfer fetch only. paid and failed are final.
CREATE TABLE payouts (
  id                     bigserial PRIMARY KEY,
  withdrawal_id          bigint  NOT NULL REFERENCES withdrawals (id),
  attempt                integer NOT NULL CHECK (attempt > 0),
  member_id              bigint  NOT NULL REFERENCES members (id),
  provider               text    NOT NULL CHECK (provider IN ('mpesa_b2c', 'flutterwave')),
  state                  text    NOT NULL CHECK (state IN ('approved', 'sent', 'unknown', 'paid', 'failed')),
  -- Ours, unguessable, unique forever: Daraja refuses a second payment with the same OriginatorConversationID and
  -- Flutterwave a second transfer with the same reference.
  reference              text    NOT NULL UNIQUE CHECK (length(reference) BETWEEN 8 AND 64),
  phone                  text    NOT NULL,
  amount_minor           bigint  NOT NULL CHECK (amount_minor > 0),
  currency               text    NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  -- The provider's id: Daraja's ConversationID or Flutterwave's transfer id (from the acknowledgement or a result).
  conversation_id        text    UNIQUE,
  receipt                text    UNIQUE,
  receiver_name          text,
  provider_fee_minor     bigint  CHECK (provider_fee_minor >= 0),
  failure_code           text,
  -- The reason in the member's words (shown in their history) and the provider's own text (console).
  failure_reason         text,
  provider_detail        text,
  approved_by            bigint  REFERENCES members (id),
  approval_id            bigint,
  send_started_at        timestamptz,
  sent_at                timestamptz,
  unknown_since          timestamptz,
  query_conversation_id  text    UNIQUE,
  query_sent_at          timestamptz,
  query_attempts         integer NOT NULL DEFAULT 0,
  settled_at             timestamptz,
  settled_by             text    CHECK (settled_by IN ('result', 'query', 'send', 'operator')),
  settle_transaction_id  bigint  REFERENCES ledger_transactions (id),
  created_at             timestamptz NOT NULL,
  UNIQUE (withdrawal_id, attempt),
  -- A final payout names the ledger transaction that settled its hold; a live one never does.
  CHECK ((state IN ('paid', 'failed')) = (settle_transaction_id IS NOT NULL)),
  CHECK (state <> 'paid' OR receipt IS NOT NULL),
  CHECK (state <> 'failed' OR failure_reason IS NOT NULL)
);
-- At most one live attempt per withdrawal (20 concurrent approvals create one), and at most one paid.
CREATE UNIQUE INDEX payouts_one_live ON payouts (withdrawal_id) WHERE state IN ('approved', 'sent', 'unknown');
CREATE UNIQUE INDEX payouts_one_paid ON payouts (withdrawal_id) WHERE state = 'paid';
CREATE INDEX payouts_state ON payouts (state, created_at DESC);
CREATE INDEX payouts_member_day ON payouts (member_id, created_at);

-- A withdrawal cannot be decided (completed or declined) while one of its payouts is live: the payout's result
-- decides it. Backs the check in code.
CREATE FUNCTION withdrawals_no_live_payout() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 0 AND NEW.status <> 0 AND EXISTS (
    SELECT 1 FROM payouts WHERE withdrawal_id = NEW.id AND state IN ('approved', 'sent', 'unknown')) THEN
    RAISE EXCEPTION USING ERRCODE = 'TZ010', MESSAGE = 'withdrawal has a live payout', DETAIL = NEW.id::text;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER withdrawals_no_live_payout BEFORE UPDATE OF status ON withdrawals
  FOR EACH ROW EXECUTE FUNCTION withdrawals_no_live_payout();

-- Every request, acknowledgement, callback and query of a payout, as sent or received, secrets redacted.
CREATE TABLE payout_exchanges (
  id           bigserial PRIMARY KEY,
  payout_id    bigint REFERENCES payouts (id),
  kind         text   NOT NULL CHECK (kind IN ('send', 'ack', 'result', 'timeout', 'query', 'query_ack', 'query_result', 'fetch', 'webhook', 'balance')),
  http_status  integer,
  body         jsonb  NOT NULL,
  at           timestamptz NOT NULL
);
CREATE INDEX payout_exchanges_payout ON payout_exchanges (payout_id, id);

-- A result that matched no payout when it arrived (a result before the acknowledgement, or a stranger's): kept and
-- applied when its payout's acknowledgement is recorded. Never applied twice (applied_at).
CREATE TABLE payout_parked_results (
  id               bigserial PRIMARY KEY,
  kind             text  NOT NULL CHECK (kind IN ('b2c_result', 'status_result')),
  reference        text,
  conversation_id  text,
  body             jsonb NOT NULL,
  received_at      timestamptz NOT NULL,
  applied_at       timestamptz
);
CREATE INDEX payout_parked_open ON payout_parked_results (conversation_id) WHERE applied_at IS NULL;
CREATE INDEX payout_parked_open_ref ON payout_parked_results (reference) WHERE applied_at IS NULL;

-- The provider's utility balance as last reported (balance query or a B2C result), per provider.
CREATE TABLE payout_balances (
  provider       text PRIMARY KEY,
  currency       text NOT NULL,
  balance_minor  bigint NOT NULL,
  source         text NOT NULL,
  reported_at    timestamptz NOT NULL
);
