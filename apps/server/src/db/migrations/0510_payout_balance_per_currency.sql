-- The low-balance alert per provider currency (issue 23 §6, docs/decisions/047-exactly-once-and-review-fixes.md): a
-- provider that pays in several currencies (Flutterwave: KES, UGX, ...) reports one balance per currency, and each is
-- judged against `payouts.low_balance_alert` converted to that currency. One row per provider and currency; a report
-- in one currency no longer overwrites another's. `low_since` stays per row: one alert per crossing, per currency.
ALTER TABLE payout_balances DROP CONSTRAINT payout_balances_pkey;
ALTER TABLE payout_balances ADD PRIMARY KEY (provider, currency);
