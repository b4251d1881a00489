import type { ActionData, ActionPayload, Envelope, ErrorCode } from '@tuzo/contracts';
import {
  actionMethods,
  isIdempotentAction,
  type ActionMethod,
  type ActionName,
  type IdempotentAction,
} from '@tuzo/contracts/actions';
import toast from 'react-hot-toast';
import { currentLanguage, translate } from '@/i18n';
import { deviceId } from './device-id';
import { newIdempotencyKey } from './api-client.key';
import { apiClientTexts } from './api-client.texts';
import { enqueueNotifications, type IncomingNotification } from './notifications';
import { readAccessToken } from './storage-keys';

/**
 * The response envelope of every action (contracts `envelope.ts`), parsed once here; `info` items are checked one by
 * one when they are queued, so they are typed loosely.
 */
export type ApiEnvelope<TData = unknown> = Omit<Envelope<TData>, 'info'> & { info: IncomingNotification[] };

/**
 * How to call the action `N` of the catalogue (`@tuzo/contracts`, decision 050): its payload is the contract's input
 * (sent as the query string for GET and DELETE, as the JSON body for POST and PUT); the method is the catalogue's
 * first unless another of its methods is named. `idempotencyKey` type-checks only for the actions that honour one.
 */
export type CallActionOptions<N extends ActionName> = {
  method?: ActionMethod<N>;
  /** Skips the 401 sign-out (used by the logout call itself). */
  skipUnauthorizedHandling?: boolean;
  signal?: AbortSignal;
} & (Record<string, never> extends ActionPayload<N> ? { payload?: ActionPayload<N> } : { payload: ActionPayload<N> }) &
  (N extends IdempotentAction
    ? {
        /** Sent as the `Idempotency-Key` header: a retry of the same submission is answered once. */
        idempotencyKey?: string;
      }
    : { idempotencyKey?: never });

/** The options argument, optional when the action needs no payload. */
export type CallActionArgs<N extends ActionName> =
  Record<string, never> extends ActionPayload<N> ? [options?: CallActionOptions<N>] : [options: CallActionOptions<N>];

/** The spec's English words; the member sees them in the language shown (`api-client.texts.ts`). */
export const SESSION_EXPIRED_MESSAGE = apiClientTexts.en.sessionExpired;
export const GENERIC_ERROR_MESSAGE = apiClientTexts.en.genericError;
export const API_PATH = '/api';

/**
 * A failed envelope (`resultcode` false). Components branch on `code` (an ErrorCode of the contracts), never on the
 * message text; `msg` is the server's message for the member, possibly empty.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly msg: string;
  readonly data: unknown;

  constructor(envelope: { status: number; code: ErrorCode; msg: string; data?: unknown }) {
    super(envelope.msg || `Request failed (${envelope.code})`);
    this.name = 'ApiError';
    this.status = envelope.status;
    this.code = envelope.code;
    this.msg = envelope.msg;
    this.data = envelope.data;
  }
}

export function isApiError(error: unknown, ...codes: ErrorCode[]): error is ApiError {
  return error instanceof ApiError && (codes.length === 0 || codes.includes(error.code));
}

/**
 * True when the failure was a 401: the api client has already shown "Session expired" and signed out, so callers
 * show nothing more.
 */
export function isSessionExpired(error: unknown): boolean {
  return isApiError(error, 'UNAUTHORIZED');
}

let onUnauthorized: () => void = () => undefined;

/** The session registers how to sign out when any response has status 401. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** Shows an error toast once per distinct message, so a failure reported twice shows one toast. */
export function showErrorToast(message: string): void {
  toast.error(message, { id: `error:${message}` });
}

/** The message of a thrown error (a network or parse failure), or `fallback`. */
export function errorMessage(error: unknown, fallback = translate(apiClientTexts, 'genericError')): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * The text to show for a failed call, by the spec's two cases: a failed envelope shows the server's msg or
 * `failed`; a thrown error (network, parse) shows `thrown`, or nothing more when `thrown` is left out (the api client
 * has already toasted its message). Null after a 401, which the api client has reported as "Session expired".
 */
export function failureText(error: unknown, texts: { failed: string; thrown?: string }): string | null {
  if (isSessionExpired(error)) return null;
  return error instanceof ApiError ? error.msg || texts.failed : (texts.thrown ?? null);
}

function buildUrl(action: string, query: unknown): string {
  const params = new URLSearchParams({ action });
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  return `${API_PATH}?${params.toString()}`;
}

function buildHeaders(idempotencyKey: string | undefined): Headers {
  // The server writes its messages (`msg`) in the language the app shows now (decision 038).
  const headers = new Headers({
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  });
  const token = readAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (idempotencyKey) headers.set('Idempotency-Key', idempotencyKey);
  const device = deviceId();
  if (device) headers.set('X-Device-Id', device);
  return headers;
}

/**
 * The code of a failed envelope. The server always sends one; an envelope without it (a proxy in front of the
 * server) is read by its status. The contracts' full map is not imported here: any runtime import of the contracts
 * brings zod into the entry chunk that /login loads.
 */
