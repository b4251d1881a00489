import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProviderSim, type ProviderSim } from '../src/index.ts';

/** A tiny receiver standing in for the app's webhooks: records every JSON body with its headers. */
interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}
let sim: ProviderSim;
let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: text ? JSON.parse(text) : null });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ResultCode":0,"ResultDesc":"Accepted"}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  sim = await startProviderSim({
    callbackDelayMs: 100,
    mpesa: { stkTimeoutMs: 300 },
    flutterwave: { webhookUrl: () => `${receiverUrl}/flw` },
  });
});
afterAll(async () => {
  await sim.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const waitFor = async (predicate: () => boolean, ms = 3000) => {
  const until = Date.now() + ms;
  while (!predicate() && Date.now() < until) await sleep(20);
  return predicate();
};

async function token(): Promise<string> {
  const { consumerKey, consumerSecret } = sim.mpesa.credentials;
  const response = await fetch(`${sim.url}/oauth/v1/generate?grant_type=client_credentials`, {
    headers: { authorization: `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64')}` },
  });
  const body = (await response.json()) as { access_token: string; expires_in: string };
  expect(body.expires_in).toBe('3599');
  return body.access_token;
}

function pushBody(phone: number, amount: unknown = 10, overrides: Record<string, unknown> = {}) {
  const { shortcode, passkey } = sim.mpesa.credentials;
  const timestamp = '20260111100000';
  return {
    BusinessShortCode: shortcode,
    Password: Buffer.from(`${shortcode}${passkey}${timestamp}`).toString('base64'),
    Timestamp: timestamp,
    TransactionType: 'CustomerPayBillOnline',
    Amount: amount,
    PartyA: phone,
    PartyB: shortcode,
    PhoneNumber: phone,
    CallBackURL: `${receiverUrl}/stk`,
    AccountReference: 'TZ1',
    TransactionDesc: 'Tuzo deposit',
    ...overrides,
  };
}

async function daraja(path: string, body: unknown, bearer?: string) {
  const response = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer ?? (await token())}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

function query(checkoutRequestId: string) {
  const { shortcode, passkey } = sim.mpesa.credentials;
  const timestamp = '20260111100001';
  return daraja('/mpesa/stkpushquery/v1/query', {
    BusinessShortCode: shortcode,
    Password: Buffer.from(`${shortcode}${passkey}${timestamp}`).toString('base64'),
    Timestamp: timestamp,
    CheckoutRequestID: checkoutRequestId,
  });
}

const stkCallbacksFor = (id: string) =>
  received.filter((r) => r.path === '/stk' && r.body.Body.stkCallback.CheckoutRequestID === id);

describe('M-Pesa Daraja simulator', () => {
  it('refuses wrong client credentials and an unknown token', async () => {
    const response = await fetch(`${sim.url}/oauth/v1/generate?grant_type=client_credentials`, {
      headers: { authorization: 'Basic eDp5' },
    });
    expect(response.status).toBe(400);
    const push = await daraja('/mpesa/stkpush/v1/processrequest', pushBody(254712345678), 'nope');
    expect(push).toMatchObject({ status: 404, body: { errorCode: '404.001.03', errorMessage: 'Invalid Access Token' } });
  });

  it('expires tokens on demand', async () => {
    const bearer = await token();
    sim.mpesa.expireTokens();
    expect((await daraja('/mpesa/stkpush/v1/processrequest', pushBody(254712345678), bearer)).body.errorCode).toBe('404.001.03');
  });

  it.each([
    ['a wrong password', { Password: 'eA==' }, 'Password'],
    ['a fractional amount', { Amount: 10.5 }, 'Amount'],
    ['a zero amount', { Amount: 0 }, 'Amount'],
    ['a string phone', { PhoneNumber: '254712345678' }, 'PhoneNumber'],
    ['a foreign phone', { PhoneNumber: 256712345678 }, 'PhoneNumber'],
    ['a long account reference', { AccountReference: 'ABCDEFGHIJKLM' }, 'AccountReference'],
    ['no callback URL', { CallBackURL: 'not a url' }, 'CallBackURL'],
  ])('answers 400.002.02 for %s', async (_label, overrides, field) => {
    const response = await daraja('/mpesa/stkpush/v1/processrequest', pushBody(254712345678, 10, overrides));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ errorCode: '400.002.02', errorMessage: `Bad Request - Invalid ${field}` });
  });

  it('accepts a push, keeps the query pending, then calls back with metadata read by name', async () => {
    const push = await daraja('/mpesa/stkpush/v1/processrequest', pushBody(254712345678, 250));
    expect(push.status).toBe(200);
    expect(push.body).toMatchObject({ ResponseCode: '0' });
    const id: string = push.body.CheckoutRequestID;
    expect((await query(id)).body).toMatchObject({ errorCode: '500.001.1001' });
    expect(await waitFor(() => stkCallbacksFor(id).length === 1)).toBe(true);
    const callback = stkCallbacksFor(id)[0]!.body.Body.stkCallback;
    expect(callback).toMatchObject({ CheckoutRequestID: id, MerchantRequestID: push.body.MerchantRequestID, ResultCode: 0 });
    const items = new Map<string, unknown>(
      callback.CallbackMetadata.Item.map((item: { Name: string; Value?: unknown }) => [item.Name, item.Value]),
    );
    expect(items.get('Amount')).toBe(250);
    expect(items.get('MpesaReceiptNumber')).toMatch(/^[A-Z0-9]{10}$/);
    expect(String(items.get('TransactionDate'))).toMatch(/^\d{14}$/);
    expect(items.get('PhoneNumber')).toBe(254712345678);
    expect((await query(id)).body).toMatchObject({ ResponseCode: '0', ResultCode: '0' });
  });

  it.each([
    [254700000001, 1],
    [254700000032, 1032],
  ])('phone %d fails with ResultCode %d and no metadata', async (phone, code) => {
    const id: string = (await daraja('/mpesa/stkpush/v1/processrequest', pushBody(phone))).body.CheckoutRequestID;
    expect(await waitFor(() => stkCallbacksFor(id).length === 1)).toBe(true);
    const callback = stkCallbacksFor(id)[0]!.body.Body.stkCallback;
    expect(callback.ResultCode).toBe(code);
    expect(callback.CallbackMetadata).toBeUndefined();
    expect((await query(id)).body.ResultCode).toBe(String(code));
  });

  it.each([254712345601, 254722000032, 254711111137, 254733333344, 254799999999])(
    'lets phone %d succeed: only the test phones 2547000000NN choose an outcome',
    async (phone) => {
      const id: string = (await daraja('/mpesa/stkpush/v1/processrequest', pushBody(phone))).body.CheckoutRequestID;
      expect(await waitFor(() => stkCallbacksFor(id).length >= 1)).toBe(true);
      await sleep(120);
      expect(stkCallbacksFor(id)).toHaveLength(1);
      expect(stkCallbacksFor(id)[0]!.body.Body.stkCallback.ResultCode).toBe(0);
    },
  );

  it('never calls back for …37 and reports 1037 after the timeout', async () => {
    const id: string = (await daraja('/mpesa/stkpush/v1/processrequest', pushBody(254700000037))).body.CheckoutRequestID;
    expect((await query(id)).body.errorCode).toBe('500.001.1001');
    await sleep(400);
    expect((await query(id)).body.ResultCode).toBe('1037');
    expect(stkCallbacksFor(id)).toHaveLength(0);
  });

  it('calls back twice for …99', async () => {
    const id: string = (await daraja('/mpesa/stkpush/v1/processrequest', pushBody(254700000099))).body.CheckoutRequestID;
    expect(await waitFor(() => stkCallbacksFor(id).length === 2)).toBe(true);
  });

  it('registers C2B URLs and posts a confirmation from /sim/c2b', async () => {
    const registered = await daraja('/mpesa/c2b/v1/registerurl', {
      ShortCode: sim.mpesa.credentials.shortcode,
      ResponseType: 'Completed',
      ConfirmationURL: `${receiverUrl}/c2b`,
      ValidationURL: `${receiverUrl}/c2b-validate`,
    });
    expect(registered.body).toMatchObject({ ResponseCode: '0' });
    const sent = await fetch(`${sim.url}/sim/c2b`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ TransID: 'QK12ABC3DE', TransAmount: '1000.00', MSISDN: '254712345678', BillRefNumber: 'alice' }),
    });
    expect(await sent.json()).toMatchObject({ TransID: 'QK12ABC3DE', delivered: true });
    const confirmation = received.find((r) => r.path === '/c2b');
    expect(confirmation?.body).toMatchObject({
      TransID: 'QK12ABC3DE',
      TransAmount: '1000.00',
      MSISDN: '254712345678',
      BillRefNumber: 'alice',
    });
    const bad = await fetch(`${sim.url}/sim/c2b`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'null',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errorMessage: 'Bad Request - Invalid TransAmount' });
  });

  const statusQuery = (transactionId: string, overrides: Record<string, unknown> = {}) =>
    daraja('/mpesa/transactionstatus/v1/query', {
      Initiator: sim.mpesa.credentials.initiatorName,
      SecurityCredential: sim.mpesa.credentials.securityCredential,
      CommandID: 'TransactionStatusQuery',
      TransactionID: transactionId,
      PartyA: sim.mpesa.credentials.shortcode,
      IdentifierType: '4',
      ResultURL: `${receiverUrl}/status/${transactionId}`,
      QueueTimeOutURL: `${receiverUrl}/status-timeout`,
      Remarks: 'Confirm payment',
      Occasion: 'deposit',
      ...overrides,
    });
  const resultFor = async (path: string) => {
    expect(await waitFor(() => received.some((r) => r.path === path))).toBe(true);
    return received.find((r) => r.path === path)!.body.Result;
  };
  const parameters = (result: any) =>
    Object.fromEntries(
      (result.ResultParameters?.ResultParameter ?? []).map((p: { Key: string; Value: unknown }) => [p.Key, p.Value]),
    );

  it('answers a transaction status query asynchronously: Completed with the amount of a payment it confirmed', async () => {
    await fetch(`${sim.url}/sim/c2b`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ TransID: 'TSQ0000001', TransAmount: '250.00', MSISDN: '254712345678', FirstName: 'ANN' }),
    });
    const ack = await statusQuery('tsq0000001');
    expect(ack.status).toBe(200);
    expect(ack.body).toMatchObject({ ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' });
    const result = await resultFor('/status/tsq0000001');
    expect(result).toMatchObject({
      ResultCode: 0,
      ConversationID: ack.body.ConversationID,
      OriginatorConversationID: ack.body.OriginatorConversationID,
    });
    expect(parameters(result)).toMatchObject({
      TransactionStatus: 'Completed',
      ReceiptNo: 'TSQ0000001',
      Amount: 250,
      DebitPartyName: '254712345678 - ANN',
    });
  });

  it('names the true parties: a customer paying our shortcode or another one (decision 046)', async () => {
    await fetch(`${sim.url}/sim/c2b`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ TransID: 'TSQPARTY01', TransAmount: '90', MSISDN: '254712345678', BusinessShortCode: '999999' }),
    });
    sim.mpesa.registerTransaction({ receipt: 'TSQPARTY02', amount: 30, msisdn: '254711111111', firstName: 'BO' });
    await statusQuery('TSQPARTY01');
    await statusQuery('TSQPARTY02');
    expect(parameters(await resultFor('/status/TSQPARTY01'))).toMatchObject({
      DebitPartyName: '254712345678 - JOHN',
      CreditPartyName: '999999 - Another Business',
      Amount: 90,
    });
    expect(parameters(await resultFor('/status/TSQPARTY02'))).toMatchObject({
      DebitPartyName: '254711111111 - BO',
      CreditPartyName: `${sim.mpesa.credentials.shortcode} - Tuzo`,
    });
  });

  it('fails the status of an unknown receipt and of a wrong initiator; refuses a malformed query at once', async () => {
    sim.mpesa.registerTransaction({ receipt: 'TSQ0000002', amount: 40 });
    await statusQuery('NOSUCHCODE1');
    const unknown = await resultFor('/status/NOSUCHCODE1');
    expect(unknown).toMatchObject({ ResultCode: 'R000002', ResultDesc: 'The transaction could not be found.' });
    expect(unknown.ResultParameters).toBeUndefined();
    await statusQuery('TSQ0000002', { Initiator: 'someone-else' });
    expect(await resultFor('/status/TSQ0000002')).toMatchObject({ ResultCode: 2001 });
    const bad = await statusQuery('TSQ0000002', { CommandID: 'AccountBalance' });
    expect(bad).toMatchObject({
      status: 400,
      body: { errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid CommandID' },
    });
    expect((await statusQuery('TSQ0000002', { IdentifierType: '1' })).body).toMatchObject({
      errorMessage: 'Bad Request - Invalid IdentifierType',
    });
    const successfulPush = [...sim.mpesa.pushes.values()].find((p) => p.receipt !== null);
    expect(successfulPush && sim.mpesa.transactions.get(successfulPush.receipt!)).toMatchObject({
      amount: successfulPush?.amount,
    });
  });
});

