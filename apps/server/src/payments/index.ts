import { randomBytes } from 'node:crypto';
import { startProviderSim, type ProviderSim } from '@tuzo/provider-sim';
import type { AppDeps } from '../lib/deps.ts';
import { FlutterwaveClient } from './flutterwave/flutterwave-client.ts';
import { DarajaClient } from './mpesa/daraja-client.ts';

export { ProviderError } from './http.ts';

/** The payment providers the app talks to, built once at start-up from the configuration. */
export interface Payments {
  /** Null when M-Pesa is not configured (STK push and C2B are then off). */
  mpesa: DarajaClient | null;
  /** Null when Flutterwave is not configured (payment links are then off). */
  flutterwave: FlutterwaveClient | null;
  flutterwaveSecretHash: string | null;
  /** Unguessable path segments of the M-Pesa callback URLs and of the SMS-forwarder webhook. */
  mpesaCallbackSecret: string;
  smsForwarderSecret: string;
  /** The in-process simulator when no provider keys are configured (development and tests), else null. */
  simulator: ProviderSim | null;
  close: () => Promise<void>;
}

/** The Payments object of a running app (set by the start-up step). */
export function getPayments(deps: AppDeps): Payments {
  if (!deps.payments) throw new Error('Payments are not initialised (runStartupTasks has not run)');
  return deps.payments;
}

export function setPayments(deps: AppDeps, payments: Payments): void {
  deps.payments = payments;
}

/**
 * A simulator accepts any payment, so it must never stand in for a real provider where members are real. Without
 * keys, production starts it only when the app is local (no PUBLIC_URL, or a localhost one); otherwise deposits
 * by STK push and payment link stay off and an error is logged.
 */
function maySimulate(deps: AppDeps): boolean {
  if (deps.config.NODE_ENV !== 'production') return true;
  const publicUrl = deps.config.PUBLIC_URL;
  return !publicUrl || /^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?(\/|$)/.test(publicUrl);
}

export async function createPayments(
  deps: AppDeps,
  secrets: { mpesaCallbackSecret: string; smsForwarderSecret: string },
): Promise<Payments> {
  const { config } = deps;
  const hasKeys = Boolean(config.MPESA_CONSUMER_KEY || config.FLW_SECRET_KEY);
  if (hasKeys || !maySimulate(deps)) {
    if (!hasKeys) deps.log.error('No payment provider keys are configured: STK push and payment links are disabled');
    return { ...configuredClients(deps), ...secrets, simulator: null, close: async () => undefined };
  }
  const simulator = await startProviderSim({
    port: config.PROVIDER_SIM_PORT,
    host: '127.0.0.1',
    mpesa: { shortcode: config.MPESA_SHORTCODE, passkey: randomBytes(16).toString('hex') },
    flutterwave: { webhookUrl: () => `${deps.publicUrl()}/hooks/flutterwave` },
  });
  deps.log.warn({ url: simulator.url }, 'No payment provider keys: using the local provider simulator (no real money moves)');
  const m = simulator.mpesa.credentials;
  const f = simulator.flutterwave.credentials;
  return {
    mpesa: new DarajaClient({
      baseUrl: simulator.url,
      consumerKey: m.consumerKey,
      consumerSecret: m.consumerSecret,
      shortcode: m.shortcode,
      passkey: m.passkey,
    }),
    flutterwave: new FlutterwaveClient({ baseUrl: simulator.url, secretKey: f.secretKey }),
    flutterwaveSecretHash: f.secretHash,
    ...secrets,
    simulator,
    close: () => simulator.close(),
  };
}

function configuredClients(deps: AppDeps): Pick<Payments, 'mpesa' | 'flutterwave' | 'flutterwaveSecretHash'> {
  const { config } = deps;
  let mpesa: DarajaClient | null = null;
  if (config.MPESA_CONSUMER_KEY && config.MPESA_CONSUMER_SECRET && config.MPESA_PASSKEY) {
    mpesa = new DarajaClient({
      baseUrl: (config.MPESA_BASE_URL ?? 'https://sandbox.safaricom.co.ke').replace(/\/$/, ''),
      consumerKey: config.MPESA_CONSUMER_KEY,
      consumerSecret: config.MPESA_CONSUMER_SECRET,
      shortcode: config.MPESA_SHORTCODE,
      passkey: config.MPESA_PASSKEY,
    });
  } else if (config.MPESA_CONSUMER_KEY) {
    deps.log.error('MPESA_CONSUMER_KEY is set without MPESA_CONSUMER_SECRET and MPESA_PASSKEY: M-Pesa is disabled');
  }
  let flutterwave: FlutterwaveClient | null = null;
  if (config.FLW_SECRET_KEY && config.FLW_SECRET_HASH) {
    flutterwave = new FlutterwaveClient({
      baseUrl: (config.FLW_BASE_URL ?? 'https://api.flutterwave.com').replace(/\/$/, ''),
      secretKey: config.FLW_SECRET_KEY,
    });
  } else if (config.FLW_SECRET_KEY) {
    deps.log.error('FLW_SECRET_KEY is set without FLW_SECRET_HASH (webhooks could not be verified): Flutterwave is disabled');
  }
  return { mpesa, flutterwave, flutterwaveSecretHash: flutterwave ? (config.FLW_SECRET_HASH ?? null) : null };
}
