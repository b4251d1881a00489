import { z } from 'zod';
import { ClientNumberAmountSchema, MoneyStringSchema } from './money-schemas.ts';

/**
 * Deposits (spec part 2, "Deposit"): grabpayment, stkpush, requestpayment, recovercode, deposithistory.
 * Status codes: 0 pending, 1 declined (failed), 2 completed.
 */

/** Minimum length of a manual transaction code (spec section 9). */
export const REF_CODE_MIN = 9;
export const REF_CODE_MAX = 40;

/**
 * A Kenyan mobile number as M-Pesa wants it: 2547XXXXXXXX or 2541XXXXXXXX. Accepts the forms members type:
 * "0712345678", "712345678", "254712345678", "+254 712 345 678".
 */
export function normaliseKenyanMsisdn(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, '').replace(/^\+/, '');
  if (!/^\d+$/.test(digits)) return null;
  let national: string;
  if (digits.startsWith('254')) national = digits.slice(3);
  else if (digits.startsWith('0')) national = digits.slice(1);
  else national = digits;
  return /^[17]\d{8}$/.test(national) ? `254${national}` : null;
}

export const KenyanPhoneSchema = z
  .string({ error: 'Please fill all fields' })
  .trim()
  .min(1, 'Please fill all fields')
  .max(20, 'Enter a Safaricom number like 254712345678 or 0712345678')
  .transform((value, ctx) => {
    const msisdn = normaliseKenyanMsisdn(value);
    if (!msisdn) {
      ctx.addIssue({ code: 'custom', message: 'Enter a Safaricom number like 254712345678 or 0712345678' });
      return z.NEVER;
    }
    return msisdn;
  });

export const StkPushPayloadSchema = z.object({ phone: KenyanPhoneSchema, amount: ClientNumberAmountSchema });
export type StkPushPayload = z.infer<typeof StkPushPayloadSchema>;
export const StkPushDataSchema = z.object({
  depositId: z.string(),
  checkoutRequestId: z.string().nullable(),
  status: z.number(),
});
export type StkPushData = z.infer<typeof StkPushDataSchema>;

export const RequestPaymentPayloadSchema = z.object({ amount: ClientNumberAmountSchema });
export type RequestPaymentPayload = z.infer<typeof RequestPaymentPayloadSchema>;
export const RequestPaymentDataSchema = z.object({ link: z.string().url(), depositId: z.string() });
export type RequestPaymentData = z.infer<typeof RequestPaymentDataSchema>;

/** Digit-only codes (MTN, Airtel) may arrive as JSON numbers; they are read as text. */
export const RefCodeSchema = z.preprocess(
  (value) => (typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value),
  z
    .string({ error: 'Please enter the transaction code' })
    .trim()
    .regex(/^[A-Za-z0-9.]*$/, 'Only letters and numbers allowed')
    .min(REF_CODE_MIN, 'Must be more than 8 characters')
    .max(REF_CODE_MAX, 'The transaction code is too long')
    .transform((value) => value.toUpperCase()),
);
export const RecoverCodePayloadSchema = z.object({ ref_code: RefCodeSchema });
export type RecoverCodePayload = z.infer<typeof RecoverCodePayloadSchema>;
export const RecoverCodeDataSchema = z.object({
  /** credited: added now; verifying: waits for M-Pesa's confirmation (202); review: queued for the operator (202). */
  state: z.enum(['credited', 'review', 'verifying']),
  amount: MoneyStringSchema.nullable(),
  depositId: z.string().nullable(),
});
export type RecoverCodeData = z.infer<typeof RecoverCodeDataSchema>;

export const ProcedureStepSchema = z.object({ Step: z.string(), Description: z.string() });
/** Per method name: [steps, the pay-to line (paybill / till / merchant number), the help line]. */
export const ProcedureSchema = z.tuple([z.array(ProcedureStepSchema), z.string(), z.string()]);
export type Procedure = z.infer<typeof ProcedureSchema>;
export const GrabPaymentDataSchema = z.object({
  stkpush: z.boolean(),
  flutter: z.boolean(),
  procedure: z.record(z.string(), ProcedureSchema),
});
export type GrabPaymentData = z.infer<typeof GrabPaymentDataSchema>;

export const DepositHistoryRowSchema = z.object({
  Id: z.string(),
  Amount: MoneyStringSchema,
  Phone: z.string(),
  'Transaction Code': z.string(),
  Status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  Date: z.string(),
  Time: z.string(),
});
export type DepositHistoryRow = z.infer<typeof DepositHistoryRowSchema>;
export const DepositHistoryDataSchema = z.object({ history: z.array(DepositHistoryRowSchema) });
export type DepositHistoryData = z.infer<typeof DepositHistoryDataSchema>;
