import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** A job's row (table `jobs`, migration 0511), as the runner and the snapshot read it. */
export interface JobRow {
  name: string;
  everyMs: number;
  state: 'idle' | 'running' | 'dead';
  holder: string | null;
  leaseUntil: Date | null;
  nextRunAt: Date;
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  lastSucceededAt: Date | null;
  lastError: string | null;
  runs: number;
  failures: number;
  consecutiveFailures: number;
  takeovers: number;
}

type Stamp = Date | string | null;
interface RawJob {
  name: string;
  every_ms: number;
  state: JobRow['state'];
  holder: string | null;
  lease_until: Stamp;
  next_run_at: Date | string;
  last_started_at: Stamp;
  last_finished_at: Stamp;
  last_succeeded_at: Stamp;
  last_error: string | null;
  runs: string | number;
  failures: string | number;
  consecutive_failures: number;
  takeovers: string | number;
  [column: string]: unknown;
}

const at = (value: Stamp): Date | null => (value === null ? null : new Date(value));

function jobOf(row: RawJob): JobRow {
  return {
    name: row.name,
    everyMs: Number(row.every_ms),
    state: row.state,
    holder: row.holder,
    leaseUntil: at(row.lease_until),
    nextRunAt: new Date(row.next_run_at),
    lastStartedAt: at(row.last_started_at),
    lastFinishedAt: at(row.last_finished_at),
    lastSucceededAt: at(row.last_succeeded_at),
    lastError: row.last_error,
    // Counters stay far below 2^53 (a job every second for 285 million years).
    runs: Number(row.runs),
    failures: Number(row.failures),
    consecutiveFailures: Number(row.consecutive_failures),
    takeovers: Number(row.takeovers),
  };
}

const iso = (value: Date) => value.toISOString();

/**
 * Makes a job's row once (first due at `firstDueAt`); a row that exists keeps its state, counts and due time, and
 * takes the period this release runs it at.
 */
export async function ensureJob(db: DbOrTx, input: { name: string; everyMs: number; firstDueAt: Date; now: Date }) {
  await db.execute(sql`
    INSERT INTO jobs (name, every_ms, next_run_at, created_at)
    VALUES (${input.name}, ${input.everyMs}, ${iso(input.firstDueAt)}::timestamptz, ${iso(input.now)}::timestamptz)
    ON CONFLICT (name) DO UPDATE SET every_ms = excluded.every_ms WHERE jobs.every_ms <> excluded.every_ms`);
}

/**
 * Takes a job's lease for one run, in one UPDATE on its primary key: only when it is idle and due, or when it is
 * marked running but its holder's lease has run out (the holder stopped mid-run: that run counts as failed and as a
 * takeover). The next run is due one period after this start. Answers the row as taken, or null when another node
 * has it, it is not due, or it is dead.
 */
export async function takeJob(
  db: DbOrTx,
  input: { name: string; holder: string; now: Date; leaseMs: number; everyMs: number },
): Promise<(JobRow & { tookOver: boolean }) | null> {
  const now = iso(input.now);
  // The sub-select locks the row and reads its state before the change (RETURNING sees only the new one).
  const result = await db.execute<RawJob & { took_over: boolean }>(sql`
    UPDATE jobs j SET
      state = 'running',
      holder = ${input.holder},
      lease_until = ${iso(new Date(input.now.getTime() + input.leaseMs))}::timestamptz,
      next_run_at = ${iso(new Date(input.now.getTime() + input.everyMs))}::timestamptz,
      last_started_at = ${now}::timestamptz,
      runs = j.runs + 1,
      failures = j.failures + (CASE WHEN j.state = 'running' THEN 1 ELSE 0 END),
      consecutive_failures = j.consecutive_failures + (CASE WHEN j.state = 'running' THEN 1 ELSE 0 END),
      takeovers = j.takeovers + (CASE WHEN j.state = 'running' THEN 1 ELSE 0 END),
      last_error = CASE WHEN j.state = 'running' THEN 'Stopped mid-run on ' || coalesce(j.holder, '?') ELSE j.last_error END
    FROM (SELECT name, state AS was FROM jobs WHERE name = ${input.name} FOR UPDATE) before
    WHERE j.name = before.name
      AND ((j.state = 'idle' AND j.next_run_at <= ${now}::timestamptz)
        OR (j.state = 'running' AND (j.lease_until IS NULL OR j.lease_until < ${now}::timestamptz)))
    RETURNING j.*, before.was = 'running' AS took_over`);
  const row = result.rows[0];
  return row ? { ...jobOf(row), tookOver: row.took_over } : null;
}

/** Extends the lease of a run still going; false when this node no longer holds it (another took it over). */
export async function renewLease(db: DbOrTx, input: { name: string; holder: string; until: Date }): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE jobs SET lease_until = ${iso(input.until)}::timestamptz
    WHERE name = ${input.name} AND holder = ${input.holder} AND state = 'running'`);
  return (result.rowCount ?? 0) === 1;
}

/**
 * Ends this node's run: on success the failures in a row go back to zero; on failure they count up, the next try is
 * due after `retryAt`, and at `deadAfter` in a row the job turns dead. Nothing changes when this node lost the lease
 * meanwhile (the node that took over owns the row). Answers the row after the run, or null then.
 */
export async function finishJob(
  db: DbOrTx,
  input: { name: string; holder: string; now: Date; error: string | null; retryAt: Date; deadAfter: number },
): Promise<JobRow | null> {
  const now = iso(input.now);
  const failed = input.error !== null;
  const result = await db.execute<RawJob>(sql`
    UPDATE jobs SET
      state = CASE WHEN ${failed} AND consecutive_failures + 1 >= ${input.deadAfter} THEN 'dead' ELSE 'idle' END,
      lease_until = NULL,
      last_finished_at = ${now}::timestamptz,
      last_succeeded_at = CASE WHEN ${failed} THEN last_succeeded_at ELSE ${now}::timestamptz END,
      last_error = CASE WHEN ${failed} THEN ${input.error} ELSE last_error END,
      failures = failures + (CASE WHEN ${failed} THEN 1 ELSE 0 END),
      consecutive_failures = CASE WHEN ${failed} THEN consecutive_failures + 1 ELSE 0 END,
      next_run_at = CASE WHEN ${failed} THEN ${iso(input.retryAt)}::timestamptz ELSE next_run_at END
    WHERE name = ${input.name} AND holder = ${input.holder} AND state = 'running'
    RETURNING *`);
  const row = result.rows[0];
  return row ? jobOf(row) : null;
}

/** Every job's row, by name. */
export async function selectJobs(db: DbOrTx): Promise<JobRow[]> {
  const result = await db.execute<RawJob>(sql`SELECT * FROM jobs ORDER BY name`);
  return result.rows.map(jobOf);
}

/** Brings a dead job back: idle, due now, its failures in a row forgotten. False when it was not dead. */
export async function reviveJob(db: DbOrTx, input: { name: string; now: Date }): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE jobs SET state = 'idle', consecutive_failures = 0, next_run_at = ${iso(input.now)}::timestamptz
    WHERE name = ${input.name} AND state = 'dead'`);
  return (result.rowCount ?? 0) === 1;
}
