-- Staff roles and two-factor sign-in (docs/decisions/015-staff-roles-and-totp.md).

-- A third role: support reads the money queues and resolves manual codes; operator does everything.
ALTER TABLE members DROP CONSTRAINT members_role_check;
ALTER TABLE members ADD CONSTRAINT members_role_check CHECK (role IN ('member', 'support', 'operator'));

-- TOTP (RFC 6238): the base32 secret (written by totpsetup, never sent again once enabled), when it was turned on,
-- and the last time step that signed in, so a code is accepted once (no replay within its window).
-- disabled_at: an operator disabled this staff account; it cannot sign in and its sessions do not resolve.
ALTER TABLE members
  ADD COLUMN totp_secret text,
  ADD COLUMN totp_enabled_at timestamptz,
  ADD COLUMN totp_last_step bigint,
  ADD COLUMN disabled_at timestamptz,
  ADD CONSTRAINT members_totp_enabled_has_secret CHECK (totp_enabled_at IS NULL OR totp_secret IS NOT NULL);

-- One-time recovery codes, stored as SHA-256 hashes (each is 50 random bits, shown once).
CREATE TABLE totp_recovery_codes (
  id          bigserial   PRIMARY KEY,
  member_id   bigint      NOT NULL REFERENCES members (id),
  code_hash   text        NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  used_at     timestamptz
);
CREATE UNIQUE INDEX totp_recovery_codes_member_hash ON totp_recovery_codes (member_id, code_hash);

-- The audit page filters by staff member, by action and by the member an entry is about, newest first.
CREATE INDEX audit_log_actor_created ON audit_log (actor_id, created_at DESC);
CREATE INDEX audit_log_action_created ON audit_log (action, created_at DESC);
CREATE INDEX audit_log_target_created ON audit_log (target_type, target_id, created_at DESC);
-- The staff list.
CREATE INDEX members_staff ON members (role) WHERE role <> 'member';
