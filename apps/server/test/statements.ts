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

export const ACTIVATION_CALL = 'SELECT activation_activate($1::jsonb) AS r';

/**
 * An activation's statements (activation-one-call and activation-signals-one-call): the app's timers may send
 * statements meanwhile, so those naming the activation's tables, the signals' (named `signals`) or the SMS outbox
 * (`sms`) are kept, each cut to 60 characters.
 */
export async function activationStatements(work: () => Promise<unknown>): Promise<string[]> {
  const { statements } = await statementsDuring(work);
  return statements
    .filter((text) =>
      /^(begin|commit)$|activation|ledger_|members|settings|fraud_|pg_advisory|INSERT INTO sms_outbox|notifications|commission_holds/i.test(
        text,
      ),
    )
    .map((text) =>
      /fraud_|pg_advisory/.test(text) ? 'signals' : text.startsWith('INSERT INTO sms_outbox') ? 'sms' : text.slice(0, 60),
    );
}
