-- The low-balance alert (docs/decisions/033-payout-console-actions.md): when a reported payout balance falls below
-- `payouts.low_balance_alert` the operators are alerted once (audit `payout.low_balance`, the console's banner from
-- `adminpayoutbalance`); `low_since` remembers the crossing until a report at or above the setting clears it.
ALTER TABLE payout_balances ADD COLUMN low_since timestamptz;
