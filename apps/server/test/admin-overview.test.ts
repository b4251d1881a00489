import { beforeAll, describe, expect, it } from 'vitest';
import { postTransaction, type PostTransactionInput } from '../src/ledger/ledger.ts';
import { SettableClock } from '../src/lib/clock.ts';
import { callAction } from './harness.ts';
import { createMember, fund, type TestMember } from './money-fixtures.ts';
import { useCountriesApp } from './countries-app.ts';

/**
 * `adminoverview` over known data. The clock stands on Wednesday 2026-03-11 12:00 in Nairobi (UTC+3), so "today" is
 * 2026-03-11, the week started on Monday 2026-03-09 and the 30 days run from 2026-02-10. An event at 22:30 UTC on the
 * 10th is 01:30 on the 11th for the operator: it counts today.
 */
const START = new Date('2026-03-11T09:00:00Z');
const clock = new SettableClock(START);
let operator: TestMember;
let support: TestMember;
let member: TestMember;
let a: TestMember;
let d: TestMember;
let seq = 0;

const overview = (token = operator.token) => callAction(t.app, 'adminoverview', { method: 'GET', token });
/** The two legs that move `minor` from one account to another. */
const move = (from: Account, to: Account, minor: bigint): PostTransactionInput['legs'] => [
  { account: from, amountMinor: -minor },
  { account: to, amountMinor: minor },
];
type Account = PostTransactionInput['legs'][number]['account'];
const post = (input: Omit<PostTransactionInput, 'idempotencyKey'>) =>
  t.app.deps.db.transaction((tx) => postTransaction(tx, { ...input, idempotencyKey: `overview-test:${(seq += 1)}` }));

async function deposit(who: TestMember, minor: bigint, at: string, status: 0 | 2 = 2) {
  const posted = await post({
    kind: 'deposit',
    memberId: who.id,
    at: new Date(at),
    legs: move({ system: 'provider:manual' }, { memberId: who.id, wallet: 'deposit' }, minor),
  });
  await t.sql(
    `INSERT INTO deposits (member_id, method, status, amount_local_minor, currency, rate_micro, amount_system_minor, provider_ref, ledger_transaction_id, created_at, completed_at)
     VALUES ($1, 'manual', $2::smallint, $3, 'KES', 1000000, $3, $4, $5, $6::timestamptz, CASE WHEN $2::smallint = 2 THEN $6::timestamptz END)`,
    [who.id.toString(), status, minor.toString(), `OVR${seq}`, status === 2 ? posted.transactionId.toString() : null, at],
  );
}

async function withdrawal(
  who: TestMember,
  minor: bigint,
  at: string,
  outcome: 'pending' | 'declined' | 'paid' = 'pending',
  decidedAt = at,
) {
  const hold = await post({
    kind: 'withdrawal_hold',
    memberId: who.id,
    at: new Date(at),
    legs: move({ memberId: who.id, wallet: 'balance' }, { system: 'hold:withdrawals' }, minor),
  });
  const back =
    outcome === 'declined' ? { memberId: who.id, wallet: 'balance' as const } : { system: 'provider:payouts' as const };
  const settle =
    outcome === 'pending'
      ? null
      : await post({
          kind: outcome === 'declined' ? 'withdrawal_refund' : 'withdrawal_complete',
          memberId: who.id,
          at: new Date(decidedAt),
          legs: move({ system: 'hold:withdrawals' }, back, minor),
        });
  await t.sql(
    `INSERT INTO withdrawals (member_id, wallet, amount_local_minor, fee_local_minor, currency, rate_micro, amount_system_minor, fee_system_minor, status, idempotency_key, hold_transaction_id, settle_transaction_id, created_at, decided_at, payout_phone)
     VALUES ($1, 'balance', $2, 0, 'KES', 1000000, $2, 0, $3, $4, $5, $6, $7, $8, '+254700000001')`,
    [
      who.id.toString(),
      minor.toString(),
      { pending: 0, declined: 1, paid: 2 }[outcome],
      `overview-w:${seq}`,
      hold.transactionId.toString(),
      settle?.transactionId.toString() ?? null,
      at,
      outcome === 'pending' ? null : decidedAt,
    ],
  );
}

const task = (kind: 'youtube' | 'tiktok' | 'ads' | 'trivia', minor: bigint, at: string) =>
  post({
    kind,
    memberId: a.id,
    at: new Date(at),
    legs: move({ system: 'house:tasks' }, { memberId: a.id, wallet: kind === 'trivia' ? 'balance' : kind }, minor),
  });

