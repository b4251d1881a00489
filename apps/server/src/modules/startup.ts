import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../lib/deps.ts';
import { seedOnStartup } from './seed/seed.service.ts';
import { startDeposits } from './deposits/deposits.startup.ts';
import { startPayouts } from './payouts/payouts.startup.ts';
import { startAutoPay } from './payouts/auto-pay.ts';
import { startSms } from './sms/sms.startup.ts';
import { startClosureSweep } from './my-data/my-data.startup.ts';
import { registerExportRoutes } from './exports/exports.routes.ts';
import { registerAdminContentRoutes } from './admin-content/admin-content.routes.ts';
import { seedLessons } from './lessons/lessons.seed.ts';
import { seedTriviaQuestions } from './trivia/trivia.seed.ts';
import { startTaskContent } from './videos/demo-content.ts';

/**
 * Work done once the database is migrated and before the server listens: reference data, the operator account,
 * demo content, provider clients and their webhooks, background reconcilers. Each module adds its step here.
 */
export async function runStartupTasks(app: FastifyInstance, deps: AppDeps): Promise<void> {
  void app;
  await seedOnStartup(deps);
  await seedTriviaQuestions(deps.db);
  await seedLessons(deps.db);
  await startDeposits(app, deps);
  await startPayouts(app, deps);
  startAutoPay(deps);
  await startSms(app, deps);
  startClosureSweep(app, deps);
  await startTaskContent(app, deps);
  await registerExportRoutes(app, deps);
  await registerAdminContentRoutes(app, deps);
}
