-- Spins: provably fair free and casino wheels (docs/decisions/012-spin-odds.md, docs/money.md "Spins").

-- A member's server seeds. The seed in use is the one not yet revealed (one per member); its SHA-256 is shown
-- before any draw uses it, the seed itself only once `spinseed` retires it. The client seed and the next nonce
-- belong to the pair; a new pair starts at nonce 0.
CREATE TABLE spin_seeds (
  id                bigserial PRIMARY KEY,
  member_id         bigint      NOT NULL REFERENCES members (id),
  server_seed       text        NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
  server_seed_hash  text        NOT NULL CHECK (server_seed_hash ~ '^[0-9a-f]{64}$'),
  client_seed       text        NOT NULL CHECK (client_seed ~ '^[A-Za-z0-9_.-]{1,64}$'),
  next_nonce        integer     NOT NULL DEFAULT 0 CHECK (next_nonce >= 0),
  created_at        timestamptz NOT NULL DEFAULT now(),
  revealed_at       timestamptz
);
CREATE UNIQUE INDEX spin_seeds_in_use ON spin_seeds (member_id) WHERE revealed_at IS NULL;
CREATE INDEX spin_seeds_member ON spin_seeds (member_id, id);

-- Guardrails a member sets for themselves: the age statement (before the first casino spin) and self-exclusion.
-- An exclusion only ever grows (the service keeps the later end), so nothing lifts it early.
CREATE TABLE spin_members (
  member_id          bigint      PRIMARY KEY REFERENCES members (id),
  age_confirmed_at   timestamptz,
  excluded_until     timestamptz,
  excluded_forever   boolean     NOT NULL DEFAULT false
);

-- One row per spin. A casino spin always has its ledger transaction (stake out, win in); a free spin has one
-- unless it drew a prize of 0 (a ledger leg is never zero).
CREATE TABLE spins (
  id                  bigserial PRIMARY KEY,
  member_id           bigint      NOT NULL REFERENCES members (id),
  kind                text        NOT NULL CHECK (kind IN ('free', 'casino')),
  wallet              text        CHECK (wallet IN ('balance', 'deposit')),
  stake_local_minor   bigint      NOT NULL DEFAULT 0 CHECK (stake_local_minor >= 0),
  stake_system_minor  bigint      NOT NULL DEFAULT 0 CHECK (stake_system_minor >= 0),
  figure              text        NOT NULL,
  segment             smallint    NOT NULL CHECK (segment >= 0),
  wheel               jsonb       NOT NULL,
  win_system_minor    bigint      NOT NULL CHECK (win_system_minor >= 0),
  win_local_minor     bigint      NOT NULL CHECK (win_local_minor >= 0),
  currency            text        NOT NULL,
  rate_micro          bigint      NOT NULL CHECK (rate_micro > 0),
  seed_id             bigint      NOT NULL REFERENCES spin_seeds (id),
  server_seed_hash    text        NOT NULL,
  client_seed         text        NOT NULL,
  nonce               integer     NOT NULL CHECK (nonce >= 0),
  idempotency_key     text        NOT NULL UNIQUE,
  transaction_id      bigint      UNIQUE REFERENCES ledger_transactions (id),
  created_at          timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'casino') = (wallet IS NOT NULL)),
  CHECK (kind = 'free' OR (stake_system_minor > 0 AND transaction_id IS NOT NULL)),
  CHECK (kind = 'casino' OR stake_system_minor = 0),
  CHECK (transaction_id IS NOT NULL OR (kind = 'free' AND win_system_minor = 0)),
  -- A draw is used once: one spin per (seed, nonce).
  UNIQUE (seed_id, nonce)
);
-- The free spin: once per member, ever.
CREATE UNIQUE INDEX spins_one_free ON spins (member_id) WHERE kind = 'free';
CREATE INDEX spins_member ON spins (member_id, id DESC);

INSERT INTO ledger_business_tables (name) VALUES ('spins');
