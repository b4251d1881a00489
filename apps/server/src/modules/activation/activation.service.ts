import { ACTIVATION_MESSAGES, formatMinor, localToSystemMinor, type ActivateData } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { TransactionKind } from '../../ledger/accounts.ts';
import { getWalletBalances, reverseTransaction } from '../../ledger/ledger.ts';
import { recordMovement } from '../../ledger/movement.ts';
import { writeAudit } from '../audit/index.ts';
import { holdCommission, holdingCluster, unwindHeldCommission } from '../clusters/index.ts';
import { recordSignals, type RawSignals } from '../fraud-signals/index.ts';
import { setMemberStatus } from '../members/index.ts';
import { activationSms, commissionSms, enqueueSms } from '../sms/index.ts';
import { readSetting } from '../settings/index.ts';
import { missingFeeLocal, toMemberString } from '../wallets/index.ts';
import {
  insertActivation,
  lockLiveActivation,
  lockMemberForActivation,
  markActivationDeactivated,
  selectNextGeneration,
  selectTransactionsByKeys,
  selectUplines,
} from './activation.repository.ts';

type LockedMember = NonNullable<Awaited<ReturnType<typeof lockMemberForActivation>>>;
const LEVELS = [1, 2, 3] as const;
const COMMISSION_KIND: Record<(typeof LEVELS)[number], TransactionKind> = {
  1: 'commission_l1',
  2: 'commission_l2',
  3: 'commission_l3',
};

/** Keys of one activation: `activation:<member>:<generation>` and its derived legs (docs/money.md, "Idempotency"). */
export const activationKeys = (memberId: bigint, generation: number) => {
  const base = `activation:${memberId}:${generation}`;
  return { activation: base, grant: `${base}:grant`, commission: (level: number) => `${base}:l${level}` };
};

/**
 * `activateaccount`: the member pays the fee from their deposit wallet; uplines earn their commissions. `sendSms`
 * false (the demo seed, whose members have made-up phones) writes no SMS.
 */
export async function activateAccount(
  deps: AppDeps,
  input: { memberId: bigint; sendSms?: boolean; seen?: Pick<RawSignals, 'device' | 'ip'> },
): Promise<ActivateData> {
  return deps.db.transaction(async (tx) => {
    const at = deps.clock.now();
    // Multi-account signals (decision 061), before any money row is locked, so the clusters are current.
    if (input.seen) await recordSignals(tx, deps, { memberId: input.memberId, event: 'activation', at, signals: input.seen });
    return activateLocked(tx, { memberId: input.memberId, operatorId: null, at, sendSms: input.sendSms ?? true });
  });
}

