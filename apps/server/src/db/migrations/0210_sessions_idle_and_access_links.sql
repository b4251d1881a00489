-- Sessions end when idle as well as at their absolute expiry (docs/decisions/021-sessions-and-sign-in.md).
-- last_seen_at: the last time a request used the session, recorded at most once per 1/30 of its idle timeout so the
--   hot path (`userdata` every minute) does not write on every call.
-- idle_seconds: the idle timeout fixed when the session opened: 30 minutes for staff, SESSION_IDLE_HOURS for members.
--   The app always sets it; the default (7 days) serves rows written by hand (test fixtures, bench seeds).
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE sessions ADD COLUMN idle_seconds integer NOT NULL DEFAULT 604800 CHECK (idle_seconds > 0);
-- Open staff sessions get the staff rules at once: 30 minutes idle, at most 12 hours from their start.
UPDATE sessions s
SET idle_seconds = 1800, expires_at = LEAST(s.expires_at, s.created_at + interval '12 hours')
FROM members m
WHERE m.id = s.member_id AND m.role <> 'member' AND s.revoked_at IS NULL;

-- Access links (`/access/<token>`): a member opens Tuzo on another device with a single-use link token, valid for
-- minutes, exchanged by `accessexchange` for a normal session. Only the token's hash is stored.
CREATE TABLE access_links (
  id          bigserial   PRIMARY KEY,
  member_id   bigint      NOT NULL REFERENCES members (id),
  token_hash  text        NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_ip  text,
  used_ip     text,
  CHECK (expires_at > created_at)
);
CREATE INDEX access_links_member ON access_links (member_id);
