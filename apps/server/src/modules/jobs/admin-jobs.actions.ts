import type { AdminJobsData } from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { jobsSnapshot, reviveDeadJob } from './jobs.snapshot.ts';

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
  defineAction('adminrevivejob', {
    handler: async (ctx) => {
      const { name } = ctx.payload;
      if (!(await reviveDeadJob(ctx.deps, name)))
        throw new AppError('CONFLICT', `Job ${name.slice(0, 80)} is not dead-lettered (or does not exist): nothing to revive`);
      await writeAudit(ctx.deps.db, {
        actorId: ctx.member.id,
        action: 'job.revive',
        targetType: 'job',
        targetId: name,
        before: { state: 'dead' },
        after: { state: 'idle' },
        ip: ctx.ip,
      });
      return { msg: `Job ${name} revived: it runs again on its next tick`, data: { name, state: 'idle' as const } };
    },
  }),
];
