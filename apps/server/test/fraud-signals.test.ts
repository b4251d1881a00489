import { describe, expect, it } from 'vitest';
import { DEFAULT_FRAUD_SETTINGS, type FraudSettings } from '@tuzo/contracts';
import { SettableClock } from '../src/lib/clock.ts';
import {
  clusterOf,
  listClusterLinks,
  listClusterMembers,
  recordSignals,
  setClusterState,
  sharedCluster,
  type RawSignals,
  type SignalEvent,
} from '../src/modules/fraud-signals/index.ts';
import { storeSetting } from '../src/modules/settings/index.ts';
import { useCountriesApp } from './countries-app.ts';
import { createMember, type TestMember } from './money-fixtures.ts';

/** Signals and clusters through the front door (decision 061): links, union by size, rings, the fan-out limit. */
const clock = new SettableClock(new Date('2026-05-04T09:00:00Z'));
const { t, c } = useCountriesApp({}, { clock });

let devices = 0;
const member = (sponsor?: TestMember) => createMember(t, { countryId: c.kes, sponsor: sponsor ?? null });
const newDevice = () => `dev_${(devices += 1)}_${'x'.repeat(20)}`;
const byId = (ids: bigint[]) => [...ids].sort((x, y) => (x < y ? -1 : 1));
const db = () => t.app.deps.db;

function record(m: TestMember, signals: RawSignals, event: SignalEvent = 'signup') {
  return db().transaction((tx) => recordSignals(tx, t.app.deps, { memberId: m.id, event, at: clock.now(), signals }));
}

async function withFraudSettings(settings: Partial<FraudSettings>, run: () => Promise<void>): Promise<void> {
  await storeSetting(db(), { key: 'fraud', value: { ...DEFAULT_FRAUD_SETTINGS, ...settings }, at: clock.now() });
  try {
    await run();
  } finally {
    await storeSetting(db(), { key: 'fraud', value: DEFAULT_FRAUD_SETTINGS, at: clock.now() });
  }
}

const clusterRow = async (id: bigint) =>
  (
    await t.sql<{ size: number; merged_into: string | null }>('SELECT size, merged_into FROM fraud_clusters WHERE id = $1', [
      id.toString(),
    ])
  )[0];

describe('signals and links', () => {
  it('stores keyed hashes only; two recruits of one sponsor on one device are a watch cluster, the network evidence', async () => {
    const device = newDevice();
    const sponsor = await member();
    const [one, two] = [await member(sponsor), await member(sponsor)];
    await record(one, { device, ip: '198.51.100.7', email: 'One.Person@Example.com' });
    expect(await clusterOf(db(), one.id)).toBeNull();
    const stored = await t.sql<{ kind: string; hash: string }>('SELECT kind, hash FROM fraud_signals WHERE member_id = $1', [
      one.id.toString(),
    ]);
    expect(stored.map((row) => row.kind).sort()).toEqual(['device', 'email', 'ip', 'network']);
    for (const row of stored) expect(row.hash).toMatch(/^[0-9a-f]{64}$/);

    await record(two, { device, ip: '198.51.100.9' });
    const cluster = await sharedCluster(db(), one.id, two.id);
    expect(cluster).toMatchObject({ state: 'watch', ring: false });
    expect(await listClusterMembers(db(), cluster!.id)).toEqual(byId([one.id, two.id]));
    const links = await listClusterLinks(db(), cluster!.id);
    expect(links.map((link) => [link.kind, link.linking])).toEqual([
      ['device', true],
      ['network', false],
    ]);
    expect(links[0]).toMatchObject({ a: byId([one.id, two.id])[0], firstSeenAt: clock.now(), lastSeenAt: clock.now() });
  });

  it('a family of two sharing a network but not a device or payer: linked by evidence only, no cluster', async () => {
    const [mother, son] = [await member(), await member()];
    await record(mother, { device: newDevice(), ip: '203.0.113.5', payerPhone: '0711000001' }, 'signin');
    await record(son, { device: newDevice(), ip: '203.0.113.5', payerPhone: '0711000002' }, 'signin');
    expect(await clusterOf(db(), mother.id)).toBeNull();
    expect(await clusterOf(db(), son.id)).toBeNull();
    const links = await t.sql<{ kind: string; linking: boolean }>(
      'SELECT kind, linking FROM fraud_links WHERE member_a = $1 AND member_b = $2 ORDER BY kind',
      byId([mother.id, son.id]).map(String),
    );
    expect(links).toEqual([
      { kind: 'ip', linking: false },
      { kind: 'network', linking: false },
    ]);
  });

  it('a value shown by max_accounts_per_signal other accounts turns public: its cluster falls apart', async () => {
    await withFraudSettings({ max_accounts_per_signal: 3 }, async () => {
      const agent = '+254 722 555 000';
      // A line of recruits, so the number is not public for being shared by unrelated accounts first.
      const payers = [await member()];
      for (let i = 1; i < 4; i += 1) payers.push(await member(payers[i - 1]));
      for (const payer of payers.slice(0, 3)) await record(payer, { payerPhone: agent }, 'deposit');
      const cluster = await clusterOf(db(), payers[0]!.id);
      expect(await listClusterMembers(db(), cluster!.id)).toEqual(byId(payers.slice(0, 3).map((p) => p.id)));
      await record(payers[3]!, { payerPhone: agent }, 'deposit');
      for (const payer of payers) expect(await clusterOf(db(), payer.id)).toBeNull();
      expect(await t.sql('SELECT kind, reason FROM fraud_public_values')).toEqual([{ kind: 'payer_phone', reason: 'accounts' }]);
      const ids = payers.map((p) => p.id.toString());
      const links = await t.sql<{ linking: boolean }>(
        'SELECT linking FROM fraud_links WHERE member_a = ANY($1::bigint[]) AND member_b = ANY($1::bigint[])',
        [ids],
      );
      expect(links.map((link) => link.linking)).toEqual([false, false, false]);
      const fourth = payers[3]!.id.toString();
      expect(await t.sql('SELECT 1 FROM fraud_links WHERE member_a = $1 OR member_b = $1', [fourth])).toHaveLength(0);
      expect(await t.sql('SELECT 1 FROM fraud_signals WHERE member_id = $1', [fourth])).toHaveLength(1);
    });
    await t.sql('DELETE FROM fraud_public_values');
  });

  it('records nothing while collection is switched off', async () => {
    await withFraudSettings({ collect: false }, async () => {
      const m = await member();
      await record(m, { device: newDevice(), ip: '192.0.2.1' });
      expect(await t.sql('SELECT 1 FROM fraud_signals WHERE member_id = $1', [m.id.toString()])).toHaveLength(0);
    });
  });
});

