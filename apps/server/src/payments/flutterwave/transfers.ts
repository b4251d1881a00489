import { z } from 'zod';
import { providerAmountToMinor, providerFeeToMinor } from '../amounts.ts';

/**
 * Flutterwave v3 transfers as Tuzo reads them (decision 031): the `data` of create and fetch answers and of the
 * `transfer.completed` webhook. Amounts become minor units through the money helper; a webhook is only a hint, so the
 * payouts module re-fetches the transfer before acting on it.
 */
export type TransferStatus = 'NEW' | 'PENDING' | 'SUCCESSFUL' | 'FAILED';

export interface TransferSnapshot {
  /** Flutterwave's id. */
  id: string;
  /** Ours. */
  reference: string;
  status: TransferStatus;
  amountMinor: bigint;
  /**
   * Flutterwave's fee for the transfer (charged to our balance), zero when it reports none. It may have more than 2
   * decimals (NGN 26.875): `feeMinor` is rounded half up, `feeText` is the fee exactly as Flutterwave sent it.
   */
  feeMinor: bigint;
  feeText: string;
  currency: string;
  /** Flutterwave's words on the outcome ("Transaction was successful", or why it failed). */
  completeMessage: string | null;
  accountNumber: string | null;
  fullName: string | null;
}

const TransferDataSchema = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  reference: z.string().min(1).max(100),
  status: z.string().transform((value) => value.toUpperCase()),
  amount: z.union([z.number(), z.string()]),
  fee: z.union([z.number(), z.string()]).nullish(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  complete_message: z.string().max(500).nullish(),
  account_number: z.union([z.string(), z.number()]).nullish(),
  full_name: z.string().max(200).nullish(),
  fullname: z.string().max(200).nullish(),
});
const STATUSES: ReadonlySet<string> = new Set(['NEW', 'PENDING', 'SUCCESSFUL', 'FAILED']);

/** A transfer object; null when it is not one (an unknown status or an amount with more than 2 decimals included). */
export function parseTransferData(data: unknown): TransferSnapshot | null {
  const parsed = TransferDataSchema.safeParse(data);
  if (!parsed.success || !STATUSES.has(parsed.data.status)) return null;
  const transfer = parsed.data;
  const amountMinor = providerAmountToMinor(transfer.amount);
  const hasFee = transfer.fee !== null && transfer.fee !== undefined;
  const feeMinor = hasFee ? providerFeeToMinor(transfer.fee) : 0n;
  if (amountMinor === null || feeMinor === null) return null;
  return {
    id: transfer.id,
    reference: transfer.reference,
    status: transfer.status as TransferStatus,
    amountMinor,
    feeMinor,
    feeText: hasFee ? String(transfer.fee) : '0',
    currency: transfer.currency,
    completeMessage: transfer.complete_message?.trim() || null,
    accountNumber:
      transfer.account_number === null || transfer.account_number === undefined ? null : String(transfer.account_number),
    fullName: transfer.full_name ?? transfer.fullname ?? null,
  };
}

const TransferWebhookSchema = z.object({ event: z.literal('transfer.completed'), data: z.unknown() });

/**
 * The `transfer.completed` webhook (check its `verif-hash` with isGenuineFlutterwaveWebhook first); null for any other
 * event or a malformed body.
 */
export function parseTransferWebhook(body: unknown): TransferSnapshot | null {
  const parsed = TransferWebhookSchema.safeParse(body);
  return parsed.success ? parseTransferData(parsed.data.data) : null;
}
