import { describe, expect, it } from 'vitest';
import { reconcileLedger } from '../src/ledger/reconcile.ts';
import { type TestApp } from './harness.ts';
import { createMember, fund, wallets, type TestCountries, type TestMember } from './money-fixtures.ts';
import { useCountriesApp } from './countries-app.ts';

let t: TestApp;
let c: TestCountries;
let base: string;

useCountriesApp(async (app) => {
  ({ t, c } = app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
});

interface Answer {
  httpStatus: number;
  body: { status: number; msg: string; data: unknown };
}

async function post(action: string, token: string, payload: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${base}/api?action=${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify(payload),
  });
  return { httpStatus: response.status, body: (await response.json()) as Answer['body'] };
}

const fifty = <T>(make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: 50 }, (_, i) => make(i)));

describe('concurrent money requests over HTTP', () => {
  it('50 simultaneous withdrawals from a wallet that affords one: exactly one succeeds', async () => {
    const m = await createMember(t, { countryId: c.kes, status: 'active' });
    await fund(t, m.id, 50_000n, 'balance');
    const answers = await fifty(() => post('systemwithdrawal', m.token, { acc: '1', amount: '400' }));
    const ok = answers.filter((a) => a.httpStatus === 200);
    expect(ok).toHaveLength(1);
    expect(
      answers.filter(
        (a) => a.httpStatus === 422 && a.body.msg === 'Amount exceeds available balance please consider Withdrawal Charges',
      ),
    ).toHaveLength(49);
    expect((await wallets(t, m.id)).balance).toBe(50_000n - 43_000n);
    expect(await t.sql('SELECT count(*)::int AS n FROM withdrawals WHERE member_id = $1', [m.id.toString()])).toEqual([{ n: 1 }]);
  });

  it('50 simultaneous payments for clients from a wallet that affords one: exactly one succeeds', async () => {
    const payer = await createMember(t, { countryId: c.kes, status: 'active' });
    const clients: TestMember[] = [];
    for (let i = 0; i < 5; i += 1) clients.push(await createMember(t, { countryId: c.kes, sponsor: payer }));
    await fund(t, payer.id, 10_000n, 'balance');
    const answers = await fifty((i) =>
      post('payforclient', payer.token, { acc: '1', reusername: clients[i % 5]!.username, amount: '60' }),
    );
    // Any answer that is neither the one payment nor the refusal is shown whole.
    expect(answers.filter((a) => a.httpStatus !== 200 && a.body.msg !== 'Insufficient balance in Jumbo Wallet')).toEqual([]);
    expect(answers.filter((a) => a.httpStatus === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.msg === 'Insufficient balance in Jumbo Wallet')).toHaveLength(49);
    expect((await wallets(t, payer.id)).balance).toBe(4_000n);
    let received = 0n;
    for (const client of clients) received += (await wallets(t, client.id)).deposit;
    expect(received).toBe(6_000n);
  });

  it('50 identical withdrawals with one Idempotency-Key: one movement, 50 equal answers', async () => {
    const m = await createMember(t, { countryId: c.kes, status: 'active' });
    await fund(t, m.id, 500_000n, 'balance');
    const answers = await fifty(() =>
      post('systemwithdrawal', m.token, { acc: '1', amount: '250' }, { 'idempotency-key': 'same-key-0001' }),
    );
    expect(answers.every((a) => a.httpStatus === 200)).toBe(true);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect((await wallets(t, m.id)).balance).toBe(500_000n - 28_000n);
    expect(await t.sql('SELECT count(*)::int AS n FROM withdrawals WHERE member_id = $1', [m.id.toString()])).toEqual([{ n: 1 }]);
  });

  it('50 identical payments with one Idempotency-Key: one movement, 50 equal answers', async () => {
    const payer = await createMember(t, { countryId: c.kes, status: 'active' });
    const client = await createMember(t, { countryId: c.kes, sponsor: payer });
    await fund(t, payer.id, 100_000n, 'deposit');
    const answers = await fifty(() =>
      post(
        'payforclient',
        payer.token,
        { acc: '2', reusername: client.username, amount: '75.25' },
        { 'idempotency-key': 'same-pay-0001' },
      ),
    );
    expect(answers.every((a) => a.httpStatus === 200)).toBe(true);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect((await wallets(t, payer.id)).deposit).toBe(100_000n - 7_525n);
    expect((await wallets(t, client.id)).deposit).toBe(7_525n);
    expect((await reconcileLedger(t.app.deps.db)).ok).toBe(true);
  });
});
