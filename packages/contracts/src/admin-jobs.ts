import { z } from 'zod';
import { NoPayloadSchema } from './common.ts';

/**
 * `adminjobs` (operator): the background jobs, run once per tick across every node on leases in PostgreSQL
 * (docs/decisions/052-jobs-once-across-nodes.md). Times are ISO instants; lag is the seconds since a job fell due
 * without starting; a dead letter is a job stopped after `dead_after` failures in a row.
 */
export const AdminJobsPayloadSchema = NoPayloadSchema;
export type AdminJobsPayload = z.infer<typeof AdminJobsPayloadSchema>;

export const AdminJobSchema = z.object({
  name: z.string(),
  state: z.enum(['idle', 'running', 'dead']),
  every_seconds: z.number(),
  holder: z.string().nullable(),
  runs: z.number().int(),
  failures: z.number().int(),
  consecutive_failures: z.number().int(),
  takeovers: z.number().int(),
  dead_letter: z.boolean(),
  lag_seconds: z.number().int(),
  next_run_at: z.string(),
  last_run_at: z.string().nullable(),
  last_succeeded_at: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type AdminJob = z.infer<typeof AdminJobSchema>;

export const AdminJobsDataSchema = z.object({
  jobs: z.array(AdminJobSchema),
  lease_seconds: z.number(),
  dead_after: z.number().int(),
});
export type AdminJobsData = z.infer<typeof AdminJobsDataSchema>;

/** `adminrevivejob` (operator, audited): brings a dead-lettered job back, idle and due now (decision 052). */
export const AdminReviveJobPayloadSchema = z.object({ name: z.string().trim().min(1).max(80) });
export type AdminReviveJobPayload = z.infer<typeof AdminReviveJobPayloadSchema>;

export const AdminReviveJobDataSchema = z.object({ name: z.string(), state: z.enum(['idle', 'running', 'dead']) });
export type AdminReviveJobData = z.infer<typeof AdminReviveJobDataSchema>;
