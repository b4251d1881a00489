-- A member's own data (decision 040): account closure requests and e-mail change confirmations.

-- A request to close an account: open ('requested') for CLOSURE_WAIT_DAYS, then completed by an operator or by the
-- sweep (completed_by NULL), or cancelled by the member. One open request per member at a time.
CREATE TABLE account_closures (
  id            bigserial   PRIMARY KEY,
  member_id     bigint      NOT NULL REFERENCES members (id),
  state         text        NOT NULL DEFAULT 'requested' CHECK (state IN ('requested', 'cancelled', 'completed')),
  requested_at  timestamptz NOT NULL,
  due_at        timestamptz NOT NULL,
  decided_at    timestamptz,
  completed_by  bigint      REFERENCES members (id),
  CHECK ((state = 'requested') = (decided_at IS NULL))
);
CREATE UNIQUE INDEX account_closures_one_open ON account_closures (member_id) WHERE state = 'requested';
CREATE INDEX account_closures_due ON account_closures (due_at) WHERE state = 'requested';
CREATE INDEX account_closures_member ON account_closures (member_id);

-- A new e-mail address waiting for its confirmation link to be opened (only the token's hash is stored, as for
-- password resets); the address changes when the link is opened before expires_at.
CREATE TABLE email_changes (
  id          bigserial   PRIMARY KEY,
  member_id   bigint      NOT NULL REFERENCES members (id),
  new_email   text        NOT NULL,
  token_hash  text        NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX email_changes_member ON email_changes (member_id);

-- When the account was closed and its personal fields pseudonymised (NULL while open).
ALTER TABLE members ADD COLUMN closed_at timestamptz;
