/* eslint-disable max-lines -- the simulator of one Daraja protocol (B2C payment, result, queue timeout, status and balance queries) with its state: the payouts it took and the utility balance they draw down. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  darajaDottedTime,
  darajaTimestamp,
  formatMinor,
  minorToNumber,
  postJson,
  randomCode,
  randomHex,
  toMinor,
  type SimLogger,
  type TimerSet,
} from './shared.ts';
import {
  B2C_OUTCOMES,
  findInvalidBalanceField,
  findInvalidPaymentField,
  outcomeOf,
  PAID_DESC,
  type B2COutcome,
} from './mpesa-b2c-rules.ts';

export { B2C_OUTCOMES } from './mpesa-b2c-rules.ts';

/**
 * Daraja B2C payouts, the status of a payout and the account balance (decision 031). Outcomes and request checks are
 * in mpesa-b2c-rules.ts. A paid payout draws its amount from the utility balance; a payout larger than the balance
 * fails with ResultCode 1 whatever the phone.
 */
export interface B2CBehaviour {
  /** Delay before a Result (or a queue timeout) is posted. */
  resultDelayMs: number;
  /** Keep every Result until released (`releaseResults`, or `POST /sim/mpesa/b2c/release`): tests never wait. */
  holdResults: boolean;
  /** Send ResultCode as a string ("0", "2040") rather than a number, as Daraja sometimes does. */
  resultCodeAsString: boolean;
  /** Daraja's published limits (KES), answered with ResultCode 2 and 3. */
  minimumAmountMinor: bigint;
  maximumAmountMinor: bigint;
  /** How long a request with a `hang-*` fault is left unanswered (the simulator's close ends it sooner). */
  hangMs: number;
}

/**
 * What the next B2C requests meet, one per request, in order: `spike-arrest` (500.003.02, not taken), `hang-before`
 * (no answer, not taken), `hang-after` (taken and paid, no answer), `error-after` (taken and paid, a bare 503).
 */
export type B2CFault = 'spike-arrest' | 'hang-before' | 'hang-after' | 'error-after';

export interface SimPayout {
  originatorConversationId: string;
  conversationId: string;
  phone: string;
  amountMinor: bigint;
  resultUrl: string;
  queueTimeoutUrl: string;
  /** `paid` and `failed` are final; `queued-out` timed out in M-Pesa's queue and was never processed. */
  state: 'paid' | 'failed' | 'queued-out';
  resultCode: number | string;
  resultDesc: string;
  transactionId: string;
  receipt: string | null;
  recipientName: string;
  /** The SecurityCredential received (kept apart from `request`, which the queue timeout posts back). */
  securityCredential: string;
  completedAt: number;
  resultsSent: number;
  timeoutsSent: number;
  request: Record<string, unknown>;
}

export interface B2CContext {
  credentials: { shortcode: string; b2cShortcode: string; initiatorName: string };
  timers: TimerSet;
  log: SimLogger;
  guard: (request: FastifyRequest, reply: FastifyReply, next: () => unknown) => unknown;
  badRequest: (reply: FastifyReply, field: string) => unknown;
}

interface Delivery {
  payout: SimPayout | null;
  url: string;
  body: unknown;
  kind: 'result' | 'queue-timeout' | 'balance';
}

export class MpesaB2CSim {
  readonly behaviour: B2CBehaviour;
  /** Payouts by OriginatorConversationID. */
  readonly payouts = new Map<string, SimPayout>();
  /** Names M-Pesa reports for a phone (ReceiverPartyPublicName "2547… - FIRST LAST"); a default is made up per phone. */
  readonly recipientNames = new Map<string, string>();
  readonly faults: B2CFault[] = [];
  /** Every payment request received (valid ones, duplicates and faults included), by OriginatorConversationID. */
  readonly requestsById = new Map<string, number>();
  utilityBalanceMinor: bigint;
  workingBalanceMinor: bigint;
  private held: Delivery[] = [];

