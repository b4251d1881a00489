-- USSD session ends (issue 26 §1, docs/decisions/056-ussd.md).
--
-- One row per USSD session Africa's Talking reports as ended (its end-of-session notification): how it ended
-- (`Success`, `Incomplete` or `Failed`), how long it took, its hops, the provider's error message and the network.
-- The phone number is kept only as a keyed hash (HMAC under TUZO_SECRET_KEY), never in clear, and nothing the
-- member typed (the notification's `input` and `lastAppResponse` hold the PIN) is stored. A repeated notification
-- for the same session is one row. Rows older than 30 days are deleted as new ones arrive.
CREATE TABLE ussd_session_ends (
  id            bigserial PRIMARY KEY,
  session_id    text        NOT NULL UNIQUE,
  phone_hash    text        NOT NULL,
  status        text        NOT NULL CHECK (status IN ('Success', 'Incomplete', 'Failed')),
  duration_ms   integer     CHECK (duration_ms >= 0),
  hops          integer     CHECK (hops >= 0),
  error_message text,
  network_code  text,
  at            timestamptz NOT NULL
);
CREATE INDEX ussd_session_ends_phone ON ussd_session_ends (phone_hash, at DESC);
CREATE INDEX ussd_session_ends_at ON ussd_session_ends (at);
