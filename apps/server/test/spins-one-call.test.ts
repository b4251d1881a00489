import { createHmac, randomBytes } from 'node:crypto';
import { DEFAULT_CASINO_TABLE, DEFAULT_FREE_TABLE, pickSegment } from '@tuzo/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { reconcileLedger } from '../src/ledger/reconcile.ts';
import { SettableClock } from '../src/lib/clock.ts';
import { drawSegment } from '../src/modules/spins/spins.fairness.ts';
import { spinCasino } from '../src/modules/spins/spins.service.ts';
import { callAction } from './harness.ts';
import { statementsDuring } from './statements.ts';
import { useCountriesApp } from './countries-app.ts';
import { createMember, fund, systemBalance, wallets, type TestMember } from './money-fixtures.ts';

/**
 * `requestSpin` and `freespin` in one call to PostgreSQL (spins_play, migration 0523, decision 065): the statements
 * after the session check counted as test/money-round-trips.test.ts counts them, every refusal the service gives
 * (each moving nothing, using no nonce and leaving no seed behind), replays and 409s, the draw computed in SQL
 * against the contracts' own functions, and the reconcile.
 */
const clock = new SettableClock(new Date('2025-03-10T09:00:00Z'));
const DAY = 24 * 60 * 60 * 1000;
const { t, c } = useCountriesApp({}, { clock });

const call = (m: TestMember, action: string, payload?: unknown, headers: Record<string, string> = {}) =>
  callAction(t.app, action, { method: payload === undefined ? 'GET' : 'POST', token: m.token, payload, headers });

