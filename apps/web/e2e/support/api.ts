import { parseAmountToMinor, type Envelope } from '@tuzo/contracts';
import { expect } from 'vitest';

export interface ApiHelpers {
  call: <T = any>(
    action: string,
    options?: { token?: string; method?: string; payload?: unknown; idempotencyKey?: string },
  ) => Promise<Envelope<T>>;
  login: (username: string, password: string) => Promise<string>;
  /** A wallet of the member's `userdata` balances, in minor units. */
  walletMinor: (token: string, wallet: 'balance' | 'deposit' | 'youtube') => Promise<bigint>;
}

/** Calls the action endpoint of the test server directly, for set-up and for checking balances beside the browser. */
export function apiHelpers(getBaseUrl: () => string): ApiHelpers {
  const call: ApiHelpers['call'] = async (action, options = {}) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
    const response = await fetch(`${getBaseUrl()}/api?action=${action}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.payload === undefined ? undefined : JSON.stringify(options.payload),
    });
    return (await response.json()) as Envelope<any>;
  };
  const login: ApiHelpers['login'] = async (username, password) => {
    const envelope = await call<{ access_token: string }>('login', { method: 'POST', payload: { username, password } });
    expect(envelope.resultcode, envelope.msg).toBe(true);
    return envelope.data.access_token;
  };
  const walletMinor: ApiHelpers['walletMinor'] = async (token, wallet) => {
    const envelope = await call<{ balances: Record<string, string> }>('userdata', { token });
    expect(envelope.resultcode, envelope.msg).toBe(true);
    const minor = parseAmountToMinor(envelope.data.balances[wallet] ?? '');
    if (minor === null) throw new Error(`Unreadable ${wallet} balance ${String(envelope.data.balances[wallet])}`);
    return minor;
  };
  return { call, login, walletMinor };
}
