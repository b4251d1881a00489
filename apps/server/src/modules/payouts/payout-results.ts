/* eslint-disable max-lines -- every provider word about a payout (acknowledgement, result, status answer, parked result) and its confirmation by a status query (decision 046) call one another: split, they would import each other in a cycle. */
import { formatMinor, type ProviderAnswer } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { parseB2CResult, parseB2CStatusResult } from '../../payments/mpesa/b2c-results.ts';
import { readSetting } from '../settings/index.ts';
import { recordPayoutBalance } from './payout-balance-alert.ts';
import { b2cPayoutResult, statusPayoutResult } from './b2c-result-map.ts';
import { raiseMoneyAlert } from '../money-alerts/index.ts';
import { NOT_FOUND, payoutClient } from './payout-adapters.ts';
import { payoutMismatch } from './payout-match.ts';
import { memberReason, type PayoutResult } from './payout-provider.ts';
import { settlePayout } from './payout-settlement.ts';
import { nextPayoutState } from './payout-state.ts';
import { redact } from './redact.ts';
import {
  insertExchange,
  lockPayout,
  parkResult,
  selectPayout,
  selectPayoutByQuery,
  selectPayoutByReference,
  takeParkedResults,
  updatePayout,
  type PayoutRow,
} from './payouts.repository.ts';

/**
 * What the providers say about payouts: acknowledgements, B2C results, status query results and transfer fetches
 * (queue timeouts, balances and webhooks: payout-hints.ts). Every path ends in the state machine (payout-state.ts)
 * and, for a final outcome, in `settlePayout`, which moves the hold exactly once.
 */

export async function recordExchanges(
  deps: AppDeps,
  payoutId: bigint | null,
  exchanges: readonly { kind: string; httpStatus: number | null; body: unknown }[],
): Promise<void> {
  const at = deps.clock.now();
  for (const exchange of exchanges) await insertExchange(deps.db, { payoutId, ...exchange, at });
}

export async function requirePayout(deps: AppDeps, payoutId: bigint): Promise<PayoutRow> {
  const payout = await selectPayout(deps.db, payoutId);
  if (!payout) throw new AppError('NOT_FOUND', 'Payout not found');
  return payout;
}

/**
 * The provider acknowledged the payout: approved -> sent (unknown -> sent for a re-send after "not found"), with its
 * ConversationID.
 */
async function recordAck(deps: AppDeps, payoutId: bigint, conversationId: string | null, isResend: boolean): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const payout = await lockPayout(tx, payoutId);
    if (!payout) return;
    const step = nextPayoutState(payout.state, 'ack', { byQuery: false, isResend });
    const isNewConversation = conversationId !== null && (payout.conversationId === null || isResend);
    await updatePayout(tx, payoutId, {
      ...('next' in step ? { state: step.next, sentAt: deps.clock.now() } : {}),
      ...(isNewConversation ? { conversationId } : {}),
    });
  });
  if (conversationId) await applyParkedResults(deps, conversationId);
}

/**
 * Sends a payout under its committed reference and applies the provider's answer: accepted -> sent, refused ->
 * failed (nothing left our account), anything else -> unknown. The caller has claimed the send (first send) or holds
 * the provider's "no such payment" (re-send with the same reference, which the provider refuses as a duplicate if it
 * had it after all). Never throws for a provider outcome.
 */
export async function sendAndRecord(deps: AppDeps, payout: PayoutRow, options: { isResend: boolean }): Promise<void> {
  const client = payoutClient(deps, payout.provider);
  if (!client) {
    await markLost(deps, payout, 'The provider is no longer configured; nothing was sent');
    return;
  }
  const sent = await client.send({
    reference: payout.reference,
    msisdn: payout.phone,
    amountMinor: payout.amountMinor,
    currency: payout.currency,
    remarks: `Tuzo withdrawal ${payout.withdrawalId}`,
  });
  await recordExchanges(deps, payout.id, sent.exchanges);
  const outcome = sent.outcome;
  switch (outcome.kind) {
    case 'accepted':
      await recordAck(deps, payout.id, outcome.conversationId, options.isResend);
      return;
    case 'refused':
      await settlePayout(deps, {
        payoutId: payout.id,
        withdrawalId: payout.withdrawalId,
        settlement: {
          outcome: 'failed',
          code: outcome.code,
          reason: memberReason(outcome.code, payout.provider),
          detail: outcome.detail,
        },
        by: 'send',
      });
      return;
    case 'unknown':
      await markLost(deps, payout, outcome.detail);
      return;
    default: {
      const never: never = outcome;
      throw new Error(`Unknown send outcome ${String(never)}`);
    }
  }
}

