import { ACTIVATION_MESSAGES, formatMinor, type ActivateData } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { reverseTransaction } from '../../ledger/ledger.ts';
import type { LedgerRefusals } from '../../ledger/movement.ts';
import { writeAudit } from '../audit/index.ts';
import { heldCommissionMessage, unwindHeldCommission } from '../clusters/index.ts';
import { recordSignals, signalsPayload, type RawSignals } from '../fraud-signals/index.ts';
import { setMemberStatus } from '../members/index.ts';
import { activationSms, commissionSms, enqueueSms } from '../sms/index.ts';
import { missingFeeLocal } from '../wallets/index.ts';
import {
  activateInOneCall,
  lockLiveActivation,
  lockMemberForActivation,
  markActivationDeactivated,
  selectTransactionsByKeys,
  selectUplines,
  type ActivationNotices,
  type ActivationOutcome,
  type ActivationRequest,
} from './activation.repository.ts';

const LEVELS = [1, 2, 3] as const;

/** Keys of one activation: `activation:<member>:<generation>` and its derived legs (docs/money.md, "Idempotency"). */
export const activationKeys = (memberId: bigint, generation: number) => {
  const base = `activation:${memberId}:${generation}`;
  return { activation: base, grant: `${base}:grant`, commission: (level: number) => `${base}:l${level}` };
};

/**
 * The upline's notifications, written by the function with PostgreSQL's `format()` (`%1$s`..`%4$s`): a commission
 * paid (currency, amount, level, the activating member's username) and one held (level, currency, amount, username).
 * The texts stay in TypeScript, where the Swahili coverage test reads them.
 */
const NOTICES: ActivationNotices = {
  commissionMessage: `You earned ${'%1$s'} ${'%2$s'}: your level ${'%3$s'} member ${'%4$s'} activated their account.`,
  heldMessage: heldCommissionMessage('%1$s', '%2$s', '%3$s', '%4$s'),
};

/** A deposit wallet found short when the fee movement locks it (the check before it read it unlocked). */
const REFUSALS: LedgerRefusals = { insufficientMessage: 'Insufficient deposit balance to activate your account.' };

/**
 * `activateaccount`: the member pays the fee from their deposit wallet; uplines earn their commissions. `sendSms`
 * false (the demo seed, whose members have made-up phones) writes no SMS.
 *
 * One call after the session check (decision 065): `activation_activate` (migrations 0522, 0524) records the
 * multi-account signals (decision 061) first, before the member's lock, so the clusters are current and their locks
 * come before the ledger's; then locks the member, checks, moves the fee and the commissions and makes the member
 * active. A refused activation keeps no signals, as before. What stays outside it: the SMS, rendered by the sms module
 * and written to the outbox after it in the same transaction, and a sighting the one call leaves to TypeScript (a
 * linking value shared with another member, decision 063: it answers `signals`, nothing written), recorded by
 * recordSignals in the transaction before the call is made again without them. Without SMS the call runs alone on
 * the pool.
 */
export async function activateAccount(
  deps: AppDeps,
  input: { memberId: bigint; sendSms?: boolean; seen?: Pick<RawSignals, 'device' | 'ip'> },
): Promise<ActivateData> {
  const at = deps.clock.now();
  const sendSms = input.sendSms ?? true;
  const sighting = input.seen ? { memberId: input.memberId, event: 'activation' as const, at, signals: input.seen } : null;
  const request = { memberId: input.memberId, operatorId: null, at, signals: sighting && signalsPayload(deps, sighting) };
  if (!sendSms) {
    const outcome = await activateInOneCall(deps.db, request, NOTICES, REFUSALS);
    if (outcome.status !== 'signals') return activated(deps.db, request, outcome, false);
  }
  return deps.db.transaction(async (tx) => {
    let outcome: ActivationOutcome = sendSms ? await activateInOneCall(tx, request, NOTICES, REFUSALS) : { status: 'signals' };
    if (outcome.status === 'signals' && sighting) {
      // Multi-account signals (decision 061) in TypeScript, before any money row is locked, so the clusters are current.
      await recordSignals(tx, deps, sighting);
      outcome = await activateInOneCall(tx, { ...request, signals: null }, NOTICES, REFUSALS);
    }
    return activated(tx, request, outcome, sendSms);
  });
}

/** Operator: activate for free. The fee is granted from house:expenses, then the normal activation runs. */
export async function activateForFree(
  deps: AppDeps,
  input: { memberId: bigint; operatorId: bigint; ip: string; reason?: string },
): Promise<ActivateData> {
  return deps.db.transaction(async (tx) => {
    const at = deps.clock.now();
    const result = await activateIn(tx, { memberId: input.memberId, operatorId: input.operatorId, at }, true);
    await writeAudit(tx, {
      actorId: input.operatorId,
      action: 'member.activate_free',
      targetType: 'member',
      targetId: input.memberId,
      before: { status: 'inactive' },
      after: { status: 'active', fee: result.fee, currency: result.currency, reason: input.reason ?? null },
      ip: input.ip,
    });
    return result;
  });
}

/**
 * One activation in one call (inside the caller's transaction, or on the pool when `db` is it): the member row is
 * locked first, so two concurrent activations of the same member serialise and the second sees "already active"
 * with nothing charged. Then the SMS of each commission paid and of the activation, as before, in `db`.
 */
