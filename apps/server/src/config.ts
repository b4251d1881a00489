import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STAFF_PASSWORD_MIN } from '@tuzo/contracts';
import { z } from 'zod';
import { parseSecretKey } from './lib/secret-box.ts';
import { parseTrustProxy } from './lib/trust-proxy.ts';

/** The repository root: `./data` and the web build are resolved from here, whatever npm's working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((value) => (value === undefined ? fallback : ['true', '1', 'yes'].includes(value)));

/**
 * SMS_FORWARDER_PHONES: comma-separated phones, each as international digits (`+2547…`, `2547…` and `07…` are one
 * number, 2547…); SMS_FORWARDER_SENDERS: comma-separated sender names, upper-cased.
 */
const forwarderPhones = () =>
  optionalText.transform((value, ctx) => {
    const phones = (value ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    const digits = phones.map((phone) => phone.replace(/^\+/, '').replace(/^0(\d{9})$/, '254$1'));
    if (digits.some((phone) => !/^\d{9,15}$/.test(phone))) {
      ctx.addIssue({ code: 'custom', message: 'must be phone numbers separated by commas, e.g. +254712345678' });
      return z.NEVER;
    }
    return digits;
  });
const senderNames = (fallback: string) =>
  optionalText.transform((value) =>
    (value ?? fallback)
      .split(',')
      .map((part) => part.trim().toUpperCase())
      .filter((part) => part !== ''),
  );

const KEY_FORMAT = 'a 32-byte key: 64 hex characters or base64 (generate one with `openssl rand -base64 32`)';
/** TUZO_SECRET_KEY and TUZO_SECRET_KEY_PREVIOUS (comma-separated): the keys that seal TOTP secrets (lib/secret-box.ts). */
const secretKeys = () =>
  optionalText.transform((value, ctx) => {
    if (value === undefined) return undefined;
    const keys = value.split(',').map((part) => parseSecretKey(part));
    if (keys.some((key) => key === null)) {
      ctx.addIssue({ code: 'custom', message: `must be ${KEY_FORMAT}` });
      return z.NEVER;
    }
    return keys as Buffer[];
  });

const LOOPBACK_URL = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/i;

/**
 * A production server members reach: NODE_ENV=production with a PUBLIC_URL that is not this machine. `npm start`
 * defaults to production, so a local try-out on a fresh clone (no PUBLIC_URL, or a localhost one) is production
 * too; it keeps working without keys, as the provider simulator does (docs/decisions/006, 022).
 */
export function isPublicProduction(config: { NODE_ENV: string; PUBLIC_URL?: string | undefined }): boolean {
  return config.NODE_ENV === 'production' && config.PUBLIC_URL !== undefined && !LOOPBACK_URL.test(config.PUBLIC_URL);
}

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: optionalText,
    DATABASE_URL: optionalText,
    // A streaming replica for read-heavy pages (team pages, console overview); unset: the primary (decision 055).
    DATABASE_READ_URL: optionalText,
    DATA_DIR: z.string().default('./data'),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Unset: readable lines in a terminal, JSON otherwise (modules/observability/log-format.ts, decision 053).
    LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
    // The bearer token Prometheus sends to /metrics; unset, /metrics is not served (decision 053).
    METRICS_TOKEN: optionalText.refine((value) => value === undefined || value.length >= 16, {
      message: 'must be at least 16 characters',
    }),
    TUZO_ADMIN_USERNAME: optionalText,
    TUZO_ADMIN_PASSWORD: optionalText,
    TUZO_DEMO_SEED: flag(true),
    // The key that seals two-factor secrets; required in production, generated into DATA_DIR otherwise.
    TUZO_SECRET_KEY: secretKeys(),
    // Keys from before a rotation: they still open secrets until the start-up step re-seals them with the new key.
    TUZO_SECRET_KEY_PREVIOUS: secretKeys(),
    TUZO_TIMEZONE: z.string().default('Africa/Nairobi'),
    SYSTEM_CURRENCY: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .default('KES'),
    RATE_LIMIT_ENABLED: flag(true),
    // Off by default: X-Forwarded-For is believed only from the proxies named here (see lib/trust-proxy.ts).
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        try {
          return parseTrustProxy(value);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: `TRUST_PROXY: ${(error as Error).message}` });
          return z.NEVER;
        }
      }),
    // Member sessions: absolute lifetime and idle timeout. Staff sessions are fixed at 12 hours and 30 minutes idle
    // (modules/auth/session.service.ts); see docs/decisions/021-sessions-and-sign-in.md.
    SESSION_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 365)
      .default(24 * 30),
    SESSION_IDLE_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 365)
      .default(24 * 7),
    SMTP_URL: optionalText,
    MAIL_FROM: z.string().default('Tuzo <no-reply@tuzo.local>'),
    WEB_DIST_DIR: optionalText,
    // Payment providers. With no keys the in-process simulator is started and every client points at it.
    MPESA_BASE_URL: optionalText,
    MPESA_CONSUMER_KEY: optionalText,
    MPESA_CONSUMER_SECRET: optionalText,
    MPESA_SHORTCODE: z.string().default('174379'),
    MPESA_PASSKEY: optionalText,
    MPESA_CALLBACK_SECRET: optionalText,
    // The API operator ("initiator") and its password encrypted with Safaricom's certificate: the transaction status
    // query that confirms C2B and SMS-forwarded payments before they are credited needs both.
    MPESA_INITIATOR_NAME: optionalText,
    MPESA_SECURITY_CREDENTIAL: optionalText,
    // Or the initiator's password and Safaricom's certificate (a .cer file, PEM or DER): the credential is then
    // encrypted at start (RSA PKCS#1 v1.5, payments/mpesa/security-credential.ts). Set one form, not both.
    MPESA_INITIATOR_PASSWORD: optionalText,
    MPESA_CERTIFICATE_PATH: optionalText,
    // The shortcode B2C payouts are paid from (its utility account); MPESA_SHORTCODE when unset.
    MPESA_B2C_SHORTCODE: optionalText,
    // How long one provider call may take before it is abandoned (a payout is then of unknown outcome).
    PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
    FLW_BASE_URL: optionalText,
    FLW_SECRET_KEY: optionalText,
    FLW_SECRET_HASH: optionalText,
    SMS_FORWARDER_SECRET: optionalText,
    // The SMS-forwarder webhook takes only payment messages sent by these sender names (M-Pesa's is MPESA) and
    // forwarded by these phones (the `to` of each request). With no phone set, no forwarded SMS is accepted.
    SMS_FORWARDER_PHONES: forwarderPhones(),
    SMS_FORWARDER_SENDERS: senderNames('MPESA'),
    // Africa's Talking SMS (money-event messages, docs/decisions/037-sms-outbox.md). With no key and the simulator on,
    // the simulator's Africa's Talking answers; with neither, SMS stay in the outbox unsent.
    AT_BASE_URL: optionalText,
    AT_USERNAME: optionalText,
    AT_API_KEY: optionalText,
    AT_SENDER_ID: optionalText,
    // The unguessable last path segment of the delivery report URL set on the Africa's Talking dashboard
    // ({PUBLIC_URL}/hooks/sms-delivery/{AT_DELIVERY_SECRET}); generated and kept in settings when unset.
    AT_DELIVERY_SECRET: optionalText,
    // How often the SMS sender looks for messages to send; 0 turns the loop off (tests run it by hand).
    SMS_SEND_EVERY_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
    // Background jobs (modules/jobs, decision 052): a job's lease, renewed every third of it while it runs; a node
    // that dies mid-job is taken over by another within JOB_LEASE_MS and a quarter. After JOB_DEAD_AFTER failures in
    // a row a job is stopped (dead letter) until an operator revives it.
    JOB_LEASE_MS: z.coerce.number().int().min(400).max(600_000).default(60_000),
    JOB_DEAD_AFTER: z.coerce.number().int().min(1).max(1000).default(5),
    // SIGTERM drains (server.ts, decision 051): /readyz answers 503 for DRAIN_GRACE_MS so the balancer stops sending
    // requests, then in-flight requests and background runs get SHUTDOWN_TIMEOUT_MS to finish before connections close.
    DRAIN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(5_000),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
    PROVIDER_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    // true: run the local provider simulator (no real money moves); false: never. Unset: only outside production.
    TUZO_PROVIDER_SIMULATOR: z
      .enum(['true', 'false', '1', '0', 'yes', 'no'])
      .optional()
      .transform((value) => (value === undefined ? undefined : ['true', '1', 'yes'].includes(value))),
  })
  .superRefine((value, ctx) => {
    if (value.TUZO_SECRET_KEY && value.TUZO_SECRET_KEY.length !== 1) {
      ctx.addIssue({ code: 'custom', message: `TUZO_SECRET_KEY must be one key (older keys go in TUZO_SECRET_KEY_PREVIOUS)` });
    }
    if (isPublicProduction(value) && !value.TUZO_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        message: `In production set TUZO_SECRET_KEY to ${KEY_FORMAT}; it encrypts the staff's two-factor secrets, so keep it safe and back it up`,
      });
    }
    if (value.MPESA_SECURITY_CREDENTIAL && (value.MPESA_INITIATOR_PASSWORD || value.MPESA_CERTIFICATE_PATH)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Set MPESA_SECURITY_CREDENTIAL, or MPESA_INITIATOR_PASSWORD with MPESA_CERTIFICATE_PATH, not both',
      });
    } else if (Boolean(value.MPESA_INITIATOR_PASSWORD) !== Boolean(value.MPESA_CERTIFICATE_PATH)) {
      ctx.addIssue({ code: 'custom', message: 'Set both MPESA_INITIATOR_PASSWORD and MPESA_CERTIFICATE_PATH, or neither' });
    }
    const admin = [value.TUZO_ADMIN_USERNAME, value.TUZO_ADMIN_PASSWORD].filter(Boolean).length;
    if (admin === 1)
      ctx.addIssue({ code: 'custom', message: 'Set both TUZO_ADMIN_USERNAME and TUZO_ADMIN_PASSWORD, or neither' });
    if (value.TUZO_ADMIN_PASSWORD && value.TUZO_ADMIN_PASSWORD.length < STAFF_PASSWORD_MIN) {
      ctx.addIssue({
        code: 'custom',
        message: `TUZO_ADMIN_PASSWORD must be at least ${STAFF_PASSWORD_MIN} characters (a staff password)`,
      });
    }
  });