/**
 * approved | sent -> unknown: a timeout, a gateway error, a queue timeout or no result in time. Nothing is refunded
 * and nothing is sent again: the status query (asked at once, and by the sweep until it answers) decides.
 */
export async function markLost(deps: AppDeps, payout: PayoutRow, detail: string): Promise<void> {
  const moved = await deps.db.transaction(async (tx) => {
    const locked = await lockPayout(tx, payout.id);
    if (!locked) return false;
    const step = nextPayoutState(locked.state, 'lost', { byQuery: false });
    if (!('next' in step)) return false;
    await updatePayout(tx, payout.id, { state: step.next, unknownSince: deps.clock.now(), providerDetail: detail });
    return true;
  });
  if (moved) deps.log.warn({ payoutId: payout.id.toString(), detail }, 'Payout outcome unknown; asking the provider');
}

/**
 * Asks the provider what became of a live payout (B2C transaction status by our OriginatorConversationID, or a
 * Flutterwave fetch by our reference). B2C answers later at our status URL (`asked`); Flutterwave at once, and the
 * answer is applied here. Returns whether a question went out or an answer came.
 */
export async function queryPayout(
  deps: AppDeps,
  payoutId: bigint,
  options: { evenIfSettled?: boolean } = {},
): Promise<{ asked: boolean }> {
  const payout = await requirePayout(deps, payoutId);
  if ((payout.state === 'paid' || payout.state === 'failed') && !options.evenIfSettled) return { asked: false };
  const client = payoutClient(deps, payout.provider);
  if (!client) return { asked: false };
  const queried = await client.query({ reference: payout.reference, conversationId: payout.conversationId });
  await recordExchanges(deps, payout.id, queried.exchanges);
  const outcome = queried.outcome;
  switch (outcome.kind) {
    case 'asked':
      await updatePayout(deps.db, payout.id, { queryConversationId: outcome.queryConversationId, querySentAt: deps.clock.now() });
      await applyParkedResults(deps, outcome.queryConversationId);
      return { asked: true };
    case 'answered':
      await updatePayout(deps.db, payout.id, { querySentAt: deps.clock.now() });
      await applyResult(deps, payout, outcome.result, 'query');
      return { asked: true };
    case 'unavailable':
      await updatePayout(deps.db, payout.id, { querySentAt: deps.clock.now() });
      deps.log.warn(
        { payoutId: payout.id.toString(), detail: outcome.detail },
        'Payout status query not answered; asking again later',
      );
      return { asked: false };
    default: {
      const never: never = outcome;
      throw new Error(`Unknown query outcome ${String(never)}`);
    }
  }
}

/**
 * Applies what the provider says about a payout (decision 046). `result`: a callback, unsigned and so forgeable: a
 * success settles only a payout in flight whose receiver, amount and receipt match; a failure, or a success the payout
 * does not expect (unknown, failed, marked paid outside Tuzo), is confirmed by a status query before anything moves.
 * `query`: the provider's answer to our own question, recorded on the payout, which decides (a success only when it
 * matches). "Not found" is recorded and waits for an operator: nothing is sent again by itself.
 */
export async function applyResult(deps: AppDeps, payout: PayoutRow, result: PayoutResult, by: 'result' | 'query'): Promise<void> {
  if (result.balanceMinor !== null) {
    await recordPayoutBalance(deps, {
      provider: payout.provider,
      currency: payout.currency,
      balanceMinor: result.balanceMinor,
      source: by === 'result' ? 'payout result' : 'status query',
    });
  }
  if (result.outcome === 'pending') return;
  if (by === 'query') await applyAnswer(deps, payout, result);
  else await applyCallback(deps, payout, result);
}

async function applyCallback(deps: AppDeps, payout: PayoutRow, result: PayoutResult): Promise<void> {
  const fields = { payoutId: payout.id.toString(), state: payout.state, code: result.code };
  const isFinal = payout.state === 'paid' || payout.state === 'failed';
  if (result.outcome === 'failed') {
    if (isFinal) return;
    deps.log.warn(fields, 'Payout failure result: asking the provider before any money moves');
    await queryPayout(deps, payout.id);
    return;
  }
  if (payout.state === 'paid' && payout.settledBy !== 'operator') return;
  if (payout.state !== 'approved' && payout.state !== 'sent') {
    deps.log.warn(fields, 'Unexpected payout success result: asking the provider');
    await queryPayout(deps, payout.id, { evenIfSettled: true });
    return;
  }
  const mismatch = payoutMismatch(deps, payout, result, 'result');
  if (mismatch !== null) {
    await alertMismatch(deps, payout, mismatch, 'result');
    await queryPayout(deps, payout.id);
    return;
  }
  await settleByResult(deps, payout, result, 'result');
}

