import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { postTransaction } from '../src/ledger/ledger.ts';
import { reconcileLedger } from '../src/ledger/reconcile.ts';
import { payForClient } from '../src/modules/payforclient/payforclient.service.ts';
import { callAction } from './harness.ts';
import { createMember, fund, wallets } from './money-fixtures.ts';
import { useCountriesApp, useMember } from './countries-app.ts';

/**
 * payforclient in one call to PostgreSQL (payforclient_pay, migration 0521, decision 065): every outcome of the call,
 * the stale reference copy, replays and 409s, and the reconcile's checks that replace the dropped foreign keys.
 */
const { t, c } = useCountriesApp();
const payer = useMember({ t, c }, { status: 'active' });
const client = useMember({ t, c }, { sponsor: payer });
const ugxPayer = useMember({ t, c }, { country: 'ugx', status: 'active' });
const ugxClient = useMember({ t, c }, { country: 'ugx', sponsor: ugxPayer });
beforeAll(async () => {
  await fund(t, payer.id, 50_000n, 'deposit');
  await fund(t, ugxPayer.id, 50_000n, 'deposit');
});

const pay = (payload: unknown, token = payer.token) => callAction(t.app, 'payforclient', { method: 'POST', token, payload });
const direct = (input: Partial<Parameters<typeof payForClient>[1]> = {}) =>
  payForClient(t.app.deps, {
    payerId: payer.id,
    countryId: c.kes,
    acc: '2',
    username: client.username,
    amountLocalMinor: 100n,
    clientKey: null,
    ...input,
  });

/** The statements a call sends on the app's pool, the session check and the shared rate limit left out. */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const spy = vi.spyOn(t.app.deps.pool, 'query');
  try {
    await work();
    return (
      spy.mock.calls
        .map(([query]) => (typeof query === 'string' ? query : (query as { text: string }).text))
        .filter((text) => !/sessions|rate_limit/.test(text))
        // The app's own timers (jobs, sweeps) may send statements meanwhile: the payment's are those naming its tables.
        .filter((text) => /payforclient|ledger_record_movement|transfers|members|countries|begin|commit/i.test(text))
    );
  } finally {
    spy.mockRestore();
  }
}