/** Every statement any connection sends while the action runs, the session check and the shared rate limit left out. */
async function tripsOf(
  m: TestMember,
  action: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<{ res: Awaited<ReturnType<typeof call>>; trips: string[] }> {
  // The process's reference copy is loaded once, and again only after a change (a setting changed by a test).
  const [current] = await t.sql<{ version: string }>(`SELECT version::text FROM reference_version WHERE id`);
  await t.app.deps.reference.at(current!.version);
  const { result: res, statements } = await statementsDuring(() => call(m, action, payload, headers));
  // The spin's statements are those naming its tables.
  return { res, trips: statements.filter((text) => /spin|ledger|settings|members|countries|reference|begin|commit/i.test(text)) };
}

const ONE_CALL = ['SELECT spins_play($1::jsonb) AS r'];

async function player(options: { balance?: bigint; deposit?: bigint; consent?: boolean } = {}): Promise<TestMember> {
  const m = await createMember(t, { countryId: c.kes, status: 'active' });
  if (options.balance) await fund(t, m.id, options.balance, 'balance');
  if (options.deposit) await fund(t, m.id, options.deposit, 'deposit');
  if (options.consent ?? true) expect((await call(m, 'spinconsent', { confirm: true })).status).toBe(200);
  return m;
}

/** What a refusal must leave as it was: wallets, the house, spins, seeds and ledger transactions. */
async function stateOf(m: TestMember) {
  const [row] = await t.sql<{ spins: number; seeds: number; nonce: number | null; txs: number }>(
    `SELECT (SELECT count(*)::int FROM spins WHERE member_id = $1) AS spins,
            (SELECT count(*)::int FROM spin_seeds WHERE member_id = $1) AS seeds,
            (SELECT max(next_nonce) FROM spin_seeds WHERE member_id = $1) AS nonce,
            (SELECT count(*)::int FROM ledger_transactions WHERE member_id = $1) AS txs`,
    [m.id.toString()],
  );
  return { ...row!, wallets: await wallets(t, m.id), house: await systemBalance(t, 'house:spins') };
}

async function setSetting(key: string, value: unknown): Promise<void> {
  await t.sql(`INSERT INTO settings (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [
    key,
    JSON.stringify(value),
  ]);
}

afterEach(async () => {
  await t.sql(`DELETE FROM settings WHERE key IN ('casino_disabled_countries', 'spins.free_table', 'spins.casino_table')`);
});

describe('spins in one call', () => {
  it('takes a first casino spin in one statement after the session check', async () => {
    const m = await player({ deposit: 50_000n });
    const { res, trips } = await tripsOf(m, 'requestSpin', { acc: '2', spin_amount: '20' });
    expect(res).toMatchObject({ status: 200, data: { kind: 'casino', stake: '20.00', nonce: 0 } });
    expect(trips).toEqual(ONE_CALL);
    const next = await tripsOf(m, 'requestSpin', { acc: '2', spin_amount: '20' });
    expect(next.res).toMatchObject({ status: 200, data: { nonce: 1 } });
    expect(next.trips).toEqual(ONE_CALL);
  });

  it('takes a free spin in one statement, whether it pays or draws 0', async () => {
    const paid = await player({ consent: false });
    await setSetting('spins.free_table', [
      { figure: '90', weight: 1 },
      { figure: '90', weight: 1 },
    ]);
    const before = await systemBalance(t, 'house:spins');
    const won = await tripsOf(paid, 'freespin', {});
    expect(won.res).toMatchObject({ status: 200, msg: 'You won KES 90.00', data: { kind: 'free', win: '90.00' } });
    expect(won.trips).toEqual(ONE_CALL);
    expect((await wallets(t, paid.id)).balance).toBe(9_000n);
    expect(before - (await systemBalance(t, 'house:spins'))).toBe(9_000n);

    await setSetting('spins.free_table', [
      { figure: '0', weight: 1 },
      { figure: '0', weight: 1 },
    ]);
    const nothing = await player({ consent: false });
    const drew0 = await tripsOf(nothing, 'freespin', {});
    expect(drew0.res).toMatchObject({ status: 200, msg: 'You won KES 0.00', data: { kind: 'free', win: '0.00', nonce: 0 } });
    expect(drew0.trips).toEqual(ONE_CALL);
    const state = await stateOf(nothing);
    expect(state).toMatchObject({ spins: 1, seeds: 1, nonce: 1, txs: 0, wallets: { balance: 0n } });
  });

  it('refuses a second free spin in one statement, moving nothing', async () => {
    const m = await player({ consent: false });
    expect((await call(m, 'freespin', {})).status).toBe(200);
    const before = await stateOf(m);
    const again = await tripsOf(m, 'freespin', {});
    expect(again.res).toMatchObject({ status: 409, code: 'ALREADY_DONE', msg: 'You have already used your free spin' });
    expect(again.trips).toEqual(ONE_CALL);
    expect(await stateOf(m)).toEqual(before);
  });

  it('gives every casino refusal from the one call, moving nothing and leaving no seed', async () => {
    const refused = async (m: TestMember, payload: unknown, expected: Record<string, unknown>) => {
      const before = await stateOf(m);
      const { res, trips } = await tripsOf(m, 'requestSpin', payload);
      expect(res).toMatchObject(expected);
      expect(trips).toEqual(ONE_CALL);
      expect(await stateOf(m)).toEqual(before);
    };
    const noAge = await player({ balance: 10_000n, consent: false });
    await refused(
      noAge,
      { acc: '1', spin_amount: '20' },
      {
        status: 403,
        code: 'AGE_CONFIRMATION_REQUIRED',
        msg: 'Please confirm that you are 18 or older before your first casino spin',
      },
    );
    const m = await player({ balance: 5_000n });
    await refused(
      m,
      { acc: '1', spin_amount: '19.99' },
      { status: 422, code: 'LIMIT_NOT_MET', msg: 'Minimum stake is 20.00 KES' },
    );
    await refused(
      m,
      { acc: '1', spin_amount: '50.01' },
      { status: 422, code: 'INSUFFICIENT_FUNDS', msg: 'Insufficient balance' },
    );
    await refused(m, { acc: '2', spin_amount: '20' }, { status: 422, code: 'INSUFFICIENT_FUNDS', msg: 'Insufficient balance' });
    expect((await stateOf(m)).seeds).toBe(0);

    await setSetting('casino_disabled_countries', ['ZK']);
    // The process's copy is now stale: the call answers so, the copy is reloaded and the call made again.
    const disabled = await call(m, 'requestSpin', { acc: '1', spin_amount: '20' });
    expect(disabled).toMatchObject({
      status: 403,
      code: 'CASINO_DISABLED',
      msg: 'Casino spins are not available in your country',
    });
    await refused(
      m,
      { acc: '1', spin_amount: '20' },
      { status: 403, code: 'CASINO_DISABLED', msg: 'Casino spins are not available in your country' },
    );
    await t.sql(`DELETE FROM settings WHERE key = 'casino_disabled_countries'`);

    expect((await call(m, 'spinexclude', { days: 7 })).status).toBe(200);
    await refused(
      m,
      { acc: '1', spin_amount: '20' },
      {
        status: 403,
        code: 'SELF_EXCLUDED',
        msg: 'You have excluded yourself from casino spins until 2025-03-17 12:00 (Africa/Nairobi)',
      },
    );
    clock.advance(7 * DAY + 1);
    expect((await call(m, 'requestSpin', { acc: '1', spin_amount: '20' })).status).toBe(200);
    expect((await call(m, 'spinexclude', { days: 'forever' })).status).toBe(200);
    await refused(
      m,
      { acc: '1', spin_amount: '20' },
      { status: 403, code: 'SELF_EXCLUDED', msg: 'You have excluded yourself from casino spins permanently' },
    );
  });

  it('answers a repeat of a key with the first spin, and a different request under it with 409', async () => {
    const m = await player({ balance: 10_000n, deposit: 10_000n });
    const key = { 'Idempotency-Key': 'spin-one-call-1' };
    const first = await tripsOf(m, 'requestSpin', { acc: '2', spin_amount: '30' }, key);
    expect(first.res.status).toBe(200);
    const after = await stateOf(m);
    // Under an Idempotency-Key the request runs in its own transaction, and a repeat is answered by the stored reply.
    expect(first.trips).toEqual(['begin', ...ONE_CALL, 'commit']);
    const again = await tripsOf(m, 'requestSpin', { acc: '2', spin_amount: '30' }, key);
    expect(again.res).toEqual(first.res);
    expect(again.trips.filter((text) => !/^(begin|commit)$/.test(text))).toEqual([]);
    // Past that layer (the spin under the key found by the call itself): the first spin, or 409 for another request.
    const direct = (acc: '1' | '2', stake: bigint) =>
      spinCasino(t.app.deps, { memberId: m.id, countryId: c.kes, acc, stakeLocalMinor: stake, clientKey: 'spin-one-call-1' });
    expect(await direct('2', 3_000n)).toEqual(first.res.data);
    const conflict = { status: 409, code: 'CONFLICT', msg: 'This idempotency key was already used for a different spin' };
    expect(await call(m, 'requestSpin', { acc: '2', spin_amount: '31' }, key)).toMatchObject({ status: 409, code: 'CONFLICT' });
    expect(await call(m, 'requestSpin', { acc: '1', spin_amount: '30' }, key)).toMatchObject({ status: 409, code: 'CONFLICT' });
    await expect(direct('2', 3_100n)).rejects.toMatchObject({ code: 'CONFLICT', message: conflict.msg });
    await expect(direct('1', 3_000n)).rejects.toMatchObject({ code: 'CONFLICT', message: conflict.msg });
    expect(await stateOf(m)).toEqual(after);

    // Concurrent repeats wait for the first on the seed's lock, then answer with it.
    const key2 = { 'Idempotency-Key': 'spin-one-call-2' };
    const results = await Promise.all(
      Array.from({ length: 6 }, () => call(m, 'requestSpin', { acc: '1', spin_amount: '20' }, key2)),
    );
    expect(new Set(results.map((r) => JSON.stringify(r.data))).size).toBe(1);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect((await stateOf(m)).spins).toBe(after.spins + 1);
  });

  it('moves stake and win as before: stake into the house, stake x multiplier into Jumbo', async () => {
    await setSetting('spins.casino_table', [
      { figure: '2.5', weight: 1 },
      { figure: '2.5', weight: 1 },
    ]);
    const m = await player({ deposit: 10_000n });
    const house = await systemBalance(t, 'house:spins');
    const res = await call(m, 'requestSpin', { acc: '2', spin_amount: '33.33' });
    expect(res).toMatchObject({ status: 200, msg: 'You won KES 83.33', data: { default: '2.5', win: '83.33', stake: '33.33' } });
    expect(await wallets(t, m.id)).toMatchObject({ deposit: 6_667n, balance: 8_333n });
    expect((await systemBalance(t, 'house:spins')) - house).toBe(3_333n - 8_333n);
    const [tx] = await t.sql<{ memo: string; request: unknown; local_amount_minor: string; local_currency: string }>(
      `SELECT memo, request, local_amount_minor::text, local_currency FROM ledger_transactions
       WHERE member_id = $1 AND kind = 'casino_spin'`,
      [m.id.toString()],
    );
    expect(tx).toEqual({
      memo: 'Casino spin: stake 33.33 x 2.5',
      request: { wallet: 'deposit', stakeLocalMinor: '3333' },
      local_amount_minor: '3333',
      local_currency: 'KES',
    });
  });

  it('draws in SQL exactly what the contracts draw: HMAC-SHA256 and pickSegment', async () => {
    for (let i = 0; i < 40; i += 1) {
      const serverSeed = randomBytes(32).toString('hex');
      const clientSeed = i % 3 === 0 ? `κλειδί-${i}` : randomBytes(8).toString('hex');
      const nonce = i * 97;
      const table = i % 2 === 0 ? DEFAULT_CASINO_TABLE : DEFAULT_FREE_TABLE;
      const [row] = await t.sql<{ mac: string; segment: number }>(
        `SELECT encode(spins_hmac_sha256(decode($1, 'hex'), convert_to($2, 'UTF8')), 'hex') AS mac,
                spins_pick_segment(spins_hmac_sha256(decode($1, 'hex'), convert_to($2, 'UTF8')), $3::bigint[]) AS segment`,
        [serverSeed, `${clientSeed}:${nonce}`, table.map((s) => s.weight)],
      );
      expect(row!.mac).toBe(createHmac('sha256', Buffer.from(serverSeed, 'hex')).update(`${clientSeed}:${nonce}`).digest('hex'));
      expect(row!.segment).toBe(drawSegment({ serverSeed, clientSeed, nonce, table }));
    }
    // The rejection of the top sliver: leading words at or above 2^32 - 2^32 mod W are skipped, the last used as is.
    const weights = [3, 1_000, 999_998_997];
    for (const words of [0, 1, 3, 8]) {
      const mac = Buffer.concat([Buffer.alloc(4 * words, 0xff), randomBytes(32 - 4 * words)]);
      const [row] = await t.sql<{ segment: number }>(`SELECT spins_pick_segment(decode($1, 'hex'), $2::bigint[]) AS segment`, [
        mac.toString('hex'),
        weights,
      ]);
      expect(row!.segment).toBe(pickSegment(mac, weights));
    }
  });

  it('leaves the ledger reconciled', async () => {
    const report = await reconcileLedger(t.app.deps.db);
    expect(report.ok).toBe(true);
  });
});
