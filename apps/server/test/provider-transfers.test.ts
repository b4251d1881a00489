import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlutterwaveClient, type TransferRequest } from '../src/payments/flutterwave/flutterwave-client.ts';
import { parseTransferWebhook } from '../src/payments/flutterwave/transfers.ts';
import { isGenuineFlutterwaveWebhook } from '../src/payments/flutterwave/webhook.ts';
import { ProviderError } from '../src/payments/http.ts';
import type { SendOutcome } from '../src/payments/send-outcome.ts';
import { startPayoutProviders, type PayoutProviders } from './provider-payouts-fixtures.ts';

/**
 * Issue 14: Flutterwave transfers through the real client over HTTP against the simulator (create, fetch, fetch by
 * our reference, the signed `transfer.completed` webhook), each outcome phone, and how a send is classified.
 */
let p: PayoutProviders;
let flw: FlutterwaveClient;
let counter = 0;
beforeAll(async () => {
  p = await startPayoutProviders();
  flw = p.flutterwave();
});
afterAll(async () => p.close());

const newReference = () => `tuzo-transfer-${process.pid}-${(counter += 1)}`;
const request = (accountNumber: string, reference = newReference()): TransferRequest => ({
  reference,
  accountBank: 'MPS',
  accountNumber,
  amountMinor: 2500_00n,
  currency: 'KES',
  narration: 'Tuzo withdrawal',
  beneficiaryName: 'Jane Wanjiku',
  meta: { sender: 'Tuzo', sender_country: 'KE', mobile_number: accountNumber },
});
const webhookFor = (reference: string) =>
  p.receiver.waitFor((r) => r.path === '/flw' && (r.body as { data?: { reference?: string } }).data?.reference === reference);

function accepted<T>(outcome: SendOutcome<T>): T {
  if (outcome.kind !== 'accepted') throw new Error(`expected accepted, got ${JSON.stringify(outcome)}`);
  return outcome.accepted;
}

