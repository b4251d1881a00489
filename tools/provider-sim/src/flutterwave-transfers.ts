import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { minorToNumber, toMinor, type SimLogger, type TimerSet } from './shared.ts';

/**
 * Flutterwave v3 transfers (payouts to mobile money): create, fetch by id, list by our reference, and the
 * `transfer.completed` webhook (decision 031). A reference is unique: a repeat is refused and pays nothing. Only the
 * test phones 2547000000NN choose an outcome, by their last two digits (TRANSFER_OUTCOMES); every other account succeeds.
 */
export interface TransferBehaviour {
  /** Delay before a queued transfer settles (SUCCESSFUL or FAILED) and its webhook is sent. */
  transferDelayMs: number;
  /** Keep every transfer NEW until released (`releaseTransfers`, or `POST /sim/flutterwave/transfers/release`). */
  holdTransfers: boolean;
  /** Flutterwave's fee on each transfer, in minor units of the transfer's currency. */
  transferFeeMinor: bigint;
}

export interface SimTransfer {
  id: number;
  reference: string;
  accountBank: string;
  accountNumber: string;
  fullName: string;
  amountMinor: bigint;
  feeMinor: bigint;
  currency: string;
  narration: string;
  status: 'NEW' | 'PENDING' | 'SUCCESSFUL' | 'FAILED';
  completeMessage: string;
  createdAt: string;
  webhooksSent: number;
  meta: unknown;
}

interface TransferOutcome {
  final: 'SUCCESSFUL' | 'FAILED' | 'NEW' | 'PENDING';
  completeMessage: string;
  /** `created-503`: the transfer is queued but the create call answers 503. */
  special: 'none' | 'twice' | 'created-503';
}

const SUCCESS_MESSAGE = 'Transaction was successful';
export const TRANSFER_OUTCOMES: Record<string, TransferOutcome> = {
  '01': { final: 'FAILED', completeMessage: 'DISBURSE FAILED: Insufficient funds in customer wallet', special: 'none' },
  '40': { final: 'FAILED', completeMessage: 'DISBURSE FAILED: Mobile money account is not registered', special: 'none' },
  '36': { final: 'NEW', completeMessage: '', special: 'none' },
  '37': { final: 'PENDING', completeMessage: '', special: 'none' },
  '53': { final: 'SUCCESSFUL', completeMessage: SUCCESS_MESSAGE, special: 'created-503' },
  '99': { final: 'SUCCESSFUL', completeMessage: SUCCESS_MESSAGE, special: 'twice' },
};
const SUCCESS: TransferOutcome = { final: 'SUCCESSFUL', completeMessage: SUCCESS_MESSAGE, special: 'none' };
const TEST_PHONE = /^2547000000(\d\d)$/;
const CURRENCIES = new Set(['NGN', 'KES', 'UGX', 'TZS', 'GHS', 'ZAR', 'RWF', 'XAF', 'XOF', 'USD', 'EUR', 'GBP', 'ZMW', 'MWK']);

export interface TransfersContext {
  timers: TimerSet;
  log: SimLogger;
  guard: (request: FastifyRequest, reply: FastifyReply, next: () => unknown) => unknown;
  /** Posts a webhook body with the dashboard's hash headers; the HTTP status (0 when none was sent). */
  postWebhook: (body: unknown) => Promise<number>;
}

export class FlutterwaveTransfersSim {
  readonly behaviour: TransferBehaviour;
  /** Transfers by Flutterwave's id. */
  readonly transfers = new Map<number, SimTransfer>();
  private held: Array<{ transfer: SimTransfer; outcome: TransferOutcome }> = [];

  constructor(
    private readonly context: TransfersContext,
    behaviour: Partial<TransferBehaviour>,
  ) {
    this.behaviour = { transferDelayMs: 1000, holdTransfers: false, transferFeeMinor: 50_00n, ...behaviour };
  }