  constructor(
    private readonly context: B2CContext,
    behaviour: Partial<B2CBehaviour> & { utilityBalanceMinor?: bigint; workingBalanceMinor?: bigint },
  ) {
    const { utilityBalanceMinor, workingBalanceMinor, ...rest } = behaviour;
    this.behaviour = {
      resultDelayMs: 1000,
      holdResults: false,
      resultCodeAsString: false,
      minimumAmountMinor: 10_00n,
      maximumAmountMinor: 250_000_00n,
      hangMs: 120_000,
      ...rest,
    };
    this.utilityBalanceMinor = utilityBalanceMinor ?? 1_000_000_00n;
    this.workingBalanceMinor = workingBalanceMinor ?? 0n;
  }

  register(app: FastifyInstance): void {
    const { guard } = this.context;
    app.post('/mpesa/b2c/v3/paymentrequest', (request, reply) =>
      guard(request, reply, () => this.paymentRequest(request, reply)),
    );
    app.post('/mpesa/accountbalance/v1/query', (request, reply) =>
      guard(request, reply, () => this.balanceQuery(request, reply)),
    );
    app.post('/sim/mpesa/b2c/release', async (request) => {
      const body = (request.body ?? {}) as { OriginatorConversationID?: unknown };
      const id = typeof body.OriginatorConversationID === 'string' ? body.OriginatorConversationID : undefined;
      return { released: await this.releaseResults(id) };
    });
    app.post('/sim/mpesa/b2c/faults', async (request, reply) => {
      const faults = ((request.body ?? {}) as { faults?: unknown }).faults;
      const known = new Set<string>(['spike-arrest', 'hang-before', 'hang-after', 'error-after']);
      if (!Array.isArray(faults) || !faults.every((fault) => typeof fault === 'string' && known.has(fault)))
        return reply.code(400).send({ error: `faults must be a list of ${[...known].join(', ')}` });
      this.faults.push(...(faults as B2CFault[]));
      return { queued: this.faults.length };
    });
    app.get('/sim/mpesa/utility-balance', async () => ({ amount: formatMinor(this.utilityBalanceMinor) }));
    app.post('/sim/mpesa/utility-balance', async (request, reply) => {
      const amount = toMinor(((request.body ?? {}) as { amount?: unknown }).amount);
      if (amount === null) return reply.code(400).send({ error: 'amount must be a decimal string such as "1000.00"' });
      this.utilityBalanceMinor = amount;
      return { amount: formatMinor(amount) };
    });
    app.post('/sim/mpesa/recipients', async (request, reply) => {
      const body = (request.body ?? {}) as { phone?: unknown; name?: unknown };
      if (typeof body.phone !== 'string' || typeof body.name !== 'string' || body.name.trim() === '')
        return reply.code(400).send({ error: 'phone and name are required' });
      this.recipientNames.set(body.phone, body.name.trim().toUpperCase());
      return { phone: body.phone, name: body.name.trim().toUpperCase() };
    });
  }

  /** Sends the Results kept back (outcome …55, or `holdResults`) now: one payout's, or all. Resolves when delivered. */
  async releaseResults(originatorConversationId?: string): Promise<number> {
    const due = this.held.filter(
      (delivery) =>
        originatorConversationId === undefined || delivery.payout?.originatorConversationId === originatorConversationId,
    );
    this.held = this.held.filter((delivery) => !due.includes(delivery));
    for (const delivery of due) await this.deliver(delivery);
    return due.length;
  }

  /**
   * M-Pesa processes a payout it had answered "not found" about (queued out) after all: paid now, its Result posted to
   * the ResultURL. Answers whether there was such a payout. (A late payment a test needs: the case "mark paid outside
   * Tuzo" must survive.)
   */
  async payLate(originatorConversationId: string): Promise<boolean> {
    const payout = this.payouts.get(originatorConversationId);
    if (!payout || payout.state !== 'queued-out') return false;
    payout.state = 'paid';
    payout.resultCode = 0;
    payout.resultDesc = PAID_DESC;
    payout.receipt = payout.transactionId;
    payout.completedAt = Date.now();
    this.utilityBalanceMinor -= payout.amountMinor;
    await this.deliver(this.resultDelivery(payout));
    return true;
  }

