/* eslint-disable max-lines -- the simulator of one provider's HTTP surface (OAuth, STK push and query, C2B, transaction status) around one shared state of pushes and receipts. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MpesaB2CSim, type B2CBehaviour } from './mpesa-b2c.ts';
import { darajaTimestamp, postJson, randomCode, randomHex, type SimLogger, type TimerSet } from './shared.ts';

/**
 * M-Pesa Daraja simulator: OAuth, STK push, STK status query, C2B URL registration and a sim-only C2B trigger, the
 * transaction status query, and B2C payouts with the account balance (mpesa-b2c.ts, reached as `sim.mpesa.b2c`).
 * Only the documented test phones 2547000000NN choose an outcome, by their last two digits (see outcomeOf);
 * every other phone succeeds, so a newcomer whose own number happens to end in 01 or 99 can still deposit. Field names and error codes follow Daraja's public documentation.
 */
export interface MpesaCredentials {
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  /** The API operator (initiator) and its encrypted password, for the transaction status query. */
  initiatorName: string;
  securityCredential: string;
  /** The shortcode B2C payouts are paid from (PartyA of B2C and of the balance query). */
  b2cShortcode: string;
}

/** Knobs a test may change at any time; they apply to pushes made afterwards. */
export interface MpesaBehaviour {
  /** Delay before the callback is sent and the status query resolves. */
  callbackDelayMs: number;
  /** How long a push to an unreachable phone (…37) stays pending before the query reports 1037. */
  stkTimeoutMs: number;
  /** Resolve pushes (the query says so) but never send their callback. */
  dropCallbacks: boolean;
  /** Send every callback twice. */
  duplicateCallbacks: boolean;
  /** Report this Amount in success callbacks instead of the amount pushed. */
  callbackAmountOverride: number | null;
}

export interface SimPush {
  merchantRequestId: string;
  checkoutRequestId: string;
  phone: number;
  amount: number;
  callbackUrl: string;
  accountReference: string;
  createdAt: number;
  resolvesAt: number;
  resultCode: number;
  resultDesc: string;
  receipt: string | null;
  callbacksSent: number;
}

/** A completed payment the simulated M-Pesa knows: the status query answers Completed with its amount. */
export interface SimTransaction {
  receipt: string;
  amount: number;
  msisdn: string;
  firstName: string;
  completedAt: number;
  /** The shortcode the customer paid (the status query's CreditPartyName): ours unless a test says another. */
  creditShortcode: string;
}

export interface C2BInput {
  TransID?: string;
  TransAmount: string | number;
  MSISDN: string | number;
  BillRefNumber?: string;
  FirstName?: string;
  /** Another business's shortcode: the payment went there, not to ours (its confirmation still reaches our URL). */
  BusinessShortCode?: string;
}

interface Outcome {
  resultCode: number;
  resultDesc: string;
  sendCallback: boolean;
  duplicate: boolean;
}

const OUTCOMES: Record<string, Outcome> = {
  '01': { resultCode: 1, resultDesc: 'The balance is insufficient for the transaction.', sendCallback: true, duplicate: false },
  '32': { resultCode: 1032, resultDesc: 'Request cancelled by user.', sendCallback: true, duplicate: false },
  '37': { resultCode: 1037, resultDesc: 'DS timeout user cannot be reached.', sendCallback: false, duplicate: false },
  '44': { resultCode: 2001, resultDesc: 'The initiator information is invalid.', sendCallback: true, duplicate: false },
  '99': { resultCode: 0, resultDesc: 'The service request is processed successfully.', sendCallback: true, duplicate: true },
};
const SUCCESS: Outcome = {
  resultCode: 0,
  resultDesc: 'The service request is processed successfully.',
  sendCallback: true,
  duplicate: false,
};
const TEST_PHONE = /^2547000000(\d\d)$/;

/** The outcome of a push to `phone`: a test phone's last two digits pick one of OUTCOMES, anything else succeeds. */
function outcomeOf(phone: number): Outcome {
  const digits = TEST_PHONE.exec(String(phone))?.[1];
  return (digits !== undefined ? OUTCOMES[digits] : undefined) ?? SUCCESS;
}

const TOKEN_TTL_S = 3599;

export class MpesaSim {
  readonly behaviour: MpesaBehaviour;
  readonly pushes = new Map<string, SimPush>();
  /** Payments by receipt: every C2B confirmation sent, every successful push, and any a test registers. */
  readonly transactions = new Map<string, SimTransaction>();
  /** Every transaction status query received, in order (tests read how many went out). */
  readonly statusQueries: Array<{ transactionId: string; originalConversationId: string; resultUrl: string }> = [];
  confirmationUrl: string | null = null;
  validationUrl: string | null = null;
  /** B2C payouts, their status and the utility balance. */
  readonly b2c: MpesaB2CSim;
  private readonly tokens = new Map<string, number>();

