import { z } from 'zod';
import { minorToProviderNumber } from '../amounts.ts';
import { callProvider, ProviderError, type ProviderResponse } from '../http.ts';

export interface DarajaConfig {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  /** Needed by the transaction status query only; without them it is refused before any call. */
  initiatorName?: string;
  securityCredential?: string;
  transactionType?: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
}

export interface StkPushRequest {
  /** 2547XXXXXXXX or 2541XXXXXXXX. */
  msisdn: string;
  /** KES minor units, whole shillings only (Daraja accepts no cents). */
  amountMinor: bigint;
  accountReference: string;
  description: string;
  callbackUrl: string;
}

export interface StkPushAccepted {
  merchantRequestId: string;
  checkoutRequestId: string;
}

export type StkQueryResult = { state: 'pending' } | { state: 'done'; resultCode: number; resultDesc: string };

export interface TransactionStatusRequest {
  /** The M-Pesa receipt (a C2B TransID). */
  transactionId: string;
  resultUrl: string;
  queueTimeoutUrl: string;
  remarks: string;
  occasion?: string;
}

/** Daraja's acknowledgement of an asynchronous request; the result arrives later carrying the same ConversationID. */
export interface AsyncAccepted {
  conversationId: string;
  originatorConversationId: string;
}

const TOKEN_CACHE_MS = 50 * 60_000;
const TokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.union([z.string(), z.number()]) });
const ErrorSchema = z.object({ errorCode: z.string(), errorMessage: z.string() }).partial();
const PushAcceptedSchema = z.object({
  MerchantRequestID: z.string(),
  CheckoutRequestID: z.string(),
  ResponseCode: z.string(),
});
const AsyncAcceptedSchema = z.object({
  ConversationID: z.string().min(1),
  OriginatorConversationID: z.string().min(1),
  ResponseCode: z.union([z.string(), z.number()]),
});
const QueryResultSchema = z.object({ ResultCode: z.union([z.string(), z.number()]), ResultDesc: z.string().optional() });

