import { describe, expect, it } from 'vitest';
import { callAction } from './harness.ts';
import { createMember, fund, type TestMember } from './money-fixtures.ts';
import { useCountriesApp, useMember } from './countries-app.ts';
import { statementsDuring } from './statements.ts';

/**
 * Round trips to PostgreSQL of the member money actions after the session check (issue 28, decision 065): every
 * statement any connection sends while the action runs, the session check and the shared rate limit left out. A
 * payment, a spin and a withdrawal request are one call; an activation's money is one call; the figures are the ones
 * decision 065 lists.
 */
const { t, c } = useCountriesApp();
const payer = useMember({ t, c }, { status: 'active' });
const client = useMember({ t, c }, { sponsor: payer });

async function tripsOf(m: TestMember, action: string, payload?: unknown): Promise<{ status: number; trips: string[] }> {
  await t.app.deps.reference.at('0'); // The process's reference copy is loaded once, not per action.
  const { result, statements } = await statementsDuring(() =>
    callAction(t.app, action, { method: payload === undefined ? 'GET' : 'POST', token: m.token, payload }),
  );
  return { status: result.status, trips: statements.map((text) => text.slice(0, 60)) };
}

const PAYMENT_TABLES = /payforclient|ledger_record_movement|transfers|members|countries|begin|commit/i;
const SPIN_TABLES = /spin|ledger_record_movement|members|countries|begin|commit/i;

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

  it('spins in one call: a first casino spin and a free spin', async () => {
    const spinner = await member('active', { deposit: 50_000n });
    const consent = { method: 'POST' as const, token: spinner.token, payload: { confirm: true } };
    expect((await callAction(t.app, 'spinconsent', consent)).status).toBe(200);
    const casino = await tripsOf(spinner, 'requestSpin', { acc: '2', spin_amount: '20' });
    const free = await tripsOf(await member('active', {}), 'freespin');
    for (const [name, r] of Object.entries({ casino, free })) {
      expect(r.status, name).toBe(200);
      expect(
        r.trips.filter((text) => SPIN_TABLES.test(text)),
        name,
      ).toEqual(['SELECT spins_play($1::jsonb) AS r']);
    }
  });

  // Measured 2026-11-29 (decision 065): an activation's money and its multi-account signals are one call, with the
  // SMS outbox rows after it in its transaction (13 -> 4 statements without an upline: begin, the call, the SMS, commit).
  it('activates in one call inside its transaction', async () => {
    const activation = await tripsOf(await member('inactive', { deposit: 50_000n }), 'activateaccount', {});
    expect(activation.status).toBe(200);
    expect(activation.trips.filter((text) => text.startsWith('SELECT activation_activate'))).toHaveLength(1);
    expect(activation.trips.filter((text) => text.startsWith('SELECT ledger_record_movement'))).toEqual([]);
    expect(activation.trips.filter((text) => /fraud_|pg_advisory/.test(text))).toEqual([]);
    expect(activation.trips.length).toBeLessThanOrEqual(4);
  });

  // A withdrawal request is one call (17 statements before issue 28); the auto-pay subscriber reads after it.
  it('requests a withdrawal in one call', async () => {
    const withdrawal = await tripsOf(await member('active', { balance: 100_000n }), 'systemwithdrawal', {
      acc: '1',
      amount: '500',
    });
    expect(withdrawal.status).toBe(200);
    expect(withdrawal.trips[0]).toBe('SELECT withdrawal_request($1::jsonb) AS r');
    expect(withdrawal.trips.filter((text) => /^(begin|commit)$|ledger_record_movement|fraud|phone_changes/.test(text))).toEqual(
      [],
    );
  });
});
