import { createHmac, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FlutterwaveTransfersSim, type TransferBehaviour } from './flutterwave-transfers.ts';
import { postJson, randomCode, randomHex, resolveUrl, type SimLogger, type TimerSet, type UrlSource } from './shared.ts';

/**
 * Flutterwave v3 simulator: hosted payment links, a tiny checkout page with Pay and Cancel, the `charge.completed`
 * webhook (with `verif-hash` and `flutterwave-signature`) and transaction verification; transfers (payouts) live in
 * flutterwave-transfers.ts, reached as `sim.flutterwave.transfers`.
 */
export interface FlutterwaveCredentials {
  secretKey: string;
  /** The "secret hash" set in the dashboard; sent back in `verif-hash`. */
  secretHash: string;
}

export interface FlutterwaveBehaviour extends TransferBehaviour {
  /** Where webhooks go (the dashboard setting). Null: no webhooks are sent. */
  webhookUrl: UrlSource | null;
  /** `correct` sends the configured hash, `wrong` a different one, `missing` none. */
  webhookHash: 'correct' | 'wrong' | 'missing';
  duplicateWebhooks: boolean;
  /** Verify reports this amount instead of the amount paid (a mismatch test). */
  verifyAmountOverride: number | null;
  /** Verify reports this currency instead of the one paid. */
  verifyCurrencyOverride: string | null;
}

interface CheckoutPayment {
  id: string;
  txRef: string;
  amount: number;
  currency: string;
  redirectUrl: string;
  customer: { email: string; name?: string; phonenumber?: string };
  transactionId: number | null;
}

interface SimTransaction {
  id: number;
  txRef: string;
  flwRef: string;
  amount: number;
  currency: string;
  status: 'successful' | 'failed';
  customer: CheckoutPayment['customer'];
  createdAt: string;
}

const CURRENCIES = new Set(['NGN', 'KES', 'UGX', 'TZS', 'GHS', 'ZAR', 'RWF', 'XAF', 'XOF', 'USD', 'EUR', 'GBP', 'ZMW', 'MWK']);

export class FlutterwaveSim {
  readonly behaviour: FlutterwaveBehaviour;
  readonly payments = new Map<string, CheckoutPayment>();
  readonly transactions = new Map<number, SimTransaction>();
  /** Transfers (payouts); its knobs are the `transfer*` ones of `behaviour`. */
  readonly transfers: FlutterwaveTransfersSim;
  webhooksSent = 0;

  constructor(
    readonly credentials: FlutterwaveCredentials,
    private readonly baseUrl: () => string,
    behaviour: Partial<FlutterwaveBehaviour>,
    private readonly log: SimLogger,
    timers: TimerSet,
  ) {
    const { transferDelayMs, holdTransfers, transferFeeMinor, ...rest } = behaviour;
    this.transfers = new FlutterwaveTransfersSim(
      {
        timers,
        log,
        guard: (request, reply, next) => this.guard(request, reply, next),
        postWebhook: (body) => this.postWebhook(body),
      },
      {
        ...(transferDelayMs !== undefined ? { transferDelayMs } : {}),
        ...(holdTransfers !== undefined ? { holdTransfers } : {}),
        ...(transferFeeMinor !== undefined ? { transferFeeMinor } : {}),
      },
    );
    this.behaviour = Object.assign(this.transfers.behaviour, {
      webhookUrl: null,
      webhookHash: 'correct' as const,
      duplicateWebhooks: false,
      verifyAmountOverride: null,
      verifyCurrencyOverride: null,
      ...rest,
    });
  }

  register(app: FastifyInstance): void {
    app.post('/v3/payments', (request, reply) => this.guard(request, reply, () => this.createPayment(request, reply)));
    app.get('/v3/transactions/:id/verify', (request, reply) => this.guard(request, reply, () => this.verify(request, reply)));
    app.get('/flw/checkout/:id', (request, reply) => this.checkoutPage(request, reply));
    app.post('/flw/checkout/:id/pay', async (request, reply) => this.finish(request, reply, 'successful'));
    app.post('/flw/checkout/:id/cancel', async (request, reply) => this.finish(request, reply, 'cancelled'));
    this.transfers.register(app);
  }

