import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../lib/deps.ts';
import { seedOnStartup } from './seed/seed.service.ts';
import { startDeposits } from './deposits/deposits.startup.ts';
import { startTaskContent } from './videos/demo-content.ts';

/**
 * Work done once the database is migrated and before the server listens: reference data, the operator account,
 * demo content, provider clients and their webhooks, background reconcilers. Each module adds its step here.
 */
export async function runStartupTasks(app: FastifyInstance, deps: AppDeps): Promise<void> {
  void app;
  await seedOnStartup(deps);
  await startDeposits(app, deps);
  await startTaskContent(app, deps);
}
