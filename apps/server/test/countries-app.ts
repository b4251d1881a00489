import { afterAll, beforeAll } from 'vitest';
import { madeBeforeAll, useTestApp } from './before-all.ts';
import { callAction, createTestApp, type TestApp, type TestAppOptions } from './harness.ts';
import { createMember, ensureTestCountries, type TestCountries, type TestMember } from './money-fixtures.ts';

export interface CountriesApp {
  t: TestApp;
  c: TestCountries;
}

/**
 * One test app with the test countries per test file (or describe block), started before its tests and closed after
 * them: `const { t, c } = useCountriesApp(env, options)` (see createTestApp), or with `started`, handed to it (which
 * keeps it and adds the file's own set-up).
 */
export function useCountriesApp(env?: Record<string, string>, options?: TestAppOptions): CountriesApp;
export function useCountriesApp(started: (app: CountriesApp) => unknown): void;
export function useCountriesApp(
  started: ((app: CountriesApp) => unknown) | Record<string, string> = {},
  options: TestAppOptions = {},
): CountriesApp | void {
  if (typeof started !== 'function') {
    const t = useTestApp(started, options);
    return { t, c: madeBeforeAll(() => ensureTestCountries(t)) };
  }
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    await started({ t, c: await ensureTestCountries(t) });
  });
  afterAll(async () => t?.close());
}

type MemberOptions = Omit<Parameters<typeof createMember>[1], 'countryId'> & { country?: keyof TestCountries };

/** A member made before the file's tests, in the KES test country unless `options` names the other. */
export function useMember({ t, c }: CountriesApp, { country = 'kes', ...options }: MemberOptions = {}): TestMember {
  return madeBeforeAll(() => createMember(t, { countryId: c[country], ...options }));
}

/**
 * The staff console's caller: an action as `caller` (or the holder of `token`), GET without a payload and POST with
 * one, as the console sends them.
 */
export function consoleCaller(t: TestApp, caller: TestMember) {
  return (action: string, payload?: unknown, token = caller.token, query?: Record<string, string>) =>
    callAction(t.app, action, { method: payload === undefined ? 'GET' : 'POST', token, payload, query });
}
