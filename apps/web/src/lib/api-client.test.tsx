import { act, render, renderHook, screen } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n';
import { failed, ok, stubFetch } from '@/testing/fetch-boundary';
import {
  ApiError,
  callAction,
  IdempotencyKeyRefused,
  errorMessage,
  failureText,
  isApiError,
  isSessionExpired,
  RETRY_DELAYS_MS,
  SESSION_EXPIRED_MESSAGE,
  setUnauthorizedHandler,
} from './api-client';
import { dismissNotification, useCurrentNotification } from './notifications';
import { ACCESS_TOKEN_KEY } from './storage-keys';

let signOuts = 0;

beforeEach(() => {
  signOuts = 0;
  setUnauthorizedHandler(() => {
    signOuts += 1;
  });
  render(<Toaster />);
});

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => toast.remove());
});

/**
 * The error `call` rejects with, failing the test when it resolves. The call runs inside `act`: the toasts and the
 * notification queue it feeds are React state.
 */
async function rejection(call: Promise<unknown>): Promise<unknown> {
  let error: unknown = undefined;
  await act(() =>
    call.then(
      () => expect.fail('the call should have failed'),
      (thrown: unknown) => {
        error = thrown;
      },
    ),
  );
  return error;
}

describe('callAction: requests', () => {
  it('calls /api with the action and the defined query values, without a body for GET', async () => {
    const requests = stubFetch(ok({ rows: [] }));
    const envelope = await callAction('withdrawalhistory', { payload: { page: 2, limit: 50, search: undefined, all: false } });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe('/api?action=withdrawalhistory&page=2&limit=50&all=false');
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.body).toBeUndefined();
    expect(requests[0]?.headers.get('Accept')).toBe('application/json');
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
    expect(envelope).toEqual({ status: 200, resultcode: true, msg: '', data: { rows: [] }, info: [], code: null });
  });

  it('sends the JSON payload, the stored token and the idempotency key on a POST', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token-123');
    const requests = stubFetch(ok(null, { msg: 'Withdrawal request received.' }));
    const envelope = await callAction('systemwithdrawal', {
      payload: { acc: '1', amount: '150.00' },
      idempotencyKey: 'key-1',
    });
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.body).toEqual({ acc: '1', amount: '150.00' });
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer token-123');
    expect(requests[0]?.headers.get('Idempotency-Key')).toBe('key-1');
    expect(envelope.msg).toBe('Withdrawal request received.');
  });

  it('sends the language the app shows as Accept-Language on every call', async () => {
    const requests = stubFetch(ok(null), ok(null));
    await callAction('userdata');
    await setLanguage('sw');
    await callAction('setlanguage', { payload: { language: 'sw' } });
    await setLanguage('en');
    expect(requests.map((request) => request.headers.get('Accept-Language'))).toEqual(['en', 'sw']);
  });

  it('uses the catalogue’s method: POST for systemwithdrawal, GET for userdata, another listed method when named', async () => {
    const requests = stubFetch(ok(null), ok(null), ok(null));
    await callAction('systemwithdrawal', { payload: { acc: '1', amount: '1.00' } });
    await callAction('userdata');
    await callAction('logout', { method: 'GET' });
    expect(requests.map((request) => request.method)).toEqual(['POST', 'GET', 'GET']);
  });

  it('refuses an Idempotency-Key for an action the server does not honour it for, before sending anything', async () => {
    const requests = stubFetch(ok(null));
    const call = callAction as (name: string, options: object) => Promise<unknown>;
    await expect(call('setlanguage', { payload: { language: 'sw' }, idempotencyKey: 'key-12345' })).rejects.toBeInstanceOf(
      IdempotencyKeyRefused,
    );
    expect(requests).toHaveLength(0);
    // @ts-expect-error the catalogue does not mark setlanguage idempotent, so the key does not type-check
    await rejection(callAction('setlanguage', { payload: { language: 'sw' }, idempotencyKey: 'key-12345' }));
  });
});