  constructor(
    readonly credentials: MpesaCredentials,
    behaviour: Partial<MpesaBehaviour>,
    private readonly timers: TimerSet,
    private readonly log: SimLogger,
    b2cBehaviour: Partial<B2CBehaviour> & { utilityBalanceMinor?: bigint; workingBalanceMinor?: bigint } = {},
  ) {
    this.behaviour = {
      callbackDelayMs: 1000,
      stkTimeoutMs: 60_000,
      dropCallbacks: false,
      duplicateCallbacks: false,
      callbackAmountOverride: null,
      ...behaviour,
    };
    this.b2c = new MpesaB2CSim(
      {
        credentials,
        timers,
        log,
        guard: (request, reply, next) => this.guard(request, reply, next),
        badRequest: (reply, field) => this.badRequest(reply, field),
      },
      { resultDelayMs: this.behaviour.callbackDelayMs, ...b2cBehaviour },
    );
  }

  /** Makes every issued token invalid, as if it had expired: the next call answers 404.001.03. */
  expireTokens(): void {
    this.tokens.clear();
  }

  register(app: FastifyInstance): void {
    app.get('/oauth/v1/generate', (request, reply) => this.generateToken(request, reply));
    app.post('/mpesa/stkpush/v1/processrequest', (request, reply) =>
      this.guard(request, reply, () => this.stkPush(request, reply)),
    );
    app.post('/mpesa/stkpushquery/v1/query', (request, reply) => this.guard(request, reply, () => this.stkQuery(request, reply)));
    app.post('/mpesa/transactionstatus/v1/query', (request, reply) =>
      this.guard(request, reply, () => this.transactionStatus(request, reply)),
    );
    app.post('/mpesa/c2b/v1/registerurl', (request, reply) => this.guard(request, reply, () => this.registerUrl(request, reply)));
    this.b2c.register(app);
    app.post('/sim/c2b', async (request, reply) => {
      const body = (request.body ?? {}) as Partial<C2BInput>;
      const isValue = (value: unknown) => (typeof value === 'string' && value !== '') || typeof value === 'number';
      if (!isValue(body.TransAmount)) return this.badRequest(reply, 'TransAmount');
      if (!isValue(body.MSISDN)) return this.badRequest(reply, 'MSISDN');
      return reply.send(await this.sendC2B(body as C2BInput));
    });
  }

  /** Posts a C2B confirmation (a paybill payment made by hand) to the registered ConfirmationURL. */
  async sendC2B(input: C2BInput): Promise<{ TransID: string; delivered: boolean; httpStatus: number }> {
    const transId = input.TransID ?? randomCode(10);
    const body = {
      TransactionType: 'Pay Bill',
      TransID: transId,
      TransTime: darajaTimestamp(),
      TransAmount: String(input.TransAmount),
      BusinessShortCode: input.BusinessShortCode ?? this.credentials.shortcode,
      BillRefNumber: input.BillRefNumber ?? '',
      InvoiceNumber: '',
      OrgAccountBalance: '',
      ThirdPartyTransID: '',
      MSISDN: String(input.MSISDN),
      FirstName: input.FirstName ?? 'JOHN',
    };
    this.registerTransaction({
      receipt: transId,
      amount: Number(body.TransAmount),
      msisdn: body.MSISDN,
      firstName: body.FirstName,
      creditShortcode: body.BusinessShortCode,
    });
    if (!this.confirmationUrl) return { TransID: transId, delivered: false, httpStatus: 0 };
    const status = await postJson(this.confirmationUrl, body);
    this.log.info({ transId, status }, 'mpesa sim: C2B confirmation sent');
    return { TransID: transId, delivered: status >= 200 && status < 300, httpStatus: status };
  }

  /**
   * Records a customer's payment M-Pesa knows (one that reached the business another way, e.g. by SMS only), to our
   * shortcode unless `creditShortcode` names another business.
   */
  registerTransaction(input: {
    receipt: string;
    amount: number;
    msisdn?: string;
    firstName?: string;
    creditShortcode?: string;
  }): void {
    this.transactions.set(input.receipt.toUpperCase(), {
      receipt: input.receipt.toUpperCase(),
      amount: input.amount,
      msisdn: input.msisdn ?? '254700000000',
      firstName: input.firstName ?? 'JOHN',
      completedAt: Date.now(),
      creditShortcode: input.creditShortcode ?? this.credentials.shortcode,
    });
  }

