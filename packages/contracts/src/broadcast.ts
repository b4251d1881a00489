import { z } from 'zod';
import { optionalField as optional } from './common.ts';
import { SeveritySchema } from './envelope.ts';
import { intId } from './primitives.ts';
import { StaffMessageSchema } from './staff.ts';

/** The operator's broadcast (`adminbroadcast`): a notification, and optionally a promotional SMS, to an audience. */
export const BROADCAST_TARGETS = ['member', 'country', 'everyone'] as const;
export const BroadcastTargetSchema = z.enum(BROADCAST_TARGETS, { error: 'target must be member, country or everyone' });
export type BroadcastTarget = z.infer<typeof BroadcastTargetSchema>;

/** `adminbroadcast`: a notification to one member (`username`), every member of a country (`country_id`) or everyone. */
export const AdminBroadcastPayloadSchema = z
  .object({
    target: BroadcastTargetSchema,
    username: optional(z.string().trim().min(1).max(40)),
    country_id: optional(intId('Pick a country')),
    msg: StaffMessageSchema,
    severity: SeveritySchema.default('info'),
    /**
     * Also by SMS, as a promotional message (payment-providers.md, SMS rule 4): only to members who turned promotional
     * SMS on, in their language (`msg` in English, `msg_sw` in Swahili) with how to opt out, queued for the sending
     * hours; never about spins or gambling.
     */
    sms: z.boolean({ error: 'sms must be true or false' }).default(false),
    /** The SMS in Swahili (each member gets the SMS of their language; decision 057): required with `sms`. */
    msg_sw: optional(z.string().trim().min(1).max(160)),
  })
  .superRefine((value, ctx) => {
    if (value.target === 'member' && value.username === undefined)
      ctx.addIssue({ code: 'custom', path: ['username'], message: 'The member’s username is required' });
    if (value.target === 'country' && value.country_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['country_id'], message: 'Pick a country' });
    if (value.sms && value.msg_sw === undefined)
      ctx.addIssue({ code: 'custom', path: ['msg_sw'], message: 'An SMS goes in both languages: write the Swahili text' });
    if (value.sms && value.msg.length > 160)
      ctx.addIssue({ code: 'custom', path: ['msg'], message: 'An SMS takes at most 160 characters' });
  });
export type AdminBroadcastPayload = z.infer<typeof AdminBroadcastPayloadSchema>;
export type AdminBroadcastInput = z.input<typeof AdminBroadcastPayloadSchema>;
/** `sms_queued`: the SMS queued (members who opted in to promotional SMS); 0 when not sent by SMS. */
const count = z.number().int();
export const AdminBroadcastDataSchema = z.object({
  target: BroadcastTargetSchema,
  sent: count,
  sent_at: z.string(),
  sms_queued: count,
});
export type AdminBroadcastData = z.infer<typeof AdminBroadcastDataSchema>;
