import { z } from 'zod';

/**
 * `adminnotices`: what the operator console shows above every page (decision 047), one shared area: a payout balance
 * below `payouts.low_balance_alert` (one per provider currency, until it recovers), and whatever else every console
 * page must say. `kind` names the source (`low_payout_balance`, ...); `link` is a console path to act on it.
 */
export const ConsoleNoticeSchema = z.object({
  kind: z.string(),
  severity: z.enum(['warning', 'error']),
  text: z.string(),
  link: z.string().nullable(),
});
export type ConsoleNotice = z.infer<typeof ConsoleNoticeSchema>;
export const AdminNoticesDataSchema = z.object({ notices: z.array(ConsoleNoticeSchema).max(50) });
export type AdminNoticesData = z.infer<typeof AdminNoticesDataSchema>;
