import { z } from 'zod';
import { NoPayloadSchema } from './common.ts';
import { MoneyStringSchema } from './money-schemas.ts';

/** `activateaccount` takes no fields (the spec's client posts an empty body). */
export const ActivatePayloadSchema = NoPayloadSchema;
export type ActivatePayload = z.infer<typeof ActivatePayloadSchema>;

/** What the member was charged and which uplines earned, in the member's currency. */
export const ActivateDataSchema = z.object({
  fee: MoneyStringSchema,
  currency: z.string(),
  activated_at: z.string(),
  commissions_paid: z.number().int().min(0).max(3),
});
export type ActivateData = z.infer<typeof ActivateDataSchema>;

export const ACTIVATION_MESSAGES = {
  success: 'Account activated successfully! Welcome aboard!',
  alreadyActive: 'Your account is already active',
  suspended: 'Your account has been suspended',
} as const;
