import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../lib/deps.ts';
import { seedOnStartup } from './seed/index.ts';
import { registerDepositWebhooks, startDeposits } from './deposits/index.ts';
import { registerPayoutHooks, startAutoPay, startPayouts } from './payouts/index.ts';
import { registerSmsDeliveryHook, startSms } from './sms/index.ts';
import { registerUssdRoutes } from './ussd/index.ts';
import { startClosureSweep } from './my-data/index.ts';
import { startSignalRetention } from './fraud-signals/index.ts';
import { registerExportRoutes } from './exports/index.ts';
import { registerAdminContentRoutes } from './admin-content/index.ts';
import { seedLessons } from './lessons/index.ts';
import { seedTriviaQuestions } from './trivia/index.ts';
import { registerMedia, startTaskContent } from './videos/index.ts';

/**
 * Every route beside `/api?action=` (provider webhooks, exports, uploads, media), registered while the app is built,
 * before any start-up work runs (decision 048). Each module that serves a route of its own adds it here.
 */
export async function registerModuleRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await registerDepositWebhooks(app, deps);
  await registerPayoutHooks(app, deps);
  await registerSmsDeliveryHook(app, deps);
  await registerUssdRoutes(app, deps);
  await registerExportRoutes(app, deps);
  await registerAdminContentRoutes(app, deps);
  await registerMedia(app);
}

/**
 * Work done once the database is migrated and the routes are registered, before the app answers a request:
 * reference data, the operator account, demo content, then the background work (reconcilers, sweeps, the SMS sender,
 * auto-pay), each on a timer that stops with the app. It registers no route. Each module adds its step here.
 */
export async function runStartupTasks(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await seedOnStartup(deps);
  await seedTriviaQuestions(deps.db);
  await seedLessons(deps.db);
  await startTaskContent(deps);
  await startDeposits(app, deps);
  startPayouts(app, deps);
  startAutoPay(deps);
  startSms(app, deps);
  startClosureSweep(app, deps);
  startSignalRetention(app, deps);
}
