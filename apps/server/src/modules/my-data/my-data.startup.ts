import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../lib/deps.ts';
import { runClosureSweep } from './closure.service.ts';
import { startJob } from '../jobs/index.ts';

/** How often the closure sweep looks for requests whose 7 days are up (decision 040). */
export const CLOSURE_SWEEP_EVERY_MS = 10 * 60_000;

/** Start-up: the closure sweep, on a timer that never keeps the process alive and stops with the app. */
export function startClosureSweep(app: FastifyInstance, deps: AppDeps): void {
  startJob(app, deps, { name: 'closure-sweep', everyMs: CLOSURE_SWEEP_EVERY_MS, work: () => runClosureSweep(deps) });
}