  /** The body Flutterwave posts for a completed charge. */
  webhookBody(transaction: SimTransaction) {
    return {
      event: 'charge.completed',
      data: {
        id: transaction.id,
        tx_ref: transaction.txRef,
        flw_ref: transaction.flwRef,
        amount: transaction.amount,
        currency: transaction.currency,
        charged_amount: transaction.amount,
        status: transaction.status,
        payment_type: 'mobilemoneyke',
        created_at: transaction.createdAt,
        customer: transaction.customer,
      },
    };
  }

  /** Sends the webhook of a transaction again (a provider retry, or a test replaying it). */
  async sendWebhook(transactionId: number): Promise<number> {
    const transaction = this.transactions.get(transactionId);
    if (!transaction) return 0;
    const status = await this.postWebhook(this.webhookBody(transaction));
    this.log.info({ transactionId, status }, 'flutterwave sim: webhook sent');
    return status;
  }

  /** Posts a webhook to the dashboard's URL with the hash headers `webhookHash` asks for; 0 when there is no URL. */
  private async postWebhook(body: unknown): Promise<number> {
    const url = resolveUrl(this.behaviour.webhookUrl);
    if (!url) return 0;
    const headers: Record<string, string> = {};
    const hash = this.behaviour.webhookHash;
    if (hash !== 'missing') headers['verif-hash'] = hash === 'correct' ? this.credentials.secretHash : `wrong-${randomHex(4)}`;
    if (hash === 'correct') {
      headers['flutterwave-signature'] = createHmac('sha256', this.credentials.secretHash)
        .update(JSON.stringify(body))
        .digest('base64');
    }
    this.webhooksSent += 1;
    return postJson(url, body, headers);
  }

  private guard(request: FastifyRequest, reply: FastifyReply, next: () => unknown) {
    if (request.headers.authorization !== `Bearer ${this.credentials.secretKey}`) {
      return reply.code(401).send({ status: 'error', message: 'Invalid authorization key', data: null });
    }
    return next();
  }

  private invalid(reply: FastifyReply, message: string) {
    return reply.code(400).send({ status: 'error', message, data: null });
  }