type ParsedConfig = z.infer<typeof ConfigSchema>;
export type Config = Omit<ParsedConfig, 'TUZO_SECRET_KEY'> & {
  TUZO_SECRET_KEY: Buffer | undefined;
  dataDir: string;
  webDistDir: string;
};

/** Parses the environment once at boot; a bad setting stops the process with a readable message. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'config'}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  return {
    ...config,
    TUZO_SECRET_KEY: config.TUZO_SECRET_KEY?.[0],
    dataDir: path.resolve(REPO_ROOT, config.DATA_DIR),
    webDistDir: path.resolve(REPO_ROOT, config.WEB_DIST_DIR ?? 'apps/web/dist'),
  };
}

export const NO_PROVIDER_KEYS_MSG =
  'Invalid configuration: no payment provider keys are set. Set MPESA_CONSUMER_KEY, MPESA_CONSUMER_SECRET, MPESA_PASSKEY, ' +
  'MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL (M-Pesa) and/or FLW_SECRET_KEY and FLW_SECRET_HASH (Flutterwave); ' +
  'or set TUZO_PROVIDER_SIMULATOR=true to run with the local provider simulator, where no real money moves.';

/**
 * Where payments go (decision 006, as changed by 020): `simulator` when TUZO_PROVIDER_SIMULATOR=true, or outside
 * production with no provider keys (unless it is false); `providers` when keys are set; `none` outside production
 * with the simulator turned off. A production server without keys that did not ask for the simulator refuses to start.
 */
