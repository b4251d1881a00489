import { formatMinor } from '@tuzo/contracts';
import { translate } from '@/i18n';
import { readTypedAmountMinor } from '@/lib/money';
import { spinsTexts } from '../texts';

/** The spec's default stake, also what the free wheel "checks" although it sends no stake (part 2, section 5). */
export const DEFAULT_STAKE = '20';

/** Spec part 2, section 9: the spin wallets; `label` names a text in spinsTexts. */
export const SPIN_WALLET_OPTIONS = [
  { value: '1', label: 'walletJumbo', balanceField: 'balance' },
  { value: '2', label: 'walletDeposit', balanceField: 'deposit' },
] as const;

/**
 * The stake rule of the casino form (spec part 2, section 5): present and at least the minimum (0 until the server
 * says), else 'Minimum stake is {min} {currency}'; not above the chosen wallet, else 'Insufficient balance'.
 */
export function stakeError(input: {
  stake: string;
  minStakeMinor: bigint;
  walletMinor: bigint;
  currency: string;
}): string | null {
  const stakeMinor = readTypedAmountMinor(input.stake);
  if (stakeMinor === null || stakeMinor < input.minStakeMinor || stakeMinor === 0n) {
    return translate(spinsTexts, 'minimumStake', { minimum: formatMinor(input.minStakeMinor), currency: input.currency });
  }
  if (stakeMinor > input.walletMinor) return translate(spinsTexts, 'insufficient');
  return null;
}

/** The button is disabled while spinning, with an empty stake or one below the minimum (the spec's three cases). */
export function isStakeBelowMinimum(stake: string, minStakeMinor: bigint): boolean {
  const stakeMinor = readTypedAmountMinor(stake);
  return stake.trim() === '' || stakeMinor === null || stakeMinor < minStakeMinor;
}

/** A casino figure "1600" shows as "x1600"; a free prize "90.00" as "90" (the wheel has little room). */
export function wheelLabel(kind: 'free' | 'casino', figure: string): string {
  return kind === 'casino' ? `x${figure}` : figure.replace(/\.00$/, '');
}
