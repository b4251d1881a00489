import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PaymentsMode } from '@tuzo/contracts';
import type { Config } from '../config.ts';
import type { AppDeps } from '../lib/deps.ts';
import { FlutterwaveClient } from './flutterwave/flutterwave-client.ts';
import { DarajaClient } from './mpesa/daraja-client.ts';
import { encryptSecurityCredential } from './mpesa/security-credential.ts';
import { AfricasTalkingClient } from './sms/africas-talking-client.ts';
import type { SmsProvider } from './sms/sms-provider.ts';

export { ProviderError } from './http.ts';
export type { RefusalReason, SendOutcome, UnknownReason } from './send-outcome.ts';
export type { TransferRequest, TransferSnapshot } from './flutterwave/flutterwave-client.ts';
export type { SmsCost, SmsDeliveryReport, SmsProvider, SmsSendResult } from './sms/sms-provider.ts';
export type { AccountBalanceRequest, AsyncAccepted, B2CPaymentRequest, B2CStatusRequest } from './mpesa/daraja-client.ts';

/**
 * The payment providers the app talks to, built once at start-up from the configuration. The clients never know
 * whether a real provider or the local simulator answers: in development the process entry (server.ts), and in
 * tests the harness, start the simulator and put its address and credentials in the configuration.
 */
export interface Payments {
  /** Null when M-Pesa is not configured (STK push and C2B are then off). */
  mpesa: DarajaClient | null;
  /** Null when Flutterwave is not configured (payment links are then off). */
  flutterwave: FlutterwaveClient | null;
  flutterwaveSecretHash: string | null;
  /** Null when Africa's Talking is not configured (messages then wait in the SMS outbox). */
  sms: SmsProvider | null;
  /** Unguessable path segments of the M-Pesa callback URLs, the SMS-forwarder webhook and SMS delivery reports. */
  mpesaCallbackSecret: string;
  smsForwarderSecret: string;
  smsDeliverySecret: string;
  /**
   * Whether M-Pesa can reach our callback URLs, so C2B URLs are worth registering: a PUBLIC_URL is set, or M-Pesa
   * itself runs on this machine (the simulator on a loopback address).
   */
  canReachCallbacks: boolean;
}

const LOOPBACK_URL = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/;

/** True for an address only this machine can reach (localhost, 127.0.0.1, [::1]). */
export function isLoopbackUrl(url: string | undefined): boolean {
  return url !== undefined && LOOPBACK_URL.test(url);
}

/**
 * Where payments go (decision 047): `simulated` when a configured provider's address is this machine (the provider
 * simulator: `npm start` without keys, development, tests), `live` when providers are configured elsewhere, `off` when
 * none is. `/healthz` reports it and the web app shows a "Demo" banner on every page while it is `simulated`.
 */
export function paymentsMode(config: Config): PaymentsMode {
  const hasMpesa = Boolean(config.MPESA_CONSUMER_KEY);
  const hasFlutterwave = Boolean(config.FLW_SECRET_KEY);
  if ((hasMpesa && isLoopbackUrl(config.MPESA_BASE_URL)) || (hasFlutterwave && isLoopbackUrl(config.FLW_BASE_URL)))
    return 'simulated';
  return hasMpesa || hasFlutterwave ? 'live' : 'off';
}

export function createPayments(
  deps: Pick<AppDeps, 'config' | 'log'>,
  secrets: { mpesaCallbackSecret: string; smsForwarderSecret: string; smsDeliverySecret: string },
): Payments {
  const { config } = deps;
  if (!config.MPESA_CONSUMER_KEY && !config.FLW_SECRET_KEY) {
    deps.log.error('No payment provider keys are configured: STK push and payment links are disabled');
  }
  if (!config.AT_API_KEY || !config.AT_USERNAME) {
    deps.log.warn('AT_USERNAME and AT_API_KEY are not set: SMS for money events wait in the outbox, unsent');
  }
  return {
    ...configuredClients(deps),
    sms: smsProvider(config),
    ...secrets,
    canReachCallbacks: Boolean(config.PUBLIC_URL) || isLoopbackUrl(config.MPESA_BASE_URL),
  };
}