/** yyyyMMddHHmmss in East Africa Time, the timestamp Daraja expects in Password and Timestamp. */
export function darajaTimestamp(date: Date = new Date()): string {
  const eat = new Date(date.getTime() + 3 * 3_600_000);
  return eat.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/**
 * M-Pesa Daraja client: OAuth token (cached about 50 minutes, refreshed once when the provider calls it
 * invalid), STK push, STK status query and C2B URL registration.
 */
export class DarajaClient {
  private token: { value: string; expiresAt: number } | null = null;

  constructor(private readonly config: DarajaConfig) {}

  async stkPush(request: StkPushRequest): Promise<StkPushAccepted> {
    if (request.amountMinor < 100n || request.amountMinor % 100n !== 0n) {
      throw new Error('STK push amount must be a whole number of shillings, at least 1');
    }
    const msisdn = Number(request.msisdn);
    const response = await this.authorisedPost('/mpesa/stkpush/v1/processrequest', (timestamp) => ({
      ...this.passwordFields(timestamp),
      TransactionType: this.config.transactionType ?? 'CustomerPayBillOnline',
      Amount: minorToProviderNumber(request.amountMinor),
      PartyA: msisdn,
      PartyB: this.config.shortcode,
      PhoneNumber: msisdn,
      CallBackURL: request.callbackUrl,
      AccountReference: request.accountReference,
      TransactionDesc: request.description,
    }));
    const accepted = PushAcceptedSchema.safeParse(response.body);
    if (response.status !== 200 || !accepted.success || accepted.data.ResponseCode !== '0') throw this.errorFrom(response);
    return {
      merchantRequestId: accepted.data.MerchantRequestID,
      checkoutRequestId: accepted.data.CheckoutRequestID,
    };
  }

  /** The push's final result, or pending while the provider still processes it (error 500.001.1001). */
  async stkQuery(checkoutRequestId: string): Promise<StkQueryResult> {
    const response = await this.authorisedPost('/mpesa/stkpushquery/v1/query', (timestamp) => ({
      ...this.passwordFields(timestamp),
      CheckoutRequestID: checkoutRequestId,
    }));
    const error = ErrorSchema.safeParse(response.body);
    if (error.success && error.data.errorCode === '500.001.1001') return { state: 'pending' };
    const result = QueryResultSchema.safeParse(response.body);
    if (response.status !== 200 || !result.success) throw this.errorFrom(response);
    const resultCode = Number(result.data.ResultCode);
    if (!Number.isInteger(resultCode)) throw this.errorFrom(response);
    return { state: 'done', resultCode, resultDesc: result.data.ResultDesc ?? '' };
  }

  /**
   * Asks M-Pesa for a transaction's status (Daraja's reconciliation path). Only the acknowledgement comes back here;
   * the result is posted to `resultUrl` (see parseTransactionStatusResult) with the ConversationID returned.
   */
  async transactionStatus(request: TransactionStatusRequest): Promise<AsyncAccepted> {
    const { initiatorName, securityCredential, shortcode } = this.config;
    if (!initiatorName || !securityCredential) {
      throw new ProviderError('mpesa', 'MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL are not set', 0);
    }
    const response = await this.authorisedPost('/mpesa/transactionstatus/v1/query', () => ({
      Initiator: initiatorName,
      SecurityCredential: securityCredential,
      CommandID: 'TransactionStatusQuery',
      TransactionID: request.transactionId,
      PartyA: shortcode,
      IdentifierType: '4',
      ResultURL: request.resultUrl,
      QueueTimeOutURL: request.queueTimeoutUrl,
      Remarks: request.remarks,
      Occasion: request.occasion ?? '',
    }));
    const accepted = AsyncAcceptedSchema.safeParse(response.body);
    if (response.status !== 200 || !accepted.success || String(accepted.data.ResponseCode) !== '0')
      throw this.errorFrom(response);
    return {
      conversationId: accepted.data.ConversationID,
      originatorConversationId: accepted.data.OriginatorConversationID,
    };
  }

  async registerC2BUrls(urls: { confirmationUrl: string; validationUrl: string }): Promise<void> {
    const response = await this.authorisedPost('/mpesa/c2b/v1/registerurl', () => ({
      ShortCode: this.config.shortcode,
      ResponseType: 'Completed',
      ConfirmationURL: urls.confirmationUrl,
      ValidationURL: urls.validationUrl,
    }));
    if (response.status !== 200) throw this.errorFrom(response);
  }

  private passwordFields(timestamp: string) {
    const { shortcode, passkey } = this.config;
    return {
      BusinessShortCode: shortcode,
      Password: Buffer.from(`${shortcode}${passkey}${timestamp}`).toString('base64'),
      Timestamp: timestamp,
    };
  }

  /** POST with a bearer token; an "Invalid Access Token" answer drops the cached token and retries once. */
  private async authorisedPost(path: string, body: (timestamp: string) => Record<string, unknown>): Promise<ProviderResponse> {
    for (let attempt = 0; ; attempt += 1) {
      const token = await this.accessToken();
      const response = await callProvider('mpesa', `${this.config.baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: body(darajaTimestamp()),
      });
      const error = ErrorSchema.safeParse(response.body);
      if (attempt === 0 && error.success && error.data.errorCode === '404.001.03') {
        this.token = null;
        continue;
      }
      return response;
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.config.consumerKey}:${this.config.consumerSecret}`).toString('base64');
    const response = await callProvider('mpesa', `${this.config.baseUrl}/oauth/v1/generate?grant_type=client_credentials`, {
      method: 'GET',
      headers: { authorization: `Basic ${basic}` },
    });
    const parsed = TokenSchema.safeParse(response.body);
    if (response.status !== 200 || !parsed.success) throw this.errorFrom(response, 'M-Pesa authentication failed');
    const lifetimeMs = Math.max(60_000, Math.min(TOKEN_CACHE_MS, (Number(parsed.data.expires_in) - 60) * 1000 || TOKEN_CACHE_MS));
    this.token = { value: parsed.data.access_token, expiresAt: Date.now() + lifetimeMs };
    return this.token.value;
  }

  private errorFrom(response: ProviderResponse, fallback = 'M-Pesa rejected the request'): ProviderError {
    const error = ErrorSchema.safeParse(response.body);
    const message = error.success && error.data.errorMessage ? error.data.errorMessage : fallback;
    return new ProviderError('mpesa', message, response.status, error.success ? (error.data.errorCode ?? null) : null);
  }
}
