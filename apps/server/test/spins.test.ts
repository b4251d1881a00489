import { createHash } from 'node:crypto';
import { DEFAULT_CASINO_TABLE, DEFAULT_FREE_TABLE, figureHundredths, parseAmountToMinor } from '@tuzo/contracts';
import { describe, expect, it } from 'vitest';
import { SettableClock } from '../src/lib/clock.ts';
import { drawSegment } from '../src/modules/spins/spins.fairness.ts';
import { callAction } from './harness.ts';
import { useCountriesApp } from './countries-app.ts';
import { createMember, fund, shown, systemBalance, wallets, type TestMember } from './money-fixtures.ts';

const clock = new SettableClock(new Date('2025-03-10T09:00:00Z'));
const DAY = 24 * 60 * 60 * 1000;

const { t, c } = useCountriesApp({}, { clock });

const call = (m: TestMember, action: string, payload?: unknown, headers: Record<string, string> = {}) =>
  callAction(t.app, action, { method: payload === undefined ? 'GET' : 'POST', token: m.token, payload, headers });
const spin = (m: TestMember, payload: unknown, headers: Record<string, string> = {}) => call(m, 'requestSpin', payload, headers);
const minor = (text: string) => parseAmountToMinor(text)!;

/** An active member with money in Jumbo and Deposit who has confirmed their age. */
async function player(
  options: { balance?: bigint; deposit?: bigint; countryId?: number; consent?: boolean } = {},
): Promise<TestMember> {
  const m = await createMember(t, { countryId: options.countryId ?? c.kes, status: 'active' });
  if (options.balance) await fund(t, m.id, options.balance, 'balance');
  if (options.deposit) await fund(t, m.id, options.deposit, 'deposit');
  if (options.consent ?? true) expect((await call(m, 'spinconsent', { confirm: true })).status).toBe(200);
  return m;
}

describe('spinodds', () => {
  it('publishes both wheels with every probability above zero and the expected returns', async () => {
    const m = await player({ consent: false });
    const casino = await callAction(t.app, 'spinodds', { token: m.token, query: { kind: 'casino' } });
    expect(casino).toMatchObject({
      status: 200,
      data: {
        kind: 'casino',
        expected_return: '92.00',
        expected_prize: null,
        minStake: '20.00',
        rounds: 5,
        total_weight: 1_000_000,
      },
    });
    expect(casino.data.segments.map((s: { figure: string }) => s.figure)).toEqual([
      '2',
      '5',
      '800',
      '0.8',
      '200',
      '0',
      '0.6',
      '0.2',
      '0.5',
      '1.3',
      '1.6',
      '1600',
    ]);
    expect(casino.data.segments.every((s: { probability: number }) => s.probability > 0)).toBe(true);
    const free = await callAction(t.app, 'spinodds', { token: m.token, query: { kind: 'free' } });
    expect(free).toMatchObject({
      status: 200,
      data: { expected_return: null, expected_prize: '16.61', total_weight: 1_000_000 },
    });
    expect(free.data.segments).toHaveLength(13);
    expect(free.data.segments[5]).toMatchObject({ figure: '3000.00', weight: 100, probability: 0.0001 });
  });

  it('shows free prizes and the minimum stake in the member’s currency', async () => {
    const m = await player({ countryId: c.ugx, consent: false });
    const free = await callAction(t.app, 'spinodds', { token: m.token, query: { kind: 'free' } });
    // KES 90 at 28.5 = UGX 2,565; KES 20 = UGX 570.
    expect(free.data).toMatchObject({ currency: 'UGX', minStake: '570.00' });
    expect(free.data.segments[1].figure).toBe('2565.00');
  });

  it('refuses an unknown kind, an inactive member and a visitor', async () => {
    const m = await player({ consent: false });
    expect(await callAction(t.app, 'spinodds', { token: m.token, query: { kind: 'roulette' } })).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    const inactive = await createMember(t, { countryId: c.kes });
    expect((await callAction(t.app, 'spinodds', { token: inactive.token, query: { kind: 'free' } })).status).toBe(403);
    expect((await callAction(t.app, 'spinodds', { query: { kind: 'free' } })).status).toBe(401);
  });
});