async function applyAnswer(deps: AppDeps, payout: PayoutRow, result: PayoutResult): Promise<void> {
  const detail = `${result.description} (${result.code})`.slice(0, 500);
  if (result.code === NOT_FOUND.code) {
    await recordAnswer(deps, payout.id, 'not-found', detail);
    // A payout never claimed for sending was never sent (the claim commits before the request): after a restore
    // (decision 054) it stays approved, and is sent once the restore clears.
    const claimed = payout.state === 'sent' || (payout.state === 'approved' && payout.sendStartedAt !== null);
    if (claimed && (await isSurelyNotSent(deps, payout)))
      await markLost(deps, payout, `The provider has no such payment: ${detail}`);
    if (payout.state !== 'paid' && payout.state !== 'failed')
      deps.log.warn({ payoutId: payout.id.toString() }, 'The provider has no such payout: it waits for an operator');
    return;
  }
  if (result.outcome === 'failed') {
    await recordAnswer(deps, payout.id, 'failed', detail);
    await settleByResult(deps, payout, result, 'query');
    return;
  }
  const mismatch = payoutMismatch(deps, payout, result, 'query');
  if (mismatch !== null) {
    await alertMismatch(deps, payout, mismatch, 'query');
    return;
  }
  await recordAnswer(deps, payout.id, 'completed', `${detail}, receipt ${result.receipt ?? ''}`);
  if (payout.state === 'failed' || (payout.state === 'paid' && payout.settledBy === 'operator')) {
    const before =
      payout.state === 'failed' ? 'after it was failed and its hold returned' : 'after it was marked paid outside Tuzo';
    await raiseMoneyAlert(deps, {
      kind: 'double_payment',
      payoutId: payout.id,
      memberId: payout.memberId,
      transactionCode: result.receipt,
      detail: `Payout #${payout.id} to ${payout.phone} was paid by the provider (receipt ${result.receipt ?? '?'}) ${before}: the member was paid twice; recover ${payout.currency} ${formatMinor(payout.amountMinor)}`,
      dedupeKey: `double-payment:${payout.id}`,
    });
    return;
  }
  await settleByResult(deps, payout, result, 'query');
}

async function settleByResult(deps: AppDeps, payout: PayoutRow, result: PayoutResult, by: 'result' | 'query'): Promise<void> {
  const step = nextPayoutState(payout.state, result.outcome === 'paid' ? 'paid' : 'failed', { byQuery: by === 'query' });
  if ('ignore' in step) return;
  if ('confirm' in step) {
    await queryPayout(deps, payout.id);
    return;
  }
  const detail = `${result.description} (${result.code})`;
  await settlePayout(deps, {
    payoutId: payout.id,
    withdrawalId: payout.withdrawalId,
    settlement:
      result.outcome === 'paid'
        ? { outcome: 'paid', receipt: result.receipt ?? '', receiverName: result.receiverName, feeMinor: result.feeMinor, detail }
        : { outcome: 'failed', code: result.code, reason: memberReason(result.code, payout.provider), detail },
    by,
  });
}

async function recordAnswer(deps: AppDeps, payoutId: bigint, answer: ProviderAnswer, detail: string): Promise<void> {
  await updatePayout(deps.db, payoutId, {
    providerAnswer: answer,
    providerAnswerDetail: detail.slice(0, 500),
    providerAnswerAt: deps.clock.now(),
  });
}

async function alertMismatch(deps: AppDeps, payout: PayoutRow, mismatch: string, by: 'result' | 'query'): Promise<void> {
  await raiseMoneyAlert(deps, {
    kind: 'payout_mismatch',
    payoutId: payout.id,
    memberId: payout.memberId,
    detail: `Payout #${payout.id}: a ${by === 'result' ? 'result' : 'status answer'} that does not match it was not applied: ${mismatch}`,
    dedupeKey: `payout-mismatch:${payout.id}:${by}:${mismatch}`.slice(0, 200),
  });
}

