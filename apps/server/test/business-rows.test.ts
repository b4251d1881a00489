import { getTableName, type InferSelectModel } from 'drizzle-orm';
import pg from 'pg';
import { DEFAULT_FREE_TABLE } from '@tuzo/contracts';
import { describe, expect, it } from 'vitest';
import { rowFromJson, rowToJson } from '../src/db/row-json.ts';
import { adPayments, bonusClaims, spins, transfers, withdrawals } from '../src/db/schema.ts';
import { BUSINESS_TABLES, businessRow, type BusinessTable } from '../src/ledger/business-row.ts';
import { useTestApp } from './before-all.ts';

/**
 * The business rows a movement writes (docs/decisions/029-typed-business-rows.md): one declaration per table in
 * db/schema.ts builds the row the SQL function inserts and reads the row it returns. Here every column type goes
 * through PostgreSQL's own record and JSON conversion (`jsonb_populate_record`, then `to_jsonb` and
 * `ledger_json_numbers_as_text`, what the movement function does) and comes back equal; no row is stored.
 */
const t = useTestApp();

const at = new Date('2026-03-04T05:06:07.089Z');

/** One full row of each business table (the select type makes every column present: nullable ones are set too). */
const samples: { [K in BusinessTable as ReturnType<typeof getTableName<K>>]: InferSelectModel<K> } = {
  withdrawals: {
    id: 41n,
    memberId: 7n,
    wallet: 'youtube',
    amountLocalMinor: 123_456_789_012_345_678n,
    feeLocalMinor: 0n,
    currency: 'UGX',
    rateMicro: 28_500_000n,
    amountSystemMinor: 9_007_199_254_740_993n,
    feeSystemMinor: 15n,
    status: 2,
    idempotencyKey: 'withdrawal:7:k',
    holdTransactionId: 42n,
    settleTransactionId: 43n,
    decidedBy: 3n,
    decidedAt: new Date('2026-03-05T00:00:00.001Z'),
    createdAt: at,
    payoutPhone: '+256712345678',
    payoutName: 'AMINA N',
  },
  transfers: {
    id: 1n,
    payerId: 2n,
    clientId: 3n,
    wallet: 'deposit',
    amountLocalMinor: 10_000n,
    currency: 'KES',
    rateMicro: 1_000_000n,
    amountSystemMinor: 10_000n,
    status: 2,
    idempotencyKey: 'payforclient:2:k',
    transactionId: 9n,
    createdAt: at,
  },
  spins: {
    id: 5n,
    memberId: 6n,
    kind: 'casino',
    wallet: 'balance',
    stakeLocalMinor: 2_000n,
    stakeSystemMinor: 2_000n,
    figure: '1.5',
    segment: 3,
    wheel: DEFAULT_FREE_TABLE,
    winSystemMinor: 3_000n,
    winLocalMinor: 3_000n,
    currency: 'KES',
    rateMicro: 1_000_000n,
    seedId: 8n,
    serverSeedHash: 'ab'.repeat(32),
    clientSeed: 'seed',
    nonce: 2_147_483_647,
    idempotencyKey: 'casinospin:6:k',
    transactionId: 10n,
    createdAt: at,
  },
  bonus_claims: {
    id: 11n,
    memberId: 12n,
    kind: 'daily',
    day: '2026-02-28',
    amountMinor: 5_000n,
    points: 40,
    transactionId: 13n,
    createdAt: at,
  },
  video_payments: {
    id: 14n,
    memberId: 15n,
    videoId: 16n,
    task: 'tiktok',
    day: '2026-12-31',
    amountMinor: 1n,
    transactionId: 17n,
    createdAt: at,
  },
  ad_payments: {
    id: 18n,
    memberId: 19n,
    adId: 20n,
    day: '2026-01-01',
    action: 'comment',
    amountMinor: 250n,
    transactionId: 21n,
    createdAt: at,
  },
  trivia_payouts: {
    id: 22n,
    roundId: 23n,
    memberId: 24n,
    day: '2026-06-15',
    correctCount: 3,
    amountMinor: 300n,
    transactionId: 25n,
    createdAt: at,
  },
};

/** JSON as the movement sends it: bigints as text, dates as ISO instants. */
const toJson = (value: unknown) =>
  JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? inner.toString() : inner));

