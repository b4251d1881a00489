-- Background jobs run once per tick across every node (issue 25 §2, docs/decisions/052-jobs-once-across-nodes.md).
-- One row per job: the node holding its lease (`holder`, until `lease_until`), when it is next due, its counts and
-- its state: `idle` (waiting for `next_run_at`), `running` (leased), `dead` (stopped after JOB_DEAD_AFTER failures in
-- a row, until an operator revives it). A node takes a job with one UPDATE whose WHERE holds only when the job is due
-- and nobody holds a live lease; every time in this table is the app's clock, never the database's now().
CREATE TABLE jobs (
  name text PRIMARY KEY,
  every_ms integer NOT NULL CHECK (every_ms > 0),
  state text NOT NULL DEFAULT 'idle' CHECK (state IN ('idle', 'running', 'dead')),
  holder text,
  lease_until timestamptz,
  next_run_at timestamptz NOT NULL,
  last_started_at timestamptz,
  last_finished_at timestamptz,
  last_succeeded_at timestamptz,
  last_error text,
  runs bigint NOT NULL DEFAULT 0,
  failures bigint NOT NULL DEFAULT 0,
  consecutive_failures integer NOT NULL DEFAULT 0,
  takeovers bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL
);
