import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n';
import { apiCall } from '@/lib/api-client';
import { claimBootSlot, takeBootAnswer } from '@/lib/boot';
import { ACCESS_TOKEN_KEY } from '@/lib/storage-keys';
import { failed, ok, stubFetch } from '@/testing/fetch-boundary';
import { tuzoBoot } from './boot-script';

const slot = window as unknown as { __tuzoBoot?: unknown };

beforeEach(() => {
  delete slot.__tuzoBoot;
  document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
  window.history.replaceState(null, '', '/dashboard');
});

afterEach(async () => {
  vi.unstubAllGlobals();
  delete slot.__tuzoBoot;
  await setLanguage('en');
});

/** Lets the script's promise chain (auth answered, then userdata sent) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const action = (url: string) => new URL(url, 'http://tuzo.test').searchParams.get('action');

describe('the start-up script', () => {
  it('sends auth, then userdata once auth says yes, with the headers the api client sends; the app takes both', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token-1');
    await setLanguage('sw');
    const requests = stubFetch(ok({ lastupdate: null }), ok({ marker: 'from the script' }), ok({ own: true }));
    tuzoBoot(['/assets/shell.js', '/assets/dashboard.js']);
    await settle();
    expect(requests.map((request) => action(request.url))).toEqual(['auth', 'userdata']);
    const preloads = [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));
    expect(preloads).toEqual(['/assets/shell.js', '/assets/dashboard.js']);

    // The app's own call of the same kind, for comparison of the headers.
    await apiCall('wallets');
    const [script, , app] = requests;
    for (const name of ['Authorization', 'Accept-Language', 'Accept', 'Content-Type']) {
      expect(script!.headers.get(name), name).toBe(app!.headers.get(name));
    }
    expect(script!.headers.get('Accept-Language')).toBe('sw');

    const request = { token: 'token-1', language: 'sw' };
    await apiCall('auth', { answer: takeBootAnswer('auth', request) });
    const userdata = await apiCall<{ marker: string }>('userdata', { answer: takeBootAnswer('userdata', request) });
    expect(userdata.data.marker).toBe('from the script');
    // Taken once: no request was sent for either, and a second take has nothing.
    expect(requests).toHaveLength(3);
    expect(takeBootAnswer('auth', request)).toBeNull();
  });

  it('sends no userdata when auth refuses the token, and the app asks again itself', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'expired');
    const requests = stubFetch(failed(401, 'UNAUTHORIZED', 'Unauthorized'));
    tuzoBoot([]);
    await settle();
    expect(requests.map((request) => action(request.url))).toEqual(['auth']);
    expect(await takeBootAnswer('userdata', { token: 'expired', language: 'en' })).toBeNull();
  });

  it('gives nothing to a call with another token or language', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token-2');
    stubFetch(ok({ lastupdate: null }), ok({}));
    tuzoBoot([]);
    await settle();
    expect(takeBootAnswer('auth', { token: 'another', language: 'en' })).toBeNull();
    expect(takeBootAnswer('auth', { token: 'token-2', language: 'sw' })).toBeNull();
    expect(takeBootAnswer('auth', { token: 'token-2', language: 'en' })).not.toBeNull();
  });

  it('does nothing without a stored session, when the app started first, and preloads only for the dashboard', async () => {
    const requests = stubFetch(ok({ lastupdate: null }), ok({}));
    tuzoBoot(['/assets/shell.js']);
    expect(requests).toHaveLength(0);

    localStorage.setItem(ACCESS_TOKEN_KEY, 'token-3');
    claimBootSlot();
    tuzoBoot(['/assets/shell.js']);
    expect(requests).toHaveLength(0);

    delete slot.__tuzoBoot;
    window.history.replaceState(null, '', '/withdraw');
    tuzoBoot(['/assets/shell.js']);
    await settle();
    expect(requests.map((request) => action(request.url))).toEqual(['auth', 'userdata']);
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
  });
});
