/* eslint-disable max-lines -- one client for one provider: every Daraja call (STK push and query, C2B status, B2C, status, balance) shares the OAuth token cache, the security credential and one error classification. */
import { z } from 'zod';
import { minorToProviderNumber } from '../amounts.ts';
import { callProvider, ProviderError, type ProviderResponse } from '../http.ts';
import { outcomeOfErrorResponse, outcomeOfThrown, refused, unknownOutcome, type SendOutcome } from '../send-outcome.ts';

export interface DarajaConfig {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  /**
   * The API operator and its password encrypted with Safaricom's certificate (see security-credential.ts): needed by
   * the transaction status query, B2C payments and the balance query; without them those are refused before any call.
   */
  initiatorName?: string;
  securityCredential?: string;
  /** The shortcode B2C payments are paid from (PartyA of B2C, its status and balance queries); defaults to `shortcode`. */
  b2cShortcode?: string;
  transactionType?: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
  /** How long one call may take before it is abandoned (a B2C payment is then `unknown`). Default 30 s. */
  timeoutMs?: number;
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

export interface B2CPaymentRequest {
  /** Ours, unique per payout, the same on every retry of one payout: Daraja refuses a second use (500.002.1001). */
  originatorConversationId: string;
  /** 2547XXXXXXXX or 2541XXXXXXXX. */
  msisdn: string;
  /** KES minor units, whole shillings only (Daraja accepts no cents). */
  amountMinor: bigint;
  /** 2-100 characters. */
  remarks: string;
  occasion?: string;
  resultUrl: string;
  queueTimeoutUrl: string;
  commandId?: 'BusinessPayment' | 'SalaryPayment' | 'PromotionPayment';
}

/** A transaction status query about a B2C payment: by our OriginatorConversationID, or by its M-Pesa receipt. */
export type B2CStatusRequest = ({ originatorConversationId: string } | { transactionId: string }) & {
  resultUrl: string;
  queueTimeoutUrl: string;
  remarks?: string;
  occasion?: string;
};

export interface AccountBalanceRequest {
  resultUrl: string;
  queueTimeoutUrl: string;
  remarks?: string;
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

  /**
   * Asks M-Pesa to pay `amountMinor` to `msisdn` from the B2C shortcode's utility account. Never throws for a provider
   * outcome: `accepted` is only the acknowledgement (the Result is posted to `resultUrl`, parse it with parseB2CResult);
   * see SendOutcome for what `refused` and `unknown` allow.
   */
  async b2cPayment(request: B2CPaymentRequest): Promise<SendOutcome<AsyncAccepted>> {
    const initiator = this.initiator();
    if (!initiator) return refused('config', 'MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL are not set');
    const { amountMinor, msisdn, remarks } = request;
    if (amountMinor < 100n || amountMinor % 100n !== 0n)
      return refused('invalid', 'A B2C amount must be a whole number of shillings, at least 1');
    if (!MSISDN.test(msisdn)) return refused('invalid', 'A B2C phone must be 2547XXXXXXXX or 2541XXXXXXXX');
    if (remarks.length < 2 || remarks.length > 100) return refused('invalid', 'B2C remarks must be 2 to 100 characters');
    return this.sendAsync('/mpesa/b2c/v3/paymentrequest', {
      OriginatorConversationID: request.originatorConversationId,
      InitiatorName: initiator.name,
      SecurityCredential: initiator.credential,
      CommandID: request.commandId ?? 'BusinessPayment',
      Amount: minorToProviderNumber(amountMinor),
      PartyA: initiator.shortcode,
      PartyB: msisdn,
      Remarks: remarks,
      QueueTimeOutURL: request.queueTimeoutUrl,
      ResultURL: request.resultUrl,
      Occassion: request.occasion ?? '',
    });
  }

  /**
   * Asks M-Pesa what became of a B2C payment (by our OriginatorConversationID, or by its receipt). The result is posted
   * to `resultUrl` (parse it with parseB2CStatusResult) and carries the ConversationID of this acknowledgement.
   */
  async b2cTransactionStatus(request: B2CStatusRequest): Promise<SendOutcome<AsyncAccepted>> {
    const initiator = this.initiator();
    if (!initiator) return refused('config', 'MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL are not set');
    const key =
      'originatorConversationId' in request
        ? { OriginalConversationID: request.originatorConversationId }
        : { TransactionID: request.transactionId };
    return this.sendAsync('/mpesa/transactionstatus/v1/query', {
      Initiator: initiator.name,
      SecurityCredential: initiator.credential,
      CommandID: 'TransactionStatusQuery',
      ...key,
      PartyA: initiator.shortcode,
      IdentifierType: '4',
      ResultURL: request.resultUrl,
      QueueTimeOutURL: request.queueTimeoutUrl,
      Remarks: request.remarks ?? 'Payout status',
      Occasion: request.occasion ?? '',
    });
  }

