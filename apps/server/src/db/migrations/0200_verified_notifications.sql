-- Payment notifications (M-Pesa C2B confirmations, forwarded payment SMS) are credited only once M-Pesa's
-- transaction status query has confirmed them (decision 020). Valid on PostgreSQL 15 and later.
--   pending:  waiting for the status query's result (a query goes out when it arrives, and again from the sweep)
--   verified: M-Pesa reported it Completed with the same amount (verified_amount_minor)
--   refused:  M-Pesa does not know it, or reported another amount (verification_note says which)
--   manual:   a provider Tuzo cannot ask (MTN, Airtel by SMS): never credited from the notification alone
ALTER TABLE payment_notifications
  ADD COLUMN verification          text NOT NULL DEFAULT 'pending'
    CHECK (verification IN ('pending', 'verified', 'refused', 'manual')),
  ADD COLUMN verified_amount_minor bigint CHECK (verified_amount_minor IS NULL OR verified_amount_minor > 0),
  ADD COLUMN verification_note     text,
  ADD COLUMN verified_at           timestamptz,
  -- The ConversationID Daraja acknowledged the latest query with; its result must carry the same one.
  ADD COLUMN query_conversation_id text UNIQUE,
  ADD COLUMN query_sent_at         timestamptz,
  ADD COLUMN query_attempts        integer NOT NULL DEFAULT 0,
  -- The member who claimed the code (recovercode) while it waited for the query: credited when it is verified.
  ADD COLUMN waiting_member_id     bigint REFERENCES members (id),
  ADD COLUMN waiting_since         timestamptz;

-- Notifications credited before this rule stay as they were; unclaimed ones are asked about by the sweep.
UPDATE payment_notifications SET verification = 'verified', verified_amount_minor = amount_minor, verified_at = claimed_at
  WHERE claimed_by_deposit_id IS NOT NULL;
UPDATE payment_notifications SET verification = 'manual'
  WHERE claimed_by_deposit_id IS NULL AND source NOT IN ('mpesa_c2b', 'sms_mpesa_ke');

-- Only a verified notification is ever claimed by a deposit, whatever path gets there.
ALTER TABLE payment_notifications
  ADD CONSTRAINT payment_notifications_claimed_verified CHECK (claimed_by_deposit_id IS NULL OR verification = 'verified'),
  ADD CONSTRAINT payment_notifications_verified_amount
    CHECK (verification <> 'verified' OR verified_amount_minor = amount_minor);
CREATE INDEX payment_notifications_to_query ON payment_notifications (query_sent_at) WHERE verification = 'pending';
