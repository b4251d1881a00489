import { describe, expect, it } from 'vitest';
import { SettableClock } from '../src/lib/clock.ts';
import { components, related, unrelatedCount } from '../src/modules/fraud-signals/public-values.ts';
import type { Lineage } from '../src/modules/fraud-signals/public-values.repository.ts';
import { clusterOf, listClusterMembers, recordSignals, type RawSignals } from '../src/modules/fraud-signals/index.ts';
import { useCountriesApp } from './countries-app.ts';
import { createMember, type TestMember } from './money-fixtures.ts';

/**
 * Public values and rebuilt clusters (decision 063): a value shown by four accounts of which none recruited another
 * links nobody, and the clusters it had joined fall apart into what the other links still hold together.
 */
const clock = new SettableClock(new Date('2026-06-01T09:00:00Z'));
const { t, c } = useCountriesApp({}, { clock });

const member = (sponsor?: TestMember) => createMember(t, { countryId: c.kes, sponsor: sponsor ?? null });
const db = () => t.app.deps.db;
const byId = (ids: bigint[]) => [...ids].sort((x, y) => (x < y ? -1 : 1));
let devices = 0;
const newDevice = () => `public_${(devices += 1)}_${'y'.repeat(20)}`;

function record(m: TestMember, signals: RawSignals) {
  return db().transaction((tx) => recordSignals(tx, t.app.deps, { memberId: m.id, event: 'signin', at: clock.now(), signals }));
}

const publicRows = () => t.sql<{ kind: string; reason: string }>('SELECT kind, reason FROM fraud_public_values ORDER BY kind');

