import type { Envelope, HttpMethod } from '@tuzo/contracts';
import toast from 'react-hot-toast';
import { enqueueNotifications, type IncomingNotification } from './notifications';
import { readAccessToken } from './storage-keys';

/**
 * The response envelope of every action (contracts `envelope.ts`), parsed once here; `info` items are checked one by
 * one when they are queued, so they are typed loosely.
 */
export type ApiEnvelope<TData = unknown> = Omit<Envelope<TData>, 'info'> & { info: IncomingNotification[] };

export interface ApiCallOptions {
  method?: HttpMethod;
  /** JSON body; sent only for POST and PUT. */
  payload?: unknown;
  /** Extra query parameters next to `action`. */
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as the `Idempotency-Key` header on money-moving requests. */
  idempotencyKey?: string;
  /** Skips the 401 sign-out (used by the logout call itself). */
  skipUnauthorizedHandling?: boolean;
  signal?: AbortSignal;
}

export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please login again.';
export const GENERIC_ERROR_MESSAGE = 'An error occurred';
export const API_PATH = '/api';

let onUnauthorized: () => void = () => undefined;

/** The session registers how to sign out when any response has status 401. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** Shows an error toast once per distinct message, so a failure reported twice shows one toast. */
export function showErrorToast(message: string): void {
  toast.error(message, { id: `error:${message}` });
}

export function errorMessage(error: unknown, fallback = GENERIC_ERROR_MESSAGE): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

function buildUrl(action: string, query: ApiCallOptions['query']): string {
  const params = new URLSearchParams({ action });
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  return `${API_PATH}?${params.toString()}`;
}

function buildHeaders(idempotencyKey: string | undefined): Headers {
  const headers = new Headers({ 'Content-Type': 'application/json', Accept: 'application/json' });
  const token = readAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (idempotencyKey) headers.set('Idempotency-Key', idempotencyKey);
  return headers;
}

function toEnvelope<T>(body: unknown, httpStatus: number): ApiEnvelope<T> {
  if (!body || typeof body !== 'object') throw new Error('The server sent an unreadable response');
  const raw = body as Partial<ApiEnvelope<T>>;
  return {
    status: typeof raw.status === 'number' ? raw.status : httpStatus,
    resultcode: Boolean(raw.resultcode),
    msg: typeof raw.msg === 'string' ? raw.msg : '',
    data: raw.data as T,
    info: Array.isArray(raw.info) ? raw.info : [],
  };
}

/**
 * Calls one action of the backend (`/api?action=NAME`) and returns its envelope; callers branch on `resultcode`.
 * Every `info` item joins the notification queue. A 401 shows "Session expired" and signs out. A network or
 * parse failure shows an error toast and is rethrown.
 */
export async function apiCall<T = unknown>(action: string, options: ApiCallOptions = {}): Promise<ApiEnvelope<T>> {
  const method = options.method ?? 'GET';
  const hasBody = (method === 'POST' || method === 'PUT') && options.payload !== undefined;
  let envelope: ApiEnvelope<T>;
  try {
    const response = await fetch(buildUrl(action, options.query), {
      method,
      headers: buildHeaders(options.idempotencyKey),
      body: hasBody ? JSON.stringify(options.payload) : undefined,
      signal: options.signal,
    });
    envelope = toEnvelope<T>(await response.json(), response.status);
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) showErrorToast(errorMessage(error));
    throw error;
  }
  if (envelope.info.length > 0) enqueueNotifications(envelope.info);
  if (envelope.status === 401 && !options.skipUnauthorizedHandling) {
    toast.error(SESSION_EXPIRED_MESSAGE, { id: 'session-expired' });
    onUnauthorized();
  }
  return envelope;
}
