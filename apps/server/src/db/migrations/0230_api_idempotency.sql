-- The answers of actions that honour Idempotency-Key (apps/server/src/actions/idempotency.ts,
-- docs/decisions/023-bad-input-and-replays.md). One row per caller, action and key: claimed as `running` before the
-- handler runs, then `done` with the answer the caller got (HTTP status and envelope, as JSON text so a replay sends
-- the same body). A failed request deletes its row, so the key can be used again. The ledger keeps its own
-- idempotency keys (ledger_transactions.idempotency_key); this table only remembers answers.
CREATE TABLE api_idempotency (
  member_id     bigint      NOT NULL REFERENCES members (id),
  action        text        NOT NULL,
  key           text        NOT NULL CHECK (key ~ '^[A-Za-z0-9_.:-]{8,100}$'),
  request_hash  text        NOT NULL,
  state         text        NOT NULL CHECK (state IN ('running', 'done')),
  status        integer     CHECK (status BETWEEN 200 AND 299),
  answer        text,
  created_at    timestamptz NOT NULL,
  completed_at  timestamptz,
  PRIMARY KEY (member_id, action, key),
  CHECK ((state = 'done') = (status IS NOT NULL AND answer IS NOT NULL AND completed_at IS NOT NULL))
);
-- Rows past the replay window are removed oldest first (idempotency.repository.ts).
CREATE INDEX api_idempotency_created ON api_idempotency (created_at);