/** Operator: activate for free. The fee is granted from house:expenses, then the normal activation runs. */
export async function activateForFree(
  deps: AppDeps,
  input: { memberId: bigint; operatorId: bigint; ip: string; reason?: string },
): Promise<ActivateData> {
  return deps.db.transaction(async (tx) => {
    const at = deps.clock.now();
    const result = await activateLocked(tx, { memberId: input.memberId, operatorId: input.operatorId, at, sendSms: true });
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
 * One activation inside the caller's transaction: the member row is locked first, so two concurrent activations
 * of the same member serialise and the second sees "already active" with nothing charged.
 */
async function activateLocked(
  tx: DbOrTx,
  input: { memberId: bigint; operatorId: bigint | null; at: Date; sendSms: boolean },
): Promise<ActivateData> {
  const member = await lockMemberForActivation(tx, input.memberId);
  if (!member) throw new AppError('NOT_FOUND', 'Member not found');
  if (member.status === 'active') throw new AppError('ALREADY_DONE', ACTIVATION_MESSAGES.alreadyActive);
  if (member.status === 'suspended') throw new AppError('ACCOUNT_SUSPENDED', 'This account is suspended');
  if (member.cregMinor === null) throw new Error(`Country of member ${member.id} has no fee row`);
  const feeLocalMinor = member.cregMinor;
  const feeSystemMinor = localToSystemMinor(feeLocalMinor, member.rateMicro);
  const generation = await selectNextGeneration(tx, member.id);
  const keys = activationKeys(member.id, generation);
  const isFree = input.operatorId !== null;
  if (isFree && feeSystemMinor > 0n) {
    await recordMovement(tx, {
      kind: 'adjustment',
      idempotencyKey: keys.grant,
      at: input.at,
      memberId: member.id,
      memo: 'Free activation granted by an operator (fee booked as an expense)',
      legs: [
        { account: { system: 'house:expenses' }, amountMinor: -feeSystemMinor },
        { account: { memberId: member.id, wallet: 'deposit' }, amountMinor: feeSystemMinor },
      ],
    });
  }
  const insufficient = await insufficientMessage(tx, member, feeSystemMinor);
  if (insufficient) throw new AppError('INSUFFICIENT_FUNDS', insufficient);
  let activationTransactionId: bigint | null = null;
  if (feeSystemMinor > 0n) {
    const posted = await recordMovement(tx, {
      kind: 'activation',
      idempotencyKey: keys.activation,
      at: input.at,
      memberId: member.id,
      memo: 'Account activation fee',
      conversion: { rateMicro: member.rateMicro, localAmountMinor: feeLocalMinor, currency: member.currency },
      insufficientMessage: 'Insufficient deposit balance to activate your account.',
      legs: [
        { account: { memberId: member.id, wallet: 'deposit' }, amountMinor: -feeSystemMinor },
        { account: { system: 'house:fees' }, amountMinor: feeSystemMinor },
      ],
    });
    activationTransactionId = posted.transactionId;
  }
  const commissionsPaid = await payCommissions(tx, member, keys, { at: input.at, sendSms: input.sendSms });
  const activatedAt = input.at;
  await insertActivation(tx, {
    memberId: member.id,
    generation,
    isFree,
    feeSystemMinor,
    activationTransactionId,
    activatedBy: input.operatorId,
    createdAt: input.at,
  });
  await setMemberStatus(tx, { memberId: member.id, status: 'active', activatedAt, at: input.at });
  // The SMS is written in this transaction and sent after commit (docs/decisions/037-sms-outbox.md).
  const sms = activationSms({ currency: member.currency, feeLocalMinor });
  if (input.sendSms) await enqueueSms(tx, { memberId: member.id, event: sms, dedupeKey: keys.activation, at: input.at });
  return {
    fee: formatMinor(feeLocalMinor),
    currency: member.currency,
    activated_at: activatedAt.toISOString(),
    commissions_paid: commissionsPaid,
  };
}

async function insufficientMessage(tx: DbOrTx, member: LockedMember, feeSystemMinor: bigint): Promise<string | null> {
  const { deposit } = await getWalletBalances(tx, member.id);
  if (deposit >= feeSystemMinor) return null;
  const feeLocalMinor = member.cregMinor ?? 0n;
  const missingLocal = missingFeeLocal({
    feeLocalMinor,
    feeSystemMinor,
    depositSystemMinor: deposit,
    rateMicro: member.rateMicro,
  });
  return `Insufficient deposit balance. Deposit ${member.currency} ${formatMinor(missingLocal)} to activate your account.`;
}

/**
 * Pays fl1/fl2/fl3 (the activating member's country row, converted to system units) from house:commissions into
 * each upline's Jumbo wallet. Suspended uplines and the house account get nothing; a zero commission is skipped.
 * Where the operator switched referral commissions off for the activating member's country
 * (`referral_disabled_countries`), no upline is paid.
 */
async function payCommissions(
  tx: DbOrTx,
  member: LockedMember,
  keys: ReturnType<typeof activationKeys>,
  { at, sendSms }: { at: Date; sendSms: boolean },
): Promise<number> {
  if ((await readSetting(tx, 'referral_disabled_countries')).includes(member.abbreviation)) return 0;
  const levels = [
    { level: 1, uplineId: member.l1Id, localMinor: member.fl1Minor ?? 0n },
    { level: 2, uplineId: member.l2Id, localMinor: member.fl2Minor ?? 0n },
    { level: 3, uplineId: member.l3Id, localMinor: member.fl3Minor ?? 0n },
  ] as const;
  const ids = levels.flatMap((entry) => (entry.uplineId === null ? [] : [entry.uplineId]));
  const uplines = new Map((await selectUplines(tx, ids)).map((row) => [row.id, row]));
  let paid = 0;
  for (const entry of levels) {
    const upline = entry.uplineId === null ? undefined : uplines.get(entry.uplineId);
    if (!upline || upline.isHouse || upline.status === 'suspended') continue;
    const amountMinor = localToSystemMinor(entry.localMinor, member.rateMicro);
    if (amountMinor <= 0n) continue;
    // In the upline's own currency: as set when it is the activating member's, else converted at the upline's rate.
    const currency = { countryId: upline.countryId, currency: upline.currency, rateMicro: upline.rateMicro };
    const earned = currency.currency === member.currency ? formatMinor(entry.localMinor) : toMemberString(amountMinor, currency);
    const conversion = { rateMicro: member.rateMicro, localAmountMinor: entry.localMinor, currency: member.currency };
    // Upline and member in one cluster: the commission waits in hold:commissions for an operator (decision 062).
    const clusterId = await holdingCluster(tx, { uplineId: upline.id, memberId: member.id });
    if (clusterId !== null) {
      const kind = COMMISSION_KIND[entry.level];
      const shown = { currency: currency.currency, amount: earned };
      const held = { clusterId, kind, uplineId: upline.id, member, level: entry.level, amountMinor, conversion, shown, at };
      await holdCommission(tx, { ...held, idempotencyKey: keys.commission(entry.level) });
      paid += 1;
      continue;
    }
    await recordMovement(tx, {
      kind: COMMISSION_KIND[entry.level],
      idempotencyKey: keys.commission(entry.level),
      memberId: upline.id,
      memo: `Level ${entry.level} commission: ${member.username} activated`,
      conversion,
      at,
      legs: [
        { account: { system: 'house:commissions' }, amountMinor: -amountMinor },
        { account: { memberId: upline.id, wallet: 'balance' }, amountMinor },
      ],
      notify: {
        memberId: upline.id,
        msg: `You earned ${currency.currency} ${earned}: your level ${entry.level} member ${member.username} activated their account.`,
        severity: 'success',
      },
    });
    // Only to uplines who kept commission SMS on (members.sms_commission; the enqueue checks it).
    const sms = commissionSms({ upline, member, level: entry.level, localMinor: entry.localMinor, systemMinor: amountMinor });
    if (sendSms) await enqueueSms(tx, { memberId: upline.id, event: sms, dedupeKey: keys.commission(entry.level), at });
    paid += 1;
  }
  return paid;
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
