import { z } from 'zod';
import { parseAmountToMinor, MAX_AMOUNT_MINOR } from './money.ts';
import { AmountSchema } from './money-schemas.ts';

/** Member wallets as the ledger names them; `balance` is the Jumbo wallet. */
export const MEMBER_WALLETS = ['balance', 'deposit', 'ads', 'youtube', 'tiktok'] as const;
export type MemberWallet = (typeof MEMBER_WALLETS)[number];
export const MemberWalletSchema = z.enum(MEMBER_WALLETS, {
  error: 'Unknown wallet: use balance, deposit, ads, youtube or tiktok',
});

/** What members call each wallet. */
export const WALLET_LABELS: Record<MemberWallet, string> = {
  balance: 'Jumbo',
  deposit: 'Deposit',
  ads: 'Ads',
  youtube: 'YouTube',
  tiktok: 'TikTok',
};

/** A member-entered amount that must be present: a missing or empty value says so (spec: 'Amount is required'). */
export const RequiredAmountSchema = z.unknown().transform((value, ctx): bigint => {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    ctx.addIssue({ code: 'custom', message: 'Amount is required' });
    return z.NEVER;
  }
  const parsed = AmountSchema.safeParse(value);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Please enter a valid amount' });
    return z.NEVER;
  }
  return parsed.data;
});

/**
 * A signed amount for operator corrections: "-10.00" or "25.5", never zero; minor units as bigint.
 */
export const SignedAmountSchema = z
  .string({ error: 'Please enter the amount as a decimal string, e.g. "-10.00"' })
  .transform((value, ctx) => {
    const text = value.trim();
    const negative = text.startsWith('-');
    const minor = parseAmountToMinor(negative ? text.slice(1) : text);
    if (minor === null || minor === 0n || minor > MAX_AMOUNT_MINOR) {
      ctx.addIssue({ code: 'custom', message: 'Please enter a non-zero amount with at most 2 decimals, e.g. "-10.00"' });
      return z.NEVER;
    }
    return negative ? -minor : minor;
  });
