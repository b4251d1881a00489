import type { AdminJobsData } from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { jobsSnapshot } from './jobs.snapshot.ts';

const isoOrNull = (at: Date | null) => (at === null ? null : at.toISOString());

/** `adminjobs` (operator, read-only): every background job's state, counts, lag and dead letter (decision 052). */
export async function loadAdminJobs(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>): Promise<AdminJobsData> {
  const jobs = await jobsSnapshot(deps);
  return {
    jobs: jobs.map((job) => ({
      name: job.name,
      state: job.state,
      every_seconds: job.everyMs / 1000,
      holder: job.holder,
      runs: job.runs,
      failures: job.failures,
      consecutive_failures: job.consecutiveFailures,
      takeovers: job.takeovers,
      dead_letter: job.deadLetter,
      lag_seconds: job.lagSeconds,
      next_run_at: job.nextRunAt.toISOString(),
      last_run_at: isoOrNull(job.lastRunAt),
      last_succeeded_at: isoOrNull(job.lastSucceededAt),
      last_error: job.lastError,
    })),
    lease_seconds: deps.config.JOB_LEASE_MS / 1000,
    dead_after: deps.config.JOB_DEAD_AFTER,
  };
}

export const jobsActions = [
  defineAction('adminjobs', {
    handler: async (ctx) => ({ msg: 'Jobs loaded', data: await loadAdminJobs(ctx.deps) }),
  }),
];
