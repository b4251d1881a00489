import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './deps.ts';

/**
 * A sweep on a timer that never keeps the process alive: `work` runs every `everyMs`, one run at a time (a tick while
 * the last run is still going is skipped), a failure is logged under `failure`, and closing the app stops the timer
 * and waits for the run in flight.
 */
export function runEvery(
  app: FastifyInstance,
  deps: AppDeps,
  task: { everyMs: number; work: () => Promise<unknown>; failure: string },
): void {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = task
      .work()
      .catch((error: unknown) => deps.log.error({ err: error }, task.failure))
      .finally(() => (running = null));
  }, task.everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