describe('payforclient in one call', () => {
  it('pays in one statement after the session check', async () => {
    await t.app.deps.reference.at('0'); // The process's reference copy, loaded once per process (and per change).
    const statements = await statementsOf(async () => {
      expect(await pay({ acc: '2', reusername: client.username, amount: '1.00' })).toMatchObject({ status: 200 });
    });
    expect(statements).toEqual(['SELECT payforclient_pay($1::jsonb) AS r']);
  });

  it('answers every refusal from the one call, moving nothing', async () => {
    const before = await wallets(t, payer.id);
    const active = await createMember(t, { countryId: c.kes, sponsor: payer, status: 'active' });
    const suspended = await createMember(t, { countryId: c.kes, sponsor: payer, status: 'suspended' });
    expect(await pay({ acc: '2', reusername: 'nobody_here', amount: '1' })).toMatchObject({
      status: 404,
      msg: 'Client not found in your team',
    });
    expect(await pay({ acc: '2', reusername: active.username, amount: '1' })).toMatchObject({
      status: 409,
      msg: 'This client is already active',
    });
    expect(await pay({ acc: '2', reusername: suspended.username, amount: '1' })).toMatchObject({
      status: 403,
      msg: "This client's account is suspended",
    });
    expect(await pay({ acc: '1', reusername: client.username, amount: '1' })).toMatchObject({
      status: 422,
      msg: 'Insufficient balance in Jumbo Wallet',
    });
    // UGX 0.01 is less than half a KES cent: nothing to move.
    expect(await pay({ acc: '2', reusername: ugxClient.username, amount: '0.01' }, ugxPayer.token)).toMatchObject({
      status: 422,
      msg: 'Amount is too small',
    });
    await expect(direct({ payerId: 999_999_999n })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Member not found' });
    expect(await wallets(t, payer.id)).toEqual(before);
  });

  it('replays a key with the first transfer, and refuses it for another amount, wallet or client (409)', async () => {
    const first = await direct({ clientKey: 'one-call-key-0001', amountLocalMinor: 250n });
    const before = await wallets(t, payer.id);
    expect(await direct({ clientKey: 'one-call-key-0001', amountLocalMinor: 250n })).toEqual(first);
    const conflict = { code: 'CONFLICT', message: 'This idempotency key was already used for a different payment' };
    await expect(direct({ clientKey: 'one-call-key-0001', amountLocalMinor: 251n })).rejects.toMatchObject(conflict);
    await expect(direct({ clientKey: 'one-call-key-0001', acc: '1', amountLocalMinor: 250n })).rejects.toMatchObject(conflict);
    const other = await createMember(t, { countryId: c.kes, sponsor: payer });
    await expect(
      direct({ clientKey: 'one-call-key-0001', username: other.username, amountLocalMinor: 250n }),
    ).rejects.toMatchObject(conflict);
    expect(await wallets(t, payer.id)).toEqual(before);
  });

  it('answers stale when the reference copy or the country is not current, and the service retries with a fresh copy', async () => {
    const version = await t.sql<{ v: string }>('SELECT version::text AS v FROM reference_version');
    const call = (payload: Record<string, unknown>) =>
      t.sql<{ r: { status: string; version?: string; country_id?: number } }>('SELECT payforclient_pay($1::jsonb) AS r', [
        JSON.stringify({ payer_id: payer.id.toString(), country_id: c.kes, reference_version: version[0]!.v, ...payload }),
      ]);
    expect((await call({ reference_version: '1' }))[0]!.r).toEqual({
      status: 'stale',
      version: version[0]!.v,
      country_id: c.kes,
    });
    expect((await call({ country_id: c.ugx }))[0]!.r).toMatchObject({ status: 'stale', country_id: c.kes });

    await t.app.deps.reference.at(version[0]!.v);
    await t.sql('UPDATE countries SET rate_micro = 2000000 WHERE id = $1', [c.kes]);
    try {
      const paid = await direct({ amountLocalMinor: 400n });
      expect(paid).toMatchObject({ amount: '4.00', currency: 'KES' });
      const tx = await t.sql<{ rate_micro: string; amount: string }>(
        `SELECT t.rate_micro::text, p.amount_minor::text AS amount FROM ledger_transactions t
         JOIN ledger_postings p ON p.transaction_id = t.id AND p.amount_minor > 0
         WHERE t.kind = 'pay_for_client' AND t.member_id = $1 ORDER BY t.id DESC LIMIT 1`,
        [payer.id.toString()],
      );
      // Converted at the new rate (KES 4.00 at 2 local units per system unit = 2.00), never the stale one.
      expect(tx[0]).toEqual({ rate_micro: '2000000', amount: '200' });
    } finally {
      await t.sql('UPDATE countries SET rate_micro = 1000000 WHERE id = $1', [c.kes]);
    }
  });
});

describe('guarantees that replace the dropped foreign keys', () => {
  it('refuses a transaction naming a member that does not exist', async () => {
    await expect(
      postTransaction(t.app.deps.db, {
        kind: 'adjustment',
        idempotencyKey: 'one-call:no-member',
        memberId: 999_999_999n,
        legs: [
          { account: { system: 'house:adjustments' }, amountMinor: -1n },
          { account: { system: 'house:fees' }, amountMinor: 1n },
        ],
      }),
    ).rejects.toMatchObject({ code: '23503' });
  });

  it('reports rows a dropped foreign key or unique index would have refused, and refuses deleting a posted account', async () => {
    const rollback = new Error('rollback');
    const seen = await t.app.deps.db
      .transaction(async (tx) => {
        const transfer = await tx.execute<{ id: string; transaction_id: string }>(
          sql`SELECT id::text, transaction_id::text FROM transfers WHERE payer_id = ${payer.id} ORDER BY id LIMIT 1`,
        );
        const row = transfer.rows[0]!;
        await tx.execute(sql`INSERT INTO ledger_transactions (kind, idempotency_key, member_id)
                             VALUES ('adjustment', 'one-call:orphan', 999999999)`);
        await tx.execute(sql`INSERT INTO ledger_postings (transaction_id, account_id, amount_minor)
                             VALUES (999999999, 999999999, 1)`);
        await tx.execute(sql`INSERT INTO transfers (payer_id, client_id, wallet, amount_local_minor, currency, rate_micro,
                               amount_system_minor, idempotency_key, transaction_id)
                             SELECT 999999999, client_id, wallet, amount_local_minor, currency, rate_micro,
                               amount_system_minor, idempotency_key, 999999998 FROM transfers WHERE id = ${row.id}`);
        const report = await reconcileLedger(tx);
        const account = await tx.execute<{ id: string }>(
          sql`SELECT id::text FROM ledger_accounts WHERE code = ${`member:${payer.id}:deposit`}`,
        );
        const deleted = await tx.execute(sql`DELETE FROM ledger_accounts WHERE id = ${account.rows[0]!.id}`).then(
          () => 'deleted',
          (error: { cause?: { code?: string } }) => error.cause?.code,
        );
        throw Object.assign(rollback, { report, deleted });
      })
      .catch((error: unknown) => error as Error & { report: Awaited<ReturnType<typeof reconcileLedger>>; deleted: string });
    expect(seen).toBe(rollback);
    expect(seen.report.ok).toBe(false);
    expect(new Set(seen.report.orphans.map((o) => o.check))).toEqual(
      new Set([
        'posting without its transaction',
        'posting without its account',
        'transaction of a missing member',
        'transfer without its transaction',
        'transfer of a missing member',
        'transfer key used twice',
      ]),
    );
    expect(seen.deleted).toBe('23503');
    expect((await reconcileLedger(t.app.deps.db)).orphans).toEqual([]);
  });
});
