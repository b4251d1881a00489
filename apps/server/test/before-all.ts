import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from './harness.ts';

/**
 * A value made once by a `beforeAll` of the file (or describe block) that calls this, read through the stand-in it
 * returns: the stand-in's fields are the value's once the hook has run, so a file declares its fixtures as constants
 * instead of `let` variables filled in by hand. Hooks run in the order they are declared, so a later fixture may use
 * an earlier one. Reading a field before the hook has run throws.
 */
export function madeBeforeAll<T extends object>(make: () => Promise<T>): T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await make();
  });
  const made = (): T => {
    if (value === undefined) throw new Error('A beforeAll fixture was read before its beforeAll ran');
    return value;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(made(), key),
    has: (_, key) => Reflect.has(made(), key),
    ownKeys: () => Reflect.ownKeys(made()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(made(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

/** The whole test app for the file (createTestApp), built before its tests and closed (reconciled) after them. */
export function useTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): TestApp {
  let started = false;
  const t = madeBeforeAll(async () => {
    const app = await createTestApp(env, options);
    started = true;
    return app;
  });
  afterAll(async () => {
    if (started) await t.close();
  });
  return t;
}
