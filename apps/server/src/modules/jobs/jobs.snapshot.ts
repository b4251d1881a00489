import type { AppDeps } from '../../lib/deps.ts';
import { reviveJob, selectJobs, type JobRow } from './jobs.repository.ts';

/** One job as the metrics and the console see it (decision 052). */
export interface JobSnapshot {
  name: string;
  state: JobRow['state'];
  /** Runs started, taken-over ones included. */
  runs: number;
  /** Runs that threw, or were cut off by their node's death (taken over). */
  failures: number;
  consecutiveFailures: number;
  /** Stopped after JOB_DEAD_AFTER failures in a row: it runs no more until revived. */
  deadLetter: boolean;
  /** Seconds since the job was due without having started (0 when not yet due). */
  lagSeconds: number;
  /** When its last run ended (success or failure), null before the first. */
  lastRunAt: Date | null;
  everyMs: number;
  holder: string | null;
  nextRunAt: Date;
  lastSucceededAt: Date | null;
  lastError: string | null;
  takeovers: number;
}

/**
 * A job's lag at `now`: how long ago its next run fell due (`next_run_at`, one period after the last start, or the
 * retry time after a failure). A run that outlasts its period, a dead job, or one whose node died shows a growing lag.
 */
export function lagSecondsOf(job: Pick<JobRow, 'nextRunAt'>, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - job.nextRunAt.getTime()) / 1000));
}

/** Every job on this database, one read (`SELECT * FROM jobs`), its lag on the app's clock. */
export async function jobsSnapshot(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<JobSnapshot[]> {
  const now = deps.clock.now();
  return (await selectJobs(deps.db)).map((job) => ({
    name: job.name,
    state: job.state,
    runs: job.runs,
    failures: job.failures,
    consecutiveFailures: job.consecutiveFailures,
    deadLetter: job.state === 'dead',
    lagSeconds: lagSecondsOf(job, now),
    lastRunAt: job.lastFinishedAt,
    everyMs: job.everyMs,
    holder: job.holder,
    nextRunAt: job.nextRunAt,
    lastSucceededAt: job.lastSucceededAt,
    lastError: job.lastError,
    takeovers: job.takeovers,
  }));
}

/** Brings a dead job back (due now, failures in a row forgotten); false when it was not dead. */
export async function reviveDeadJob(deps: Pick<AppDeps, 'db' | 'clock'>, name: string): Promise<boolean> {
  return reviveJob(deps.db, { name, now: deps.clock.now() });
}
