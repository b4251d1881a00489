import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../lib/deps.ts';
import { safeEqual } from '../../lib/safe-equal.ts';
import { e164, isOptOutWord, optOutPhone } from './sms-opt-out.ts';

/**
 * Africa's Talking's opt-out and incoming-message callbacks (payment-providers.md, "Africa's Talking: SMS", rule 5;
 * decision 057), posted as forms to the URLs set on its dashboard: `{PUBLIC_URL}/hooks/sms-opt-out/{secret}` (fields
 * `senderId`, `phoneNumber`) and `{PUBLIC_URL}/hooks/sms-incoming/{secret}` (`from`, `to`, `text`, `date`, `id`,
 * `linkId`, `networkCode`). Like the delivery reports they cannot be signed, so the same unguessable path segment
 * keeps strangers out (a wrong one is 404). An incoming text that is the opt-out word (STOP, ONDOKA) turns the
 * sender's promotional SMS off; any other text is acknowledged and not kept.
 */
export function registerOptOutCallbacks(hooks: FastifyInstance, deps: AppDeps): void {
  hooks.post('/hooks/sms-opt-out/:secret', async (request, reply) => {
    const fields = readForm(deps, request);
    if (!fields) return reply.code(404).send({ error: 'Not found' });
    const phone = e164(fields.phoneNumber ?? '');
    if (!phone) return reply.code(400).send({ error: 'Not an opt-out: phoneNumber is missing' });
    const members = await optOutPhone(deps, { phone, via: 'provider', detail: fields.senderId ?? null });
    return answer(reply, request, members);
  });
  hooks.post('/hooks/sms-incoming/:secret', async (request, reply) => {
    const fields = readForm(deps, request);
    if (!fields) return reply.code(404).send({ error: 'Not found' });
    const phone = e164(fields.from ?? '');
    if (!phone || typeof fields.text !== 'string') return reply.code(400).send({ error: 'Not an incoming message' });
    if (!isOptOutWord(fields.text)) return reply.send({ ok: true, opted_out: false });
    const members = await optOutPhone(deps, { phone, via: 'keyword', detail: fields.text.trim() });
    return answer(reply, request, members);
  });
}

/** The posted form's fields, or null when the path's secret is wrong or no SMS provider is set (answered 404). */
function readForm(deps: AppDeps, request: FastifyRequest): Record<string, string> | null {
  const payments = deps.payments;
  if (!safeEqual((request.params as { secret: string }).secret, payments.smsDeliverySecret) || !payments.sms) return null;
  return Object.fromEntries(new URLSearchParams(typeof request.body === 'string' ? request.body : ''));
}

function answer(reply: FastifyReply, request: FastifyRequest, members: number) {
  if (members === 0) request.log.warn('SMS opt-out for a number no member has (recorded)');
  return reply.send({ ok: true, opted_out: true });
}
