-- "Mark paid outside Tuzo" (docs/decisions/033-payout-console-actions.md): a payout the operator settles as paid on
-- the evidence of the M-Pesa portal, asked by one operator and approved by a different one through the approvals
-- module: a new approval request kind.
ALTER TABLE approval_requests DROP CONSTRAINT approval_requests_kind_check;
ALTER TABLE approval_requests ADD CONSTRAINT approval_requests_kind_check
  CHECK (kind IN ('adjust', 'deposit', 'code', 'withdrawal', 'payout_paid'));
