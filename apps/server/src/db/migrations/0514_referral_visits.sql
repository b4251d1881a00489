-- A member's own referral numbers (issue 26 §5, docs/decisions/060-referral-visits-without-personal-data.md): how many
-- times the sign-up page was opened through each sponsor's link, one counter per sponsor and operator day (the day of
-- the app's clock in TUZO_TIMEZONE). Nothing about the visitor is stored: no address, no browser, no cookie, no time
-- of the visit; sign-ups, activations and commissions are read from the members, activations and ledger rows.
CREATE TABLE referral_visits (
  sponsor_id bigint  NOT NULL REFERENCES members (id),
  day        date    NOT NULL,
  visits     integer NOT NULL CHECK (visits > 0),
  PRIMARY KEY (sponsor_id, day)
);

-- A member's activations by member: the link results count the activations of the level-1 members over 30 days
-- (the partial activations_one_live index holds live activations only).
CREATE INDEX activations_member ON activations (member_id, created_at);