  private createPayment(request: FastifyRequest, reply: FastifyReply) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const customer = (body.customer ?? {}) as Record<string, unknown>;
    if (typeof body.tx_ref !== 'string' || body.tx_ref.length === 0 || body.tx_ref.length > 100)
      return this.invalid(reply, 'tx_ref is required');
    const amount = typeof body.amount === 'string' ? Number(body.amount) : body.amount;
    if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0)
      return this.invalid(reply, 'amount must be a positive number');
    if (typeof body.currency !== 'string' || !CURRENCIES.has(body.currency)) return this.invalid(reply, 'Invalid currency');
    if (typeof body.redirect_url !== 'string' || !/^https?:\/\//.test(body.redirect_url))
      return this.invalid(reply, 'redirect_url is required');
    if (typeof customer.email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(customer.email))
      return this.invalid(reply, 'customer.email is required');
    const id = randomHex(10);
    this.payments.set(id, {
      id,
      txRef: body.tx_ref,
      amount,
      currency: body.currency,
      redirectUrl: body.redirect_url,
      customer: {
        email: customer.email,
        ...(typeof customer.name === 'string' ? { name: customer.name } : {}),
        ...(typeof customer.phonenumber === 'string' ? { phonenumber: customer.phonenumber } : {}),
      },
      transactionId: null,
    });
    return reply.send({ status: 'success', message: 'Hosted Link', data: { link: `${this.baseUrl()}/flw/checkout/${id}` } });
  }

  private verify(request: FastifyRequest, reply: FastifyReply) {
    const id = Number((request.params as { id: string }).id);
    const transaction = this.transactions.get(id);
    if (!transaction)
      return reply.code(400).send({ status: 'error', message: 'No transaction was found for this id', data: null });
    const amount = this.behaviour.verifyAmountOverride ?? transaction.amount;
    return reply.send({
      status: 'success',
      message: 'Transaction fetched successfully',
      data: {
        id: transaction.id,
        tx_ref: transaction.txRef,
        flw_ref: transaction.flwRef,
        amount,
        currency: this.behaviour.verifyCurrencyOverride ?? transaction.currency,
        charged_amount: amount,
        status: transaction.status,
        payment_type: 'mobilemoneyke',
        created_at: transaction.createdAt,
        customer: transaction.customer,
      },
    });
  }

  private checkoutPage(request: FastifyRequest, reply: FastifyReply) {
    const payment = this.payments.get((request.params as { id: string }).id);
    if (!payment)
      return reply.code(404).type('text/html').send('<!doctype html><title>Not found</title><p>Unknown payment link.</p>');
    return reply.type('text/html; charset=utf-8').send(checkoutHtml(payment));
  }

  /** Pay: record a transaction, send the webhook, then send the browser back. Cancel: only the redirect. */
  private async finish(request: FastifyRequest, reply: FastifyReply, outcome: 'successful' | 'cancelled') {
    const payment = this.payments.get((request.params as { id: string }).id);
    if (!payment) return reply.code(404).send({ status: 'error', message: 'Unknown payment link', data: null });
    const target = new URL(payment.redirectUrl);
    target.searchParams.set('status', outcome);
    target.searchParams.set('tx_ref', payment.txRef);
    if (outcome === 'successful') {
      if (payment.transactionId === null) {
        const transaction: SimTransaction = {
          id: randomInt(1_000_000, 9_999_999),
          txRef: payment.txRef,
          flwRef: `FLW-MOCK-${randomCode(12)}`,
          amount: payment.amount,
          currency: payment.currency,
          status: 'successful',
          customer: payment.customer,
          createdAt: new Date().toISOString(),
        };
        this.transactions.set(transaction.id, transaction);
        payment.transactionId = transaction.id;
        await this.sendWebhook(transaction.id);
        if (this.behaviour.duplicateWebhooks) await this.sendWebhook(transaction.id);
      }
      target.searchParams.set('transaction_id', String(payment.transactionId));
    }
    return reply.redirect(target.toString(), 303);
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function checkoutHtml(payment: CheckoutPayment): string {
  const id = encodeURIComponent(payment.id);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Flutterwave Checkout (simulator)</title>
<style>
body{font-family:system-ui,sans-serif;background:#f5f5f7;display:flex;justify-content:center;padding:3rem 1rem;margin:0}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:2rem;max-width:22rem;width:100%}
h1{font-size:1.1rem;margin:0 0 .25rem}p{color:#555;margin:.25rem 0}.amount{font-size:1.8rem;font-weight:700;color:#111;margin:1rem 0}
form{display:inline}button{border:0;border-radius:8px;padding:.7rem 1.4rem;font-size:1rem;cursor:pointer;margin-right:.5rem}
#pay{background:#f5a623;color:#fff}#cancel{background:#e5e5ea;color:#333}.note{font-size:.8rem;color:#888;margin-top:1.5rem}
</style></head>
<body><main>
<h1>Flutterwave Checkout</h1>
<p>${escapeHtml(payment.customer.email)}</p>
<p>Reference ${escapeHtml(payment.txRef)}</p>
<div class="amount" data-testid="amount">${escapeHtml(payment.currency)} ${escapeHtml(String(payment.amount))}</div>
<form method="post" action="/flw/checkout/${id}/pay"><button id="pay" type="submit">Pay</button></form>
<form method="post" action="/flw/checkout/${id}/cancel"><button id="cancel" type="submit">Cancel</button></form>
<p class="note">Local simulator: no real money moves.</p>
</main></body></html>`;
}