  private generateToken(request: FastifyRequest, reply: FastifyReply) {
    const { credentials } = this;
    const expected = `Basic ${Buffer.from(`${credentials.consumerKey}:${credentials.consumerSecret}`).toString('base64')}`;
    const query = request.query as Record<string, string | undefined>;
    if (request.headers.authorization !== expected || query.grant_type !== 'client_credentials') {
      return reply
        .code(400)
        .send({ requestId: randomHex(8), errorCode: '400.008.01', errorMessage: 'Invalid Authentication passed' });
    }
    const token = randomHex(14);
    this.tokens.set(token, Date.now() + TOKEN_TTL_S * 1000);
    return reply.send({ access_token: token, expires_in: String(TOKEN_TTL_S) });
  }

  private guard(request: FastifyRequest, reply: FastifyReply, next: () => unknown) {
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
    const expiresAt = match?.[1] ? this.tokens.get(match[1]) : undefined;
    if (expiresAt === undefined || expiresAt < Date.now()) {
      return reply.code(404).send({ requestId: randomHex(8), errorCode: '404.001.03', errorMessage: 'Invalid Access Token' });
    }
    return next();
  }

  private badRequest(reply: FastifyReply, field: string) {
    return reply
      .code(400)
      .send({ requestId: randomHex(8), errorCode: '400.002.02', errorMessage: `Bad Request - Invalid ${field}` });
  }

  /** Checks BusinessShortCode, Timestamp and Password = base64(shortcode + passkey + timestamp); the bad field or null. */
  private checkPassword(body: Record<string, unknown>): string | null {
    if (String(body.BusinessShortCode ?? '') !== this.credentials.shortcode) return 'BusinessShortCode';
    if (typeof body.Timestamp !== 'string' || !/^\d{14}$/.test(body.Timestamp)) return 'Timestamp';
    const expected = Buffer.from(`${this.credentials.shortcode}${this.credentials.passkey}${body.Timestamp}`).toString('base64');
    return body.Password === expected ? null : 'Password';
  }

