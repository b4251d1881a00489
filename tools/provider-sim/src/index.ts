import formbody from '@fastify/formbody';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { AfricasTalkingSim, type AfricasTalkingBehaviour, type AfricasTalkingCredentials } from './africas-talking.ts';
import { FlutterwaveSim, type FlutterwaveBehaviour, type FlutterwaveCredentials } from './flutterwave.ts';
import { MpesaSim, type MpesaBehaviour, type MpesaCredentials } from './mpesa.ts';
import type { B2CBehaviour } from './mpesa-b2c.ts';
import { randomHex, TimerSet } from './shared.ts';

export { AfricasTalkingSim, FlutterwaveSim, MpesaSim };
export { SMS_OUTCOMES, smsParts } from './africas-talking.ts';
export type { AfricasTalkingBehaviour, AfricasTalkingCredentials, SimSms } from './africas-talking.ts';
export type { FlutterwaveBehaviour, FlutterwaveCredentials, MpesaBehaviour, MpesaCredentials };
export type { C2BInput, SimPush, SimTransaction } from './mpesa.ts';
export { B2C_OUTCOMES, MpesaB2CSim } from './mpesa-b2c.ts';
export type { B2CBehaviour, B2CFault, SimPayout } from './mpesa-b2c.ts';
export { TRANSFER_OUTCOMES, FlutterwaveTransfersSim } from './flutterwave-transfers.ts';
export type { SimTransfer, TransferBehaviour } from './flutterwave-transfers.ts';
export type { UrlSource } from './shared.ts';

export interface ProviderSimOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Delay before an STK callback is sent (and the status query resolves). Default 1000 ms. */
  callbackDelayMs?: number;
  /** Fastify logger option; off by default. */
  logger?: FastifyServerOptions['logger'];
  /** Credentials the simulator accepts; random ones are generated when left out (read them from the result). */
  mpesa?: Partial<MpesaCredentials> & Partial<Omit<MpesaBehaviour, 'callbackDelayMs'>>;
  /** B2C knobs (default result delay: callbackDelayMs) and the starting utility balance (default KES 1,000,000.00). */
  b2c?: Partial<B2CBehaviour> & { utilityBalanceMinor?: bigint; workingBalanceMinor?: bigint };
  flutterwave?: Partial<FlutterwaveCredentials> & Partial<FlutterwaveBehaviour>;
  /** Africa's Talking SMS: credentials (random when left out) and knobs (delivery report URL, manual reports...). */
  africasTalking?: Partial<AfricasTalkingCredentials> & Partial<AfricasTalkingBehaviour>;
}

export interface ProviderSim {
  /** Base URL of both providers, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  mpesa: MpesaSim;
  flutterwave: FlutterwaveSim;
  africasTalking: AfricasTalkingSim;
  close: () => Promise<void>;
}

/** The Tuzo server's settings that point its provider clients at this simulator (names as in its configuration). */
export interface ServerSettings {
  MPESA_BASE_URL: string;
  MPESA_CONSUMER_KEY: string;
  MPESA_CONSUMER_SECRET: string;
  MPESA_SHORTCODE: string;
  MPESA_PASSKEY: string;
  MPESA_INITIATOR_NAME: string;
  MPESA_SECURITY_CREDENTIAL: string;
  MPESA_B2C_SHORTCODE: string;
  FLW_BASE_URL: string;
  FLW_SECRET_KEY: string;
  FLW_SECRET_HASH: string;
  AT_BASE_URL: string;
  AT_USERNAME: string;
  AT_API_KEY: string;
}

export function serverSettings(sim: ProviderSim): ServerSettings {
  const { credentials: m } = sim.mpesa;
  const { credentials: f } = sim.flutterwave;
  return {
    MPESA_BASE_URL: sim.url,
    MPESA_CONSUMER_KEY: m.consumerKey,
    MPESA_CONSUMER_SECRET: m.consumerSecret,
    MPESA_SHORTCODE: m.shortcode,
    MPESA_PASSKEY: m.passkey,
    MPESA_INITIATOR_NAME: m.initiatorName,
    MPESA_SECURITY_CREDENTIAL: m.securityCredential,
    MPESA_B2C_SHORTCODE: m.b2cShortcode,
    FLW_BASE_URL: sim.url,
    FLW_SECRET_KEY: f.secretKey,
    FLW_SECRET_HASH: f.secretHash,
    AT_BASE_URL: sim.url,
    AT_USERNAME: sim.africasTalking.credentials.username,
    AT_API_KEY: sim.africasTalking.credentials.apiKey,
  };
}

/**
 * Starts one HTTP server speaking M-Pesa Daraja and Flutterwave v3. Used in development (with no provider keys the server's
 * process entry starts it and passes `serverSettings(sim)` to the app's configuration) and by tests, which drive its knobs through `mpesa` and `flutterwave`.
 */
export async function startProviderSim(options: ProviderSimOptions = {}): Promise<ProviderSim> {
  const app = Fastify({ logger: options.logger ?? false });
  await app.register(formbody);
  const timers = new TimerSet();
  const log = app.log;
  let url = '';

  const { consumerKey, consumerSecret, shortcode, passkey, initiatorName, securityCredential, b2cShortcode, ...mpesaBehaviour } =
    options.mpesa ?? {};
  const mpesa = new MpesaSim(
    {
      consumerKey: consumerKey ?? `simkey_${randomHex(8)}`,
      consumerSecret: consumerSecret ?? `simsecret_${randomHex(8)}`,
      shortcode: shortcode ?? '174379',
      passkey: passkey ?? randomHex(32),
      initiatorName: initiatorName ?? 'testapi',
      securityCredential: securityCredential ?? Buffer.from(randomHex(32)).toString('base64'),
      b2cShortcode: b2cShortcode ?? '600000',
    },
    { ...mpesaBehaviour, ...(options.callbackDelayMs !== undefined ? { callbackDelayMs: options.callbackDelayMs } : {}) },
    timers,
    log,
    options.b2c ?? {},
  );
  const { secretKey, secretHash, ...flutterwaveBehaviour } = options.flutterwave ?? {};
  const flutterwave = new FlutterwaveSim(
    { secretKey: secretKey ?? `FLWSECK_TEST-${randomHex(16)}-X`, secretHash: secretHash ?? randomHex(16) },
    () => url,
    flutterwaveBehaviour,
    log,
    timers,
  );
  const { username, apiKey, ...smsBehaviour } = options.africasTalking ?? {};
  const africasTalking = new AfricasTalkingSim(
    { username: username ?? 'sandbox', apiKey: apiKey ?? `atsk_${randomHex(16)}` },
    smsBehaviour,
    log,
    timers,
  );
  mpesa.register(app);
  flutterwave.register(app);
  africasTalking.register(app);
  app.get('/', async () => ({
    simulator: 'tuzo provider-sim',
    providers: ['mpesa-daraja', 'flutterwave-v3', 'africastalking-sms'],
  }));

  const address = await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  url = address.replace('[::1]', 'localhost').replace(/\/$/, '');
  return {
    url,
    mpesa,
    flutterwave,
    africasTalking,
    close: async () => {
      timers.clear();
      await app.close();
    },
  };
}
