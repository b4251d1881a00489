import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../lib/deps.ts';
import { safeEqual } from '../../lib/safe-equal.ts';
import { registerOptOutCallbacks } from './sms-callbacks.ts';
import { applyDeliveryReport } from './sms.repository.ts';
import { runSmsSender } from './sms.sender.ts';
import { startJob } from '../jobs/index.ts';

const REPORT_STATE = { delivered: 'delivered', pending: 'sent', failed: 'failed', rejected: 'rejected' } as const;

/**
 * The SMS delivery report webhook. Africa's Talking posts reports as forms to the URL set on its dashboard,
 * `{PUBLIC_URL}/hooks/sms-delivery/{secret}`: it cannot sign them, so the unguessable path segment keeps strangers
 * out (a wrong one is 404). A report is applied once; a repeat, or one for a message already final, changes nothing.
 * The opt-out and incoming-message callbacks share the secret (sms-callbacks.ts, decision 057).
 */
export async function registerSmsDeliveryHook(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (hooks) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => done(null, body));
    hooks.post('/hooks/sms-delivery/:secret', async (request, reply) => {
      const payments = deps.payments;
      if (!safeEqual((request.params as { secret: string }).secret, payments.smsDeliverySecret) || !payments.sms)
        return reply.code(404).send({ error: 'Not found' });
      const fields = Object.fromEntries(new URLSearchParams(typeof request.body === 'string' ? request.body : ''));
      const report = payments.sms.readDeliveryReport(fields);
      if (!report) return reply.code(400).send({ error: 'Not a delivery report' });
      const applied = await applyDeliveryReport(deps.db, {
        provider: payments.sms.name,
        messageId: report.messageId,
        status: report.status,
        state: REPORT_STATE[report.outcome],
        failureReason: report.failureReason,
        at: deps.clock.now(),
      });
      if (!applied.found) request.log.warn({ messageId: report.messageId }, 'Delivery report for an unknown SMS');
      return reply.send({ ok: true });
    });
    registerOptOutCallbacks(hooks, deps);
  });
}

/** SMS at start-up: the sender loop (every SMS_SEND_EVERY_MS; off at 0), stopped with the app. */
export function startSms(app: FastifyInstance, deps: AppDeps): void {
  const every = deps.config.SMS_SEND_EVERY_MS;
  if (every === 0) return;
  startJob(app, deps, { name: 'sms-sender', everyMs: every, work: () => runSmsSender(deps) });
}
