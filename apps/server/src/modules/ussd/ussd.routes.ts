import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../lib/deps.ts';
import { safeEqual } from '../../lib/safe-equal.ts';
import { normalisePhone } from './ussd-member.ts';
import { ussdScreen } from './ussd-menu.ts';
import { recordSessionEnd } from './ussd-session-end.ts';

/**
 * Africa's Talking's USSD callbacks (payment-providers.md, "Africa's Talking: USSD"; decision 056), posted as forms
 * to the URLs set on its dashboard: `{PUBLIC_URL}/hooks/ussd/{secret}` for each hop and
 * `{PUBLIC_URL}/hooks/ussd-end/{secret}` for the end-of-session notification (stored: ussd-session-end.ts). Africa's Talking cannot sign them, so
 * like the SMS callbacks the unguessable path segment (AT_DELIVERY_SECRET) keeps strangers out (a wrong one is 404).
 * The answer is plain text, `CON ...` or `END ...`. `text` holds the PIN once typed: it is never logged.
 */
export async function registerUssdRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (hooks) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => done(null, body));
    hooks.post('/hooks/ussd/:secret', async (request, reply) => {
      const fields = readForm(deps, request);
      if (!fields) return reply.code(404).send({ error: 'Not found' });
      const phone = normalisePhone(fields.phoneNumber ?? '');
      if (!phone || !fields.sessionId) return reply.code(400).send({ error: 'Not a USSD hop' });
      const screen = await ussdScreen(deps, { sessionId: fields.sessionId, phone, text: fields.text ?? '' });
      return reply.type('text/plain; charset=utf-8').send(`${screen.end ? 'END' : 'CON'} ${screen.body}`);
    });
    hooks.post('/hooks/ussd-end/:secret', async (request, reply) => {
      const fields = readForm(deps, request);
      if (!fields) return reply.code(404).send({ error: 'Not found' });
      // Logged and stored without `input` and `lastAppResponse`: the input holds the PIN.
      const { sessionId, status, errorMessage, durationInMillis, hopsCount, cost } = fields;
      request.log.info({ sessionId, status, errorMessage, durationInMillis, hopsCount, cost }, 'USSD session ended');
      if (!(await recordSessionEnd(deps, fields))) return reply.code(400).send({ error: 'Not a USSD session end' });
      return reply.send({ ok: true });
    });
  });
}

/** The posted form's fields, or null when the path's secret is wrong or no SMS provider (Africa's Talking) is set. */
function readForm(deps: AppDeps, request: FastifyRequest): Record<string, string> | null {
  const payments = deps.payments;
  if (!safeEqual((request.params as { secret: string }).secret, payments.smsDeliverySecret) || !payments.sms) return null;
  return Object.fromEntries(new URLSearchParams(typeof request.body === 'string' ? request.body : ''));
}