describe('clusters', () => {
  it('moves the smaller cluster into the larger; the emptied one keeps its row, merged', async () => {
    const [big, small] = [newDevice(), newDevice()];
    // Three recruits of one sponsor, and two recruits of the first of them: each group of one referral line.
    const sponsor = await member();
    const a = [await member(sponsor), await member(sponsor), await member(sponsor)];
    const b = [await member(a[0]), await member(a[0])];
    for (const m of a) await record(m, { device: big });
    for (const m of b) await record(m, { device: small });
    const [ca, cb] = [(await clusterOf(db(), a[0]!.id))!, (await clusterOf(db(), b[0]!.id))!];
    expect(ca.id).not.toBe(cb.id);
    // One of the pair shares a payout number with the one of the three who recruited them (a ring, so open).
    await record(a[0]!, { payoutPhone: '0722 000 321' }, 'withdrawal');
    await record(b[1]!, { payoutPhone: '0722000321' }, 'withdrawal');
    expect(await listClusterMembers(db(), ca.id)).toEqual(byId([...a, ...b].map((m) => m.id)));
    expect(await clusterRow(ca.id)).toEqual({ size: 5, merged_into: null });
    expect(await clusterRow(cb.id)).toEqual({ size: 0, merged_into: ca.id.toString() });
    expect(await clusterOf(db(), b[0]!.id)).toMatchObject({ id: ca.id, state: 'open' });
  });

  it('is a ring when a member and their level-1, level-2 or level-3 upline are in it; siblings alone are not', async () => {
    const top = await member();
    const l1 = await member(top);
    const l2 = await member(l1);
    const l3 = await member(l2);
    // Level 3 through one email spelt two ways (Gmail dots, a +tag, googlemail).
    await record(top, { email: 'Top.Person+tuzo@gmail.com' });
    await record(l3, { email: 'topperson@googlemail.com' });
    expect(await sharedCluster(db(), top.id, l3.id)).toMatchObject({ state: 'open', ring: true });
    // Level 2 through one phone spelt two ways.
    const other = await member();
    const child = await member(other);
    const grandchild = await member(child);
    await record(other, { phone: '0733 100 200' });
    await record(grandchild, { phone: '+254733100200' });
    expect(await sharedCluster(db(), other.id, grandchild.id)).toMatchObject({ state: 'open', ring: true });
    // Two siblings whose sponsor is not in the cluster: watch.
    const sponsor = await member();
    const [s1, s2] = [await member(sponsor), await member(sponsor)];
    await record(s1, { payoutPhone: '254744000111' }, 'withdrawal');
    await record(s2, { payoutPhone: '0744000111' }, 'withdrawal');
    expect(await sharedCluster(db(), s1.id, s2.id)).toMatchObject({ state: 'watch', ring: false });
  });

  it('a decided cluster re-opens when a new member makes a ring, and stays decided when a stranger joins', async () => {
    const sponsor = await member();
    const [s1, s2] = [await member(sponsor), await member(sponsor)];
    const device = newDevice();
    await record(s1, { device });
    await record(s2, { device });
    const cluster = (await clusterOf(db(), s1.id))!;
    await db().transaction((tx) => setClusterState(tx, { clusterId: cluster.id, state: 'cleared', at: clock.now() }));
    const stranger = await member();
    await record(stranger, { device });
    expect(await clusterOf(db(), stranger.id)).toMatchObject({ id: cluster.id, state: 'cleared', ring: false });

    clock.advance(3_600_000);
    const child = await member(s1);
    await record(child, { device });
    expect(await clusterOf(db(), child.id)).toMatchObject({ id: cluster.id, state: 'open', ring: true });
    const [row] = await t.sql<{ opened_at: Date }>('SELECT opened_at FROM fraud_clusters WHERE id = $1', [cluster.id.toString()]);
    expect(row?.opened_at).toEqual(clock.now());
  });
});