function configuredClients(
  deps: Pick<AppDeps, 'config' | 'log'>,
): Pick<Payments, 'mpesa' | 'flutterwave' | 'flutterwaveSecretHash'> {
  const { config } = deps;
  let mpesa: DarajaClient | null = null;
  if (config.MPESA_CONSUMER_KEY && config.MPESA_CONSUMER_SECRET && config.MPESA_PASSKEY) {
    const securityCredential = securityCredentialOf(config);
    mpesa = new DarajaClient({
      baseUrl: (config.MPESA_BASE_URL ?? 'https://sandbox.safaricom.co.ke').replace(/\/$/, ''),
      consumerKey: config.MPESA_CONSUMER_KEY,
      consumerSecret: config.MPESA_CONSUMER_SECRET,
      shortcode: config.MPESA_SHORTCODE,
      passkey: config.MPESA_PASSKEY,
      ...(config.MPESA_INITIATOR_NAME ? { initiatorName: config.MPESA_INITIATOR_NAME } : {}),
      ...(securityCredential ? { securityCredential } : {}),
      ...(config.MPESA_B2C_SHORTCODE ? { b2cShortcode: config.MPESA_B2C_SHORTCODE } : {}),
      timeoutMs: config.PROVIDER_TIMEOUT_MS,
    });
    if (!config.MPESA_INITIATOR_NAME || !securityCredential) {
      deps.log.error(
        'MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL are not set: C2B and SMS-forwarded M-Pesa payments cannot be confirmed, so they are not credited, and B2C payouts cannot be sent',
      );
    }
  } else if (config.MPESA_CONSUMER_KEY) {
    deps.log.error('MPESA_CONSUMER_KEY is set without MPESA_CONSUMER_SECRET and MPESA_PASSKEY: M-Pesa is disabled');
  }
  let flutterwave: FlutterwaveClient | null = null;
  if (config.FLW_SECRET_KEY && config.FLW_SECRET_HASH) {
    flutterwave = new FlutterwaveClient({
      baseUrl: (config.FLW_BASE_URL ?? 'https://api.flutterwave.com').replace(/\/$/, ''),
      secretKey: config.FLW_SECRET_KEY,
      timeoutMs: config.PROVIDER_TIMEOUT_MS,
    });
  } else if (config.FLW_SECRET_KEY) {
    deps.log.error('FLW_SECRET_KEY is set without FLW_SECRET_HASH (webhooks could not be verified): Flutterwave is disabled');
  }
  return { mpesa, flutterwave, flutterwaveSecretHash: flutterwave ? (config.FLW_SECRET_HASH ?? null) : null };
}

/** Africa's Talking when its username and key are set (the simulator's, in simulator mode); otherwise none. */
function smsProvider(config: Config): SmsProvider | null {
  if (!config.AT_API_KEY || !config.AT_USERNAME) return null;
  const isSandbox = config.AT_USERNAME === 'sandbox';
  return new AfricasTalkingClient({
    baseUrl: (
      config.AT_BASE_URL ?? (isSandbox ? 'https://api.sandbox.africastalking.com' : 'https://api.africastalking.com')
    ).replace(/\/$/, ''),
    username: config.AT_USERNAME,
    apiKey: config.AT_API_KEY,
    ...(config.AT_SENDER_ID ? { senderId: config.AT_SENDER_ID } : {}),
    timeoutMs: config.PROVIDER_TIMEOUT_MS,
  });
}

/**
 * The B2C / query SecurityCredential: as set, or encrypted at start from the initiator password and Safaricom's
 * certificate (a certificate that cannot be read stops the start with its path). Never logged.
 */
function securityCredentialOf(config: Config): string | undefined {
  if (config.MPESA_SECURITY_CREDENTIAL) return config.MPESA_SECURITY_CREDENTIAL;
  if (!config.MPESA_INITIATOR_PASSWORD || !config.MPESA_CERTIFICATE_PATH) return undefined;
  const certificatePath = path.resolve(config.MPESA_CERTIFICATE_PATH);
  let certificate: Buffer;
  try {
    certificate = readFileSync(certificatePath);
  } catch (error) {
    throw new Error(
      `Invalid configuration: MPESA_CERTIFICATE_PATH ${certificatePath} cannot be read (${(error as Error).message})`,
      {
        cause: error,
      },
    );
  }
  return encryptSecurityCredential({ initiatorPassword: config.MPESA_INITIATOR_PASSWORD, certificate });
}