describe('Flutterwave simulator', () => {
  const bearer = () => ({ authorization: `Bearer ${sim.flutterwave.credentials.secretKey}`, 'content-type': 'application/json' });
  const createLink = async (body: Record<string, unknown>) => {
    const response = await fetch(`${sim.url}/v3/payments`, { method: 'POST', headers: bearer(), body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as any };
  };
  const validLink = {
    tx_ref: 'TZ-1-abc',
    amount: 1500,
    currency: 'KES',
    redirect_url: 'http://localhost:9/deposit',
    customer: { email: 'a@b.co', name: 'A' },
  };

  it('validates the payment request and the secret key', async () => {
    expect((await createLink({ ...validLink, amount: -1 })).status).toBe(400);
    expect((await createLink({ ...validLink, customer: {} })).status).toBe(400);
    expect((await createLink({ ...validLink, currency: 'XYZ' })).status).toBe(400);
    const response = await fetch(`${sim.url}/v3/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer x' },
      body: '{}',
    });
    expect(response.status).toBe(401);
  });

  it('serves a self-contained checkout page; Pay sends the signed webhook and redirects; verify agrees', async () => {
    const created = await createLink(validLink);
    expect(created.body).toMatchObject({ status: 'success', message: 'Hosted Link' });
    const link: string = created.body.data.link;
    expect(link.startsWith(`${sim.url}/flw/checkout/`)).toBe(true);
    const page = await (await fetch(link)).text();
    expect(page).toContain('>Pay<');
    expect(page).toContain('>Cancel<');
    expect(page).not.toMatch(/<(script|link)[^>]+(src|href)=/);

    const paid = await fetch(`${link}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const location = new URL(paid.headers.get('location')!);
    expect(location.searchParams.get('status')).toBe('successful');
    expect(location.searchParams.get('tx_ref')).toBe('TZ-1-abc');
    const transactionId = location.searchParams.get('transaction_id')!;
    const webhook = received.find((r) => r.path === '/flw')!;
    expect(webhook.headers['verif-hash']).toBe(sim.flutterwave.credentials.secretHash);
    expect(webhook.body).toMatchObject({
      event: 'charge.completed',
      data: { id: Number(transactionId), tx_ref: 'TZ-1-abc', amount: 1500, currency: 'KES', status: 'successful' },
    });

    const verified = await fetch(`${sim.url}/v3/transactions/${transactionId}/verify`, { headers: bearer() });
    expect(await verified.json()).toMatchObject({
      status: 'success',
      data: { status: 'successful', tx_ref: 'TZ-1-abc', amount: 1500, currency: 'KES' },
    });
  });

  it('Cancel redirects with status=cancelled and sends no webhook; knobs change hash and verify amount', async () => {
    const before = sim.flutterwave.webhooksSent;
    const link: string = (await createLink({ ...validLink, tx_ref: 'TZ-2' })).body.data.link;
    const cancelled = await fetch(`${link}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(new URL(cancelled.headers.get('location')!).searchParams.get('status')).toBe('cancelled');
    expect(sim.flutterwave.webhooksSent).toBe(before);

    sim.flutterwave.behaviour.webhookHash = 'wrong';
    sim.flutterwave.behaviour.verifyAmountOverride = 1;
    const link3: string = (await createLink({ ...validLink, tx_ref: 'TZ-3' })).body.data.link;
    const paid = await fetch(`${link3}/pay`, { method: 'POST', redirect: 'manual' });
    const transactionId = new URL(paid.headers.get('location')!).searchParams.get('transaction_id');
    const webhook = received.filter((r) => r.path === '/flw').at(-1)!;
    expect(webhook.body.data.tx_ref).toBe('TZ-3');
    expect(webhook.headers['verif-hash']).not.toBe(sim.flutterwave.credentials.secretHash);
    const verified = (await (
      await fetch(`${sim.url}/v3/transactions/${transactionId}/verify`, { headers: bearer() })
    ).json()) as any;
    expect(verified.data.amount).toBe(1);
    sim.flutterwave.behaviour.webhookHash = 'correct';
    sim.flutterwave.behaviour.verifyAmountOverride = null;
  });
});

describe('M-Pesa B2C simulator: the wire shapes', () => {
  const b2cBody = (overrides: Record<string, unknown> = {}) => ({
    OriginatorConversationID: `wire-${Math.random().toString(36).slice(2)}`,
    InitiatorName: sim.mpesa.credentials.initiatorName,
    SecurityCredential: 'anything-non-empty',
    CommandID: 'BusinessPayment',
    Amount: 100,
    PartyA: sim.mpesa.credentials.b2cShortcode,
    PartyB: '254712345678',
    Remarks: 'Tuzo withdrawal',
    QueueTimeOutURL: `${receiverUrl}/b2c/timeout`,
    ResultURL: `${receiverUrl}/b2c/result`,
    Occassion: '',
    ...overrides,
  });

  it('needs a bearer token and answers bad fields with Daraja 400.002.02 shapes', async () => {
    const unauthorised = await daraja('/mpesa/b2c/v3/paymentrequest', b2cBody(), 'not-a-token');
    expect(unauthorised).toMatchObject({ status: 404, body: { errorCode: '404.001.03', errorMessage: 'Invalid Access Token' } });
    for (const [field, value] of [
      ['OriginatorConversationID', ''],
      ['SecurityCredential', ''],
      ['CommandID', 'Pay'],
      ['Amount', 10.5],
      ['Amount', '0'],
      ['PartyA', '111111'],
      ['PartyB', '0712345678'],
      ['Remarks', 'x'],
      ['ResultURL', 'not a url'],
    ] as const) {
      const answer = await daraja('/mpesa/b2c/v3/paymentrequest', b2cBody({ [field]: value }));
      expect(answer).toMatchObject({
        status: 400,
        body: { errorCode: '400.002.02', errorMessage: `Bad Request - Invalid ${field}` },
      });
      expect(typeof answer.body.requestId).toBe('string');
    }
    const paid = await daraja('/mpesa/b2c/v3/paymentrequest', b2cBody({ Amount: '150', PartyB: 254712345678 }));
    expect(paid).toMatchObject({
      status: 200,
      body: { ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' },
    });
    expect(sim.mpesa.b2c.payouts.get(paid.body.OriginatorConversationID)?.amountMinor).toBe(15000n);
  });

  it('answers the balance query and refuses a malformed one; control routes refuse bad input', async () => {
    const query = (overrides: Record<string, unknown> = {}) =>
      daraja('/mpesa/accountbalance/v1/query', {
        Initiator: sim.mpesa.credentials.initiatorName,
        SecurityCredential: 'x',
        CommandID: 'AccountBalance',
        PartyA: sim.mpesa.credentials.b2cShortcode,
        IdentifierType: '4',
        Remarks: 'balance',
        QueueTimeOutURL: `${receiverUrl}/balance/timeout`,
        ResultURL: `${receiverUrl}/balance`,
        ...overrides,
      });
    expect(await query({ CommandID: 'TransactionStatusQuery' })).toMatchObject({
      status: 400,
      body: { errorMessage: 'Bad Request - Invalid CommandID' },
    });
    const ack = await query();
    expect(ack.body).toMatchObject({ ResponseCode: '0' });
    expect(await waitFor(() => received.some((r) => r.path === '/balance'))).toBe(true);
    const result = received.find((r) => r.path === '/balance')?.body.Result;
    expect(result).toMatchObject({ ResultCode: 0, ConversationID: ack.body.ConversationID });
    expect(result.ResultParameters.ResultParameter[0].Value).toMatch(
      /^Working Account\|KES\|0\.00\|0\.00\|0\.00\|0\.00&Utility Account\|KES\|\d+\.\d{2}\|\d+\.\d{2}\|0\.00\|0\.00&/,
    );
    const post = (path: string, body: unknown) =>
      fetch(`${sim.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/sim/mpesa/utility-balance', { amount: 'lots' })).status).toBe(400);
    expect((await post('/sim/mpesa/b2c/faults', { faults: ['meteor'] })).status).toBe(400);
    expect((await post('/sim/mpesa/recipients', { phone: '254712345678' })).status).toBe(400);
    expect(await (await post('/sim/mpesa/recipients', { phone: '254712345678', name: 'Jane Wanjiku' })).json()).toEqual({
      phone: '254712345678',
      name: 'JANE WANJIKU',
    });
    expect((await post('/sim/flutterwave/transfers/1/complete', { status: 'SUCCESSFUL' })).status).toBe(404);
  });

  it('Flutterwave transfers need the secret key; the list without a reference shows every transfer', async () => {
    const unauthorised = await fetch(`${sim.url}/v3/transfers`, { headers: { authorization: 'Bearer nope' } });
    expect(unauthorised.status).toBe(401);
    const headers = { authorization: `Bearer ${sim.flutterwave.credentials.secretKey}`, 'content-type': 'application/json' };
    const created = await fetch(`${sim.url}/v3/transfers`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        account_bank: 'MPS',
        account_number: '254712345678',
        amount: 10,
        currency: 'KES',
        reference: 'wire-1',
      }),
    });
    expect(await created.json()).toMatchObject({
      status: 'success',
      message: 'Transfer Queued Successfully',
      data: { status: 'NEW', fee: 50 },
    });
    const list = (await (await fetch(`${sim.url}/v3/transfers`, { headers })).json()) as any;
    expect(list.data.map((transfer: { reference: string }) => transfer.reference)).toContain('wire-1');
    expect((await fetch(`${sim.url}/v3/transfers/123`, { headers })).status).toBe(404);
  });
});
