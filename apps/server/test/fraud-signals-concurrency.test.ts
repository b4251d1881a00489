import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clusterOf, listClusterMembers, recordSignals, type RawSignals } from '../src/modules/fraud-signals/index.ts';
import { useCountriesApp } from './countries-app.ts';
import { createMember, type TestMember } from './money-fixtures.ts';

/** Signals recorded at the same moment (decision 061): one cluster, sizes that add up, no deadlock. */
const { t, c } = useCountriesApp();

/**
 * `n` members, each sponsored by the one before: accounts that recruited each other, so one value shared by all of
 * them stays linking (four unrelated accounts on one value make it public, decision 063).
 */
async function line(n: number): Promise<TestMember[]> {
  const members: TestMember[] = [];
  for (let i = 0; i < n; i += 1) members.push(await createMember(t, { countryId: c.kes, sponsor: members[i - 1] ?? null }));
  return members;
}
const member = () => createMember(t, { countryId: c.kes });
const line1 = (sponsor: TestMember) => createMember(t, { countryId: c.kes, sponsor });
/** Records in a transaction that goes on a moment after, as a caller's does (sign-up, activation): the race window. */
const record = (m: TestMember, signals: RawSignals) =>
  t.app.deps.db.transaction(async (tx) => {
    await recordSignals(tx, t.app.deps, { memberId: m.id, event: 'signup', at: t.app.deps.clock.now(), signals });
    await tx.execute(sql`SELECT pg_sleep(0.05)`);
  });

/** Every live cluster's size is its number of members; every merged one is empty. */
async function sizesAddUp(): Promise<void> {
  const wrong = await t.sql(`
    SELECT c.id FROM fraud_clusters c LEFT JOIN fraud_cluster_members m ON m.cluster_id = c.id
    GROUP BY c.id HAVING c.size <> count(m.member_id) OR (c.merged_into IS NOT NULL AND count(m.member_id) > 0)`);
  expect(wrong).toEqual([]);
}

/** All of `members` in one cluster that holds exactly them, and every cluster's size right. */
async function expectOneCluster(members: TestMember[]): Promise<void> {
  const ids = new Set<bigint>();
  for (const m of members) ids.add((await clusterOf(t.app.deps.db, m.id))!.id);
  expect(ids.size).toBe(1);
  expect(await listClusterMembers(t.app.deps.db, [...ids][0]!)).toHaveLength(members.length);
  await sizesAddUp();
}

describe('concurrent signals', () => {
  it('six sign-ups on one device at once make one cluster of six', async () => {
    const device = 'parallel_device_0001';
    const members = await line(6);
    await Promise.all(members.map((m) => record(m, { device })));
    await expectOneCluster(members);
  });

  it('overlapping unions from different values at once end in one consistent cluster', async () => {
    const members = await line(8);
    // Pairs on their own devices first: four clusters of two.
    for (let index = 0; index < 8; index += 2) {
      const device = `pair_device_${index}_0000000`;
      await record(members[index]!, { device });
      await record(members[index + 1]!, { device });
    }
    // Then every member at once shows one of two payer numbers that bridge the pairs crosswise.
    await Promise.all(members.map((m, index) => record(m, { payerPhone: index % 2 === 0 ? '0700111222' : '0700333444' })));
    await expectOneCluster(members);
  });

  it('one member joining two clusters through two values at once ends in one cluster', async () => {
    // y and z were recruited by x: a value they share with x links them (decision 063).
    const x = await member();
    const [y, z] = [await line1(x), await line1(x)];
    await record(y, { device: 'crossing_device_01' });
    await record(z, { payerPhone: '0799000111' });
    await Promise.all([record(x, { device: 'crossing_device_01' }), record(x, { payerPhone: '+254799000111' })]);
    await expectOneCluster([x, y, z]);
  });
});
