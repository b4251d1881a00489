import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../lib/deps.ts';
import { runEvery } from '../../lib/interval-task.ts';
import { ensureJob, finishJob, renewLease, takeJob, type JobRow } from './jobs.repository.ts';

/**
 * A run as its work sees it. A node that stalled past its lease may find another node has taken the job over: the
 * work asks `stillHeld()` before each item with an effect (a message, a payout) and stops at `false`; `signal` aborts
 * as soon as this node learns it lost the lease (a renewal or `stillHeld` found another holder).
 */
export interface JobRun {
  signal: AbortSignal;
  /** Renews the lease now (one UPDATE by holder) and answers whether this node still holds it. */
  stillHeld: () => Promise<boolean>;
}

/** A background job: its name (the row in `jobs`), how often it is due, and its work. */
export interface JobSpec {
  name: string;
  everyMs: number;
  work: (run: JobRun) => Promise<unknown>;
}

/** What one tick of a job did on this node. */
export type TickOutcome =
  { ran: false } | { ran: true; ok: boolean; tookOver: boolean; leaseLost: boolean; job: JobRow | null; error: string | null };

type JobDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'log' | 'random'>;

/** The first retry after a failure waits the job's period (at most 30 s), doubling per failure in a row, to 15 min. */
export const RETRY_BASE_CAP_MS = 30_000;
export const RETRY_MAX_MS = 15 * 60_000;

/** The wait before the next try of a job that has failed `failuresInARow` times in a row (1, 2, ...). */
export function retryDelayMs(everyMs: number, failuresInARow: number): number {
  const base = Math.min(everyMs, RETRY_BASE_CAP_MS);
  return Math.min(base * 2 ** Math.max(0, failuresInARow - 1), RETRY_MAX_MS);
}

/**
 * How often a node asks for a job: its period, but at least four times per lease, so that a job whose holder died is
 * taken over at most a quarter of a lease after the lease ran out.
 */
export function pollEveryMs(everyMs: number, leaseMs: number): number {
  return Math.max(100, Math.min(everyMs, Math.floor(leaseMs / 4)));
}

const nodeIds = new WeakMap<object, string>();

/** This app's holder name in `jobs.holder`: host, process id and a random tag (two apps in one process differ). */
export function jobNodeId(deps: Pick<AppDeps, 'random'> & object): string {
  let id = nodeIds.get(deps);
  if (!id) {
    id = `${hostname()}:${process.pid}:${deps.random.uuid().slice(0, 8)}`;
    nodeIds.set(deps, id);
  }
  return id;
}

const ensured = new WeakMap<object, Set<string>>();

async function ensureOnce(deps: JobDeps, job: Pick<JobSpec, 'name' | 'everyMs'>): Promise<void> {
  const names = ensured.get(deps) ?? new Set<string>();
  ensured.set(deps, names);
  if (names.has(job.name)) return;
  const now = deps.clock.now();
  // First due one period after the first node starts, as the loops before the jobs table (a timer's first tick).
  await ensureJob(deps.db, { name: job.name, everyMs: job.everyMs, firstDueAt: new Date(now.getTime() + job.everyMs), now });
  names.add(job.name);
}

/**
 * The lease of a run in progress: renewed every third of it on a timer, and on each `stillHeld()`. A renewal that
 * finds another holder aborts the run's signal; the work stops at its next check.
 */
function holdLease(deps: JobDeps, name: string, holder: string): { run: JobRun; stop: () => void } {
  const leaseMs = deps.config.JOB_LEASE_MS;
  const lost = new AbortController();
  const renew = async (): Promise<boolean> => {
    if (lost.signal.aborted) return false;
    const held = await renewLease(deps.db, { name, holder, until: new Date(deps.clock.now().getTime() + leaseMs) });
    if (!held && !lost.signal.aborted) {
      deps.log.warn({ job: name, holder }, `Job ${name}: another node took the lease over; this run stops`);
      lost.abort(new Error(`Job ${name} lost its lease`));
    }
    return held;
  };
  const renewal = setInterval(
    () => {
      renew().catch((error: unknown) => deps.log.warn({ err: error, job: name }, 'Job lease renewal failed'));
    },
    Math.floor(leaseMs / 3),
  );
  renewal.unref();
  return { run: { signal: lost.signal, stillHeld: renew }, stop: () => clearInterval(renewal) };
}

/**
 * One tick of a job on this node (the timer of `startJob` calls it; tests call it with two holders): takes the lease
 * if the job is due and free (one UPDATE), runs the work while renewing the lease every third of it, then records
 * the outcome (one UPDATE): success, or a failure with its retry after `retryDelayMs`, dead after JOB_DEAD_AFTER in
 * a row. A node that lost its lease meanwhile (it stalled past it and another took over) records nothing.
 */
export async function runJobTick(deps: JobDeps, job: JobSpec, options: { holder?: string } = {}): Promise<TickOutcome> {
  const holder = options.holder ?? jobNodeId(deps);
  const leaseMs = deps.config.JOB_LEASE_MS;
  await ensureOnce(deps, job);
  const taken = await takeJob(deps.db, { name: job.name, holder, now: deps.clock.now(), leaseMs, everyMs: job.everyMs });
  if (!taken) return { ran: false };
  if (taken.tookOver) deps.log.warn({ job: job.name, holder }, `Job ${job.name} taken over: ${taken.lastError ?? ''}`);
  const lease = holdLease(deps, job.name, holder);
  let error: string | null = null;
  try {
    await job.work(lease.run);
  } catch (failure) {
    error = failure instanceof Error ? failure.message : String(failure);
    deps.log.error({ err: failure, job: job.name }, `Job ${job.name} failed`);
  } finally {
    lease.stop();
  }
  let leaseLost = lease.run.signal.aborted;
  const now = deps.clock.now();
  const retryAt = new Date(now.getTime() + retryDelayMs(job.everyMs, taken.consecutiveFailures + 1));
  const finished = await finishJob(deps.db, {
    name: job.name,
    holder,
    now,
    error,
    retryAt,
    deadAfter: deps.config.JOB_DEAD_AFTER,
  });
  if (!finished) {
    leaseLost = true;
    deps.log.warn({ job: job.name, holder }, `Job ${job.name} finished after another node took it over`);
  } else if (finished.state === 'dead') {
    deps.log.error({ job: job.name }, `Job ${job.name} stopped after ${finished.consecutiveFailures} failures in a row`);
  }
  return { ran: true, ok: error === null, tookOver: taken.tookOver, leaseLost, job: finished, error };
}

/**
 * Start-up: runs a job once per tick across every node on this database (decision 052). Each node asks every
 * `pollEveryMs`; the one that takes the lease runs it. The timer never keeps the process alive, and closing the app
 * stops it and waits for the run in flight (which then records its outcome).
 */
export function startJob(app: FastifyInstance, deps: JobDeps, job: JobSpec): void {
  runEvery(app, deps, {
    everyMs: pollEveryMs(job.everyMs, deps.config.JOB_LEASE_MS),
    work: () => runJobTick(deps, job),
    failure: `Job ${job.name}: taking or recording its run failed`,
  });
}
