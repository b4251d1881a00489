-- Member notifications: short messages about the member's own money (deposit received, withdrawal paid or declined,
-- commission earned, code rejected). Written in the same database transaction as the movement they describe, so a
-- notification exists if and only if that movement committed; delivered once in the `info` of `userdata` / `auth`.
CREATE TABLE member_notifications (
  id            bigserial PRIMARY KEY,
  member_id     bigint      NOT NULL REFERENCES members (id),
  msg           text        NOT NULL,
  severity      text        NOT NULL CHECK (severity IN ('info', 'success', 'warning', 'error')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  delivered_at  timestamptz
);
-- Delivery reads a member's undelivered notifications; delivered ones are history and never scanned.
CREATE INDEX member_notifications_undelivered ON member_notifications (member_id, id) WHERE delivered_at IS NULL;
