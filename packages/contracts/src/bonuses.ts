import { z } from 'zod';
import { NoPayloadSchema } from './common.ts';
import { MoneyStringSchema } from './money-schemas.ts';

/**
 * Daily and welcome bonuses (spec part 2, "Daily bonuses", "Welcome bonus" and section 7; business rules "Daily
 * bonus", "Welcome bonus"). Both are paid into the Jumbo wallet; the claim state reaches the client in the balances
 * of `userdata` (`dailyclaimed`, `welcome_progress`, `welcomeclaimed`).
 */

/** Spec part 2, section 9: the welcome bonus needs 15 active level-1 downlines. */
export const WELCOME_BONUS_TARGET = 15;

export const BonusKindSchema = z.enum(['daily', 'welcome']);
export type BonusKind = z.infer<typeof BonusKindSchema>;

/** `dailybonus` and `welcomebonus` take no fields (unknown ones are ignored, as the spec's client sends none). */
export const ClaimBonusPayloadSchema = NoPayloadSchema;
export type ClaimBonusPayload = z.infer<typeof ClaimBonusPayloadSchema>;

/** What a successful claim paid, in the member's currency. `day` is the operator's day of a daily bonus. */
export const ClaimBonusDataSchema = z.object({
  kind: BonusKindSchema,
  amount: MoneyStringSchema,
  currency: z.string(),
  day: z.string().nullable(),
});
export type ClaimBonusData = z.infer<typeof ClaimBonusDataSchema>;

/** Texts the server sends and the screens show (the spec's own button texts included). */
export const BONUS_MESSAGES = {
  claimDaily: 'Claim Bonus',
  claimWelcome: 'Claim Welcome Bonus',
  claiming: 'Claiming...',
  dailyClaimedToday: 'You have already claimed today’s daily bonus. Come back tomorrow.',
  welcomeClaimed: 'You have already claimed your welcome bonus.',
  dailyOff: 'There is no daily bonus to claim today.',
} as const;

export function dailyNotReachedMessage(input: { progress: number; target: number }): string {
  const missing = Math.max(0, input.target - input.progress);
  return `Daily target not reached: ${input.progress} of ${input.target} points today. ${missing} more level-1 ${missing === 1 ? 'activation' : 'activations'} to go.`;
}

export function welcomeNotReachedMessage(input: { progress: number; target: number }): string {
  const missing = Math.max(0, input.target - input.progress);
  return `Welcome bonus not reached: ${input.progress} of ${input.target} active level-1 members. ${missing} more to go.`;
}

export function dailyPaidMessage(input: { currency: string; amount: string }): string {
  return `Daily bonus of ${input.currency} ${input.amount} paid into your Jumbo wallet.`;
}

export function welcomePaidMessage(input: { currency: string; amount: string }): string {
  return `Welcome bonus of ${input.currency} ${input.amount} paid into your Jumbo wallet.`;
}
