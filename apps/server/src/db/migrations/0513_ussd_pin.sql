-- USSD for feature phones (issue 26 §1, docs/decisions/056-ussd.md).
--
-- The member's 4-digit USSD PIN as an argon2 hash (never the PIN), the wrong PINs typed in a row, and when three of
-- them locked USSD withdrawals (null: not locked). The member unlocks them on the web with the password.
ALTER TABLE members
  ADD COLUMN ussd_pin_hash     text,
  ADD COLUMN ussd_pin_failures integer NOT NULL DEFAULT 0 CHECK (ussd_pin_failures >= 0),
  ADD COLUMN ussd_locked_at    timestamptz;
