-- Opting out of promotional SMS that works (issue 26 §3, docs/decisions/057-sms-opt-out-and-sending-window.md).
--
-- One row each time a phone number stops promotional SMS, with when and how: the member texted the opt-out word
-- (`keyword`, Africa's Talking's incoming-message callback), opted out through the provider (`provider`, its opt-out
-- callback), or a send was refused with 406 "user in blacklist" (`blacklisted`). `member_id` is the member whose
-- `sms_promotions` was turned off (null when no member has the number). `detail` is the keyword text, the sender id
-- or the provider's status. A closed account's rows keep the record without the number (decision 040).
CREATE TABLE sms_opt_outs (
  id         bigserial PRIMARY KEY,
  member_id  bigint REFERENCES members (id),
  phone      text NOT NULL,
  via        text NOT NULL CHECK (via IN ('keyword', 'provider', 'blacklisted')),
  detail     text,
  created_at timestamptz NOT NULL
);
CREATE INDEX sms_opt_outs_member ON sms_opt_outs (member_id, id DESC) WHERE member_id IS NOT NULL;
