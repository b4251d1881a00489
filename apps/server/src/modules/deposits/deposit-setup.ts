import { formatMinor, localToSystemMinor, parseAmountToMinor } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { automaticKey } from '../../lib/random.ts';
import { AppError } from '../../lib/errors.ts';
import { readSetting } from '../settings/index.ts';
import {
  findDepositByKey,
  insertDeposit,
  selectMemberPaymentProfile,
  type DepositRow,
  type MemberPaymentProfile,
  type NewDeposit,
} from './deposits.repository.ts';

/** Helpers shared by the deposit methods: the member's profile, limits, and idempotent creation of the row. */
export async function loadProfile(db: DbOrTx, memberId: bigint): Promise<MemberPaymentProfile> {
  const profile = await selectMemberPaymentProfile(db, memberId);
  if (!profile) throw new AppError('NOT_FOUND', 'Member not found');
  return profile;
}

/** Largest single deposit per method, in the member's currency (setting `deposits.limits`; M-Pesa's own cap is KES 250,000). */
export async function maxDepositMinor(db: DbOrTx, method: 'stkpushMax' | 'flutterwaveMax'): Promise<bigint> {
  const limits = await readSetting(db, 'deposits.limits');
  const minor = parseAmountToMinor(limits[method]);
  if (minor === null) throw new Error(`deposits.limits.${method} passed its schema but is not an amount`);
  return minor;
}

export function assertWithinLimit(amountMinor: bigint, maxMinor: bigint, currency: string): void {
  if (amountMinor > maxMinor)
    throw new AppError('VALIDATION_FAILED', `The maximum deposit is ${currency} ${formatMinor(maxMinor)}`);
}

/**
 * Creates the pending deposit, or returns the first one made with the same client idempotency key (which must
 * have been for the same amount). `created` tells the caller whether to contact the provider.
 */
export async function createPendingDeposit(
  deps: AppDeps,
  input: Omit<NewDeposit, 'idempotencyKey' | 'amountSystemMinor' | 'rateMicro' | 'currency' | 'createdAt'> & {
    profile: MemberPaymentProfile;
    clientKey: string | null;
  },
): Promise<{ deposit: DepositRow; created: boolean }> {
  const namespace = input.method === 'stkpush' ? 'stk' : 'flw';
  const key = automaticKey(deps.random, `${namespace}:${input.memberId}`, input.clientKey);
  const values: NewDeposit = {
    memberId: input.memberId,
    method: input.method,
    amountLocalMinor: input.amountLocalMinor,
    currency: input.profile.currency,
    rateMicro: input.profile.rateMicro,
    amountSystemMinor: localToSystemMinor(input.amountLocalMinor, input.profile.rateMicro),
    phone: input.phone,
    txRef: input.txRef ?? null,
    idempotencyKey: key,
    createdAt: deps.clock.now(),
  };
  if (values.amountSystemMinor <= 0n) throw new AppError('VALIDATION_FAILED', 'Amount is too small');
  const inserted = await insertDeposit(deps.db, values);
  if (inserted) return { deposit: inserted, created: true };
  const first = await findDepositByKey(deps.db, key);
  if (!first) throw new Error(`Deposit with idempotency key ${key} vanished`);
  if (first.amountLocalMinor !== input.amountLocalMinor) {
    throw new AppError('CONFLICT', 'This request key was already used for a different amount');
  }
  return { deposit: first, created: false };
}
