-- SMS for money events (docs/decisions/037-sms-outbox.md). Valid on PostgreSQL 15.
--
-- The member's language ('en' | 'sw'; notifications and SMS are written in it), whether they want an SMS when they
-- earn a commission (on by default; the other money events always send one) and whether they accept promotional SMS
-- (off until they opt in). Written only through members.service.ts.
ALTER TABLE members ADD COLUMN IF NOT EXISTS language text NOT NULL DEFAULT 'en';
ALTER TABLE members DROP CONSTRAINT IF EXISTS members_language_check;
ALTER TABLE members ADD CONSTRAINT members_language_check CHECK (language IN ('en', 'sw'));
ALTER TABLE members ADD COLUMN sms_commission boolean NOT NULL DEFAULT true;
ALTER TABLE members ADD COLUMN sms_promotions boolean NOT NULL DEFAULT false;

-- The outbox: one row per message, inserted in the transaction of the event it tells about (a deposit credited, a
-- withdrawal paid or failed, an activation, a commission), so it exists if and only if the event committed. The
-- sender (modules/sms/sms.sender.ts) sends rows after commit and records the provider's answer; delivery reports
-- move a sent row on. `dedupe_key` is the event's own key: an event recorded twice enqueues one message.
CREATE TABLE sms_outbox (
  id                  bigserial PRIMARY KEY,
  member_id           bigint NOT NULL REFERENCES members (id),
  phone               text NOT NULL,
  language            text NOT NULL CHECK (language IN ('en', 'sw')),
  kind                text NOT NULL CHECK (kind IN ('deposit_credited', 'withdrawal_paid', 'withdrawal_failed',
                                                    'account_activated', 'commission_earned', 'promotion')),
  text                text NOT NULL,
  encoding            text NOT NULL CHECK (encoding IN ('gsm7', 'ucs2')),
  parts               integer NOT NULL CHECK (parts >= 1),
  -- queued -> sending -> sent -> delivered | failed | rejected; queued -> failed | rejected (refused or given up).
  state               text NOT NULL DEFAULT 'queued'
                        CHECK (state IN ('queued', 'sending', 'sent', 'delivered', 'failed', 'rejected')),
  dedupe_key          text NOT NULL UNIQUE,
  provider            text,
  provider_message_id text,
  provider_status     text,
  cost_minor          bigint,
  cost_currency       text,
  attempts            integer NOT NULL DEFAULT 0,
  next_attempt_at     timestamptz NOT NULL,
  claimed_at          timestamptz,
  last_error          text,
  failure_reason      text,
  created_at          timestamptz NOT NULL,
  sent_at             timestamptz,
  delivered_at        timestamptz,
  updated_at          timestamptz NOT NULL
);
CREATE INDEX sms_outbox_due ON sms_outbox (next_attempt_at, id) WHERE state = 'queued';
CREATE INDEX sms_outbox_sending ON sms_outbox (claimed_at) WHERE state = 'sending';
CREATE UNIQUE INDEX sms_outbox_provider_message ON sms_outbox (provider, provider_message_id)
  WHERE provider_message_id IS NOT NULL;
CREATE INDEX sms_outbox_member ON sms_outbox (member_id, id DESC);
