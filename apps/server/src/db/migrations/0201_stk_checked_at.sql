-- An STK push we stopped waiting for (failed "Timed out ...") is not final: the deposit sweep keeps asking M-Pesa
-- about it for a day (decision 020). provider_checked_at spaces those status queries out.
ALTER TABLE deposits ADD COLUMN provider_checked_at timestamptz;
CREATE INDEX deposits_timed_out ON deposits (created_at)
  WHERE method = 'stkpush' AND status = 1 AND failure_reason LIKE 'Timed out%';