export function providerMode(config: Config): 'simulator' | 'providers' | 'none' {
  if (config.TUZO_PROVIDER_SIMULATOR === true) return 'simulator';
  if (config.MPESA_CONSUMER_KEY || config.FLW_SECRET_KEY) return 'providers';
  if (config.NODE_ENV === 'production') throw new Error(NO_PROVIDER_KEYS_MSG);
  return config.TUZO_PROVIDER_SIMULATOR === false ? 'none' : 'simulator';
}

/**
 * `npm start` on a fresh clone is a local try-out: no provider keys, no PUBLIC_URL or a localhost one (nothing outside
 * this machine can reach it, so no provider could call back and no member could pay; see isPublicProduction). There the launcher asks for the simulator
 * itself (TUZO_PROVIDER_SIMULATOR=true, said in its first line); any deployment sets PUBLIC_URL and then needs keys
 * or the setting written out.
 */
export function isLocalTryOut(env: Record<string, string | undefined>): boolean {
  const isSet = (name: string) => (env[name] ?? '').trim() !== '';
  const isLocal = !isSet('PUBLIC_URL') || LOOPBACK_URL.test(env.PUBLIC_URL?.trim() ?? '');
  return isLocal && !isSet('TUZO_PROVIDER_SIMULATOR') && !isSet('MPESA_CONSUMER_KEY') && !isSet('FLW_SECRET_KEY');
}

/** The address members and providers reach this server at (callbacks, affiliate links). */
export function publicUrl(config: Config, port: number): string {
  return (config.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
}