  /** Asks for the B2C shortcode's balances; the result (parseAccountBalanceResult) is posted to `resultUrl`. */
  async accountBalance(request: AccountBalanceRequest): Promise<SendOutcome<AsyncAccepted>> {
    const initiator = this.initiator();
    if (!initiator) return refused('config', 'MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL are not set');
    return this.sendAsync('/mpesa/accountbalance/v1/query', {
      Initiator: initiator.name,
      SecurityCredential: initiator.credential,
      CommandID: 'AccountBalance',
      PartyA: initiator.shortcode,
      IdentifierType: '4',
      Remarks: request.remarks ?? 'Utility balance',
      QueueTimeOutURL: request.queueTimeoutUrl,
      ResultURL: request.resultUrl,
    });
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

  private initiator(): { name: string; credential: string; shortcode: string } | null {
    const { initiatorName, securityCredential, b2cShortcode, shortcode } = this.config;
    if (!initiatorName || !securityCredential) return null;
    return { name: initiatorName, credential: securityCredential, shortcode: b2cShortcode ?? shortcode };
  }

  /**
   * Sends an asynchronous request and classifies what came back (SendOutcome). Nothing has been sent while the token
   * cannot be had, so that is a refusal; an "Invalid Access Token" answer was not taken either and is retried once.
   */
  private async sendAsync(path: string, body: Record<string, unknown>): Promise<SendOutcome<AsyncAccepted>> {
    for (let attempt = 0; ; attempt += 1) {
      let token: string;
      try {
        token = await this.accessToken();
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return refused('auth', message, error instanceof ProviderError ? error.httpStatus : 0);
      }
      let response: ProviderResponse;
      try {
        response = await this.post(path, token, body);
      } catch (error) {
        return outcomeOfThrown(error);
      }
      const error = ErrorSchema.safeParse(response.body);
      const errorCode = error.success ? (error.data.errorCode ?? null) : null;
      if (attempt === 0 && errorCode === '404.001.03') {
        this.token = null;
        continue;
      }
      return classifyAsyncAnswer(response, errorCode, error.success ? (error.data.errorMessage ?? null) : null);
    }
  }

  private post(path: string, token: string, body: Record<string, unknown>): Promise<ProviderResponse> {
    return callProvider('mpesa', `${this.config.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body,
      ...(this.config.timeoutMs !== undefined ? { timeoutMs: this.config.timeoutMs } : {}),
    });
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
      const response = await this.post(path, token, body(darajaTimestamp()));
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
      ...(this.config.timeoutMs !== undefined ? { timeoutMs: this.config.timeoutMs } : {}),
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

const MSISDN = /^254[17]\d{8}$/;
/** Gateway codes that say the request was not taken because of who sent it (a bad or expired token). */
const AUTH_ERROR_CODES = new Set(['404.001.03', '401.002.01', '404.001.04']);

/**
 * Daraja's answer to an asynchronous request: an acknowledgement (ResponseCode 0), or a gateway error. A duplicate
 * OriginatorConversationID (500.002.1001, an HTTP 500) was NOT taken this time but was before; spike arrest
 * (500.003.02) and any other 5xx may have been taken; 4xx and token errors were not.
 */
function classifyAsyncAnswer(
  response: ProviderResponse,
  errorCode: string | null,
  errorMessage: string | null,
): SendOutcome<AsyncAccepted> {
  const accepted = AsyncAcceptedSchema.safeParse(response.body);
  if (response.status === 200 && accepted.success && String(accepted.data.ResponseCode) === '0') {
    const { ConversationID, OriginatorConversationID } = accepted.data;
    return { kind: 'accepted', accepted: { conversationId: ConversationID, originatorConversationId: OriginatorConversationID } };
  }
  const message = errorMessage ?? `M-Pesa answered HTTP ${response.status}`;
  if (errorCode === '500.002.1001') return refused('duplicate', message, response.status, errorCode);
  if (errorCode === '500.003.02') return unknownOutcome('busy', message, response.status, errorCode);
  if (errorCode !== null && AUTH_ERROR_CODES.has(errorCode)) return refused('auth', message, response.status, errorCode);
  return outcomeOfErrorResponse(response, { errorCode, message });
}
