import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { callAction } from './harness.ts';
import { createMember, fund, type TestMember } from './money-fixtures.ts';
import { useCountriesApp, useMember } from './countries-app.ts';

/**
 * Round trips to PostgreSQL of the member money actions after the session check (issue 28, decision 065): every
 * statement any connection sends while the action runs, the session check and the shared rate limit left out. A
 * payment is one call; the figures of the actions still made of several are the ones decision 065 lists.
 */
const { t, c } = useCountriesApp();
const payer = useMember({ t, c }, { status: 'active' });
const client = useMember({ t, c }, { sponsor: payer });

async function tripsOf(m: TestMember, action: string, payload?: unknown): Promise<{ status: number; trips: string[] }> {
  await t.app.deps.reference.at('0'); // The process's reference copy is loaded once, not per action.
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    const res = await callAction(t.app, action, { method: payload === undefined ? 'GET' : 'POST', token: m.token, payload });
    const trips = spy.mock.calls
      .map(([query]) => (typeof query === 'string' ? query : (query as { text: string }).text))
      .filter((text) => !/FROM sessions s JOIN members|rate_limit/.test(text))
      .map((text) => text.replace(/\s+/g, ' ').trim().slice(0, 60));
    return { status: res.status, trips };
  } finally {
    spy.mockRestore();
  }
}

const PAYMENT_TABLES = /payforclient|ledger_record_movement|transfers|members|countries|begin|commit/i;

async function member(status: 'active' | 'inactive', money: { balance?: bigint; deposit?: bigint }): Promise<TestMember> {
  const m = await createMember(t, { countryId: c.kes, status });
  if (money.balance) await fund(t, m.id, money.balance, 'balance');
  if (money.deposit) await fund(t, m.id, money.deposit, 'deposit');
  return m;
}

describe('round trips per member money action', () => {
  it('pays for a client in one call', async () => {
    await fund(t, payer.id, 10_000n, 'deposit');
    const paid = await tripsOf(payer, 'payforclient', { acc: '2', reusername: client.username, amount: '1.00' });
    expect(paid.status).toBe(200);
    // The app's own timers (jobs, sweeps) may send statements meanwhile: the payment's are those naming its tables.
    expect(paid.trips.filter((text) => PAYMENT_TABLES.test(text))).toEqual(['SELECT payforclient_pay($1::jsonb) AS r']);
  });

  // Measured 2026-11-29 (decision 065): a withdrawal request 17 statements, an activation 13, a first casino spin 11,
  // a free spin 7 (its prize may be 0, which moves nothing). Each is one transaction with one movement in it, which
  // is what this test holds.
  it('runs each action not yet in one call as one transaction with one movement', async () => {
    const withdrawal = await tripsOf(await member('active', { balance: 100_000n }), 'systemwithdrawal', {
      acc: '1',
      amount: '500',
    });
    const activation = await tripsOf(await member('inactive', { deposit: 50_000n }), 'activateaccount', {});
    const spinner = await member('active', { deposit: 50_000n });
    const consent = { method: 'POST' as const, token: spinner.token, payload: { confirm: true } };
    expect((await callAction(t.app, 'spinconsent', consent)).status).toBe(200);
    const spin = await tripsOf(spinner, 'requestSpin', { acc: '2', spin_amount: '20' });
    for (const [name, r] of Object.entries({ withdrawal, activation, spin })) {
      expect(r.status, name).toBe(200);
      expect(
        r.trips.filter((text) => text.startsWith('SELECT ledger_record_movement')),
        name,
      ).toHaveLength(1);
      expect(r.trips, name).toEqual(expect.arrayContaining(['begin', 'commit']));
      expect(r.trips.length, name).toBeGreaterThan(3);
    }
  });
});
