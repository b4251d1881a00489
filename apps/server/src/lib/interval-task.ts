import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './deps.ts';

/**
 * A local timer that never keeps the process alive: `work` runs every `everyMs`, one run at a time (a tick while
 * the last run is still going is skipped), a failure is logged under `failure`, and closing the app stops the timer
 * and waits for the run in flight. Background jobs do not call it directly: they go through the jobs module's
 * `startJob`, which runs each job once per tick across every node (docs/decisions/052-jobs-once-across-nodes.md).
 */
export function runEvery(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'log'>,
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