describe('public values', () => {
  it('counts accounts of no referral line with any other: not an upline, downline or recruit of one sponsor', () => {
    const lineages = new Map<bigint, Lineage>([
      [1n, { sponsor: null, uplines: [100n] }],
      [2n, { sponsor: 1n, uplines: [1n, 100n] }],
      [3n, { sponsor: 2n, uplines: [2n, 1n, 100n] }],
      [4n, { sponsor: 9n, uplines: [9n] }],
      [5n, { sponsor: 9n, uplines: [9n] }],
      [6n, { sponsor: null, uplines: [100n] }],
      [7n, { sponsor: 8n, uplines: [8n] }],
    ]);
    expect(unrelatedCount([1n, 2n, 3n], lineages)).toBe(0);
    expect(unrelatedCount([1n, 3n, 4n, 5n], lineages)).toBe(0);
    expect(unrelatedCount([1n, 4n, 6n, 7n], lineages)).toBe(4);
    expect(related(4n, 5n, lineages)).toBe(true);
    // Two members with no sponsor (the house account's) are not recruits of one sponsor.
    expect(related(1n, 6n, lineages)).toBe(false);
  });

  it('splits members into connected parts, largest first', () => {
    expect(
      components(
        [1n, 2n, 3n, 4n, 5n, 6n],
        [
          [5n, 6n],
          [1n, 2n],
          [2n, 3n],
        ],
      ),
    ).toEqual([[1n, 2n, 3n], [4n], [5n, 6n]].sort((a, b) => b.length - a.length || (a[0]! < b[0]! ? -1 : 1)));
  });

  it('strangers on one phone are evidence until a recruit joins them; a fourth stranger makes it public', async () => {
    const device = newDevice();
    const strangers = [await member(), await member(), await member(), await member(), await member()];
    for (const stranger of strangers.slice(0, 2)) await record(stranger, { device });
    expect(await clusterOf(db(), strangers[0]!.id)).toBeNull();
    const evidence = await t.sql<{ kind: string; linking: boolean }>(
      'SELECT kind, linking FROM fraud_links WHERE member_a = ANY($1::bigint[])',
      [strangers.map((m) => m.id.toString())],
    );
    expect(evidence).toEqual([{ kind: 'device', linking: false }]);
    // The first stranger's recruit on the phone: one referral line shares it, so every account on it is linked.
    const recruit = await member(strangers[0]);
    await record(recruit, { device });
    const cluster = await clusterOf(db(), recruit.id);
    expect(cluster).toMatchObject({ state: 'open', ring: true });
    expect(await listClusterMembers(db(), cluster!.id)).toEqual(byId([strangers[0]!.id, strangers[1]!.id, recruit.id]));
    await record(strangers[2]!, { device });
    await record(strangers[3]!, { device });
    expect(await publicRows()).toEqual([]);
    expect(await listClusterMembers(db(), cluster!.id)).toHaveLength(5);
    // A fourth account of no line with the others: a public PC. It links nobody; the cluster falls apart.
    await record(strangers[4]!, { device });
    expect(await publicRows()).toEqual([{ kind: 'device', reason: 'unrelated' }]);
    for (const m of [...strangers, recruit]) expect(await clusterOf(db(), m.id)).toBeNull();
    const [emptied] = await t.sql<{ size: number }>('SELECT size FROM fraud_clusters WHERE id = $1', [cluster!.id.toString()]);
    expect(emptied).toEqual({ size: 0 });
    // Seen again later, by a recruit: still no link, no cluster.
    const fifth = await member(strangers[1]);
    await record(fifth, { device });
    expect(await clusterOf(db(), fifth.id)).toBeNull();
    await t.sql('DELETE FROM fraud_public_values');
  });

  it('a ring on its own payer number stays open when a shared device it was joined through turns public', async () => {
    const sponsor = await member();
    const recruit = await member(sponsor);
    await record(sponsor, { payerPhone: '0711 222 333' });
    await record(recruit, { payerPhone: '+254711222333' });
    const ring = await clusterOf(db(), sponsor.id);
    expect(ring).toMatchObject({ state: 'open', ring: true });

    const device = newDevice();
    const strangers = [await member(), await member(), await member(), await member()];
    await record(sponsor, { device });
    await record(recruit, { device });
    for (const stranger of strangers.slice(0, 3)) await record(stranger, { device });
    expect(await listClusterMembers(db(), ring!.id)).toHaveLength(5);
    // Sponsor and recruit are one line; with a fourth stranger, four accounts of no line share the device.
    await record(strangers[3]!, { device });
    expect(await publicRows()).toEqual([{ kind: 'device', reason: 'unrelated' }]);
    expect(await clusterOf(db(), sponsor.id)).toEqual(ring);
    expect(await listClusterMembers(db(), ring!.id)).toEqual(byId([sponsor.id, recruit.id]));
    for (const stranger of strangers) expect(await clusterOf(db(), stranger.id)).toBeNull();
    const sizes = await t.sql(`
      SELECT c.id FROM fraud_clusters c LEFT JOIN fraud_cluster_members m ON m.cluster_id = c.id
      GROUP BY c.id HAVING c.size <> count(m.member_id)`);
    expect(sizes).toEqual([]);
    await t.sql('DELETE FROM fraud_public_values');
  });

  it('two recruits of one sponsor on one phone are watch until the sponsor joins their cluster', async () => {
    const sponsor = await member();
    const [one, two] = [await member(sponsor), await member(sponsor)];
    const device = newDevice();
    await record(one, { device });
    await record(two, { device });
    expect(await clusterOf(db(), one.id)).toMatchObject({ state: 'watch', ring: false });
    // The sponsor joins through the email of one recruit: sponsor and downline in one cluster, a ring.
    await record(two, { email: 'two.person@example.org' });
    await record(sponsor, { email: 'Two.Person@example.org' });
    expect(await clusterOf(db(), one.id)).toMatchObject({ state: 'open', ring: true });
  });

  it('three devices each shared by strangers at one address make it a public place: its devices link nobody', async () => {
    const cafe = '196.201.7.40';
    const pcs = [newDevice(), newDevice(), newDevice(), newDevice()];
    const users = [];
    for (let i = 0; i < 8; i += 1) users.push(await member());
    // Two strangers on each of the first two PCs: the address is not yet a place.
    for (let pc = 0; pc < 2; pc += 1) {
      await record(users[2 * pc]!, { device: pcs[pc], ip: cafe });
      await record(users[2 * pc + 1]!, { device: pcs[pc], ip: cafe });
    }
    // Strangers: evidence only, no cluster.
    expect(await clusterOf(db(), users[0]!.id)).toBeNull();
    expect(await publicRows()).toEqual([]);
    // The third PC shared by strangers there: the address and its three PCs are public.
    await record(users[4]!, { device: pcs[2], ip: cafe });
    await record(users[5]!, { device: pcs[2], ip: cafe });
    expect(await publicRows()).toEqual([
      { kind: 'device', reason: 'place' },
      { kind: 'device', reason: 'place' },
      { kind: 'device', reason: 'place' },
      { kind: 'ip', reason: 'place' },
    ]);
    for (const user of users.slice(0, 6)) expect(await clusterOf(db(), user.id)).toBeNull();
    // A fourth PC there, new tomorrow (the browser wiped): public as soon as a second stranger uses it.
    await record(users[6]!, { device: pcs[3], ip: cafe });
    await record(users[7]!, { device: pcs[3], ip: cafe });
    expect(await clusterOf(db(), users[7]!.id)).toBeNull();
    expect(await publicRows()).toHaveLength(5);
    // A mother and the son she recruited on one phone at that address are still linked: they are no strangers.
    const mother = await member();
    const son = await member(mother);
    const phone = newDevice();
    await record(mother, { device: phone, ip: cafe });
    await record(son, { device: phone, ip: cafe });
    expect(await clusterOf(db(), son.id)).toMatchObject({ state: 'open', ring: true });
    await t.sql('DELETE FROM fraud_public_values');
    await t.sql('DELETE FROM fraud_place_devices');
  });
});
