-- The payout goes to the phone the member asked for (issue 23 part 2, docs/decisions/045-payout-phone-and-phone-changes.md).

-- A withdrawal records its payout phone (E.164, as members.phone) and the account name, where the provider gives one,
-- in the transaction that holds its money; a payout of it is sent there, never to the member's phone at approval.
-- Rows from before this migration take the member's phone as it stands (the phone they were requested with is not
-- known any more; until now it was the phone at approval).
ALTER TABLE withdrawals ADD COLUMN payout_phone text, ADD COLUMN payout_name text;
UPDATE withdrawals w SET payout_phone = m.phone FROM members m WHERE m.id = w.member_id;
ALTER TABLE withdrawals ALTER COLUMN payout_phone SET NOT NULL;

-- A phone change: asked by the member (pending until the code sent by SMS to the new phone is entered; only the code's
-- hash is kept, with its attempts and expiry) or applied by an approved operator request; applied_at starts the
-- withdrawal hold (setting payouts.phone_change_hold_hours).
CREATE TABLE phone_changes (
  id           bigserial   PRIMARY KEY,
  member_id    bigint      NOT NULL REFERENCES members (id),
  old_phone    text        NOT NULL,
  new_phone    text        NOT NULL,
  source       text        NOT NULL CHECK (source IN ('member', 'operator')),
  code_hash    text,
  attempts     integer     NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  created_at   timestamptz NOT NULL,
  expires_at   timestamptz,
  applied_at   timestamptz,
  cancelled_at timestamptz,
  staff_ids    bigint[]    NOT NULL DEFAULT '{}',
  CHECK (source = 'operator' OR code_hash IS NOT NULL)
);
CREATE INDEX phone_changes_member ON phone_changes (member_id, created_at DESC);
CREATE UNIQUE INDEX phone_changes_one_pending ON phone_changes (member_id)
  WHERE applied_at IS NULL AND cancelled_at IS NULL AND source = 'member';

-- A withdrawal still pending when the member's phone changes is flagged: its payout goes to the phone recorded at
-- request, and an operator looks before it is paid.
ALTER TABLE payout_risk_flags DROP CONSTRAINT payout_risk_flags_kind_check;
ALTER TABLE payout_risk_flags ADD CONSTRAINT payout_risk_flags_kind_check
  CHECK (kind IN ('shared_phone', 'shared_name', 'daily_count', 'after_adjustment', 'after_upline_change',
                  'after_phone_change'));