  private findInvalidPushField(body: Record<string, unknown>): string | null {
    const passwordProblem = this.checkPassword(body);
    if (passwordProblem) return passwordProblem;
    if (body.TransactionType !== 'CustomerPayBillOnline' && body.TransactionType !== 'CustomerBuyGoodsOnline')
      return 'TransactionType';
    const amount = body.Amount;
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 1) return 'Amount';
    const isMsisdn = (value: unknown) => typeof value === 'number' && /^254[17]\d{8}$/.test(String(value));
    if (!isMsisdn(body.PhoneNumber)) return 'PhoneNumber';
    if (!isMsisdn(body.PartyA)) return 'PartyA';
    if (String(body.PartyB ?? '') === '') return 'PartyB';
    if (typeof body.CallBackURL !== 'string' || !/^https?:\/\/[^\s]+$/.test(body.CallBackURL)) return 'CallBackURL';
    const reference = body.AccountReference;
    if (typeof reference !== 'string' || reference.length < 1 || reference.length > 12) return 'AccountReference';
    const description = body.TransactionDesc;
    if (typeof description !== 'string' || description.length < 1 || description.length > 13) return 'TransactionDesc';
    return null;
  }

  private stkPush(request: FastifyRequest, reply: FastifyReply) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const invalid = this.findInvalidPushField(body);
    if (invalid) return this.badRequest(reply, invalid);
    const phone = body.PhoneNumber as number;
    const outcome = outcomeOf(phone);
    const now = Date.now();
    const { behaviour } = this;
    const push: SimPush = {
      merchantRequestId: `${randomHex(2)}-${randomHex(4)}-1`,
      checkoutRequestId: `ws_CO_${darajaTimestamp()}${randomCode(8)}`,
      phone,
      amount: body.Amount as number,
      callbackUrl: body.CallBackURL as string,
      accountReference: body.AccountReference as string,
      createdAt: now,
      resolvesAt: now + (outcome.sendCallback ? behaviour.callbackDelayMs : behaviour.stkTimeoutMs),
      resultCode: outcome.resultCode,
      resultDesc: outcome.resultDesc,
      receipt: outcome.resultCode === 0 ? randomCode(10) : null,
      callbacksSent: 0,
    };
    this.pushes.set(push.checkoutRequestId, push);
    if (push.receipt) this.registerTransaction({ receipt: push.receipt, amount: push.amount, msisdn: String(phone) });
    if (outcome.sendCallback && !behaviour.dropCallbacks) {
      const copies = outcome.duplicate || behaviour.duplicateCallbacks ? 2 : 1;
      const amount = behaviour.callbackAmountOverride ?? push.amount;
      for (let i = 0; i < copies; i += 1) {
        this.timers.after(behaviour.callbackDelayMs + i * 50, () => this.sendStkCallback(push, amount));
      }
    }
    return reply.send({
      MerchantRequestID: push.merchantRequestId,
      CheckoutRequestID: push.checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    });
  }

  /** The asynchronous result, shaped as Daraja sends it; a failure carries no CallbackMetadata. */
  stkCallbackBody(push: SimPush, amount: number = push.amount) {
    const stkCallback: Record<string, unknown> = {
      MerchantRequestID: push.merchantRequestId,
      CheckoutRequestID: push.checkoutRequestId,
      ResultCode: push.resultCode,
      ResultDesc: push.resultDesc,
    };
    if (push.resultCode === 0) {
      stkCallback.CallbackMetadata = {
        Item: [
          { Name: 'Amount', Value: amount },
          { Name: 'MpesaReceiptNumber', Value: push.receipt },
          { Name: 'Balance' },
          { Name: 'TransactionDate', Value: Number(darajaTimestamp()) },
          { Name: 'PhoneNumber', Value: push.phone },
        ],
      };
    }
    return { Body: { stkCallback } };
  }

  private async sendStkCallback(push: SimPush, amount: number): Promise<void> {
    push.callbacksSent += 1;
    const status = await postJson(push.callbackUrl, this.stkCallbackBody(push, amount));
    this.log.info(
      { checkoutRequestId: push.checkoutRequestId, resultCode: push.resultCode, status },
      'mpesa sim: STK callback sent',
    );
  }

  private stkQuery(request: FastifyRequest, reply: FastifyReply) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const passwordProblem = this.checkPassword(body);
    if (passwordProblem) return this.badRequest(reply, passwordProblem);
    const push = typeof body.CheckoutRequestID === 'string' ? this.pushes.get(body.CheckoutRequestID) : undefined;
    if (!push) return this.badRequest(reply, 'CheckoutRequestID');
    if (Date.now() < push.resolvesAt) {
      return reply
        .code(500)
        .send({ requestId: randomHex(8), errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' });
    }
    return reply.send({
      ResponseCode: '0',
      ResponseDescription: 'The service request has been accepted successsfully',
      MerchantRequestID: push.merchantRequestId,
      CheckoutRequestID: push.checkoutRequestId,
      ResultCode: String(push.resultCode),
      ResultDesc: push.resultDesc,
    });
  }

  /** Checks a transaction status query; the bad field or null. */
  private findInvalidStatusField(body: Record<string, unknown>): string | null {
    const isText = (value: unknown, max = 100) => typeof value === 'string' && value.length >= 1 && value.length <= max;
    const isUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^\s]+$/.test(value);
    if (!isText(body.Initiator)) return 'Initiator';
    if (!isText(body.SecurityCredential, 1024)) return 'SecurityCredential';
    if (body.CommandID !== 'TransactionStatusQuery') return 'CommandID';
    if (!isText(body.TransactionID, 40) && !isText(body.OriginalConversationID)) return 'TransactionID';
    const { shortcode, b2cShortcode } = this.credentials;
    if (![shortcode, b2cShortcode].includes(String(body.PartyA ?? ''))) return 'PartyA';
    if (String(body.IdentifierType ?? '') !== '4') return 'IdentifierType';
    if (!isUrl(body.ResultURL)) return 'ResultURL';
    if (!isUrl(body.QueueTimeOutURL)) return 'QueueTimeOutURL';
    if (!isText(body.Remarks)) return 'Remarks';
    return null;
  }

  /**
   * Transaction status query: acknowledged at once, the result posted to ResultURL after the callback delay. A known
   * receipt is Completed with its amount and its true parties (a customer paying a shortcode: DebitPartyName the
   * customer, CreditPartyName the shortcode paid; a B2C payout: DebitPartyName Tuzo's B2C shortcode, CreditPartyName
   * the receiver); a wrong initiator gets 2001; an unknown receipt gets a failure ResultCode
   * and no ResultParameters (Daraja's own code for it is not documented; the simulator's is R000002). A query by
   * OriginalConversationID, or by a B2C payout's receipt, is answered about that payout (MpesaB2CSim.statusResult).
   */
  private transactionStatus(request: FastifyRequest, reply: FastifyReply) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const invalid = this.findInvalidStatusField(body);
    if (invalid) return this.badRequest(reply, invalid);
    const originatorConversationId = `${randomHex(4)}-${randomHex(4)}-1`;
    const conversationId = `AG_${darajaTimestamp().slice(0, 8)}_${randomHex(10)}`;
    const transactionId = String(body.TransactionID ?? '').toUpperCase();
    const originalConversationId = typeof body.OriginalConversationID === 'string' ? body.OriginalConversationID : '';
    const resultUrl = body.ResultURL as string;
    this.statusQueries.push({ transactionId, originalConversationId, resultUrl });
    const payout = this.b2c.find({ originalConversationId, transactionId });
    const isAboutPayout = originalConversationId !== '' || payout !== null;
    const result =
      isAboutPayout && this.isInitiator(body)
        ? this.b2c.statusResult(payout, { originatorConversationId, conversationId, occasion: String(body.Occasion ?? '') })
        : this.statusResult(body, { originatorConversationId, conversationId, transactionId });
    this.timers.after(this.behaviour.callbackDelayMs, async () => {
      const status = await postJson(resultUrl, result);
      this.log.info({ transactionId, status }, 'mpesa sim: transaction status result sent');
    });
    return reply.send({
      OriginatorConversationID: originatorConversationId,
      ConversationID: conversationId,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    });
  }

  private statusResult(
    body: Record<string, unknown>,
    ids: { originatorConversationId: string; conversationId: string; transactionId: string },
  ) {
    const base = {
      ResultType: 0,
      OriginatorConversationID: ids.originatorConversationId,
      ConversationID: ids.conversationId,
      TransactionID: randomCode(10),
      ReferenceData: { ReferenceItem: { Key: 'Occasion', Value: String(body.Occasion ?? '') } },
    };
    if (!this.isInitiator(body)) {
      return { Result: { ...base, ResultCode: 2001, ResultDesc: 'The initiator information is invalid.' } };
    }
    const known = this.transactions.get(ids.transactionId);
    if (!known) {
      return { Result: { ...base, ResultCode: 'R000002', ResultDesc: 'The transaction could not be found.' } };
    }
    const finalised = darajaTimestamp(new Date(known.completedAt));
    const parameters: Array<{ Key: string; Value?: string | number }> = [
      { Key: 'DebitPartyName', Value: `${known.msisdn} - ${known.firstName}` },
      {
        Key: 'CreditPartyName',
        Value: `${known.creditShortcode} - ${known.creditShortcode === this.credentials.shortcode ? 'Tuzo' : 'Another Business'}`,
      },
      { Key: 'OriginatorConversationID', Value: ids.originatorConversationId },
      { Key: 'InitiatedTime', Value: Number(finalised) },
      { Key: 'DebitAccountType', Value: 'MMF Account For Customer' },
      { Key: 'DebitPartyCharges' },
      { Key: 'TransactionReason' },
      { Key: 'ReasonType', Value: 'Pay Bill Online' },
      { Key: 'TransactionStatus', Value: 'Completed' },
      { Key: 'FinalisedTime', Value: Number(finalised) },
      { Key: 'Amount', Value: known.amount },
      { Key: 'ConversationID', Value: ids.conversationId },
      { Key: 'ReceiptNo', Value: known.receipt },
    ];
    return {
      Result: {
        ...base,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        ResultParameters: { ResultParameter: parameters },
      },
    };
  }

  /**
   * The initiator is checked by name; any non-empty SecurityCredential is taken as valid, since the server may encrypt
   * the password afresh (PKCS#1 padding is random) and only Safaricom could decrypt it.
   */
  private isInitiator(body: Record<string, unknown>): boolean {
    return (
      body.Initiator === this.credentials.initiatorName &&
      typeof body.SecurityCredential === 'string' &&
      body.SecurityCredential !== ''
    );
  }

  private registerUrl(request: FastifyRequest, reply: FastifyReply) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (String(body.ShortCode ?? '') !== this.credentials.shortcode) return this.badRequest(reply, 'ShortCode');
    if (body.ResponseType !== 'Completed' && body.ResponseType !== 'Cancelled') return this.badRequest(reply, 'ResponseType');
    if (typeof body.ConfirmationURL !== 'string' || !/^https?:\/\//.test(body.ConfirmationURL))
      return this.badRequest(reply, 'ConfirmationURL');
    if (typeof body.ValidationURL !== 'string' || !/^https?:\/\//.test(body.ValidationURL))
      return this.badRequest(reply, 'ValidationURL');
    this.confirmationUrl = body.ConfirmationURL;
    this.validationUrl = body.ValidationURL;
    return reply.send({ OriginatorCoversationID: randomHex(8), ResponseCode: '0', ResponseDescription: 'Success' });
  }
}
