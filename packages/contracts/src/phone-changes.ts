import { z } from 'zod';
import { NoPayloadSchema } from './common.ts';

/**
 * A member's phone change and the withdrawal hold after it (docs/decisions/045-payout-phone-and-phone-changes.md):
 * `changephone` (my-data.ts) sends a code by SMS to the new phone, `confirmphone` applies the change with it, and
 * `withdrawalhold` says until when withdrawals are paused after a change (setting `payouts.phone_change_hold_hours`).
 */

/** Digits in the code sent to the new phone. */
export const PHONE_CODE_DIGITS = 6;
/** Minutes a code works. */
export const PHONE_CODE_TTL_MINUTES = 10;
/** Wrong codes before the change is cancelled (the member asks again for a new code). */
export const PHONE_CODE_MAX_ATTEMPTS = 5;

export const ConfirmPhonePayloadSchema = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code we sent to your new phone' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code we sent to your new phone'),
});
export type ConfirmPhonePayload = z.input<typeof ConfirmPhonePayloadSchema>;
export const ConfirmPhoneDataSchema = z.object({
  phone: z.string(),
  /** Withdrawals are paused until then (null when the hold is off). */
  withdrawals_held_until: z.string().nullable(),
});
export type ConfirmPhoneData = z.infer<typeof ConfirmPhoneDataSchema>;

export const WithdrawalHoldPayloadSchema = NoPayloadSchema;
export const WithdrawalHoldDataSchema = z.object({
  /** Until when the member cannot request a withdrawal; null when they can. */
  held_until: z.string().nullable(),
  /** When the phone changed (null when no hold runs), and the setting's hours. */
  changed_at: z.string().nullable(),
  hours: z.number().int(),
  /** A change waiting for its code: the new phone, and when the code expires. */
  pending_phone: z.string().nullable(),
});
export type WithdrawalHoldData = z.infer<typeof WithdrawalHoldDataSchema>;
