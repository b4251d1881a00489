import { formatMinor, KenyanPhoneSchema, parseAmountToMinor, RefCodeSchema, REF_CODE_MIN } from '@tuzo/contracts';
import { z } from 'zod';

/** Spec part 2, sections 5 and 8: the deposit forms' messages, word for word. */
export const FILL_ALL_FIELDS = 'Please fill all fields';
export const INVALID_AMOUNT = 'Please enter a valid amount';
export const AMOUNT_NOT_POSITIVE = 'Amount must be greater than 0';
/** Spec part 2, section 9: minimum manual transaction code length. */
export const MIN_CODE_LENGTH = REF_CODE_MIN;
/** Spec part 2, section 9: deposit minimum input. */
export const MIN_DEPOSIT_INPUT = 1;

/** The message for an amount that is not a positive decimal with at most 2 decimals, or null when it is one. */
export function amountProblem(text: string): string | null {
  // A negative number is numeric but not above 0: the spec's order gives it the "greater than 0" message.
  if (/^-\d+(\.\d+)?$/.test(text)) return AMOUNT_NOT_POSITIVE;
  const minor = parseAmountToMinor(text);
  if (minor === null) return INVALID_AMOUNT;
  if (minor <= 0n) return AMOUNT_NOT_POSITIVE;
  return null;
}

/**
 * The amount as the decimal string the deposit calls send ("500.5" -> "500.50"): money never passes through a JavaScript
 * number. Only called on a valid amount.
 */
export function toWireAmount(text: string): string {
  const minor = parseAmountToMinor(text);
  if (minor === null) throw new Error(INVALID_AMOUNT);
  return formatMinor(minor);
}

/** The push form: the spec's messages, the phone read by the contract's KenyanPhoneSchema as the server reads it. */
export const StkPushFormSchema = z.object({ phone: z.string().trim(), amount: z.string().trim() }).superRefine((value, ctx) => {
  if (!value.phone || !value.amount) {
    ctx.addIssue({ code: 'custom', message: FILL_ALL_FIELDS, path: [value.phone ? 'amount' : 'phone'] });
    return;
  }
  const phone = KenyanPhoneSchema.safeParse(value.phone);
  if (!phone.success)
    ctx.addIssue({ code: 'custom', message: phone.error.issues[0]?.message ?? FILL_ALL_FIELDS, path: ['phone'] });
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
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Please enter the transaction code' });
    return z.NEVER;
  }),
});
/** What the member types; the parsed code is upper-cased, as the server stores it. */
export interface RecoverCodeForm {
  refCode: string;
}
