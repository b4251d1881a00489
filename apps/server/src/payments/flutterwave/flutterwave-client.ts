import { z } from 'zod';
import { minorToProviderNumber, providerAmountToMinor } from '../amounts.ts';
import { callProvider, ProviderError, type ProviderResponse } from '../http.ts';
import { outcomeOfErrorResponse, outcomeOfThrown, refused, type SendOutcome } from '../send-outcome.ts';
import { parseTransferData, type TransferSnapshot } from './transfers.ts';

export type { TransferSnapshot } from './transfers.ts';

export interface FlutterwaveConfig {
  baseUrl: string;
  secretKey: string;
  /** How long one call may take before it is abandoned (a transfer is then `unknown`). Default 30 s. */
  timeoutMs?: number;
}

export interface TransferRequest {
  /** Ours, unique per payout, the same on every retry of one payout: Flutterwave refuses a second use. */
  reference: string;
  /** `MPS` for M-Pesa; other networks' and banks' codes as Flutterwave lists them. */
  accountBank: string;
  /** The phone with its country code, digits only (2547XXXXXXXX). */
  accountNumber: string;
  amountMinor: bigint;
  currency: string;
  narration: string;
  beneficiaryName: string;
  callbackUrl?: string;
  /** Kenyan mobile money wants `sender`, `sender_country` and `mobile_number`. */
  meta?: Record<string, string>;
}

export interface PaymentLinkRequest {
  txRef: string;
  amountMinor: bigint;
  currency: string;
  redirectUrl: string;
  customer: { email: string; name: string; phonenumber: string };
  title: string;
  description: string;
}

export interface VerifiedTransaction {
  id: string;
  txRef: string;
  status: string;
  currency: string;
  /** Null when the provider's amount is not a 2-decimal money value. */
  amountMinor: bigint | null;
}

const LinkSchema = z.object({ status: z.literal('success'), data: z.object({ link: z.string().url() }) });
const VerifySchema = z.object({
  status: z.literal('success'),
  data: z.object({
    id: z.union([z.number(), z.string()]),
    tx_ref: z.string(),
    status: z.string(),
    currency: z.string(),
    amount: z.union([z.number(), z.string()]),
  }),
});
const MessageSchema = z.object({ message: z.string() });
const TransferAnswerSchema = z.object({ status: z.literal('success'), data: z.unknown() });
const TransferListSchema = z.object({ status: z.literal('success'), data: z.array(z.unknown()).max(100) });
/** How Flutterwave words a refused repeat of a reference. */
const DUPLICATE_MESSAGE = /duplicate|already exists/i;

/**
 * Flutterwave v3: hosted payment links and transaction verification (the only proof we credit on), and transfers
 * (payouts to mobile money where M-Pesa B2C is not used).
 */
export class FlutterwaveClient {
  constructor(private readonly config: FlutterwaveConfig) {}

  async createPaymentLink(request: PaymentLinkRequest): Promise<string> {
    const response = await this.call('POST', '/v3/payments', {
      tx_ref: request.txRef,
      amount: minorToProviderNumber(request.amountMinor),
      currency: request.currency,
      redirect_url: request.redirectUrl,
      customer: request.customer,
      customizations: { title: request.title, description: request.description },
    });
    const parsed = LinkSchema.safeParse(response.body);
    if (response.status !== 200 || !parsed.success) throw this.errorFrom(response);
    return parsed.data.data.link;
  }

  async verifyTransaction(transactionId: string): Promise<VerifiedTransaction> {
    const response = await this.call('GET', `/v3/transactions/${encodeURIComponent(transactionId)}/verify`);
    const parsed = VerifySchema.safeParse(response.body);
    if (response.status !== 200 || !parsed.success) throw this.errorFrom(response);
    const data = parsed.data.data;
    return {
      id: String(data.id),
      txRef: data.tx_ref,
      status: data.status,
      currency: data.currency,
      amountMinor: providerAmountToMinor(data.amount),
    };
  }

  /**
   * Queues a transfer. Never throws for a provider outcome: `accepted` carries the transfer as queued (usually NEW);
   * a repeated reference is `refused` `duplicate` (it WAS taken before: fetch it by reference); a timeout or 5xx (a
   * 503 may come without the transfer having failed) is `unknown`: fetch by reference before anything else.
   */
  async createTransfer(request: TransferRequest): Promise<SendOutcome<TransferSnapshot>> {
    if (request.amountMinor <= 0n) return refused('invalid', 'A transfer amount must be positive');
    let response: ProviderResponse;
    try {
      response = await this.call('POST', '/v3/transfers', {
        account_bank: request.accountBank,
        account_number: request.accountNumber,
        amount: minorToProviderNumber(request.amountMinor),
        currency: request.currency,
        narration: request.narration,
        reference: request.reference,
        beneficiary_name: request.beneficiaryName,
        debit_currency: request.currency,
        ...(request.callbackUrl ? { callback_url: request.callbackUrl } : {}),
        ...(request.meta ? { meta: request.meta } : {}),
      });
    } catch (error) {
      return outcomeOfThrown(error);
    }
    const parsed = TransferAnswerSchema.safeParse(response.body);
    const transfer = parsed.success ? parseTransferData(parsed.data.data) : null;
    if (response.status === 200 && transfer) return { kind: 'accepted', accepted: transfer };
    const message = MessageSchema.safeParse(response.body);
    const text = message.success ? message.data.message : `Flutterwave answered HTTP ${response.status}`;
    if (response.status >= 400 && response.status < 500 && DUPLICATE_MESSAGE.test(text)) {
      return refused('duplicate', text, response.status);
    }
    return outcomeOfErrorResponse(response, { errorCode: null, message: text });
  }

  /** A transfer by Flutterwave's id; null when Flutterwave has none. Throws ProviderError when it cannot tell. */
  async fetchTransfer(id: string): Promise<TransferSnapshot | null> {
    const response = await this.call('GET', `/v3/transfers/${encodeURIComponent(id)}`);
    if (response.status === 404) return null;
    const parsed = TransferAnswerSchema.safeParse(response.body);
    const transfer = parsed.success ? parseTransferData(parsed.data.data) : null;
    if (response.status !== 200 || !transfer) throw this.errorFrom(response);
    return transfer;
  }

  /**
   * The transfer made with our reference, or null when Flutterwave has none (it never received the request, so it is
   * safe to send it again with the same reference). Throws ProviderError when it cannot tell.
   */
  async fetchTransferByReference(reference: string): Promise<TransferSnapshot | null> {
    const response = await this.call('GET', `/v3/transfers?reference=${encodeURIComponent(reference)}`);
    const parsed = TransferListSchema.safeParse(response.body);
    if (response.status !== 200 || !parsed.success) throw this.errorFrom(response);
    for (const item of parsed.data.data) {
      const transfer = parseTransferData(item);
      if (transfer?.reference === reference) return transfer;
    }
    return null;
  }

  private call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ProviderResponse> {
    return callProvider('flutterwave', `${this.config.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.config.secretKey}` },
      ...(body !== undefined ? { body } : {}),
      ...(this.config.timeoutMs !== undefined ? { timeoutMs: this.config.timeoutMs } : {}),
    });
  }

  private errorFrom(response: ProviderResponse): ProviderError {
    const parsed = MessageSchema.safeParse(response.body);
    return new ProviderError(
      'flutterwave',
      parsed.success ? parsed.data.message : 'Flutterwave rejected the request',
      response.status,
    );
  }
}
