-- After a point-in-time restore, payouts stay paused until the provider has been asked about every payout that was
-- in flight at the recovery point (issue 25 §4, docs/decisions/054-backups-pgbackrest.md). The restore (the drill,
-- deploy/backup/restore-drill.ts, or an operator restoring for real) writes one `database_restores` row on the
-- restored database before Tuzo starts on it, and one `restore_payout_checks` row per payout then approved, sent or
-- unknown: the database may have forgotten a send, a result or a settlement that happened after the recovery point,
-- so none of them is trusted until the provider answers. While a restore row has no `cleared_at`, no payout is sent
-- (new ones, retries, the sweep's sends) and the console shows the restored state; the payout sweep asks the provider
-- about each payout still waiting, records when it was asked and answered, and clears the row once all have answered.
-- Times are the app's clock, except `recovery_point`: the last commit the restore replayed, as the database reports it
-- (pg_last_xact_replay_timestamp), which is what point-in-time recovery is measured by.
CREATE TABLE database_restores (
  id             bigserial   PRIMARY KEY,
  recovery_point timestamptz,
  marked_at      timestamptz NOT NULL,
  note           text        CHECK (length(note) <= 500),
  cleared_at     timestamptz
);
-- At most one restore is open at a time.
CREATE UNIQUE INDEX database_restores_one_open ON database_restores ((true)) WHERE cleared_at IS NULL;

CREATE TABLE restore_payout_checks (
  restore_id       bigint      NOT NULL REFERENCES database_restores (id),
  payout_id        bigint      NOT NULL REFERENCES payouts (id),
  state_at_restore text        NOT NULL CHECK (state_at_restore IN ('approved', 'sent', 'unknown')),
  asked_at         timestamptz,
  answered_at      timestamptz,
  -- What settled the question: the payout's final state (paid, failed) or the provider's answer (not-found).
  answer           text        CHECK (answer IN ('paid', 'failed', 'completed', 'not-found')),
  PRIMARY KEY (restore_id, payout_id),
  CHECK ((answer IS NULL) = (answered_at IS NULL))
);