async function activateIn(db: DbOrTx, request: ActivationRequest, sendSms: boolean): Promise<ActivateData> {
  return activated(db, request, await activateInOneCall(db, request, NOTICES, REFUSALS), sendSms);
}

/** The answer of the one call as the action gives it; the SMS of each commission paid and of the activation, in `db`. */
async function activated(
  db: DbOrTx,
  request: ActivationRequest,
  outcome: ActivationOutcome,
  sendSms: boolean,
): Promise<ActivateData> {
  const done = answerActivation(outcome);
  const keys = activationKeys(request.memberId, done.generation);
  const member = { currency: done.currency, username: done.username };
  if (sendSms) {
    // Only to uplines who kept commission SMS on (members.sms_commission; the enqueue checks it).
    for (const paid of done.paid) {
      const sms = commissionSms({ ...paid, member });
      await enqueueSms(db, { memberId: paid.uplineId, event: sms, dedupeKey: keys.commission(paid.level), at: request.at });
    }
    // The SMS is written in this transaction and sent after commit (docs/decisions/037-sms-outbox.md).
    const sms = activationSms({ currency: done.currency, feeLocalMinor: done.feeLocalMinor });
    await enqueueSms(db, { memberId: request.memberId, event: sms, dedupeKey: keys.activation, at: request.at });
  }
  return {
    fee: formatMinor(done.feeLocalMinor),
    currency: done.currency,
    activated_at: request.at.toISOString(),
    commissions_paid: done.commissionsPaid,
  };
}

/** Every answer of the one call, as the AppErrors the action has always given, or the activation done. */
function answerActivation(outcome: ActivationOutcome): Extract<ActivationOutcome, { status: 'activated' }> {
  switch (outcome.status) {
    case 'no_member':
      throw new AppError('NOT_FOUND', 'Member not found');
    case 'active':
      throw new AppError('ALREADY_DONE', ACTIVATION_MESSAGES.alreadyActive);
    case 'suspended':
      throw new AppError('ACCOUNT_SUSPENDED', 'This account is suspended');
    case 'insufficient': {
      const missingLocal = missingFeeLocal({
        feeLocalMinor: outcome.feeLocalMinor,
        feeSystemMinor: outcome.feeSystemMinor,
        depositSystemMinor: outcome.depositSystemMinor,
        rateMicro: outcome.rateMicro,
      });
      throw new AppError(
        'INSUFFICIENT_FUNDS',
        `Insufficient deposit balance. Deposit ${outcome.currency} ${formatMinor(missingLocal)} to activate your account.`,
      );
    }
    case 'signals':
      throw new Error('activation_activate answered signals to a call without signals');
    case 'activated':
      return outcome;
  }
}

/**
 * Operator: deactivate. The commissions of the live activation are reversed by ledger entries (never by editing
 * balances); the activation fee is not refunded. If an upline has already spent a commission, the reversal would
 * take their wallet below zero, so the whole deactivation is refused with a message naming that upline.
 */
export async function deactivateMember(
  deps: AppDeps,
  input: { memberId: bigint; operatorId: bigint; ip: string; reason?: string },
) {
  return deps.db.transaction(async (tx) => {
    const member = await lockMemberForActivation(tx, input.memberId);
    if (!member) throw new AppError('NOT_FOUND', 'Member not found');
    if (member.status !== 'active') throw new AppError('CONFLICT', 'This account is not active');
    const at = deps.clock.now();
    const live = await lockLiveActivation(tx, member.id);
    let reversed = 0;
    if (live) {
      const keys = activationKeys(member.id, live.generation);
      const commissions = await selectTransactionsByKeys(
        tx,
        LEVELS.map((level) => keys.commission(level)),
      );
      const uplines = new Map(
        (
          await selectUplines(
            tx,
            commissions.flatMap((c) => (c.memberId ? [c.memberId] : [])),
          )
        ).map((u) => [u.id, u]),
      );
      for (const commission of commissions) {
        const upline = commission.memberId ? uplines.get(commission.memberId) : undefined;
        const reversal = {
          transactionId: commission.id,
          idempotencyKey: `deactivation:${member.id}:${live.generation}:${commission.key.split(':').at(-1)}`,
          memo: `Commission reversed: ${member.username} deactivated by an operator`,
          at,
          insufficientMessage: `Cannot deactivate: ${upline?.username ?? 'an upline'} no longer holds the commission in their Jumbo wallet`,
        };
        // A held commission is reversed from the hold; one a confirmed cluster already reversed is skipped.
        if (!(await unwindHeldCommission(tx, reversal))) continue;
        await reverseTransaction(tx, reversal);
        reversed += 1;
      }
      await markActivationDeactivated(tx, { id: live.id, operatorId: input.operatorId, at });
    }
    await setMemberStatus(tx, { memberId: member.id, status: 'inactive', at });
    await writeAudit(tx, {
      actorId: input.operatorId,
      action: 'member.deactivate',
      targetType: 'member',
      targetId: member.id,
      before: { status: 'active', generation: live?.generation ?? null },
      after: { status: 'inactive', commissionsReversed: reversed, reason: input.reason ?? null },
      ip: input.ip,
    });
    return { username: member.username, commissions_reversed: reversed };
  });
}
