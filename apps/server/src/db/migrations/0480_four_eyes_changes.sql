-- Four-eyes on changes as well as money (issue 23, docs/decisions/044-four-eyes-one-person-cannot-get-round.md).
-- Valid on PostgreSQL 15 and later.
--
-- Staff management (create, enable, change role, reset an authenticator), money-control settings (`setting`,
-- `country`), an upline change that moves paid commissions (`upline`) and an operator's change of a member's phone
-- (`member_phone`) become requests in the same table, approved by a different operator. A change that is not money
-- has no amount and may have no member: those columns are now optional, and required for the money kinds.
ALTER TABLE approval_requests DROP CONSTRAINT approval_requests_kind_check;
ALTER TABLE approval_requests ADD CONSTRAINT approval_requests_kind_check
  CHECK (kind IN ('adjust', 'deposit', 'code', 'withdrawal', 'payout_paid',
                  'staff_create', 'staff_enable', 'staff_role', 'staff_totp_reset',
                  'setting', 'country', 'upline', 'member_phone'));
ALTER TABLE approval_requests
  ALTER COLUMN member_id DROP NOT NULL,
  ALTER COLUMN amount_system_minor DROP NOT NULL,
  ALTER COLUMN amount_minor DROP NOT NULL,
  ALTER COLUMN currency DROP NOT NULL;
ALTER TABLE approval_requests ADD CONSTRAINT approval_requests_money_kinds_have_amounts
  CHECK (kind NOT IN ('adjust', 'deposit', 'code', 'withdrawal', 'payout_paid')
         OR (member_id IS NOT NULL AND amount_system_minor IS NOT NULL AND amount_minor IS NOT NULL AND currency IS NOT NULL));
