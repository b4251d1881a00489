import { constants, privateDecrypt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProviderSim, type ProviderSim, type ProviderSimOptions } from '@tuzo/provider-sim';
import { FlutterwaveClient } from '../src/payments/flutterwave/flutterwave-client.ts';
import { DarajaClient, type DarajaConfig } from '../src/payments/mpesa/daraja-client.ts';

/** One JSON body a provider posted to us, with its path and headers. */
export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  rawBody: string;
}

/**
 * A tiny HTTP server standing in for the app's callback and webhook endpoints: it records every body and lets a test
 * await the one it expects (no sleeping: the promise settles when the body arrives, or fails after `ms`).
 */
export interface Receiver {
  url: string;
  received: Received[];
  waitFor: (predicate: (received: Received) => boolean, ms?: number) => Promise<Received>;
  close: () => Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const waiters = new Set<{ predicate: (received: Received) => boolean; resolve: (received: Received) => void }>();
  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      const entry: Received = {
        path: request.url ?? '',
        headers: request.headers,
        body: text ? JSON.parse(text) : null,
        rawBody: text,
      };
      received.push(entry);
      for (const waiter of [...waiters]) {
        if (!waiter.predicate(entry)) continue;
        waiters.delete(waiter);
        waiter.resolve(entry);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ResultCode":0,"ResultDesc":"Accepted"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    waitFor: (predicate, ms = 5000) => {
      const found = received.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { predicate, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (waiters.delete(waiter)) reject(new Error(`Nothing matching arrived within ${ms} ms`));
        }, ms).unref();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The simulator with results held until released, a receiver, and the real clients pointed at the simulator. */
export interface PayoutProviders {
  sim: ProviderSim;
  receiver: Receiver;
  daraja: (overrides?: Partial<DarajaConfig>) => DarajaClient;
  flutterwave: (overrides?: { secretKey?: string; timeoutMs?: number }) => FlutterwaveClient;
  close: () => Promise<void>;
}

export async function startPayoutProviders(options: ProviderSimOptions = {}): Promise<PayoutProviders> {
  const receiver = await startReceiver();
  const sim = await startProviderSim({
    callbackDelayMs: 0,
    ...options,
    b2c: { holdResults: true, ...options.b2c },
    flutterwave: { webhookUrl: `${receiver.url}/flw`, holdTransfers: true, ...options.flutterwave },
  });
  const { credentials: m } = sim.mpesa;
  return {
    sim,
    receiver,
    daraja: (overrides = {}) =>
      new DarajaClient({
        baseUrl: sim.url,
        consumerKey: m.consumerKey,
        consumerSecret: m.consumerSecret,
        shortcode: m.shortcode,
        passkey: m.passkey,
        initiatorName: m.initiatorName,
        securityCredential: m.securityCredential,
        b2cShortcode: m.b2cShortcode,
        timeoutMs: 2000,
        ...overrides,
      }),
    flutterwave: (overrides = {}) =>
      new FlutterwaveClient({
        baseUrl: sim.url,
        secretKey: overrides.secretKey ?? sim.flutterwave.credentials.secretKey,
        timeoutMs: overrides.timeoutMs ?? 2000,
      }),
    close: async () => {
      await sim.close();
      await receiver.close();
    },
  };
}

/** A test-only certificate and its private key (`openssl req -x509 -newkey rsa:2048`), standing in for Safaricom's. */
export const TEST_CERTIFICATE_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'mpesa-test-cert.cer');
const TEST_KEY_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'mpesa-test-key.pem');

/**
 * Decrypts a SecurityCredential made with the test certificate, undoing RSA PKCS#1 v1.5 type-2 padding by hand (Node
 * refuses PKCS#1 padding for private decryption); throws if the block is not PKCS#1 v1.5 padded.
 */
export function decryptTestCredential(credential: string): string {
  const block = privateDecrypt(
    { key: readFileSync(TEST_KEY_PATH), padding: constants.RSA_NO_PADDING },
    Buffer.from(credential, 'base64'),
  );
  const end = block.indexOf(0x00, 2);
  if (block[0] !== 0x00 || block[1] !== 0x02 || end < 10) throw new Error('Not a PKCS#1 v1.5 encryption block');
  return block.subarray(end + 1).toString('utf8');
}
