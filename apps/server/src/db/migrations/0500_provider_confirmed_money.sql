-- Money moves only on the provider's confirmed word (docs/decisions/046-provider-confirmed-money.md).
--
-- payouts.provider_answer: the last answer of the provider's status query (M-Pesa transaction status / Flutterwave
-- transfer fetch) about the payout, with its words and time. "Mark paid outside Tuzo" and "mark failed" need a
-- `failed` or `not-found` answer recorded; a `not-found` payout is never sent again by the sweep: it waits for an
-- operator.
ALTER TABLE payouts
  ADD COLUMN provider_answer        text CHECK (provider_answer IN ('completed', 'failed', 'not-found')),
  ADD COLUMN provider_answer_detail text CHECK (length(provider_answer_detail) <= 500),
  ADD COLUMN provider_answer_at     timestamptz,
  ADD CHECK ((provider_answer IS NULL) = (provider_answer_at IS NULL));

-- Operator-visible alerts about money the providers' answers did not let move: a payout receipt (or any payment
-- Tuzo made) offered as a deposit, a payout result for another receiver or amount, a success after the payout was
-- failed or marked paid outside Tuzo (a double payment to recover). The console lists them; nothing here moves money.
CREATE TABLE money_alerts (
  id               bigserial   PRIMARY KEY,
  kind             text        NOT NULL CHECK (kind IN ('deposit_refused', 'payout_mismatch', 'double_payment')),
  payout_id        bigint      REFERENCES payouts (id),
  notification_id  bigint      REFERENCES payment_notifications (id),
  member_id        bigint      REFERENCES members (id),
  transaction_code text        CHECK (length(transaction_code) <= 64),
  detail           text        NOT NULL CHECK (length(detail) BETWEEN 1 AND 1000),
  created_at       timestamptz NOT NULL,
  -- One alert per fact: the same refused notification or the same payout's same kind is recorded once.
  dedupe_key       text        NOT NULL UNIQUE CHECK (length(dedupe_key) <= 200)
);
CREATE INDEX money_alerts_recent ON money_alerts (id DESC);
CREATE INDEX money_alerts_payout ON money_alerts (payout_id) WHERE payout_id IS NOT NULL;