function failureCode(raw: unknown, status: number): ErrorCode {
  if (typeof raw === 'string' && raw !== '') return raw as ErrorCode;
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 429) return 'RATE_LIMITED';
  return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
}

function toEnvelope<T>(body: unknown, httpStatus: number): ApiEnvelope<T> {
  if (!body || typeof body !== 'object') throw new Error(translate(apiClientTexts, 'unreadable'));
  const raw = body as Partial<Record<keyof ApiEnvelope<T>, unknown>>;
  const status = typeof raw.status === 'number' ? raw.status : httpStatus;
  const resultcode = Boolean(raw.resultcode);
  return {
    status,
    resultcode,
    msg: typeof raw.msg === 'string' ? raw.msg : '',
    data: raw.data as T,
    info: Array.isArray(raw.info) ? (raw.info as IncomingNotification[]) : [],
    code: resultcode ? null : failureCode(raw.code, status),
  };
}

/** Thrown before any request when a key is offered to an action the server does not honour it for. */
export class IdempotencyKeyRefused extends Error {
  constructor(action: string) {
    super(`${action} does not honour an Idempotency-Key (contracts actions.ts)`);
    this.name = 'IdempotencyKeyRefused';
  }
}

/**
 * How a money action is retried when no answer came (decision 051): after a connection error, or a 502 or 503 from
 * the load balancer in front of several nodes (a node that died or is restarting), the same request is sent again
 * with the same Idempotency-Key, so the server answers it once and the member sees nothing. Bounded: 3 more tries
 * after 0.3 s, 0.9 s and 1.8 s.
 */
export const RETRY_DELAYS_MS = [300, 900, 1_800] as const;
const RETRY_STATUSES = new Set([502, 503]);

const wait = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** `fetch`, sent again after a connection error, 502 or 503 when `isRetryable` (a keyed money action). */
async function fetchWithRetry(url: string, init: RequestInit, isRetryable: boolean): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    const delay = isRetryable ? RETRY_DELAYS_MS[attempt] : undefined;
    let response: Response;
    try {
      response = await fetch(url, init);
    } catch (error) {
      if (delay === undefined || isAbort(error)) throw error;
      await wait(delay, init.signal ?? undefined);
      continue;
    }
    if (delay === undefined || !RETRY_STATUSES.has(response.status)) return response;
    await response.body?.cancel().catch(() => undefined);
    await wait(delay, init.signal ?? undefined);
  }
}

/**
 * Calls one action of the backend (`/api?action=NAME`) by its catalogue name and returns its envelope when
 * `resultcode` is true; a failed envelope throws an ApiError (so TanStack Query's error states fire). Every `info`
 * item joins the notification queue, failed or not. A 401 shows "Session expired" and signs out before the ApiError
 * is thrown; nothing else signs out. A network or parse failure shows an error toast (none while the browser is offline)
 * and is rethrown as it is. A key for an action the
 * catalogue does not mark idempotent is refused before anything is sent. Every action the catalogue marks idempotent
 * (every money action) carries a key: the caller's (one per submission, so a double tap is answered once) or one made
 * for this call; it is retried with that key after a connection error, 502 or 503 (`RETRY_DELAYS_MS`).
 */
export async function callAction<N extends ActionName>(
  name: N,
  ...[options = {} as CallActionOptions<N>]: CallActionArgs<N>
): Promise<ApiEnvelope<ActionData<N>>> {
  if (options.idempotencyKey !== undefined && !isIdempotentAction(name)) throw new IdempotencyKeyRefused(name);
  const method = options.method ?? actionMethods(name)[0];
  const inBody = method === 'POST' || method === 'PUT';
  const idempotencyKey = isIdempotentAction(name) ? (options.idempotencyKey ?? newIdempotencyKey()) : undefined;
  let envelope: ApiEnvelope<ActionData<N>>;
  try {
    // The request is built before anything is awaited: signOut calls logout and then removes the token.
    const url = buildUrl(name, inBody ? undefined : options.payload);
    const init: RequestInit = {
      method,
      headers: buildHeaders(idempotencyKey),
      body: inBody && options.payload !== undefined ? JSON.stringify(options.payload) : undefined,
      signal: options.signal,
    };
    const response = await fetchWithRetry(url, init, idempotencyKey !== undefined);
    envelope = toEnvelope<ActionData<N>>(await response.json(), response.status);
  } catch (error) {
    // Offline the shell's notice already says so; no toast per failed call. No answer never signs out (decision 058).
    if (!isAbort(error) && !isOffline()) showErrorToast(errorMessage(error));
    throw error;
  }
  if (envelope.info.length > 0) enqueueNotifications(envelope.info);
  if (envelope.status === 401 && !options.skipUnauthorizedHandling) {
    toast.error(translate(apiClientTexts, 'sessionExpired'), { id: 'session-expired' });
    onUnauthorized();
  }
  if (!envelope.resultcode) {
    const code = (envelope.code ?? 'INTERNAL') as ErrorCode;
    throw new ApiError({ status: envelope.status, code, msg: envelope.msg, data: envelope.data });
  }
  return envelope;
}
