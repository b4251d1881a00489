-- Two-factor secrets and recovery codes at rest (docs/decisions/022-secret-keys.md).

-- TOTP secrets are stored sealed with AES-256-GCM under TUZO_SECRET_KEY ("v1:<key id>:..."; lib/secret-box.ts). SQL
-- cannot encrypt without the key, so this constraint is NOT VALID: from now on no row can be written with a plaintext
-- secret, and the start-up step that runs right after the migrations (modules/staff/totp-sealing.ts) seals the rows
-- written before, then validates the constraint, so no plaintext remains.
ALTER TABLE members
  ADD CONSTRAINT members_totp_secret_sealed CHECK (totp_secret IS NULL OR totp_secret LIKE 'v1:%') NOT VALID;

-- Recovery codes are now 80 random bits stored as a salted HMAC-SHA-256 ("hmac-sha256$<salt>$<digest>"). The
-- earlier codes had 50 bits and an unsalted SHA-256; they cannot be strengthened without the codes themselves, so
-- they are retired. Their holders still sign in with their authenticator; after an operator resets their two-factor
-- sign-in, enrolling again issues new codes.
DELETE FROM totp_recovery_codes WHERE code_hash NOT LIKE 'hmac-sha256$%';
ALTER TABLE totp_recovery_codes
  ADD CONSTRAINT totp_recovery_codes_salted CHECK (code_hash LIKE 'hmac-sha256$%');

-- The start-up step looks for secrets to seal at every start: only staff have one, so this index stays tiny and the
-- look-up never scans every member.
CREATE INDEX members_with_totp_secret ON members (id) WHERE totp_secret IS NOT NULL;
