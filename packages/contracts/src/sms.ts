import { z } from 'zod';
import { NoPayloadSchema } from './common.ts';

/**
 * The member's SMS choices (`smssettings`, `setsmssettings`). Money events (a deposit credited, a withdrawal paid
 * or failed, the account activated) always send an SMS; the commission SMS can be turned off; promotional SMS go
 * only to members who turn them on. Messages are written in the member's language (`language`).
 */
export const SmsSettingsPayloadSchema = NoPayloadSchema;
export type SmsSettingsPayload = z.input<typeof SmsSettingsPayloadSchema>;

export const SmsSettingsDataSchema = z.object({
  language: z.enum(['en', 'sw']),
  /** An SMS each time the member earns a commission (on by default). */
  commission: z.boolean(),
  /** Promotional SMS from the operator, in daytime hours only (off until the member turns them on). */
  promotions: z.boolean(),
});
export type SmsSettingsData = z.infer<typeof SmsSettingsDataSchema>;

const choice = (name: string) => z.boolean({ error: `${name} must be true or false` }).optional();

/** `setsmssettings` (POST): the choices to change; at least one. */
export const SetSmsSettingsPayloadSchema = z
  .object({ commission: choice('commission'), promotions: choice('promotions') })
  .refine((value) => value.commission !== undefined || value.promotions !== undefined, {
    message: 'Send commission and/or promotions (true or false)',
  });
export type SetSmsSettingsPayload = z.input<typeof SetSmsSettingsPayloadSchema>;
