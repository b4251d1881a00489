/**
 * The jobs module's front door (kernel, decision 049): background jobs run once per tick across every node, on
 * leases in PostgreSQL (decision 052). Files outside modules/jobs/ import this file only; tests may reach inside.
 */
export { jobsSnapshot, lagSecondsOf, reviveDeadJob } from './jobs.snapshot.ts';
export type { JobSnapshot } from './jobs.snapshot.ts';
export { jobNodeId, runJobTick, startJob } from './jobs.runner.ts';
export type { JobRun, JobSpec, TickOutcome } from './jobs.runner.ts';
export { jobsActions } from './admin-jobs.actions.ts';
