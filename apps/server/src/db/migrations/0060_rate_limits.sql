-- Shared rate-limit counters: one row per limited key (`ip:<address>:<action>`, `login:<member id>`,
-- `reset-mail:<member id>`), counting hits in a fixed window that opens with the key's first hit. Every app process
-- counts in this one table, so two processes on one database enforce one limit (docs/decisions/009-shared-limits.md).
-- A hit is one statement: INSERT ... ON CONFLICT (key) DO UPDATE ... RETURNING, serialised on the key's row lock.
CREATE TABLE rate_limit_counters (
  key         text        PRIMARY KEY,
  hits        integer     NOT NULL CHECK (hits > 0),
  expires_at  timestamptz NOT NULL
) WITH (fillfactor = 70);
-- Expired rows are deleted in small batches, oldest first (modules/rate-limits); counting never scans this index.
CREATE INDEX rate_limit_counters_expires_at ON rate_limit_counters (expires_at);