  register(app: FastifyInstance): void {
    const { guard } = this.context;
    app.post('/v3/transfers', (request, reply) => guard(request, reply, () => this.create(request, reply)));
    app.get('/v3/transfers/:id', (request, reply) => guard(request, reply, () => this.fetch(request, reply)));
    app.get('/v3/transfers', (request, reply) => guard(request, reply, () => this.list(request, reply)));
    app.post('/sim/flutterwave/transfers/release', async () => ({ released: await this.releaseTransfers() }));
    app.post('/sim/flutterwave/transfers/:id/complete', async (request, reply) => {
      const body = (request.body ?? {}) as { status?: unknown; complete_message?: unknown };
      const transfer = this.transfers.get(Number((request.params as { id: string }).id));
      if (!transfer) return reply.code(404).send({ error: 'no such transfer' });
      if (body.status !== 'SUCCESSFUL' && body.status !== 'FAILED')
        return reply.code(400).send({ error: 'status must be SUCCESSFUL or FAILED' });
      const message = typeof body.complete_message === 'string' ? body.complete_message : undefined;
      await this.complete(transfer.id, body.status, message);
      return { id: transfer.id, status: transfer.status };
    });
  }

  /** The transfer object as Flutterwave's create, fetch and webhook carry it. */
  dataOf(transfer: SimTransfer) {
    return {
      id: transfer.id,
      account_number: transfer.accountNumber,
      bank_code: transfer.accountBank,
      full_name: transfer.fullName,
      created_at: transfer.createdAt,
      currency: transfer.currency,
      debit_currency: transfer.currency,
      amount: minorToNumber(transfer.amountMinor),
      fee: minorToNumber(transfer.feeMinor),
      status: transfer.status,
      reference: transfer.reference,
      meta: transfer.meta,
      narration: transfer.narration,
      complete_message: transfer.completeMessage,
      requires_approval: transfer.status === 'NEW' ? 1 : 0,
      is_approved: 1,
      bank_name: transfer.accountBank === 'MPS' ? 'MPESA' : transfer.accountBank,
    };
  }

  webhookBody(transfer: SimTransfer) {
    return { event: 'transfer.completed', 'event.type': 'Transfer', data: this.dataOf(transfer) };
  }

  /** Settles a transfer by hand (one that stays NEW or PENDING) and sends its webhook. */
  async complete(id: number, status: 'SUCCESSFUL' | 'FAILED', completeMessage?: string): Promise<void> {
    const transfer = this.transfers.get(id);
    if (!transfer) throw new Error(`No simulated transfer ${id}`);
    this.held = this.held.filter((entry) => entry.transfer !== transfer);
    transfer.status = status;
    transfer.completeMessage = completeMessage ?? (status === 'SUCCESSFUL' ? SUCCESS_MESSAGE : 'DISBURSE FAILED: Declined');
    await this.sendWebhook(transfer);
  }

  /** Settles the transfers kept back by `holdTransfers` now; resolves when their webhooks are delivered. */
  async releaseTransfers(): Promise<number> {
    const due = this.held;
    this.held = [];
    for (const { transfer, outcome } of due) await this.settle(transfer, outcome);
    return due.length;
  }

  /** Posts a transfer's webhook (again: a provider retry, or a test replaying it). */
  async sendWebhook(transfer: SimTransfer): Promise<number> {
    transfer.webhooksSent += 1;
    const status = await this.context.postWebhook(this.webhookBody(transfer));
    this.context.log.info({ id: transfer.id, status: transfer.status, http: status }, 'flutterwave sim: transfer webhook sent');
    return status;
  }

  findByReference(reference: string): SimTransfer | null {
    for (const transfer of this.transfers.values()) if (transfer.reference === reference) return transfer;
    return null;
  }

  private invalid(reply: FastifyReply, message: string) {
    return reply.code(400).send({ status: 'error', message, data: null });
  }

