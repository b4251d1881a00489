import { formatMinor, KenyanPhoneSchema, parseAmountToMinor, RefCodeSchema, REF_CODE_MIN } from '@tuzo/contracts';
import { z } from 'zod';
import { translate } from '@/i18n';
import { depositTexts } from '../texts';

/** Spec part 2, sections 5 and 8: the deposit forms' messages (in depositTexts, English word for word). */
const message = (key: 'fillAll' | 'invalidAmount' | 'amountNotPositive' | 'enterCode') => translate(depositTexts, key);
/** Spec part 2, section 9: minimum manual transaction code length. */
export const MIN_CODE_LENGTH = REF_CODE_MIN;
/** Spec part 2, section 9: deposit minimum input. */
export const MIN_DEPOSIT_INPUT = 1;

/** The message for an amount that is not a positive decimal with at most 2 decimals, or null when it is one. */
export function amountProblem(text: string): string | null {
  // A negative number is numeric but not above 0: the spec's order gives it the "greater than 0" message.
  if (/^-\d+(\.\d+)?$/.test(text)) return message('amountNotPositive');
  const minor = parseAmountToMinor(text);
  if (minor === null) return message('invalidAmount');
  if (minor <= 0n) return message('amountNotPositive');
  return null;
}

/**
 * The amount as the decimal string the deposit calls send ("500.5" -> "500.50"): money never passes through a JavaScript
 * number. Only called on a valid amount.
 */
export function toWireAmount(text: string): string {
  const minor = parseAmountToMinor(text);
  if (minor === null) throw new Error(`Not an amount: ${text}`);
  return formatMinor(minor);
}

/** The push form: the spec's messages, the phone read by the contract's KenyanPhoneSchema as the server reads it. */
export const StkPushFormSchema = z.object({ phone: z.string().trim(), amount: z.string().trim() }).superRefine((value, ctx) => {
  if (!value.phone || !value.amount) {
    ctx.addIssue({ code: 'custom', message: message('fillAll'), path: [value.phone ? 'amount' : 'phone'] });
    return;
  }
  const phone = KenyanPhoneSchema.safeParse(value.phone);
  if (!phone.success)
    ctx.addIssue({ code: 'custom', message: phone.error.issues[0]?.message ?? message('fillAll'), path: ['phone'] });
  const problem = amountProblem(value.amount);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['amount'] });
});
export type StkPushForm = z.infer<typeof StkPushFormSchema>;

export const PaymentLinkFormSchema = z.object({ amount: z.string().trim() }).superRefine((value, ctx) => {
  const problem = amountProblem(value.amount);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['amount'] });
});
export type PaymentLinkForm = z.infer<typeof PaymentLinkFormSchema>;

/** The manual code: the contract's RefCodeSchema, whose messages are the spec's (letters, digits and dots; 9+). */
export const RecoverCodeFormSchema = z.object({
  refCode: z.string().transform((value, ctx) => {
    const parsed = RefCodeSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? message('enterCode') });
    return z.NEVER;
  }),
});
/** What the member types; the parsed code is upper-cased, as the server stores it. */
export interface RecoverCodeForm {
  refCode: string;
}