describe('Flutterwave transfers through the simulator', () => {
  it('queues a transfer (NEW, with its fee), settles it SUCCESSFUL with a signed webhook; fetch and fetch by reference agree', async () => {
    const reference = newReference();
    const queued = accepted(await flw.createTransfer(request('254712345678', reference)));
    expect(queued).toMatchObject({
      reference,
      status: 'NEW',
      amountMinor: 2500_00n,
      feeMinor: 50_00n,
      feeText: '50',
      currency: 'KES',
    });
    expect(await p.sim.flutterwave.transfers.releaseTransfers()).toBe(1);
    const webhook = await webhookFor(reference);
    const secretHash = p.sim.flutterwave.credentials.secretHash;
    expect(isGenuineFlutterwaveWebhook({ headers: webhook.headers, rawBody: webhook.rawBody, secretHash })).toBe(true);
    expect(parseTransferWebhook(webhook.body)).toMatchObject({
      id: queued.id,
      reference,
      status: 'SUCCESSFUL',
      amountMinor: 2500_00n,
      completeMessage: 'Transaction was successful',
    });
    expect(await flw.fetchTransfer(queued.id)).toMatchObject({ id: queued.id, status: 'SUCCESSFUL', feeMinor: 50_00n });
    expect(await flw.fetchTransferByReference(reference)).toMatchObject({ id: queued.id, status: 'SUCCESSFUL' });
  });

  it('refuses a repeated reference as a duplicate and pays once', async () => {
    const reference = newReference();
    accepted(await flw.createTransfer(request('254712000001', reference)));
    const again = await flw.createTransfer(request('254712000001', reference));
    expect(again).toMatchObject({ kind: 'refused', reason: 'duplicate', httpStatus: 400 });
    expect([...p.sim.flutterwave.transfers.transfers.values()].filter((t) => t.reference === reference)).toHaveLength(1);
  });

  it("…40 and …01 fail with Flutterwave's complete_message", async () => {
    const unregistered = newReference();
    const noFunds = newReference();
    accepted(await flw.createTransfer(request('254700000040', unregistered)));
    accepted(await flw.createTransfer(request('254700000001', noFunds)));
    await p.sim.flutterwave.transfers.releaseTransfers();
    expect(parseTransferWebhook((await webhookFor(unregistered)).body)).toMatchObject({
      status: 'FAILED',
      completeMessage: 'DISBURSE FAILED: Mobile money account is not registered',
    });
    expect(await flw.fetchTransferByReference(noFunds)).toMatchObject({
      status: 'FAILED',
      completeMessage: 'DISBURSE FAILED: Insufficient funds in customer wallet',
    });
  });

  it('…36 stays NEW and …37 stays PENDING, without a webhook, until settled by hand', async () => {
    const stuckNew = newReference();
    const stuckPending = newReference();
    const created = accepted(await flw.createTransfer(request('254700000036', stuckNew)));
    accepted(await flw.createTransfer(request('254700000037', stuckPending)));
    await p.sim.flutterwave.transfers.releaseTransfers();
    expect((await flw.fetchTransferByReference(stuckNew))?.status).toBe('NEW');
    expect((await flw.fetchTransferByReference(stuckPending))?.status).toBe('PENDING');
    expect(p.receiver.received.some((r) => r.rawBody.includes(stuckNew) || r.rawBody.includes(stuckPending))).toBe(false);
    const complete = await fetch(`${p.sim.url}/sim/flutterwave/transfers/${created.id}/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'FAILED', complete_message: 'Declined on the dashboard' }),
    });
    expect(complete.status).toBe(200);
    expect(parseTransferWebhook((await webhookFor(stuckNew)).body)).toMatchObject({
      status: 'FAILED',
      completeMessage: 'Declined on the dashboard',
    });
  });

  it('…53 answers 503 (unknown) although the transfer was queued: fetch by reference finds it; sending it again is a duplicate', async () => {
    const reference = newReference();
    expect(await flw.createTransfer(request('254700000053', reference))).toMatchObject({
      kind: 'unknown',
      reason: 'server-error',
      httpStatus: 503,
    });
    expect(await flw.fetchTransferByReference(reference)).toMatchObject({ reference, status: 'NEW' });
    expect(await flw.createTransfer(request('254700000053', reference))).toMatchObject({ kind: 'refused', reason: 'duplicate' });
    await p.sim.flutterwave.transfers.releaseTransfers();
    expect(parseTransferWebhook((await webhookFor(reference)).body)?.status).toBe('SUCCESSFUL');
  });

  it('…99 sends the webhook twice', async () => {
    const reference = newReference();
    accepted(await flw.createTransfer(request('254700000099', reference)));
    await p.sim.flutterwave.transfers.releaseTransfers();
    expect(p.receiver.received.filter((r) => r.path === '/flw' && r.rawBody.includes(reference))).toHaveLength(2);
  });

  it('finds nothing for a reference it never received, and null for an unknown id', async () => {
    expect(await flw.fetchTransferByReference('never-sent')).toBeNull();
    expect(await flw.fetchTransfer('1')).toBeNull();
  });

  it('refuses bad input and a wrong key; an unknown fetch error throws', async () => {
    expect(await flw.createTransfer({ ...request('0712345678'), accountBank: 'MPS' })).toMatchObject({
      kind: 'refused',
      reason: 'invalid',
      httpStatus: 400,
      message: 'Invalid mobile money number',
    });
    expect(await flw.createTransfer({ ...request('254712000002'), amountMinor: 0n })).toMatchObject({
      kind: 'refused',
      reason: 'invalid',
    });
    const wrongKey = p.flutterwave({ secretKey: 'FLWSECK_TEST-wrong-X' });
    expect(await wrongKey.createTransfer(request('254712000002'))).toMatchObject({
      kind: 'refused',
      reason: 'auth',
      httpStatus: 401,
    });
    await expect(wrongKey.fetchTransferByReference('x')).rejects.toBeInstanceOf(ProviderError);
  });
});

describe('classifying a transfer against a misbehaving server', () => {
  let server: http.Server;
  let baseUrl: string;
  let answer: 'hang' | 'bad-gateway' | 'garbage' | 'cut-off' = 'hang';
  beforeAll(async () => {
    server = http.createServer((incoming, response) => {
      incoming.resume();
      if (answer === 'hang') return;
      if (answer === 'cut-off') {
        response.writeHead(200, { 'content-type': 'application/json' }).write('{"status":"success","data":');
        return;
      }
      if (answer === 'bad-gateway') response.writeHead(502).end('Bad Gateway');
      else response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"success","data":{"id":1}}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('a server that hangs past the client timeout (before or during its answer) is unknown; a 502 is unknown; an unreadable 200 is unknown', async () => {
    const client = new FlutterwaveClient({ baseUrl, secretKey: 'k', timeoutMs: 200 });
    for (const [served, reason, httpStatus] of [
      ['hang', 'network', 0],
      ['bad-gateway', 'server-error', 502],
      ['cut-off', 'network', 0],
      ['garbage', 'unreadable', 200],
    ] as const) {
      answer = served;
      expect(await client.createTransfer(request('254712000003')), served).toMatchObject({ kind: 'unknown', reason, httpStatus });
    }
  });

  it('an unreachable server is unknown too (a refused connection is not told apart from a lost one)', async () => {
    const client = new FlutterwaveClient({ baseUrl: 'http://127.0.0.1:9', secretKey: 'k', timeoutMs: 500 });
    expect(await client.createTransfer(request('254712000004'))).toMatchObject({ kind: 'unknown', reason: 'network' });
  });
});
