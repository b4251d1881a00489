import { z } from 'zod';
import { minorToProviderNumber, providerAmountToMinor } from '../amounts.ts';
import { callProvider, ProviderError, type ProviderResponse } from '../http.ts';

export interface FlutterwaveConfig {
  baseUrl: string;
  secretKey: string;
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

/** Flutterwave v3: hosted payment links and transaction verification (the only proof we credit on). */
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

  private call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ProviderResponse> {
    return callProvider('flutterwave', `${this.config.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.config.secretKey}` },
      ...(body !== undefined ? { body } : {}),
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