  private findInvalidField(body: Record<string, unknown>): string | null {
    if (typeof body.account_bank !== 'string' || body.account_bank.trim() === '') return 'account_bank is required';
    const account = typeof body.account_number === 'number' ? String(body.account_number) : body.account_number;
    if (typeof account !== 'string' || !/^\d{6,20}$/.test(account)) return 'account_number is required';
    if (body.account_bank === 'MPS' && !/^254\d{9}$/.test(account)) return 'Invalid mobile money number';
    const amount = toMinor(body.amount);
    if (amount === null || amount <= 0n) return 'amount must be a positive number';
    if (typeof body.currency !== 'string' || !CURRENCIES.has(body.currency)) return 'Invalid currency';
    if (body.reference !== undefined && (typeof body.reference !== 'string' || !/^[A-Za-z0-9_.-]{1,100}$/.test(body.reference)))
      return 'Invalid reference';
    if (body.narration !== undefined && (typeof body.narration !== 'string' || body.narration.length > 100))
      return 'Invalid narration';
    return null;
  }

  private async create(request: FastifyRequest, reply: FastifyReply) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const invalid = this.findInvalidField(body);
    if (invalid) return this.invalid(reply, invalid);
    const reference = typeof body.reference === 'string' ? body.reference : `FLW-${randomInt(1e9, 9e9)}`;
    if (this.findByReference(reference))
      return this.invalid(reply, 'Duplicate reference: a transfer with this reference already exists');
    const accountNumber = String(body.account_number);
    const outcome = this.outcomeOf(accountNumber);
    const transfer: SimTransfer = {
      id: randomInt(100_000, 9_999_999),
      reference,
      accountBank: body.account_bank as string,
      accountNumber,
      fullName: typeof body.beneficiary_name === 'string' ? body.beneficiary_name : 'N/A',
      amountMinor: toMinor(body.amount) as bigint,
      feeMinor: this.behaviour.transferFeeMinor,
      currency: body.currency as string,
      narration: typeof body.narration === 'string' ? body.narration : '',
      status: 'NEW',
      completeMessage: '',
      createdAt: new Date().toISOString(),
      webhooksSent: 0,
      meta: body.meta ?? null,
    };
    this.transfers.set(transfer.id, transfer);
    this.schedule(transfer, outcome);
    if (outcome.special === 'created-503')
      return reply.code(503).type('text/html').send('<html><body>503 Service Unavailable</body></html>');
    return reply.send({ status: 'success', message: 'Transfer Queued Successfully', data: this.dataOf(transfer) });
  }

  private outcomeOf(accountNumber: string): TransferOutcome {
    const digits = TEST_PHONE.exec(accountNumber)?.[1];
    return (digits !== undefined ? TRANSFER_OUTCOMES[digits] : undefined) ?? SUCCESS;
  }

  private schedule(transfer: SimTransfer, outcome: TransferOutcome): void {
    if (outcome.final === 'NEW') return;
    if (this.behaviour.holdTransfers) {
      this.held.push({ transfer, outcome });
      return;
    }
    this.context.timers.after(this.behaviour.transferDelayMs, () => this.settle(transfer, outcome));
  }

  /** Moves a transfer to its outcome's state; a final one gets its webhook (twice for …99). */
  private async settle(transfer: SimTransfer, outcome: TransferOutcome): Promise<void> {
    transfer.status = outcome.final;
    transfer.completeMessage = outcome.completeMessage;
    if (outcome.final !== 'SUCCESSFUL' && outcome.final !== 'FAILED') return;
    await this.sendWebhook(transfer);
    if (outcome.special === 'twice') await this.sendWebhook(transfer);
  }

  private fetch(request: FastifyRequest, reply: FastifyReply) {
    const transfer = this.transfers.get(Number((request.params as { id: string }).id));
    if (!transfer) return reply.code(404).send({ status: 'error', message: 'No transfer found', data: null });
    return reply.send({ status: 'success', message: 'Transfer fetched', data: this.dataOf(transfer) });
  }

  /** All transfers, newest first, or those with `?reference=` (at most 100). */
  private list(request: FastifyRequest, reply: FastifyReply) {
    const { reference } = request.query as { reference?: string };
    const found = [...this.transfers.values()]
      .filter((transfer) => reference === undefined || transfer.reference === reference)
      .reverse()
      .slice(0, 100);
    return reply.send({
      status: 'success',
      message: 'Transfers fetched',
      meta: { page_info: { total: found.length, current_page: 1, total_pages: 1 } },
      data: found.map((transfer) => this.dataOf(transfer)),
    });
  }
}
