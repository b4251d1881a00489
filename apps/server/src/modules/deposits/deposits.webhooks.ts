import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../lib/deps.ts';
import { safeEqual } from '../../lib/safe-equal.ts';
import { MPESA_ACCEPTED } from '../../payments/mpesa/callbacks.ts';
import { handleTransactionStatusResult } from './notification-verification.service.ts';
import { recordC2BConfirmation, recordForwardedSms } from './payment-notifications.service.ts';
import { handleFlutterwaveWebhook } from './payment-link.service.ts';
import { handleStkCallback } from './stk-push.service.ts';
import { handleTransferWebhook, isGenuineTransferWebhook, isTransferEvent } from '../payouts/index.ts';

/** Parses a webhook body from its raw text: JSON, a form, or plain text (SMS forwarders send all three). */
function readBody(request: FastifyRequest): { raw: string; body: unknown } {
  const raw = typeof request.body === 'string' ? request.body : '';
  const type = String(request.headers['content-type'] ?? '');
  if (type.includes('application/x-www-form-urlencoded')) return { raw, body: Object.fromEntries(new URLSearchParams(raw)) };
  if (type.includes('text/plain')) return { raw, body: { text: raw } };
  try {
    return { raw, body: raw ? JSON.parse(raw) : {} };
  } catch {
    return { raw, body: null };
  }
}

/**
 * Provider webhooks under /hooks. M-Pesa is always answered 200 Accepted (it is not signed; the path secret keeps
 * strangers out and the status query decides). Flutterwave gets 401 on a bad hash, 500 when we could not finish
 * (it retries), 200 otherwise. The SMS forwarder needs the shared secret; a request without message text gets 400,
 * one not from an accepted sender name or not forwarded by the configured phone 403 (decision 046).
 */
export async function registerDepositWebhooks(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (hooks) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    registerMpesaHooks(hooks, deps);
    hooks.post('/hooks/flutterwave', flutterwaveHook(deps));
    const smsHook = forwardedSmsHook(deps);
    hooks.post('/hooks/sms', smsHook);
    hooks.post('/hooks/sms/:secret', smsHook);
  });
}

/** M-Pesa's callbacks: always 200 Accepted once the path secret matches, whatever the processing did. */
function registerMpesaHooks(hooks: FastifyInstance, deps: AppDeps): void {
  const mpesaSecretOk = (request: FastifyRequest) =>
    safeEqual((request.params as { secret: string }).secret, deps.payments.mpesaCallbackSecret);
  const mpesaHook = (work: (body: unknown) => Promise<unknown>) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (!mpesaSecretOk(request)) return reply.code(404).send({ error: 'Not found' });
    try {
      await work(readBody(request).body);
    } catch (error) {
      // Still 200: the provider cannot fix our problem, and the reconciler settles pending pushes by query.
      request.log.error({ err: error }, 'M-Pesa callback processing failed');
    }
    return reply.send(MPESA_ACCEPTED);
  };
  const nothing = async () => undefined;
  const routes: Record<string, (body: unknown) => Promise<unknown>> = {
    stk: (body) => handleStkCallback(deps, body),
    c2b: (body) => recordC2BConfirmation(deps, body),
    'c2b-validate': nothing,
    status: (body) => handleTransactionStatusResult(deps, body),
    // A queued query that timed out inside M-Pesa: nothing to do, the sweep asks again.
    'status-timeout': nothing,
  };
  for (const [path, work] of Object.entries(routes)) hooks.post(`/hooks/mpesa/:secret/${path}`, mpesaHook(work));
}

function flutterwaveHook(deps: AppDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { raw, body } = readBody(request);
    // One webhook URL per Flutterwave account: transfer events are the payouts module's (a genuine one re-fetches
    // the transfer and settles the payout by that answer).
    if (isTransferEvent(body)) {
      if (!isGenuineTransferWebhook(deps, { headers: request.headers, rawBody: raw })) {
        return reply.code(401).send({ status: 'error', message: 'Invalid signature' });
      }
      await handleTransferWebhook(deps, body);
      return reply.send({ status: 'success' });
    }
    const result = await handleFlutterwaveWebhook(deps, { headers: request.headers, rawBody: raw });
    return reply
      .code(result.status)
      .send(result.status === 200 ? { status: 'success' } : { status: 'error', message: 'Invalid signature' });
  };
}

/**
 * The shared secret travels in the X-Forwarder-Secret header (preferred: a header stays out of URLs and access
 * logs) or, for forwarder apps that cannot set headers, as the last path segment (redacted in our log).
 */
function forwardedSmsHook(deps: AppDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers['x-forwarder-secret'];
    const given = (request.params as { secret?: string }).secret ?? (typeof header === 'string' ? header : '');
    if (!safeEqual(given, deps.payments.smsForwarderSecret)) {
      return reply.code(401).send({ ok: false, error: 'Invalid secret' });
    }
    const outcome = await recordForwardedSms(deps, readBody(request).body);
    if ('malformed' in outcome) return reply.code(400).send({ ok: false, error: outcome.reason });
    if ('refused' in outcome) return reply.code(403).send({ ok: false, error: outcome.reason });
    return reply.send({ ok: true, ...outcome });
  };
}