-- The movement's static INSERT of a withdrawal names the two new columns (0460 otherwise unchanged).
CREATE OR REPLACE FUNCTION ledger_insert_business(v_table text, v_column text, v_row jsonb, v_tx bigint) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_business jsonb;
BEGIN
  IF v_table = 'transfers' AND v_column = 'transaction_id' THEN
    INSERT INTO transfers (payer_id, client_id, wallet, amount_local_minor, currency, rate_micro, amount_system_minor,
                           status, idempotency_key, transaction_id, created_at)
    SELECT r.payer_id, r.client_id, r.wallet, r.amount_local_minor, r.currency, r.rate_micro, r.amount_system_minor,
           COALESCE(r.status, 2), r.idempotency_key, v_tx, COALESCE(r.created_at, now())
    FROM jsonb_populate_record(NULL::transfers, v_row) r
    RETURNING ledger_json_numbers_as_text(to_jsonb(transfers.*)) INTO v_business;
  ELSIF v_table = 'withdrawals' AND v_column = 'hold_transaction_id' THEN
    INSERT INTO withdrawals (member_id, wallet, amount_local_minor, fee_local_minor, currency, rate_micro,
                             amount_system_minor, fee_system_minor, status, idempotency_key, hold_transaction_id,
                             settle_transaction_id, decided_by, decided_at, created_at, payout_phone, payout_name)
    SELECT r.member_id, r.wallet, r.amount_local_minor, r.fee_local_minor, r.currency, r.rate_micro,
           r.amount_system_minor, r.fee_system_minor, COALESCE(r.status, 0), r.idempotency_key, v_tx,
           r.settle_transaction_id, r.decided_by, r.decided_at, COALESCE(r.created_at, now()), r.payout_phone, r.payout_name
    FROM jsonb_populate_record(NULL::withdrawals, v_row) r
    RETURNING ledger_json_numbers_as_text(to_jsonb(withdrawals.*)) INTO v_business;
  ELSIF v_table = 'spins' AND v_column = 'transaction_id' THEN
    INSERT INTO spins (member_id, kind, wallet, stake_local_minor, stake_system_minor, figure, segment, wheel,
                       win_system_minor, win_local_minor, currency, rate_micro, seed_id, server_seed_hash, client_seed,
                       nonce, idempotency_key, transaction_id, created_at)
    SELECT r.member_id, r.kind, r.wallet, COALESCE(r.stake_local_minor, 0), COALESCE(r.stake_system_minor, 0), r.figure,
           r.segment, r.wheel, r.win_system_minor, r.win_local_minor, r.currency, r.rate_micro, r.seed_id,
           r.server_seed_hash, r.client_seed, r.nonce, r.idempotency_key, v_tx, COALESCE(r.created_at, now())
    FROM jsonb_populate_record(NULL::spins, v_row) r
    RETURNING ledger_json_numbers_as_text(to_jsonb(spins.*)) INTO v_business;
  ELSIF v_table = 'bonus_claims' AND v_column = 'transaction_id' THEN
    INSERT INTO bonus_claims (member_id, kind, day, amount_minor, points, transaction_id, created_at)
    SELECT r.member_id, r.kind, r.day, r.amount_minor, r.points, v_tx, COALESCE(r.created_at, now())
    FROM jsonb_populate_record(NULL::bonus_claims, v_row) r
    RETURNING ledger_json_numbers_as_text(to_jsonb(bonus_claims.*)) INTO v_business;
  ELSIF v_table = 'video_payments' AND v_column = 'transaction_id' THEN
    INSERT INTO video_payments (member_id, video_id, task, day, amount_minor, transaction_id, created_at)
    SELECT r.member_id, r.video_id, r.task, r.day, r.amount_minor, v_tx, COALESCE(r.created_at, now())
    FROM jsonb_populate_record(NULL::video_payments, v_row) r
    RETURNING ledger_json_numbers_as_text(to_jsonb(video_payments.*)) INTO v_business;
  ELSIF v_table = 'ad_payments' AND v_column = 'transaction_id' THEN
    INSERT INTO ad_payments (member_id, ad_id, day, action, amount_minor, transaction_id, created_at)
    SELECT r.member_id, r.ad_id, r.day, r.action, r.amount_minor, v_tx, COALESCE(r.created_at, now())
    FROM jsonb_populate_record(NULL::ad_payments, v_row) r
    RETURNING ledger_json_numbers_as_text(to_jsonb(ad_payments.*)) INTO v_business;
  ELSIF v_table = 'trivia_payouts' AND v_column = 'transaction_id' THEN
    INSERT INTO trivia_payouts (round_id, member_id, day, correct_count, amount_minor, transaction_id, created_at)
    SELECT r.round_id, r.member_id, r.day, r.correct_count, r.amount_minor, v_tx, COALESCE(r.created_at, now())
    FROM jsonb_populate_record(NULL::trivia_payouts, v_row) r
    RETURNING ledger_json_numbers_as_text(to_jsonb(trivia_payouts.*)) INTO v_business;
  END IF;
  RETURN v_business;
END
$$;

-- The SMS outbox carries the phone change's code (to the new phone) and its notice (to the old phone).
ALTER TABLE sms_outbox DROP CONSTRAINT sms_outbox_kind_check;
ALTER TABLE sms_outbox ADD CONSTRAINT sms_outbox_kind_check
  CHECK (kind IN ('deposit_credited', 'withdrawal_paid', 'withdrawal_failed', 'account_activated', 'commission_earned',
                  'promotion', 'phone_change_code', 'phone_changed'));