/** The row through PostgreSQL: into the table's record type and back out as the movement function returns it. */
async function throughPostgres(table: BusinessTable, json: Record<string, unknown>): Promise<unknown> {
  const name = pg.escapeIdentifier(getTableName(table));
  const rows = await t.sql<{ r: unknown }>(
    `SELECT ledger_json_numbers_as_text(to_jsonb(jsonb_populate_record(NULL::${name}, $1::jsonb))) AS r`,
    [toJson(json)],
  );
  return rows[0]!.r;
}

describe('business rows', () => {
  it('are the tables ledger_business_tables lists', async () => {
    const rows = await t.sql<{ name: string }>('SELECT name FROM ledger_business_tables ORDER BY name');
    expect(BUSINESS_TABLES.map((table) => getTableName(table)).sort()).toEqual(rows.map((row) => row.name));
  });

  it('come back from PostgreSQL equal to what was written, every column with its type', async () => {
    for (const table of BUSINESS_TABLES) {
      const sample = samples[getTableName(table) as keyof typeof samples];
      const stored = await throughPostgres(table, rowToJson(table, sample));
      expect(rowFromJson(table, stored), getTableName(table)).toEqual(sample);
    }
  });

  it('are written under the SQL column names, without the id and the transaction column', () => {
    const { id: _id, holdTransactionId: _hold, ...values } = samples.withdrawals;
    const built = businessRow(withdrawals, 'holdTransactionId', values);
    expect(built.table).toBe('withdrawals');
    expect(built.transactionColumn).toBe('hold_transaction_id');
    expect(Object.keys(built.row).sort()).toEqual(
      [
        'member_id',
        'wallet',
        'amount_local_minor',
        'fee_local_minor',
        'currency',
        'rate_micro',
        'amount_system_minor',
        'fee_system_minor',
        'status',
        'idempotency_key',
        'settle_transaction_id',
        'decided_by',
        'decided_at',
        'created_at',
        'payout_phone',
        'payout_name',
      ].sort(),
    );
    expect(built.row.amount_system_minor).toBe(9_007_199_254_740_993n);
    const { id: _spinId, transactionId: _tx, ...spin } = samples.spins;
    expect(businessRow(spins, 'transactionId', spin).transactionColumn).toBe('transaction_id');
  });

  it('leave an unset nullable column null and refuse a row that does not fit the declaration', async () => {
    const { settleTransactionId: _s, decidedBy: _b, decidedAt: _a, ...pending } = samples.withdrawals;
    const stored = await throughPostgres(withdrawals, rowToJson(withdrawals, pending));
    expect(rowFromJson(withdrawals, stored)).toEqual({ ...pending, settleTransactionId: null, decidedBy: null, decidedAt: null });

    const transfer = (await throughPostgres(transfers, rowToJson(transfers, samples.transfers))) as Record<string, unknown>;
    expect(() => rowFromJson(transfers, { ...transfer, client_id: null })).toThrow('transfers.client_id is missing');
    expect(() => rowFromJson(transfers, { ...transfer, wallet: 'ads' })).toThrow(
      'transfers.wallet: ads is none of balance, deposit',
    );
    expect(() => rowFromJson(transfers, { ...transfer, amount_local_minor: '1.5' })).toThrow('Not an integer');
    expect(() => rowFromJson(transfers, { ...transfer, amount_local_minor: 15 })).toThrow('expected text');
    expect(() => rowFromJson(transfers, { ...transfer, created_at: 'yesterday' })).toThrow('not a timestamp');
    expect(() => rowFromJson(transfers, { ...transfer, note: 'x' })).toThrow('columns not in db/schema.ts: note');
    expect(() => rowFromJson(transfers, null)).toThrow('the row is not an object');
    const claim = (await throughPostgres(bonusClaims, rowToJson(bonusClaims, samples.bonus_claims))) as Record<string, unknown>;
    expect(rowFromJson(bonusClaims, { ...claim, day: null }).day).toBeNull();
    expect(() => rowFromJson(bonusClaims, { ...claim, points: 'many' })).toThrow('bonus_claims.points: not an integer');
    expect(() => rowFromJson(bonusClaims, { ...claim, day: '28/02/2026' })).toThrow('not a date');
    expect(() => rowToJson(adPayments, { price: 1n })).toThrow('ad_payments has no column for price');
  });
});