describe('freespin', () => {
  it('pays the drawn prize into Jumbo once, and refuses a second spin', async () => {
    const m = await player({ consent: false });
    const state = await call(m, 'spinstate');
    expect(state.data).toMatchObject({ free_spin_used: false, nonce: 0 });
    const house = await systemBalance(t, 'house:spins');
    const res = await call(m, 'freespin');
    expect(res).toMatchObject({
      status: 200,
      data: { kind: 'free', rounds: 5, minStake: '20.00', stake: '0.00', currency: 'KES', nonce: 0 },
    });
    expect(res.data.server_seed_hash).toBe(state.data.server_seed_hash);
    expect(res.data.figures).toEqual(DEFAULT_FREE_TABLE.map((s) => `${s.figure}.00`));
    // `default` is the figure that won and exactly what was credited.
    expect(res.data.figures[res.data.segment]).toBe(res.data.default);
    expect(res.data.win).toBe(res.data.default);
    expect((await wallets(t, m.id)).balance).toBe(minor(res.data.default));
    expect(house - (await systemBalance(t, 'house:spins'))).toBe(minor(res.data.default));
    expect(await call(m, 'freespin')).toMatchObject({
      status: 409,
      code: 'ALREADY_DONE',
      msg: 'You have already used your free spin',
    });
    expect(await call(m, 'freespin', {})).toMatchObject({ status: 409 });
    expect((await call(m, 'spinstate')).data).toMatchObject({ free_spin_used: true, nonce: 1 });
    expect((await wallets(t, m.id)).balance).toBe(minor(res.data.default));
  });

  it('gives one free spin to 10 concurrent requests', async () => {
    const m = await player({ consent: false });
    const results = await Promise.all(Array.from({ length: 10 }, () => call(m, 'freespin')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    const rows = await t.sql(`SELECT count(*)::int AS n FROM spins WHERE member_id = $1`, [m.id.toString()]);
    expect(rows[0]).toEqual({ n: 1 });
  });
});

describe('requestSpin', () => {
  it.each([
    [{ acc: '3', spin_amount: '20' }, 'Please select an account'],
    [{ spin_amount: '20' }, 'Please select an account'],
    [{ acc: '1' }, 'Amount is required'],
    [{ acc: '1', spin_amount: '' }, 'Amount is required'],
    [{ acc: '1', spin_amount: '-5' }, 'Please enter a valid amount (digits with at most 2 decimals)'],
    [{ acc: '1', spin_amount: '20.001' }, 'Please enter a valid amount (digits with at most 2 decimals)'],
    [{ acc: '1', spin_amount: '0' }, 'Amount must be greater than 0'],
  ])('refuses %j with 400 and moves nothing', async (payload, msg) => {
    const m = await player({ balance: 10_000n });
    expect(await spin(m, payload)).toMatchObject({ status: 400, msg });
    expect((await wallets(t, m.id)).balance).toBe(10_000n);
  });

  it('refuses a stake below the minimum or above the wallet, with the spec’s messages', async () => {
    const m = await player({ balance: 5_000n });
    expect(await spin(m, { acc: '1', spin_amount: '19.99' })).toMatchObject({
      status: 422,
      code: 'LIMIT_NOT_MET',
      msg: 'Minimum stake is 20.00 KES',
    });
    expect(await spin(m, { acc: '1', spin_amount: '50.01' })).toMatchObject({
      status: 422,
      code: 'INSUFFICIENT_FUNDS',
      msg: 'Insufficient balance',
    });
    expect(await spin(m, { acc: '2', spin_amount: '20' })).toMatchObject({ status: 422, code: 'INSUFFICIENT_FUNDS' });
    expect((await wallets(t, m.id)).balance).toBe(5_000n);
    const ugx = await player({ countryId: c.ugx, balance: 10_000n });
    expect(await spin(ugx, { acc: '1', spin_amount: '569.99' })).toMatchObject({
      status: 422,
      msg: 'Minimum stake is 570.00 UGX',
    });
  });

  it('debits the stake and credits stake x multiplier to Jumbo in one transaction', async () => {
    const m = await player({ deposit: 10_000n });
    const house = await systemBalance(t, 'house:spins');
    const res = await spin(m, { acc: '2', spin_amount: '40' });
    expect(res).toMatchObject({ status: 200, data: { kind: 'casino', stake: '40.00', minStake: '20.00', rounds: 5 } });
    expect(res.data.figures).toEqual(DEFAULT_CASINO_TABLE.map((s) => s.figure));
    expect(res.data.figures[res.data.segment]).toBe(res.data.default);
    const winMinor = (4_000n * figureHundredths(res.data.default)) / 100n;
    expect(minor(res.data.win)).toBe(winMinor);
    expect(await wallets(t, m.id)).toMatchObject({ deposit: 6_000n, balance: winMinor });
    expect((await systemBalance(t, 'house:spins')) - house).toBe(4_000n - winMinor);
    const tx = await t.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_transactions WHERE member_id = $1 AND kind = 'casino_spin'`,
      [m.id.toString()],
    );
    expect(tx[0]!.n).toBe(1);
    // Winnings count in profit (the casino_spin bucket holds the credits to the member: the wins).
    expect(minor((await shown(t, m.id)).profit)).toBe(winMinor);
  });

  it('answers a repeated Idempotency-Key with the first spin and refuses the key for another stake', async () => {
    const m = await player({ balance: 10_000n });
    const headers = { 'idempotency-key': 'spin-key-0001' };
    const first = await spin(m, { acc: '1', spin_amount: '25' }, headers);
    const again = await spin(m, { acc: '1', spin_amount: '25' }, headers);
    expect(again).toEqual(first);
    expect(await spin(m, { acc: '1', spin_amount: '26' }, headers)).toMatchObject({ status: 409, code: 'CONFLICT' });
    expect(await spin(m, { acc: '2', spin_amount: '25' }, headers)).toMatchObject({ status: 409 });
    const rows = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM spins WHERE member_id = $1`, [m.id.toString()]);
    expect(rows[0]!.n).toBe(1);
  });

  it('20 concurrent spins from Deposit never overdraw: exactly the stakes the wallet covers are taken', async () => {
    const m = await player({ deposit: 10_000n });
    const results = await Promise.all(Array.from({ length: 20 }, () => spin(m, { acc: '2', spin_amount: '20' })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 422).every((r) => r.msg === 'Insufficient balance')).toBe(true);
    expect((await wallets(t, m.id)).deposit).toBe(0n);
  });

  it('20 concurrent spins from Jumbo: every stake was covered before its own win, in draw order', async () => {
    const m = await player({ balance: 6_000n });
    const results = await Promise.all(Array.from({ length: 20 }, () => spin(m, { acc: '1', spin_amount: '20' })));
    const accepted = results
      .filter((r) => r.status === 200)
      .map((r) => r.data)
      .sort((a, b) => a.nonce - b.nonce);
    expect(results.every((r) => r.status === 200 || r.status === 422)).toBe(true);
    let balance = 6_000n;
    for (const spun of accepted) {
      expect(balance).toBeGreaterThanOrEqual(2_000n);
      balance += minor(spun.win) - 2_000n;
    }
    expect((await wallets(t, m.id)).balance).toBe(balance);
    expect(balance).toBeGreaterThanOrEqual(0n);
  });
});

describe('guardrails', () => {
  it('refuses a casino spin until the member confirms they are 18 or older', async () => {
    const m = await player({ balance: 10_000n, consent: false });
    expect(await spin(m, { acc: '1', spin_amount: '20' })).toMatchObject({ status: 403, code: 'AGE_CONFIRMATION_REQUIRED' });
    expect((await call(m, 'spinstate')).data.age_confirmed).toBe(false);
    expect(await call(m, 'spinconsent', { confirm: false })).toMatchObject({ status: 400 });
    expect(await call(m, 'spinconsent', {})).toMatchObject({ status: 400 });
    expect(await call(m, 'spinconsent', { confirm: true })).toMatchObject({ status: 200, data: { age_confirmed: true } });
    expect((await spin(m, { acc: '1', spin_amount: '20' })).status).toBe(200);
    const audit = await t.sql(`SELECT action FROM audit_log WHERE target_type = 'member' AND target_id = $1`, [m.id.toString()]);
    expect(audit).toContainEqual({ action: 'spin.age_confirmed' });
  });

  it('turns casino spins off per country, and says so', async () => {
    const m = await player({ balance: 10_000n, countryId: c.ugx });
    await t.sql(
      `INSERT INTO settings (key, value) VALUES ('casino_disabled_countries', '["ZU"]') ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    );
    try {
      expect(await spin(m, { acc: '1', spin_amount: '600' })).toMatchObject({
        status: 403,
        code: 'CASINO_DISABLED',
        msg: 'Casino spins are not available in your country',
      });
      expect((await call(m, 'spinstate')).data.casino_disabled).toBe(true);
      const kenyan = await player({ balance: 10_000n });
      expect((await spin(kenyan, { acc: '1', spin_amount: '20' })).status).toBe(200);
    } finally {
      await t.sql(`DELETE FROM settings WHERE key = 'casino_disabled_countries'`);
    }
    expect((await spin(m, { acc: '1', spin_amount: '600' })).status).toBe(200);
  });

  it('self-excludes for 7 days with the end in the message; nothing lifts it early', async () => {
    const m = await player({ balance: 10_000n });
    const start = clock.now();
    const res = await call(m, 'spinexclude', { days: 7 });
    const until = new Date(start.getTime() + 7 * DAY).toISOString();
    expect(res).toMatchObject({ status: 200, data: { excluded_until: until, excluded_forever: false } });
    expect(await spin(m, { acc: '1', spin_amount: '20' })).toMatchObject({
      status: 403,
      code: 'SELF_EXCLUDED',
      msg: 'You have excluded yourself from casino spins until 2025-03-17 12:00 (Africa/Nairobi)',
    });
    // A shorter exclusion does not shorten it.
    expect((await call(m, 'spinexclude', { days: '1' })).data.excluded_until).toBe(until);
    clock.advance(6 * DAY);
    expect((await spin(m, { acc: '1', spin_amount: '20' })).code).toBe('SELF_EXCLUDED');
    // The free spin is not gambling with a stake: it stays open.
    expect((await call(m, 'freespin')).status).toBe(200);
    clock.advance(DAY + 1);
    expect((await spin(m, { acc: '1', spin_amount: '20' })).status).toBe(200);
    expect(await call(m, 'spinexclude', { days: 3 })).toMatchObject({ status: 400 });
  });

  it('self-excludes forever', async () => {
    const m = await player({ balance: 10_000n });
    expect(await call(m, 'spinexclude', { days: 'forever' })).toMatchObject({
      status: 200,
      data: { excluded_until: null, excluded_forever: true },
    });
    clock.advance(400 * DAY);
    expect(await spin(m, { acc: '1', spin_amount: '20' })).toMatchObject({
      status: 403,
      code: 'SELF_EXCLUDED',
      msg: 'You have excluded yourself from casino spins permanently',
    });
    expect((await call(m, 'spinexclude', { days: 1 })).data.excluded_forever).toBe(true);
    expect((await call(m, 'spinstate')).data).toMatchObject({ excluded_forever: true });
  });
});

describe('provably fair seeds and history', () => {
  it('shows the seed hash before use, reveals the seed on rotation, and every draw recomputes', async () => {
    const m = await player({ balance: 100_000n });
    const before = (await call(m, 'spinstate')).data;
    const spins = [];
    for (let i = 0; i < 5; i += 1) spins.push((await spin(m, { acc: '1', spin_amount: '20' })).data);
    expect(spins.map((s) => s.nonce)).toEqual([0, 1, 2, 3, 4]);
    expect(spins.every((s) => s.server_seed_hash === before.server_seed_hash && s.client_seed === before.client_seed)).toBe(true);

    const history = await call(m, 'spinhistory');
    expect(history.data).toMatchObject({ total: 5, page: 1, limit: 20 });
    expect(history.data.rows.every((r: { server_seed: string | null }) => r.server_seed === null)).toBe(true);

    const rotated = await call(m, 'spinseed', { client_seed: 'my-lucky-seed' });
    expect(rotated).toMatchObject({
      status: 200,
      data: { client_seed: 'my-lucky-seed', nonce: 0, revealed: { server_seed_hash: before.server_seed_hash, nonces_used: 5 } },
    });
    const revealed = rotated.data.revealed.server_seed as string;
    expect(createHash('sha256').update(Buffer.from(revealed, 'hex')).digest('hex')).toBe(before.server_seed_hash);
    expect(rotated.data.server_seed_hash).not.toBe(before.server_seed_hash);

    const after = await call(m, 'spinhistory', undefined);
    for (const row of after.data.rows) {
      expect(row).toMatchObject({
        kind: 'casino',
        stake: '20.00',
        server_seed: revealed,
        server_seed_hash: before.server_seed_hash,
      });
      expect(drawSegment({ serverSeed: revealed, clientSeed: row.client_seed, nonce: row.nonce, table: row.table })).toBe(
        row.segment,
      );
      expect(row.table[row.segment].figure).toBe(row.figure);
    }
    const next = await spin(m, { acc: '1', spin_amount: '20' });
    expect(next.data).toMatchObject({ client_seed: 'my-lucky-seed', nonce: 0, server_seed_hash: rotated.data.server_seed_hash });
  });

  it('pages the history and limits it', async () => {
    const m = await player({ balance: 100_000n });
    for (let i = 0; i < 3; i += 1) await spin(m, { acc: '1', spin_amount: '20' });
    const page = await callAction(t.app, 'spinhistory', { token: m.token, query: { page: '2', limit: '2' } });
    expect(page.data).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page.data.rows).toHaveLength(1);
    expect(page.data.rows[0].nonce).toBe(0);
    expect((await callAction(t.app, 'spinhistory', { token: m.token, query: { limit: '101' } })).status).toBe(400);
    const empty = await call(await player(), 'spinhistory');
    expect(empty).toMatchObject({ status: 200, msg: 'No spins yet', data: { rows: [], total: 0 } });
  });

  it('refuses a malformed client seed', async () => {
    const m = await player();
    expect(await call(m, 'spinseed', { client_seed: 'has space' })).toMatchObject({ status: 400 });
    expect(await call(m, 'spinseed', { client_seed: 'x'.repeat(65) })).toMatchObject({ status: 400 });
    expect((await call(m, 'spinseed', {})).status).toBe(200);
  });
});