describe('callAction: retries behind a load balancer (decision 051)', () => {
  it('sends every money action a key, made for the call when the caller has none, and retries it with that key', async () => {
    const requests = stubFetch(
      { error: new TypeError('Failed to fetch') },
      { status: 502, text: '<html>502 Bad Gateway</html>' },
      { status: 503, text: '<html>503 Service Unavailable</html>' },
      ok({ amount: '5.00' }, { msg: 'Paid' }),
    );
    const envelope = await callAction('payyoutube', { payload: { vid: '7' } });
    expect(envelope.msg).toBe('Paid');
    const keys = requests.map((request) => request.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(4);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(requests.map((request) => request.body)).toEqual(Array(4).fill({ vid: '7' }));
  });

  it('gives up after RETRY_DELAYS_MS and answers what the last try got', async () => {
    const unavailable = failed(503, 'INTERNAL', 'No node can answer');
    const requests = stubFetch(unavailable, unavailable, unavailable, unavailable, ok(null));
    const error = await rejection(
      callAction('stkpush', { payload: { phone: '0712345678', amount: '10' }, idempotencyKey: 'k-1' }),
    );
    expect(isApiError(error, 'INTERNAL')).toBe(true);
    expect(requests).toHaveLength(RETRY_DELAYS_MS.length + 1);
    expect(new Set(requests.map((request) => request.headers.get('Idempotency-Key')))).toEqual(new Set(['k-1']));
  }, 10_000);

  it('sends no key and never retries an action that does not honour one', async () => {
    const requests = stubFetch({ status: 502, text: '<html>502 Bad Gateway</html>' }, ok(null));
    await rejection(callAction('userdata'));
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.has('Idempotency-Key')).toBe(false);
  });
});

describe('callAction: failed envelopes', () => {
  it('throws an ApiError with the status, code, msg and data of the envelope', async () => {
    stubFetch(failed(409, 'INSUFFICIENT_FUNDS', 'Amount exceeds available balance', { data: { balance: '3.00' } }));
    const error = await rejection(callAction('systemwithdrawal', { payload: { acc: '1', amount: '1.00' } }));
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(409);
    expect(apiError.code).toBe('INSUFFICIENT_FUNDS');
    expect(apiError.msg).toBe('Amount exceeds available balance');
    expect(apiError.message).toBe('Amount exceeds available balance');
    expect(apiError.data).toEqual({ balance: '3.00' });
    expect(isApiError(error)).toBe(true);
    expect(isApiError(error, 'NOT_FOUND', 'INSUFFICIENT_FUNDS')).toBe(true);
    expect(isApiError(error, 'NOT_FOUND')).toBe(false);
    expect(failureText(error, { failed: 'Submission failed' })).toBe('Amount exceeds available balance');
    expect(signOuts).toBe(0);
  });

  it('names the code in the message when the server sent no msg', async () => {
    stubFetch(failed(404, 'NOT_FOUND', ''));
    const error = (await rejection(callAction('ping'))) as ApiError;
    expect(error.message).toBe('Request failed (NOT_FOUND)');
    expect(failureText(error, { failed: 'Submission failed' })).toBe('Submission failed');
  });

  it('reads the code from the status when an envelope has none (a proxy in front of the server)', async () => {
    const cases = [
      [401, 'UNAUTHORIZED'],
      [429, 'RATE_LIMITED'],
      [502, 'INTERNAL'],
      [400, 'BAD_REQUEST'],
    ] as const;
    for (const [status, code] of cases) {
      stubFetch({ status, json: { resultcode: false, msg: 'Refused' } });
      const error = (await rejection(callAction('ping', { skipUnauthorizedHandling: true }))) as ApiError;
      expect([error.status, error.code], String(status)).toEqual([status, code]);
    }
  });

  it('prefers the status in the envelope over the HTTP status', async () => {
    stubFetch({ status: 200, json: { status: 403, resultcode: false, msg: 'Forbidden', code: 'FORBIDDEN' } });
    const error = (await rejection(callAction('ping'))) as ApiError;
    expect(error.status).toBe(403);
    expect(error.code).toBe('FORBIDDEN');
  });
});

