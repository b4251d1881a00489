import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';
import { ensureTestCountries, type TestCountries } from './money-fixtures.ts';

/**
 * One test app with the test countries per test file (or describe block): started before its tests, then handed to
 * `started` (which keeps it and adds the file's own set-up), closed after them.
 */
export function useCountriesApp(started: (app: { t: TestApp; c: TestCountries }) => unknown): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    await started({ t, c: await ensureTestCountries(t) });
  });
  afterAll(async () => t?.close());
}