const { t, c } = useCountriesApp({ TUZO_TIMEZONE: 'Africa/Nairobi', SYSTEM_CURRENCY: 'KES' }, { clock });
beforeAll(async () => {
  // Testland KES: 4 members (3 active, 1 inactive); Testland UGX: 2 (1 active, 1 suspended).
  operator = await createMember(t, { countryId: c.kes, status: 'active', role: 'operator' });
  support = await createMember(t, { countryId: c.kes, status: 'active', role: 'support' });
  a = await createMember(t, { countryId: c.kes, status: 'active', prefix: 'earner' });
  member = await createMember(t, { countryId: c.kes, status: 'inactive' });
  await createMember(t, { countryId: c.ugx, status: 'suspended' });
  d = await createMember(t, { countryId: c.ugx, status: 'active', prefix: 'sponsor' });
  await t.sql(`UPDATE members SET joined_at = '2026-01-05T05:00:00Z'`); // before the 30 days, but for:
  await t.sql(`UPDATE members SET joined_at = '2026-03-11T05:00:00Z' WHERE id = $1`, [a.id.toString()]);
  await t.sql(`UPDATE members SET joined_at = '2026-03-09T05:00:00Z' WHERE id = $1`, [d.id.toString()]);
  await t.sql(
    `INSERT INTO activations (member_id, generation, fee_system_minor, created_at) VALUES ($1, 1, 50000, '2026-03-11T06:00:00Z'), ($2, 1, 50000, '2026-03-09T06:00:00Z')`,
    [a.id.toString(), d.id.toString()],
  );

  await deposit(a, 100_00n, '2026-03-11T08:00:00Z');
  await deposit(a, 50_00n, '2026-03-10T22:30:00Z'); // 01:30 on the 11th in Nairobi
  await deposit(a, 20_00n, '2026-03-09T10:00:00Z'); // Monday
  await deposit(a, 7_00n, '2026-03-08T10:00:00Z'); // Sunday: last week, still in the 30 days
  await deposit(a, 1000_00n, '2026-02-09T10:00:00Z'); // 31 days ago: outside
  await deposit(a, 999_00n, '2026-03-11T07:00:00Z', 0); // pending: not counted

  await fund(t, a.id, 500_00n, 'balance');
  await withdrawal(a, 30_00n, '2026-03-11T06:00:00Z'); // pending
  await withdrawal(a, 12_00n, '2026-03-09T06:00:00Z'); // pending
  await withdrawal(a, 40_00n, '2026-03-11T07:00:00Z', 'declined'); // not paid: not counted
  await withdrawal(a, 25_00n, '2026-03-10T09:00:00Z', 'paid', '2026-03-11T07:30:00Z'); // paid today
  await withdrawal(a, 5_00n, '2026-03-10T09:00:00Z', 'paid', '2026-03-10T22:30:00Z'); // paid at 01:30 today in Nairobi
  await withdrawal(a, 8_00n, '2026-03-08T09:00:00Z', 'paid', '2026-03-09T12:00:00Z'); // paid on Monday

  await task('youtube', 5_00n, '2026-03-11T08:00:00Z');
  await task('ads', 2_00n, '2026-03-10T22:30:00Z');
  await task('trivia', 3_00n, '2026-03-09T08:00:00Z');

  // Casino: stake 100 won 50, stake 20 lost; free spin prize 16.
  await post({
    kind: 'casino_spin',
    memberId: a.id,
    legs: [
      ...move({ memberId: a.id, wallet: 'balance' }, { system: 'house:spins' }, 100_00n),
      ...move({ system: 'house:spins' }, { memberId: a.id, wallet: 'balance' }, 50_00n),
    ],
  });
  await post({
    kind: 'casino_spin',
    memberId: a.id,
    legs: move({ memberId: a.id, wallet: 'balance' }, { system: 'house:spins' }, 20_00n),
  });
  await post({
    kind: 'free_spin',
    memberId: a.id,
    legs: move({ system: 'house:spins' }, { memberId: a.id, wallet: 'balance' }, 16_00n),
  });
  await post({
    kind: 'commission_l1',
    memberId: d.id,
    legs: move({ system: 'house:commissions' }, { memberId: d.id, wallet: 'balance' }, 25_00n),
  });
});

