import { z } from 'zod';
import { providerAmountToMinor } from '../amounts.ts';

/**
 * Parsers of what Daraja posts to us. Callback metadata items are read by Name, never by position (Daraja
 * sometimes omits or reorders them, e.g. Balance has no Value).
 */
const ItemSchema = z.object({ Name: z.string(), Value: z.union([z.string(), z.number()]).optional() });
const StkCallbackSchema = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string(),
      CheckoutRequestID: z.string().min(1).max(100),
      ResultCode: z.union([z.number(), z.string()]),
      ResultDesc: z.string().default(''),
      CallbackMetadata: z.object({ Item: z.array(ItemSchema).max(20) }).optional(),
    }),
  }),
});

export interface StkCallback {
  checkoutRequestId: string;
  resultCode: number;
  /** Success only: amount in minor units of KES and the receipt. */
  amountMinor: bigint | null;
  receipt: string | null;
}

export function parseStkCallback(body: unknown): StkCallback | null {
  const parsed = StkCallbackSchema.safeParse(body);
  if (!parsed.success) return null;
  const callback = parsed.data.Body.stkCallback;
  const resultCode = Number(callback.ResultCode);
  if (!Number.isInteger(resultCode)) return null;
  const items = new Map((callback.CallbackMetadata?.Item ?? []).map((item) => [item.Name, item.Value]));
  const text = (name: string) => {
    const value = items.get(name);
    return value === undefined ? null : String(value);
  };
  const amount = items.get('Amount');
  return {
    checkoutRequestId: callback.CheckoutRequestID,
    resultCode,
    amountMinor: amount === undefined ? null : providerAmountToMinor(amount),
    receipt: text('MpesaReceiptNumber'),
  };
}

const C2BConfirmationSchema = z.object({
  TransID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.]{6,40}$/),
  TransAmount: z.union([z.string(), z.number()]),
  MSISDN: z.union([z.string(), z.number()]).transform(String),
  BillRefNumber: z.string().max(100).optional(),
  TransTime: z.string().max(20).optional(),
  FirstName: z.string().max(100).optional(),
  TransactionType: z.string().max(40).optional(),
});

export interface C2BConfirmation {
  transId: string;
  amountMinor: bigint;
  msisdn: string;
  firstName: string | null;
}

/** A paybill / till confirmation; null when it is malformed or its amount is not a positive money value. */
export function parseC2BConfirmation(body: unknown): C2BConfirmation | null {
  const parsed = C2BConfirmationSchema.safeParse(body);
  if (!parsed.success) return null;
  const amountMinor = providerAmountToMinor(parsed.data.TransAmount);
  if (amountMinor === null || amountMinor <= 0n) return null;
  return {
    transId: parsed.data.TransID.toUpperCase(),
    amountMinor,
    msisdn: parsed.data.MSISDN,
    firstName: parsed.data.FirstName ?? null,
  };
}

/** What Daraja expects back from every callback: always 200, always accepted. */
export const MPESA_ACCEPTED = { ResultCode: 0, ResultDesc: 'Accepted' } as const;

/**
 * The asynchronous result of a Daraja request (transaction status, B2C, account balance), posted to its ResultURL.
 * ResultCode may be a number or a string; parameters are read by Key, never by position; a failure has none.
 */
const ResultParameterSchema = z.object({ Key: z.string(), Value: z.union([z.string(), z.number()]).optional() });
const ResultEnvelopeSchema = z.object({
  Result: z.object({
    ResultCode: z.union([z.number(), z.string()]),
    ResultDesc: z.string().max(500).default(''),
    ConversationID: z.string().min(1).max(100),
    OriginatorConversationID: z.string().max(100).optional(),
    ResultParameters: z
      .object({ ResultParameter: z.union([z.array(ResultParameterSchema).max(50), ResultParameterSchema]) })
      .optional(),
  }),
});

export interface TransactionStatusResult {
  conversationId: string;
  /** "0" on success; Daraja's code as text otherwise. */
  resultCode: string;
  resultDesc: string;
  /** Present on success: `TransactionStatus` ("Completed"), `ReceiptNo`, `Amount` (minor units), the two parties. */
  status: string | null;
  receiptNo: string | null;
  amountMinor: bigint | null;
  /** Who paid ("2547XXXXXXXX - NAME" for a customer, "<shortcode> - <name>" for a business) and who received. */
  debitPartyName: string | null;
  creditPartyName: string | null;
}

export function parseTransactionStatusResult(body: unknown): TransactionStatusResult | null {
  const parsed = ResultEnvelopeSchema.safeParse(body);
  if (!parsed.success) return null;
  const result = parsed.data.Result;
  const list = result.ResultParameters?.ResultParameter;
  const items = new Map((Array.isArray(list) ? list : list ? [list] : []).map((item) => [item.Key, item.Value]));
  const text = (key: string) => {
    const value = items.get(key);
    return value === undefined ? null : String(value);
  };
  const amount = items.get('Amount');
  return {
    conversationId: result.ConversationID,
    resultCode: String(result.ResultCode).trim(),
    resultDesc: result.ResultDesc,
    status: text('TransactionStatus'),
    receiptNo: text('ReceiptNo')?.toUpperCase() ?? null,
    amountMinor: amount === undefined ? null : providerAmountToMinor(amount),
    debitPartyName: text('DebitPartyName'),
    creditPartyName: text('CreditPartyName'),
  };
}

/**
 * Result codes that say our request could not be answered (our initiator or credential, or M-Pesa busy), not that
 * the transaction is unknown: the payment stays unconfirmed and is asked about again later.
 */
export const RETRYABLE_RESULT_CODES: ReadonlySet<string> = new Set([
  '17',
  '26',
  '21',
  '2001',
  '8006',
  '11',
  '2006',
  '500.003.02',
]);