describe('callAction: 401', () => {
  it('shows "Session expired", signs out once, and still throws the ApiError', async () => {
    stubFetch(failed(401, 'UNAUTHORIZED', 'Invalid token'));
    const error = await rejection(callAction('userdata'));
    expect(isSessionExpired(error)).toBe(true);
    expect(failureText(error, { failed: 'Submission failed', thrown: 'Network error' })).toBeNull();
    expect(signOuts).toBe(1);
    expect(await screen.findByText(SESSION_EXPIRED_MESSAGE)).toBeTruthy();
  });

  it('leaves the session alone when the caller handles the 401 itself (the logout call)', async () => {
    stubFetch(failed(401, 'UNAUTHORIZED', 'Invalid token'));
    await rejection(callAction('logout', { skipUnauthorizedHandling: true }));
    await act(async () => undefined);
    expect(signOuts).toBe(0);
    expect(screen.queryByText(SESSION_EXPIRED_MESSAGE)).toBeNull();
  });
});

describe('callAction: the request', () => {
  it('takes the token when called, so sign-out can remove it right after sending logout', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token-being-signed-out');
    const requests = stubFetch(ok({}));
    const call = callAction('logout', { skipUnauthorizedHandling: true });
    localStorage.removeItem(ACCESS_TOKEN_KEY);
    await act(async () => {
      await call;
    });
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer token-being-signed-out');
  });
});

describe('callAction: the info queue', () => {
  it('queues every readable info item, failed or not, one shown at a time', async () => {
    const { result } = renderHook(() => useCurrentNotification());
    const info = [
      { msg: 'Deposit received', severity: 'success', time: '2026-03-01T10:00:00Z', icon: '<b>i</b>' },
      { msg: '   ' },
      { severity: 'error' },
      { msg: 'Second', severity: 'loud' },
    ];
    stubFetch(failed(409, 'CONFLICT', 'Refused', { info }));
    await rejection(callAction('ping'));
    const first = result.current;
    expect(first).toMatchObject({ msg: 'Deposit received', severity: 'success', time: '2026-03-01T10:00:00Z', icon: '<b>i</b>' });
    act(() => dismissNotification(first?.id ?? -1));
    expect(result.current).toMatchObject({ msg: 'Second', severity: 'info', icon: null });
    expect(Number.isNaN(Date.parse(result.current?.time ?? ''))).toBe(false);
    act(() => dismissNotification(result.current?.id ?? -1));
    expect(result.current).toBeNull();
  });

  it('ignores an info field that is not a list', async () => {
    const { result } = renderHook(() => useCurrentNotification());
    stubFetch({ json: { status: 200, resultcode: true, msg: '', data: null, info: 'x', code: null } });
    const envelope = await callAction('ping');
    expect(envelope.info).toEqual([]);
    expect(result.current).toBeNull();
  });
});

describe('callAction: answers that are no envelope', () => {
  it('shows and rethrows the parse error of a non-JSON answer', async () => {
    stubFetch({ status: 502, text: '<html>Bad gateway</html>' });
    const error = await rejection(callAction('userdata'));
    expect(error).toBeInstanceOf(SyntaxError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(await screen.findByText(errorMessage(error))).toBeTruthy();
    expect(failureText(error, { failed: 'Submission failed', thrown: 'Network error' })).toBe('Network error');
    expect(failureText(error, { failed: 'Submission failed' })).toBeNull();
  });

  it('refuses JSON that is not an object', async () => {
    for (const json of [null, 'ok', 42]) {
      stubFetch({ json });
      const error = await rejection(callAction('ping'));
      expect(errorMessage(error)).toBe('The server sent an unreadable response');
    }
    expect(await screen.findByText('The server sent an unreadable response')).toBeTruthy();
  });

  it('shows and rethrows a network failure', async () => {
    stubFetch({ error: new TypeError('Failed to fetch') });
    const error = await rejection(callAction('ping'));
    expect(error).toBeInstanceOf(TypeError);
    expect(await screen.findByText('Failed to fetch')).toBeTruthy();
  });

  it('rethrows an aborted request without a toast', async () => {
    stubFetch(ok(null));
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(callAction('ping', { signal: controller.signal }));
    expect((error as DOMException).name).toBe('AbortError');
    await act(async () => undefined);
    expect(document.body.textContent).toBe('');
  });
});

describe('errorMessage', () => {
  it('gives the message of an Error, else the fallback', () => {
    expect(errorMessage(new Error('Boom'))).toBe('Boom');
    expect(errorMessage(new Error(''))).toBe('An error occurred');
    expect(errorMessage('text', 'Network error')).toBe('Network error');
  });
});
