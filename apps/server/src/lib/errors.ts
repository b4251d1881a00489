import { statusForCode, type ErrorCode, type Notification } from '@tuzo/contracts';

/** The one error type services throw; the action endpoint turns it into a 4xx/5xx envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly data: unknown;
  /** Notifications for the envelope's `info` (a refusal the spec's client does not show otherwise). */
  readonly info: readonly Notification[];
  /** For RATE_LIMITED: whole seconds until a retry can succeed, sent as the `Retry-After` header. */
  retryAfterSeconds: number | null = null;

  constructor(code: ErrorCode, message: string, data: unknown = null, info: readonly Notification[] = []) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = statusForCode(code);
    this.data = data;
    this.info = info;
  }
}

/** A 429 RATE_LIMITED refusal whose answer carries `Retry-After: <seconds>`. */
export function rateLimitedError(message: string, retryAfterSeconds: number): AppError {
  const error = new AppError('RATE_LIMITED', message);
  error.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return error;
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/**
 * A start the operator must fix in the configuration (e.g. TUZO_ADMIN_USERNAME naming a member): `server.ts` prints
 * its one sentence, without a stack, and exits non-zero.
 */
export class StartupRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupRefusal';
  }
}