describe('adminoverview', () => {
  it('refuses members (403) and visitors (401); support and operators read it', async () => {
    expect((await overview(member.token)).status).toBe(403);
    expect((await overview('')).status).toBe(401);
    expect((await overview(support.token)).status).toBe(200);
    expect((await overview(operator.token)).status).toBe(200);
  });

  it('answers every figure in the operator calendar and the system currency', async () => {
    clock.set(START);
    const { status, data } = await overview();
    expect(status).toBe(200);
    expect(data).toMatchObject({ currency: 'KES', time_zone: 'Africa/Nairobi', today: '2026-03-11', week_start: '2026-03-09' });
    const byCountry = data.members.by_country.filter((row: { abbreviation: string }) => ['ZK', 'ZU'].includes(row.abbreviation));
    // Members only (decision 019): the operator and the support account of this file are not counted.
    expect(byCountry).toEqual([
      { country: 'Testland KES', abbreviation: 'ZK', total: 2, active: 1, dormant: 1, suspended: 0 },
      { country: 'Testland UGX', abbreviation: 'ZU', total: 2, active: 1, dormant: 1, suspended: 1 },
    ]);
    expect(data.members).toMatchObject({ total: 4, active: 2, dormant: 2, suspended: 1 });

    // Today's totals are today's row of the 30 days, with the task payouts summed.
    const today = {
      joined: 1,
      activations: 1,
      deposits: '150.00',
      deposits_count: 2,
      withdrawals: '30.00',
      withdrawals_count: 2,
    };
    expect(data.totals.today).toEqual({ ...today, task_payouts: '7.00' });
    expect(data.totals.week).toEqual({
      joined: 2,
      activations: 2,
      deposits: '170.00',
      deposits_count: 3,
      withdrawals: '38.00',
      withdrawals_count: 3,
      task_payouts: '10.00',
    });
    expect(data.pending_withdrawals).toEqual({ count: 2, amount: '42.00' });

    expect(data.days).toHaveLength(30);
    expect(data.days[0].day).toBe('2026-02-10');
    expect(data.days[29]).toEqual({
      day: '2026-03-11',
      ...today,
      tasks: { youtube: '5.00', tiktok: '0.00', ads: '2.00', trivia: '0.00' },
    });
    expect(data.days[26]).toMatchObject({ day: '2026-03-08', deposits: '7.00', deposits_count: 1, withdrawals: '0.00' });
    expect(data.days[27]).toMatchObject({
      day: '2026-03-09',
      joined: 1,
      deposits: '20.00',
      withdrawals: '8.00',
      withdrawals_count: 1,
      tasks: { trivia: '3.00' },
    });
    expect(data.days[28]).toEqual({
      day: '2026-03-10',
      joined: 0,
      activations: 0,
      deposits: '0.00',
      deposits_count: 0,
      withdrawals: '0.00',
      withdrawals_count: 0,
      tasks: { youtube: '0.00', tiktok: '0.00', ads: '0.00', trivia: '0.00' },
    });
    const total = data.days.reduce((sum: number, day: { deposits_count: number }) => sum + day.deposits_count, 0);
    expect(total).toBe(4);

    // Earned: A 5 + 2 + 3 (tasks) + 50 (casino win) + 16 (free prize) = 76; D 25 (commission). Deposits are not earnings.
    expect(data.top_earners).toEqual([
      { username: a.username, country: 'Testland KES', status: 'active', earned: '76.00' },
      { username: d.username, country: 'Testland UGX', status: 'active', earned: '25.00' },
    ]);
    expect(data.spins).toEqual({
      casino_count: 2,
      casino_stakes: '120.00',
      casino_wins: '50.00',
      realised_return: '41.67',
      expected_return: '92.00',
      free_paid_count: 1,
      free_prizes: '16.00',
      house_result: '54.00',
    });
  });

  it('follows the clock: the next day and the next week start from zero', async () => {
    clock.set(new Date('2026-03-12T09:00:00Z'));
    let { data } = await overview();
    expect(data.today).toBe('2026-03-12');
    expect(data.days[0].day).toBe('2026-02-11');
    expect(data.days[28]).toMatchObject({
      day: '2026-03-11',
      deposits: '150.00',
      withdrawals: '30.00',
      tasks: { youtube: '5.00', ads: '2.00' },
    });
    // The closed day was written once: the same figures come from overview_days.
    const kept = await t.sql<{ deposits_minor: string }>(
      `SELECT deposits_minor::text FROM overview_days WHERE day = '2026-03-11'`,
    );
    expect(kept).toEqual([{ deposits_minor: '15000' }]);
    expect(data.totals.today).toMatchObject({
      deposits: '0.00',
      deposits_count: 0,
      withdrawals: '0.00',
      task_payouts: '0.00',
      joined: 0,
    });
    expect(data.totals.week).toMatchObject({ deposits: '170.00', withdrawals: '38.00', task_payouts: '10.00' });

    clock.set(new Date('2026-03-16T09:00:00Z'));
    ({ data } = await overview());
    expect(data.week_start).toBe('2026-03-16');
    expect(data.totals.week).toMatchObject({ deposits: '0.00', withdrawals: '0.00', activations: 0, joined: 0 });
    expect(data.pending_withdrawals).toEqual({ count: 2, amount: '42.00' });
    clock.set(START);
  });
});
