import { ProviderError, type ProviderResponse } from './http.ts';

/**
 * What became of a request that asks a provider to move money (or to look something up on our behalf). The three kinds
 * are exhaustive and the payouts module acts on them without guessing (decision 031):
 * - `accepted`: the provider acknowledged it; the result follows asynchronously.
 * - `refused`: the provider definitely did not take THIS request (bad input, bad credentials, or a duplicate id). A
 *   `duplicate` refusal means an EARLIER request with the same id was taken: never refund on it, ask the provider.
 * - `unknown`: it may or may not have been taken (timeout, network error, 5xx, spike arrest, an answer we cannot read).
 *   Never refund and never re-send on it: resolve it with the status query (B2C) or a fetch by reference (Flutterwave).
 */
export type SendOutcome<Accepted> =
  | { kind: 'accepted'; accepted: Accepted }
  | { kind: 'refused'; reason: RefusalReason; httpStatus: number; errorCode: string | null; message: string }
  | { kind: 'unknown'; reason: UnknownReason; httpStatus: number; errorCode: string | null; message: string };

/** `invalid`: the provider rejected our input; `auth`: our credentials; `duplicate`: the id was used before; `config`: nothing was sent. */
export type RefusalReason = 'invalid' | 'auth' | 'duplicate' | 'config';
/** `network`: no answer (timeout or connection error); `server-error`: a 5xx; `busy`: spike arrest; `unreadable`: a 2xx we cannot read. */
export type UnknownReason = 'network' | 'server-error' | 'busy' | 'unreadable';

export type SendRefused = Extract<SendOutcome<never>, { kind: 'refused' }>;
export type SendUnknown = Extract<SendOutcome<never>, { kind: 'unknown' }>;

export function refused(reason: RefusalReason, message: string, httpStatus = 0, errorCode: string | null = null): SendRefused {
  return { kind: 'refused', reason, httpStatus, errorCode, message };
}

export function unknownOutcome(
  reason: UnknownReason,
  message: string,
  httpStatus = 0,
  errorCode: string | null = null,
): SendUnknown {
  return { kind: 'unknown', reason, httpStatus, errorCode, message };
}

/**
 * A thrown error while sending: a ProviderError with status 0 (timeout, connection refused or reset) may have reached
 * the provider, so it is unknown; anything else is re-thrown (a bug, not a provider outcome).
 */
export function outcomeOfThrown(error: unknown): SendUnknown {
  if (error instanceof ProviderError) return unknownOutcome('network', error.message, error.httpStatus, error.errorCode);
  throw error;
}

/**
 * A provider's answer other than an acknowledgement, by HTTP status: 5xx (and anything unexpected) may have been
 * taken; 4xx was not. `errorCode` and `message` come from the provider's error body when it has one.
 */
export function outcomeOfErrorResponse(
  response: ProviderResponse,
  error: { errorCode: string | null; message: string },
): SendRefused | SendUnknown {
  const { status } = response;
  if (status === 401 || status === 403) return refused('auth', error.message, status, error.errorCode);
  if (status >= 400 && status < 500) return refused('invalid', error.message, status, error.errorCode);
  if (status >= 500) return unknownOutcome('server-error', error.message, status, error.errorCode);
  return unknownOutcome('unreadable', error.message, status, error.errorCode);
}
