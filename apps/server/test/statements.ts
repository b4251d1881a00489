import pg from 'pg';
import { vi } from 'vitest';

/**
 * Every statement any connection sends while `work` runs, whitespace collapsed, the session check and the shared rate
 * limit left out: what the round-trip tests count (issue 28, decision 065). The app's own timers (jobs, sweeps) may
 * send statements meanwhile; each test keeps those naming its action's tables.
 */
export async function statementsDuring<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    const result = await work();
    const statements = spy.mock.calls
      .map(([query]) => (typeof query === 'string' ? query : (query as { text: string }).text))
      .filter((text) => !/FROM sessions s JOIN members|rate_limit/.test(text))
      .map((text) => text.replace(/\s+/g, ' ').trim());
    return { result, statements };
  } finally {
    spy.mockRestore();
  }
}