  /** How many deliveries are being kept back. */
  get heldCount(): number {
    return this.held.length;
  }

  /** The Result a payout's ResultURL receives (the simulator's exact bytes, for tests that replay or forge it). */
  resultBody(payout: SimPayout) {
    const code = this.behaviour.resultCodeAsString ? String(payout.resultCode) : payout.resultCode;
    const result: Record<string, unknown> = {
      ResultType: 0,
      ResultCode: code,
      ResultDesc: payout.resultDesc,
      OriginatorConversationID: payout.originatorConversationId,
      ConversationID: payout.conversationId,
      TransactionID: payout.transactionId,
      ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: payout.queueTimeoutUrl } },
    };
    if (payout.state === 'paid') {
      result.ResultParameters = {
        ResultParameter: [
          { Key: 'TransactionAmount', Value: minorToNumber(payout.amountMinor) },
          { Key: 'TransactionReceipt', Value: payout.receipt },
          { Key: 'ReceiverPartyPublicName', Value: `${payout.phone} - ${payout.recipientName}` },
          { Key: 'TransactionCompletedDateTime', Value: darajaDottedTime(new Date(payout.completedAt)) },
          { Key: 'B2CUtilityAccountAvailableFunds', Value: minorToNumber(this.utilityBalanceMinor) },
          { Key: 'B2CWorkingAccountAvailableFunds', Value: minorToNumber(this.workingBalanceMinor) },
          { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
          { Key: 'B2CChargesPaidAccountAvailableFunds', Value: 0 },
        ],
      };
    }
    return { Result: result };
  }

  /** The AccountBalance parameter: name|currency|amount|available|reserved|uncleared, accounts joined by &. */
  balanceText(): string {
    const line = (name: string, minor: bigint) => `${name}|KES|${formatMinor(minor)}|${formatMinor(minor)}|0.00|0.00`;
    return [
      line('Working Account', this.workingBalanceMinor),
      line('Utility Account', this.utilityBalanceMinor),
      line('Charges Paid Account', 0n),
      line('Merchant Account', 0n),
    ].join('&');
  }

  /** A payout by its OriginatorConversationID or its receipt (what the status query may be keyed on). */
  find(key: { originalConversationId?: string; transactionId?: string }): SimPayout | null {
    if (key.originalConversationId) return this.payouts.get(key.originalConversationId) ?? null;
    if (!key.transactionId) return null;
    for (const payout of this.payouts.values()) if (payout.receipt === key.transactionId) return payout;
    return null;
  }

  /**
   * The status query's Result about a payout: Completed with the receipt when paid, the payout's own failure code when
   * it failed, R000002 ("could not be found") when M-Pesa never processed it (never received, or timed out in the queue).
   */
  statusResult(payout: SimPayout | null, ids: { originatorConversationId: string; conversationId: string; occasion: string }) {
    const base = {
      ResultType: 0,
      OriginatorConversationID: ids.originatorConversationId,
      ConversationID: ids.conversationId,
      TransactionID: randomCode(10),
      ReferenceData: { ReferenceItem: { Key: 'Occasion', Value: ids.occasion } },
    };
    if (!payout || payout.state === 'queued-out') {
      return { Result: { ...base, ResultCode: 'R000002', ResultDesc: 'The transaction could not be found.' } };
    }
    const code = this.behaviour.resultCodeAsString ? String(payout.resultCode) : payout.resultCode;
    if (payout.state === 'failed') return { Result: { ...base, ResultCode: code, ResultDesc: payout.resultDesc } };
    const finalised = Number(darajaTimestamp(new Date(payout.completedAt)));
    const parameters = [
      { Key: 'DebitPartyName', Value: `${this.context.credentials.b2cShortcode} - Tuzo` },
      { Key: 'CreditPartyName', Value: `${payout.phone} - ${payout.recipientName}` },
      { Key: 'OriginatorConversationID', Value: payout.originatorConversationId },
      { Key: 'InitiatedTime', Value: finalised },
      { Key: 'DebitAccountType', Value: 'Utility Account' },
      { Key: 'DebitPartyCharges' },
      { Key: 'TransactionReason' },
      { Key: 'ReasonType', Value: 'Business Payment to Customer via API' },
      { Key: 'TransactionStatus', Value: 'Completed' },
      { Key: 'FinalisedTime', Value: finalised },
      { Key: 'Amount', Value: minorToNumber(payout.amountMinor) },
      { Key: 'ConversationID', Value: payout.conversationId },
      { Key: 'ReceiptNo', Value: payout.receipt },
    ];
    return { Result: { ...base, ResultCode: code, ResultDesc: PAID_DESC, ResultParameters: { ResultParameter: parameters } } };
  }

  private async paymentRequest(request: FastifyRequest, reply: FastifyReply) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const invalid = findInvalidPaymentField(body, this.context.credentials.b2cShortcode);
    if (invalid) return this.context.badRequest(reply, invalid);
    const requested = String(body.OriginatorConversationID);
    this.requestsById.set(requested, (this.requestsById.get(requested) ?? 0) + 1);
    const fault = this.faults.shift();
    if (fault === 'spike-arrest') {
      return reply.code(500).send({ requestId: randomHex(8), errorCode: '500.003.02', errorMessage: 'Spike arrest violation' });
    }
    if (fault === 'hang-before') {
      await this.context.timers.hold(this.behaviour.hangMs);
      return reply.code(504).send({ requestId: randomHex(8), errorCode: '504.001.01', errorMessage: 'Gateway timeout' });
    }
    const id = body.OriginatorConversationID as string;
    const earlier = this.payouts.get(id);
    if (earlier && earlier.state !== 'queued-out') {
      return reply
        .code(500)
        .send({ requestId: randomHex(8), errorCode: '500.002.1001', errorMessage: 'Duplicate OriginatorConversationID' });
    }
    const { payout, outcome } = this.process(body, earlier !== undefined);
    const ack = {
      ConversationID: payout.conversationId,
      OriginatorConversationID: payout.originatorConversationId,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    };
    if (outcome.delivery === 'before-ack') await this.deliver(this.resultDelivery(payout));
    else this.schedule(payout, outcome);
    if (fault === 'hang-after') {
      await this.context.timers.hold(this.behaviour.hangMs);
      return reply.code(504).send({ requestId: randomHex(8), errorCode: '504.001.01', errorMessage: 'Gateway timeout' });
    }
    if (fault === 'error-after')
      return reply.code(503).type('text/html').send('<html><body>503 Service Unavailable</body></html>');
    return reply.send(ack);
  }

  /** Decides the payout now, as M-Pesa would on receiving it: limits, the utility balance, then the phone's outcome. */
  private process(body: Record<string, unknown>, isResend: boolean): { payout: SimPayout; outcome: B2COutcome } {
    const phone = String(body.PartyB);
    const amountMinor = toMinor(body.Amount) as bigint;
    let outcome = outcomeOf(phone, isResend);
    const { minimumAmountMinor, maximumAmountMinor } = this.behaviour;
    if (outcome.resultCode === 0 && amountMinor < minimumAmountMinor)
      outcome = { ...B2C_OUTCOMES['02']!, delivery: outcome.delivery };
    if (outcome.resultCode === 0 && amountMinor > maximumAmountMinor)
      outcome = { ...B2C_OUTCOMES['03']!, delivery: outcome.delivery };
    if (outcome.resultCode === 0 && amountMinor > this.utilityBalanceMinor)
      outcome = { ...B2C_OUTCOMES['01']!, delivery: outcome.delivery };
    if (outcome.resultCode === 0 && body.InitiatorName !== this.context.credentials.initiatorName) {
      outcome = { resultCode: 2001, resultDesc: 'The initiator information is invalid.', delivery: outcome.delivery };
    }
    const isQueuedOut = outcome.delivery === 'queue-timeout';
    const isPaid = outcome.resultCode === 0 && !isQueuedOut;
    if (isPaid) this.utilityBalanceMinor -= amountMinor;
    const { SecurityCredential: securityCredential, ...requestFields } = body;
    const payout: SimPayout = {
      originatorConversationId: body.OriginatorConversationID as string,
      conversationId: `AG_${darajaTimestamp().slice(0, 8)}_${randomHex(10)}`,
      phone,
      amountMinor,
      resultUrl: body.ResultURL as string,
      queueTimeoutUrl: body.QueueTimeOutURL as string,
      state: isQueuedOut ? 'queued-out' : isPaid ? 'paid' : 'failed',
      resultCode: outcome.resultCode,
      resultDesc: outcome.resultDesc,
      transactionId: randomCode(10),
      receipt: null,
      recipientName: this.recipientNames.get(phone) ?? `RECIPIENT ${phone.slice(-6)}`,
      securityCredential: String(securityCredential),
      completedAt: Date.now(),
      resultsSent: 0,
      timeoutsSent: 0,
      request: requestFields,
    };
    if (isPaid) payout.receipt = payout.transactionId;
    this.payouts.set(payout.originatorConversationId, payout);
    this.context.log.info({ id: payout.originatorConversationId, state: payout.state }, 'mpesa sim: B2C payment processed');
    return { payout, outcome };
  }

  private resultDelivery(payout: SimPayout): Delivery {
    return { payout, url: payout.resultUrl, body: this.resultBody(payout), kind: 'result' };
  }

  private schedule(payout: SimPayout, outcome: B2COutcome): void {
    if (outcome.delivery === 'none') return;
    const deliveries: Delivery[] =
      outcome.delivery === 'queue-timeout'
        ? [{ payout, url: payout.queueTimeoutUrl, body: payout.request, kind: 'queue-timeout' }]
        : outcome.delivery === 'twice'
          ? [this.resultDelivery(payout), this.resultDelivery(payout)]
          : [this.resultDelivery(payout)];
    this.enqueue(deliveries, outcome.delivery === 'held');
  }

  private enqueue(deliveries: Delivery[], hold: boolean): void {
    if (hold || this.behaviour.holdResults) {
      this.held.push(...deliveries);
      return;
    }
    deliveries.forEach((delivery, index) => {
      this.context.timers.after(this.behaviour.resultDelayMs + index * 50, () => this.deliver(delivery));
    });
  }

  private async deliver(delivery: Delivery): Promise<void> {
    if (delivery.payout && delivery.kind === 'result') delivery.payout.resultsSent += 1;
    if (delivery.payout && delivery.kind === 'queue-timeout') delivery.payout.timeoutsSent += 1;
    const status = await postJson(delivery.url, delivery.body);
    this.context.log.info(
      { id: delivery.payout?.originatorConversationId ?? null, kind: delivery.kind, status },
      'mpesa sim: B2C callback sent',
    );
  }

  /** Account balance query: acknowledged at once, the AccountBalance result posted to ResultURL like a B2C Result. */
  private balanceQuery(request: FastifyRequest, reply: FastifyReply) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const invalid = findInvalidBalanceField(body, this.context.credentials);
    if (invalid) return this.context.badRequest(reply, invalid);
    const ids = {
      OriginatorConversationID: `${randomHex(4)}-${randomHex(4)}-1`,
      ConversationID: `AG_${darajaTimestamp().slice(0, 8)}_${randomHex(10)}`,
    };
    const isInitiator = body.Initiator === this.context.credentials.initiatorName;
    const result = {
      Result: {
        ResultType: 0,
        ResultCode: isInitiator ? 0 : 2001,
        ResultDesc: isInitiator ? PAID_DESC : 'The initiator information is invalid.',
        ...ids,
        TransactionID: randomCode(10),
        ...(isInitiator
          ? {
              ResultParameters: {
                ResultParameter: [
                  { Key: 'AccountBalance', Value: this.balanceText() },
                  { Key: 'BOCompletedTime', Value: Number(darajaTimestamp()) },
                ],
              },
            }
          : {}),
        ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: body.QueueTimeOutURL } },
      },
    };
    this.enqueue([{ payout: null, url: body.ResultURL as string, body: result, kind: 'balance' }], false);
    return reply.send({ ...ids, ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' });
  }
}
