import { afterEach, describe, expect, it } from 'vitest';
import { createMember } from './money-fixtures.ts';
import { expectReconciled } from './payouts-fixtures.ts';
import { usePayoutTestApp } from './payout-app.ts';
import { activateAll, chain, clusterIdOf, seen } from './clusters-fixtures.ts';

/**
 * A ring whose only link was a device that later turns public (decision 063): the rebuild leaves no link between
 * its accounts, but a member whose commissions are held keeps an open cluster until an operator decides; one with
 * nothing held leaves. The ledger reconciles after.
 */
const ctx = usePayoutTestApp();
afterEach(() => expectReconciled(ctx));

const heldOf = (memberId: bigint) =>
  ctx.t.sql<{ state: string }>('SELECT state FROM commission_holds WHERE member_id = $1 ORDER BY id', [memberId.toString()]);

describe('a device that turns public under a ring with held commissions', () => {
  it('keeps a case for each member with held commissions and lets the others go', async () => {
    const device = 'public-holds-device-0001';
    const ring = await chain(ctx, 3, () => ({ device }));
    await activateAll(ctx, ring);
    const [top, middle, last] = ring as [(typeof ring)[0], (typeof ring)[0], (typeof ring)[0]];
    const clusterId = await clusterIdOf(ctx, top);
    expect(await heldOf(top.id)).toEqual([{ state: 'held' }, { state: 'held' }]);
    expect(await heldOf(middle.id)).toEqual([{ state: 'held' }]);

    for (let i = 0; i < 4; i += 1) {
      const stranger = await createMember(ctx.t, { countryId: ctx.c.kes, prefix: 'cafe' });
      await seen(ctx, stranger, { device });
    }
    const rows = await ctx.t.sql<{ member_id: string; cluster_id: string; state: string; size: number }>(
      `SELECT m.member_id::text, m.cluster_id::text, c.state, c.size FROM fraud_cluster_members m
       JOIN fraud_clusters c ON c.id = m.cluster_id WHERE m.member_id = ANY($1::bigint[]) ORDER BY m.member_id`,
      [ring.map((m) => m.id.toString())],
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({ member_id: top.id.toString(), cluster_id: clusterId, state: 'open', size: 1 });
    expect(rows[1]).toMatchObject({ member_id: middle.id.toString(), state: 'open', size: 1 });
    expect(rows[1]!.cluster_id).not.toBe(clusterId);
    expect(await ctx.t.sql('SELECT 1 FROM fraud_cluster_members WHERE member_id = $1', [last.id.toString()])).toEqual([]);
    // Nothing moved: the holds wait for a decision on each member's case.
    expect(await heldOf(top.id)).toEqual([{ state: 'held' }, { state: 'held' }]);
    await ctx.t.sql('DELETE FROM fraud_public_values');
  });
});