/** Parked results of a conversation (a result that came before its acknowledgement), applied once, in order. */
async function applyParkedResults(deps: AppDeps, conversationId: string): Promise<void> {
  const parked = await deps.db.transaction((tx: DbOrTx) => takeParkedResults(tx, { conversationId, at: deps.clock.now() }));
  for (const { kind, body } of parked) {
    if (kind === 'b2c_result') await handleB2CResult(deps, body, { isReplay: true });
    else await handleB2CStatusResult(deps, body);
  }
}

/**
 * A B2C Result at our ResultURL (unsigned: the path secret keeps strangers out, and the ids must match). It is matched
 * by our OriginatorConversationID; one that comes before we recorded the acknowledgement (or names no payout of ours)
 * is parked and applied when the acknowledgement is recorded. A ConversationID other than the one acknowledged, or a
 * result code that does not say what happened, sends a status query instead of settling.
 */
export async function handleB2CResult(deps: AppDeps, body: unknown, options: { isReplay?: boolean } = {}): Promise<void> {
  const result = parseB2CResult(body);
  const payout = result ? await selectPayoutByReference(deps.db, result.originatorConversationId) : null;
  if (!options.isReplay)
    await recordExchanges(deps, payout?.id ?? null, [{ kind: 'result', httpStatus: null, body: redact(body) }]);
  if (!result) {
    deps.log.warn('M-Pesa B2C result ignored: malformed body');
    return;
  }
  if (!payout || (payout.state === 'approved' && payout.conversationId === null)) {
    await parkResult(deps.db, {
      kind: 'b2c_result',
      reference: result.originatorConversationId,
      conversationId: result.conversationId,
      body,
      at: deps.clock.now(),
    });
    // The acknowledgement may have been recorded meanwhile (after it looked for parked results): look again.
    const again = await selectPayoutByReference(deps.db, result.originatorConversationId);
    if (again && again.conversationId !== null) await applyParkedResults(deps, result.conversationId);
    return;
  }
  if (payout.conversationId !== null && payout.conversationId !== result.conversationId) {
    deps.log.error({ payoutId: payout.id.toString() }, 'M-Pesa B2C result with another ConversationID; asking M-Pesa instead');
    await queryPayout(deps, payout.id);
    return;
  }
  const payoutResult = b2cPayoutResult(result);
  if (payoutResult.outcome === 'pending') {
    await markLost(deps, payout, `${result.resultDesc} (${result.resultCode})`);
    await queryPayout(deps, payout.id);
    return;
  }
  await applyResult(deps, payout, payoutResult, 'result');
}

/**
 * A transaction status result at our status URL: it counts only for the payout whose latest query M-Pesa
 * acknowledged with this ConversationID (one that comes before that acknowledgement is recorded is parked). An
 * unanswered query decides nothing: the sweep asks again.
 */
export async function handleB2CStatusResult(deps: AppDeps, body: unknown): Promise<void> {
  const result = parseB2CStatusResult(body);
  const payout = result ? await selectPayoutByQuery(deps.db, result.conversationId) : null;
  // A parked status result is recorded again when applied, then on its payout (it arrived before we knew the query).
  await recordExchanges(deps, payout?.id ?? null, [{ kind: 'query_result', httpStatus: null, body: redact(body) }]);
  if (!result) {
    deps.log.warn('M-Pesa payout status result ignored: malformed body');
    return;
  }
  if (!payout) {
    await parkResult(deps.db, {
      kind: 'status_result',
      reference: null,
      conversationId: result.conversationId,
      body,
      at: deps.clock.now(),
    });
    // The query's acknowledgement may have been recorded meanwhile (after it looked for parked results): look again.
    if (await selectPayoutByQuery(deps.db, result.conversationId)) await applyParkedResults(deps, result.conversationId);
    return;
  }
  const payoutResult = statusPayoutResult(result);
  if (!payoutResult) {
    deps.log.warn(
      { payoutId: payout.id.toString(), code: result.resultCode },
      'M-Pesa could not answer a payout status query; asking again later',
    );
    return;
  }
  await applyResult(deps, payout, payoutResult, 'query');
}

/**
 * "The provider has no such payment" about a payout last sent longer than the result timeout ago: it cannot still be
 * on its way in, so it becomes unknown and waits for an operator (decision 046; before it, it was sent again).
 */
async function isSurelyNotSent(deps: AppDeps, payout: PayoutRow): Promise<boolean> {
  const timeoutMs = (await readSetting(deps.db, 'payouts.result_timeout_seconds')) * 1000;
  const sentAt = (payout.sentAt ?? payout.sendStartedAt ?? payout.createdAt).getTime();
  return deps.clock.now().getTime() - sentAt >= timeoutMs;
}
