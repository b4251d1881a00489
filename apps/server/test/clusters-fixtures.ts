import { expect } from 'vitest';
import { recordSignals, type RawSignals } from '../src/modules/fraud-signals/index.ts';
import { callAction } from './harness.ts';
import { createMember, fund, type TestMember } from './money-fixtures.ts';
import type { PayoutTestContext } from './payouts-fixtures.ts';

/** Cluster test fixtures (decision 062): members seen with signals, activated through the API. */

export async function seen(ctx: PayoutTestContext, m: TestMember, signals: RawSignals): Promise<void> {
  const { deps } = ctx.t.app;
  await deps.db.transaction((tx) => recordSignals(tx, deps, { memberId: m.id, event: 'signup', at: deps.clock.now(), signals }));
}

/** A chain of `n` members, each sponsored by the one before, all signed up with `signals` (e.g. one device). */
export async function chain(ctx: PayoutTestContext, n: number, signals: (i: number) => RawSignals): Promise<TestMember[]> {
  const members: TestMember[] = [];
  for (let i = 0; i < n; i += 1) {
    const m = await createMember(ctx.t, { countryId: ctx.c.kes, sponsor: members[i - 1] ?? null, prefix: 'ring' });
    await fund(ctx.t, m.id, 50_000n, 'deposit');
    await seen(ctx, m, signals(i));
    members.push(m);
  }
  return members;
}

/** Activates each member (fee KES 500; commissions 250 / 150 / 50 to three uplines). */
export async function activateAll(ctx: PayoutTestContext, members: readonly TestMember[]): Promise<void> {
  for (const m of members) {
    const res = await callAction(ctx.t.app, 'activateaccount', { method: 'POST', token: m.token, payload: {} });
    expect(res).toMatchObject({ status: 200, resultcode: true });
  }
}

export async function clusterIdOf(ctx: PayoutTestContext, m: TestMember): Promise<string> {
  const rows = await ctx.t.sql<{ id: string }>('SELECT cluster_id::text AS id FROM fraud_cluster_members WHERE member_id = $1', [
    m.id.toString(),
  ]);
  expect(rows).toHaveLength(1);
  return rows[0]!.id;
}

/** The cached balance of a ledger account in minor units (0 when it has none yet). */
export async function accountBalance(ctx: PayoutTestContext, code: string): Promise<bigint> {
  const rows = await ctx.t.sql<{ sum: string | null }>(
    'SELECT sum(p.amount_minor)::text AS sum FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.code = $1',
    [code],
  );
  return BigInt(rows[0]?.sum ?? '0');
}

export async function holdStates(ctx: PayoutTestContext, clusterId: string): Promise<string[]> {
  const rows = await ctx.t.sql<{ state: string }>(
    `SELECT h.state FROM commission_holds h JOIN fraud_cluster_members cm ON cm.member_id = h.member_id
     WHERE cm.cluster_id = $1 ORDER BY h.id`,
    [clusterId],
  );
  return rows.map((row) => row.state);
}

export function decide(ctx: PayoutTestContext, payload: unknown, by: TestMember = ctx.operator) {
  return callAction(ctx.t.app, 'admindecidecluster', { method: 'POST', token: by.token, payload });
}
