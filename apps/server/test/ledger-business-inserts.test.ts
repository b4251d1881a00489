import { getTableName } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { transfers } from '../src/db/schema.ts';
import { BUSINESS_TABLES, businessRow, type BusinessRow } from '../src/ledger/business-row.ts';
import { recordMovement } from '../src/ledger/movement.ts';
import { fund } from './money-fixtures.ts';
import { useCountriesApp, useMember } from './countries-app.ts';

/**
 * The movement's business row is inserted by a static INSERT per table (migration 0460, decision 041), planned once
 * per connection instead of on every call. Each INSERT names its columns, so a column added to a business table
 * later must be added there too: this test compares them with the database. A table registered without a static
 * INSERT still takes the dynamic path, and a column left out of the row gets its default, as before.
 */
const { t, c } = useCountriesApp();
const payer = useMember({ t, c }, { status: 'active' });
const client = useMember({ t, c }, { sponsor: payer });
beforeAll(async () => {
  await fund(t, payer.id, 10_000n, 'balance');
});

async function staticInsertColumns(): Promise<Map<string, string[]>> {
  const [row] = await t.sql<{ source: string }>(`SELECT pg_get_functiondef('ledger_insert_business'::regproc) AS source`);
  const columns = new Map<string, string[]>();
  for (const match of (row?.source ?? '').matchAll(/INSERT INTO (\w+) \(([^)]*)\)/g)) {
    columns.set(
      match[1]!,
      match[2]!
        .split(',')
        .map((name) => name.trim())
        .sort(),
    );
  }
  return columns;
}

function transferValues(key: string) {
  return {
    payerId: payer.id,
    clientId: client.id,
    wallet: 'balance' as const,
    amountLocalMinor: 100n,
    currency: 'KES',
    rateMicro: 1_000_000n,
    amountSystemMinor: 100n,
    idempotencyKey: key,
  };
}

const legs = () => [
  { account: { memberId: payer.id, wallet: 'balance' as const }, amountMinor: -100n },
  { account: { memberId: client.id, wallet: 'deposit' as const }, amountMinor: 100n },
];

describe('business rows by static INSERTs', () => {
  it('names every column but the id of every business table', async () => {
    const inserts = await staticInsertColumns();
    const registered = await t.sql<{ name: string }>('SELECT name FROM ledger_business_tables ORDER BY name');
    expect([...inserts.keys()].sort()).toEqual(registered.map((r) => r.name));
    expect([...inserts.keys()].sort()).toEqual(BUSINESS_TABLES.map((table) => getTableName(table)).sort());
    for (const [table, named] of inserts) {
      const columns = await t.sql<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND column_name <> 'id' ORDER BY column_name`,
        [table],
      );
      expect(named, table).toEqual(columns.map((column) => column.column_name).sort());
    }
  });

  it('gives a column left out of the row its default, and a replay returns the first row', async () => {
    const key = `test:static:${payer.id}`;
    const input = { kind: 'pay_for_client' as const, idempotencyKey: key, memberId: payer.id, legs: legs() };
    const first = await recordMovement(t.app.deps.db, {
      ...input,
      business: businessRow(transfers, 'transactionId', transferValues(key)),
    });
    expect(first.duplicate).toBe(false);
    expect(first.business).toMatchObject({ status: 2, transactionId: first.transactionId, amountSystemMinor: 100n });
    expect(first.business?.createdAt).toBeInstanceOf(Date);
    const again = await recordMovement(t.app.deps.db, {
      ...input,
      business: businessRow(transfers, 'transactionId', transferValues(key)),
    });
    expect(again).toMatchObject({ duplicate: true, transactionId: first.transactionId });
    expect(again.business).toEqual(first.business);
  });

  it('takes the dynamic INSERT for a registered table with no static one, and refuses an unregistered table', async () => {
    await t.sql(
      'CREATE TABLE test_business_rows (id bigserial PRIMARY KEY, note text NOT NULL, tx bigint NOT NULL, n integer NOT NULL DEFAULT 7)',
    );
    await t.sql(`INSERT INTO ledger_business_tables (name) VALUES ('test_business_rows')`);
    const business = (table: string): BusinessRow<unknown> => ({
      table,
      transactionColumn: 'tx',
      row: { note: 'dynamic' },
      read: (json) => json,
    });
    const key = `test:dynamic:${payer.id}`;
    const recorded = await recordMovement(t.app.deps.db, {
      kind: 'pay_for_client',
      idempotencyKey: key,
      memberId: payer.id,
      legs: legs(),
      business: business('test_business_rows'),
    });
    expect(recorded.business).toEqual({ id: expect.any(String), note: 'dynamic', tx: recorded.transactionId.toString(), n: '7' });
    await expect(
      recordMovement(t.app.deps.db, {
        kind: 'pay_for_client',
        idempotencyKey: `test:unknown:${payer.id}`,
        memberId: payer.id,
        legs: legs(),
        business: business('members'),
      }),
    ).rejects.toThrow(/no business table members/);
    const moved = await t.sql(`SELECT 1 FROM ledger_transactions WHERE idempotency_key = $1`, [`test:unknown:${payer.id}`]);
    expect(moved).toEqual([]);
  });
});
