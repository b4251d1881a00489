import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../lib/deps.ts';
import { safeEqual } from '../../lib/safe-equal.ts';
import { MPESA_ACCEPTED } from '../../payments/mpesa/callbacks.ts';
import { readSetting } from '../settings/index.ts';
import { handleB2CResult, handleB2CStatusResult, markLost, queryPayout } from './payout-results.ts';
import { handleB2CBalanceResult, handleB2CTimeout } from './payout-hints.ts';
import { dispatchPayout } from './payouts.service.ts';
import { registerPayoutRoutes } from './payout-settlement.routes.ts';
import { selectDuePayouts } from './payouts.repository.ts';
import { startJob } from '../jobs/index.ts';
import { checkRestoredPayouts } from './restored-state.ts';

const SWEEP_EVERY_MS = 15_000;
/** A payout committed but never claimed for sending this long (the process stopped in between) is sent by the sweep. */
const UNCLAIMED_AFTER_MS = 10_000;
/** An unknown payout whose question got no answer is asked again after this long. */
const REQUERY_AFTER_MS = 60_000;

/**
 * The periodic work of payouts (every 15 s, on deps.clock; tests call it directly): sends payouts committed but never
 * sent, turns payouts with no acknowledgement or no result after `payouts.result_timeout_seconds` into unknown ones,
 * and asks the provider about every unknown payout until it answers. Nothing is re-sent, nothing refunded on a guess.
 */
export async function runPayoutSweep(
  deps: AppDeps,
  options: { limit?: number; stillHeld?: () => Promise<boolean> } = {},
): Promise<{ checked: number }> {
  // After a database restore: ask about every payout in flight at the recovery point first (decision 054).
  await checkRestoredPayouts(deps);
  const timeoutMs = (await readSetting(deps.db, 'payouts.result_timeout_seconds')) * 1000;
  const now = deps.clock.now().getTime();
  const due = await selectDuePayouts(deps.db, {
    unclaimedBefore: new Date(now - UNCLAIMED_AFTER_MS),
    resultBefore: new Date(now - timeoutMs),
    queryBefore: new Date(now - REQUERY_AFTER_MS),
    limit: options.limit ?? 50,
  });
  for (const payout of due) {
    // A run whose node lost the job's lease (decision 052) stops before its next payout; the new holder goes on.
    if (options.stillHeld && !(await options.stillHeld())) break;
    try {
      if (payout.state === 'approved' && payout.sendStartedAt === null) {
        await dispatchPayout(deps, payout.id);
        continue;
      }
      if (payout.state === 'approved' || payout.state === 'sent') {
        const detail =
          payout.state === 'approved'
            ? 'No acknowledgement was recorded (the request may have reached the provider)'
            : 'No result from the provider in time';
        await markLost(deps, payout, detail);
      }
      await queryPayout(deps, payout.id);
    } catch (error) {
      deps.log.error({ err: error, payoutId: payout.id.toString() }, 'Payout sweep failed for one payout');
    }
  }
  return { checked: due.length };
}

/** Reads a webhook body as JSON from its raw text (null when it is not JSON). */
function jsonOf(raw: unknown): unknown {
  if (typeof raw !== 'string' || raw === '') return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/**
 * The payout routes: the settlement routes, and M-Pesa's B2C result, queue-timeout, status and balance URLs (behind
 * the same unguessable path segment as every M-Pesa callback, always answered 200 Accepted).
 */
export async function registerPayoutHooks(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await registerPayoutRoutes(app, deps);
  await app.register(async (hooks) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    const mpesaHook = (work: (body: unknown) => Promise<unknown>) => async (request: FastifyRequest, reply: FastifyReply) => {
      if (!safeEqual((request.params as { secret: string }).secret, deps.payments.mpesaCallbackSecret)) {
        return reply.code(404).send({ error: 'Not found' });
      }
      try {
        await work(jsonOf(request.body));
      } catch (error) {
        // Still 200: M-Pesa does not retry, and the sweep's status query settles what this could not.
        request.log.error({ err: error }, 'M-Pesa payout callback processing failed');
      }
      return reply.send(MPESA_ACCEPTED);
    };
    hooks.post(
      '/hooks/mpesa/:secret/b2c-result',
      mpesaHook((body) => handleB2CResult(deps, body)),
    );
    hooks.post(
      '/hooks/mpesa/:secret/b2c-timeout',
      mpesaHook((body) => handleB2CTimeout(deps, body)),
    );
    hooks.post(
      '/hooks/mpesa/:secret/b2c-status',
      mpesaHook((body) => handleB2CStatusResult(deps, body)),
    );
    // A status query that timed out inside M-Pesa: nothing to do, the sweep asks again.
    hooks.post(
      '/hooks/mpesa/:secret/b2c-status-timeout',
      mpesaHook(async () => undefined),
    );
    hooks.post(
      '/hooks/mpesa/:secret/b2c-balance',
      mpesaHook((body) => handleB2CBalanceResult(deps, body)),
    );
    hooks.post(
      '/hooks/mpesa/:secret/b2c-balance-timeout',
      mpesaHook(async () => undefined),
    );
  });
}

/** Payouts at start-up: the sweep, on a timer that never keeps the process alive and stops with the app. */
export function startPayouts(app: FastifyInstance, deps: AppDeps): void {
  startJob(app, deps, {
    name: 'payout-sweep',
    everyMs: SWEEP_EVERY_MS,
    work: (run) => runPayoutSweep(deps, { stillHeld: run.stillHeld }),
  });
}
