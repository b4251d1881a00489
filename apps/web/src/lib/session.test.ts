import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failed, ok, stubFetch, type Answer } from '@/testing/fetch-boundary';
import { ACCESS_TOKEN_KEY, USER_FETCHED_AT_KEY, USER_KEY } from './storage-keys';

/**
 * Start-up verification of a stored session (decision 058): only the server's 401 signs out and clears the stored
 * user data; no answer (offline), a 502 or 503 keep the member signed in with the last balances and their time.
 */
const STORED_USER = JSON.stringify({ userdetails: { username: 'demo_sponsor' }, balances: { balance: '12.50' } });

/** A fresh session module (its state is module-wide) started with a stored token and `answer` to `auth`. */
async function startWith(...answers: Answer[]) {
  vi.resetModules();
  localStorage.setItem(ACCESS_TOKEN_KEY, 'stored-token');
  localStorage.setItem(USER_KEY, STORED_USER);
  localStorage.setItem(USER_FETCHED_AT_KEY, '1764340200000');
  const requests = stubFetch(...answers);
  const session = await import('./session');
  session.setSessionNavigator(() => undefined);
  session.startSession();
  await vi.waitFor(() => expect(requests.length).toBeGreaterThan(0));
  // Let the answer be read and handled.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return { session, requests };
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('start-up verification', () => {
  it.each([
    ['no answer (offline or the service worker failing the request)', { error: new TypeError('Failed to fetch') }],
    ['a 502 from the load balancer', { status: 502, text: '<html>Bad Gateway</html>' }],
    ['a 503 envelope', failed(503, 'INTERNAL', 'Service unavailable')],
  ] as Array<[string, Answer]>)('keeps the member signed in after %s', async (_name, answer) => {
    const { session } = await startWith(answer);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('stored-token');
    expect(localStorage.getItem(USER_KEY)).toBe(STORED_USER);
    expect(session.readStoredUserFetchedAt()).toBe(1764340200000);
  });

  it('signs out and clears the stored user data and its time after a 401', async () => {
    await startWith(failed(401, 'UNAUTHORIZED', 'Session expired'));
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(localStorage.getItem(USER_FETCHED_AT_KEY)).toBeNull();
  });

  it('asks for the user data beside the verification and keeps the fresh copy once verified', async () => {
    const fresh = { userdetails: { username: 'demo_sponsor' }, balances: { balance: '99.00' } };
    const { session, requests } = await startWith(ok(fresh), ok({ valid: true }));
    await vi.waitFor(() => expect(requests.map((request) => request.url)).toEqual(['/api?action=userdata', '/api?action=auth']));
    await vi.waitFor(() => expect(session.readStoredUser()).toEqual(fresh));
    expect(session.readStoredUserFetchedAt()).toBeGreaterThan(1764340200000);
  });

  it('verifies again when the browser is back online', async () => {
    await startWith({ error: new TypeError('Failed to fetch') });
    const again = stubFetch(ok({ valid: true }));
    window.dispatchEvent(new Event('online'));
    // (The session modules of the tests above, still listening, may ask too: every request is the verification's.)
    // The user data is asked for beside the verification (one round trip less before the first screen).
    await vi.waitFor(() =>
      expect(new Set(again.map((request) => request.url))).toEqual(new Set(['/api?action=auth', '/api?action=userdata'])),
    );
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('stored-token');
  });
});
