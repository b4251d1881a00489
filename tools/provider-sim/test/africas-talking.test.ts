import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsParts, startProviderSim, type ProviderSim } from '../src/index.ts';

/** The Africa's Talking SMS simulator: the send request's checks, the answer's shape, outcomes, delivery reports. */
let sim: ProviderSim;
let receiver: http.Server;
const reports: Array<{ type: string | undefined; fields: Record<string, string> }> = [];

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      reports.push({ type: request.headers['content-type'], fields: Object.fromEntries(new URLSearchParams(text)) });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/dlr`;
  sim = await startProviderSim({ africasTalking: { deliveryReportUrl: url, reports: 'manual' } });
});
afterAll(async () => {
  await sim.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const send = (form: Record<string, string>, apiKey = sim.africasTalking.credentials.apiKey) =>
  fetch(`${sim.url}/version1/messaging`, {
    method: 'POST',
    headers: { apiKey, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
const username = () => sim.africasTalking.credentials.username;

describe('POST /version1/messaging', () => {
  it('refuses a wrong apiKey or username with 401', async () => {
    expect((await send({ username: username(), to: '+254712345678', message: 'hi' }, 'wrong')).status).toBe(401);
    expect((await send({ username: 'other', to: '+254712345678', message: 'hi' })).status).toBe(401);
  });

  it('answers SMSMessageData with a recipient per number: status code, cost and message id', async () => {
    const response = await send({ username: username(), to: '+254712345678,+254700000003', message: 'Hello' });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { SMSMessageData: { Message: string; Recipients: unknown[] } };
    expect(body.SMSMessageData.Message).toBe('Sent to 1/2 Total Cost: KES 0.8000');
    expect(body.SMSMessageData.Recipients).toEqual([
      {
        statusCode: 101,
        number: '+254712345678',
        status: 'Success',
        cost: 'KES 0.8000',
        messageId: expect.stringMatching(/^ATXid_/),
      },
      { statusCode: 403, number: '+254700000003', status: 'InvalidPhoneNumber', cost: '0', messageId: 'None' },
    ]);
  });

  it('answers HTTP 500 while failNextSends lasts', async () => {
    sim.africasTalking.behaviour.failNextSends = 1;
    expect((await send({ username: username(), to: '+254712345678', message: 'x' })).status).toBe(500);
    expect((await send({ username: username(), to: '+254712345678', message: 'x' })).status).toBe(201);
  });

  it('posts delivery reports as forms when asked, once each', async () => {
    reports.length = 0;
    await send({ username: username(), to: '+254700000091', message: 'will fail' });
    const statuses = await sim.africasTalking.deliverReports();
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(reports.at(-1)).toMatchObject({
      type: 'application/x-www-form-urlencoded',
      fields: { status: 'Failed', failureReason: 'DeliveryFailure', phoneNumber: '+254700000091', networkCode: '63902' },
    });
    expect(await sim.africasTalking.deliverReports()).toEqual([]);
  });

  it('counts parts as GSM-7 or UCS-2', () => {
    expect(smsParts('a'.repeat(160))).toBe(1);
    expect(smsParts('a'.repeat(161))).toBe(2);
    expect(smsParts('ŝ'.repeat(71))).toBe(2);
  });
});
