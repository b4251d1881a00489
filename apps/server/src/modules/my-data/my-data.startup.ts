import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../lib/deps.ts';
import { runClosureSweep } from './closure.service.ts';

/** How often the closure sweep looks for requests whose 7 days are up (decision 040). */
export const CLOSURE_SWEEP_EVERY_MS = 10 * 60_000;

/** Start-up: the closure sweep, on a timer that never keeps the process alive and stops with the app. */
export function startClosureSweep(app: FastifyInstance, deps: AppDeps): void {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = runClosureSweep(deps)
      .catch((error: unknown) => deps.log.error({ err: error }, 'Closure sweep failed'))
      .finally(() => (running = null));
  }, CLOSURE_SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
