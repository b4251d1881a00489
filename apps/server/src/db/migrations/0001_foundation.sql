-- Foundation: countries and fees, members and their sponsor chain, sessions, password resets, outbox,
-- settings and the operator audit log. Valid on PostgreSQL 15 and later.

CREATE TABLE countries (
  id            serial PRIMARY KEY,
  name          text    NOT NULL,
  dial          text    NOT NULL CHECK (dial ~ '^\+[0-9]{1,4}$'),
  abbreviation  text    NOT NULL UNIQUE,
  currency      text    NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  -- Local currency units per 1 system unit, times 1,000,000 (see docs/money.md).
  rate_micro    bigint  NOT NULL CHECK (rate_micro > 0),
  enabled       boolean NOT NULL DEFAULT true,
  is_default    boolean NOT NULL DEFAULT false,
  sort_order    integer NOT NULL DEFAULT 0,
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX countries_one_default ON countries (is_default) WHERE is_default;

-- Per-country fee row, amounts in the country's local currency, minor units.
CREATE TABLE country_fees (
  country_id      integer PRIMARY KEY REFERENCES countries (id),
  creg_minor      bigint NOT NULL CHECK (creg_minor >= 0),
  fl1_minor       bigint NOT NULL CHECK (fl1_minor >= 0),
  fl2_minor       bigint NOT NULL CHECK (fl2_minor >= 0),
  fl3_minor       bigint NOT NULL CHECK (fl3_minor >= 0),
  cbonus_minor    bigint NOT NULL CHECK (cbonus_minor >= 0),
  min_with_minor  bigint NOT NULL CHECK (min_with_minor >= 0),
  updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tariff_brackets (
  id            serial PRIMARY KEY,
  country_id    integer NOT NULL REFERENCES countries (id),
  min_minor     bigint  NOT NULL CHECK (min_minor >= 0),
  max_minor     bigint  NOT NULL,
  tariff_minor  bigint  NOT NULL CHECK (tariff_minor >= 0),
  CHECK (max_minor >= min_minor)
);
CREATE INDEX tariff_brackets_country ON tariff_brackets (country_id, min_minor);

CREATE TABLE members (
  id              bigserial PRIMARY KEY,
  username        text NOT NULL CHECK (username ~ '^[A-Za-z0-9_]{1,40}$'),
  email           text NOT NULL,
  phone           text NOT NULL,
  password_hash   text NOT NULL,
  country_id      integer NOT NULL REFERENCES countries (id),
  l1_id           bigint REFERENCES members (id),
  l2_id           bigint REFERENCES members (id),
  l3_id           bigint REFERENCES members (id),
  status          text NOT NULL DEFAULT 'inactive' CHECK (status IN ('inactive', 'active', 'suspended')),
  role            text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'operator')),
  is_house        boolean NOT NULL DEFAULT false,
  -- Promised sign-up bonus shown in `profit` before any money exists, in system minor units.
  signup_bonus_minor bigint NOT NULL DEFAULT 0 CHECK (signup_bonus_minor >= 0),
  joined_at       timestamptz NOT NULL DEFAULT now(),
  activated_at    timestamptz,
  updated_at      timestamptz NOT NULL DEFAULT now(),
  CHECK (l1_id IS NULL OR l1_id <> id)
);
CREATE UNIQUE INDEX members_username_lower ON members (lower(username));
CREATE UNIQUE INDEX members_email_lower ON members (lower(email));
CREATE UNIQUE INDEX members_phone ON members (phone);
CREATE INDEX members_l1 ON members (l1_id);
CREATE INDEX members_l2 ON members (l2_id);
CREATE INDEX members_l3 ON members (l3_id);

CREATE TABLE sessions (
  id          bigserial PRIMARY KEY,
  member_id   bigint NOT NULL REFERENCES members (id),
  token_hash  text   NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz,
  ip          text,
  user_agent  text
);
CREATE INDEX sessions_member ON sessions (member_id);

CREATE TABLE password_resets (
  id          bigserial PRIMARY KEY,
  member_id   bigint NOT NULL REFERENCES members (id),
  token_hash  text   NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX password_resets_member ON password_resets (member_id);

-- Mail that the server sends, kept so an operator can hand a message over when SMTP is not configured.
CREATE TABLE outbox (
  id          bigserial PRIMARY KEY,
  kind        text NOT NULL,
  recipient   text NOT NULL,
  subject     text NOT NULL,
  body        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  sent_at     timestamptz,
  error       text
);

CREATE TABLE settings (
  key         text PRIMARY KEY,
  value       jsonb NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE audit_log (
  id           bigserial PRIMARY KEY,
  actor_id     bigint REFERENCES members (id),
  action       text NOT NULL,
  target_type  text,
  target_id    text,
  before       jsonb,
  after        jsonb,
  ip           text,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created ON audit_log (created_at DESC);
