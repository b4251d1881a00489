import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../lib/deps.ts';
import { isSealed, sealedKeyId } from '../../lib/secret-box.ts';
import { createPayments, type Payments } from '../../payments/index.ts';
import { replaceStoredSetting, seedSetting } from '../settings/index.ts';
import { defaultProcedures } from './procedures.ts';
import { verifyPendingNotifications } from './notification-verification.service.ts';
import { reconcilePendingPushes } from './stk-push.service.ts';
import { startJob } from '../jobs/index.ts';

const RECONCILE_EVERY_MS = 15_000;

/**
 * A secret from the configuration, else one generated once and kept in settings, sealed under TUZO_SECRET_KEY
 * (stable across restarts, never in the table in usable form; docs/decisions/020 and 022). A secret stored in clear
 * by an earlier version is sealed in place at start.
 */
export async function hookSecret(
  deps: Pick<AppDeps, 'db' | 'secrets'>,
  configured: string | undefined,
  key: 'hooks.mpesa_callback_secret' | 'hooks.sms_forwarder_secret' | 'hooks.sms_delivery_secret',
): Promise<string> {
  if (configured) return configured;
  const stored = await seedSetting(deps.db, key, deps.secrets.seal(randomBytes(24).toString('base64url'), key));
  if (stored === '') throw new Error(`Setting ${key} is not a usable secret`);
  const secret = isSealed(stored) ? deps.secrets.open(stored, key) : stored;
  // Sealed in clear by an earlier version, or under a previous key: seal it again under the current one.
  if (sealedKeyId(stored) !== deps.secrets.current.id) await replaceStoredSetting(deps.db, key, deps.secrets.seal(secret, key));
  return secret;
}

/**
 * The periodic work of deposits, also called directly by tests: STK pushes M-Pesa has not settled are asked about
 * by status query, and payment notifications still waiting for M-Pesa's confirmation are asked about again.
 */
export async function runDepositSweep(deps: AppDeps): Promise<{ pushesChecked: number; notificationsQueried: number }> {
  const pushes = await reconcilePendingPushes(deps);
  const notifications = await verifyPendingNotifications(deps);
  return { pushesChecked: pushes.checked, notificationsQueried: notifications.queried };
}

/**
 * The provider clients (real providers, or the simulator the process entry started) and the webhook secrets, built
 * while the app is built, before any request or start-up step can need them (decision 048).
 */
export async function openPayments(deps: Pick<AppDeps, 'config' | 'db' | 'log' | 'secrets'>): Promise<Payments> {
  return createPayments(deps, {
    mpesaCallbackSecret: await hookSecret(deps, deps.config.MPESA_CALLBACK_SECRET, 'hooks.mpesa_callback_secret'),
    smsForwarderSecret: await hookSecret(deps, deps.config.SMS_FORWARDER_SECRET, 'hooks.sms_forwarder_secret'),
    smsDeliverySecret: await hookSecret(deps, deps.config.AT_DELIVERY_SECRET, 'hooks.sms_delivery_secret'),
  });
}

/**
 * Deposits at start-up: default settings, C2B URL registration once listening, and the background reconciler of
 * pending STK pushes (the webhooks are routes, registered with the others when the app is built).
 */
export async function startDeposits(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await seedSetting(deps.db, 'deposits.procedures', defaultProcedures(deps.config.MPESA_SHORTCODE));
  await seedSetting(deps.db, 'deposits.limits');

  app.addHook('onListen', async () => {
    const { mpesa, mpesaCallbackSecret, canReachCallbacks } = deps.payments;
    if (!mpesa || !canReachCallbacks) return;
    const base = `${deps.publicUrl()}/hooks/mpesa/${mpesaCallbackSecret}`;
    await mpesa
      .registerC2BUrls({ confirmationUrl: `${base}/c2b`, validationUrl: `${base}/c2b-validate` })
      .catch((error: unknown) => deps.log.error({ err: error }, 'M-Pesa C2B URL registration failed'));
  });

  startJob(app, deps, { name: 'deposit-sweep', everyMs: RECONCILE_EVERY_MS, work: () => runDepositSweep(deps) });
}
