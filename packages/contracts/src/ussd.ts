import { z } from 'zod';

/** The web profile's USSD PIN (decision 056): 4 digits, set with the member's current password. */
const UssdPinSchema = z.string().regex(/^\d{4}$/, 'The USSD PIN must be 4 digits');

export const SetUssdPinPayloadSchema = z.object({
  pin: UssdPinSchema,
  pin_confirmation: UssdPinSchema,
  password: z.string().min(1).max(200),
});
export const UnlockUssdPayloadSchema = z.object({ password: z.string().min(1).max(200) });
