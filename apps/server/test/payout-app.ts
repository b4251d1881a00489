import { afterAll, beforeAll } from 'vitest';
import { startPayoutTestApp, type PayoutTestContext } from './payouts-fixtures.ts';

/**
 * One payout test app per test file: started before the file's tests (then `setUp`, for what the file adds), closed
 * after them. The context is filled in place, so the file's helpers may close over it before it has started.
 */
export function usePayoutTestApp(
  options: { env?: Record<string, string>; setUp?: (ctx: PayoutTestContext) => Promise<void> | void } = {},
): PayoutTestContext {
  const ctx = {} as PayoutTestContext;
  beforeAll(async () => {
    Object.assign(ctx, await startPayoutTestApp(options.env));
    await options.setUp?.(ctx);
  });
  afterAll(async () => ctx.t?.close());
  return ctx;
}
