import type pg from 'pg';
import type { Population } from './events.ts';
import { PROFILES, type Ring } from './rings.ts';

/** Where each member ended up: their cluster and its state (members in no cluster are absent). */
export interface Placement {
  cluster: Map<number, { id: string; state: string }>;
}

export async function readPlacement(sql: pg.Pool, ids: bigint[]): Promise<Placement> {
  const person = new Map(ids.map((id, index) => [id.toString(), index]));
  const rows = await sql.query<{ member: string; id: string; state: string }>(
    `SELECT m.member_id::text AS member, c.id::text AS id, c.state
     FROM fraud_cluster_members m JOIN fraud_clusters c ON c.id = m.cluster_id`,
  );
  const cluster = new Map<number, { id: string; state: string }>();
  for (const row of rows.rows) {
    const index = person.get(row.member);
    if (index !== undefined) cluster.set(index, { id: row.id, state: row.state });
  }
  return { cluster };
}

/** Found: at least 2 accounts in one open cluster; whole: every account in that one open cluster. */
export function ringOutcome(ring: Ring, placement: Placement): { found: boolean; whole: boolean } {
  const counts = new Map<string, number>();
  for (const index of ring.members) {
    const at = placement.cluster.get(index);
    if (at?.state === 'open') counts.set(at.id, (counts.get(at.id) ?? 0) + 1);
  }
  const most = Math.max(0, ...counts.values());
  return { found: most >= 2, whole: most === ring.members.length };
}

const pct = (part: number, whole: number) => (whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`);
const normalEmail = (email: string) => {
  const [local = '', domain = ''] = email.toLowerCase().split('@');
  return `${local.split('+')[0]!.replace(domain === 'gmail.com' ? /\./g : /$^/, '')}@${domain}`;
};

/** Why a ring was missed: no linking value shared among its accounts, or linked but never opened, or the cap. */
export function whyMissed(ring: Ring, population: Population, placement: Placement): string {
  const seen = new Map<string, Set<number>>();
  const note = (key: string, index: number) => seen.set(key, (seen.get(key) ?? new Set()).add(index));
  const members = new Set(ring.members);
  for (const event of population.events) {
    if (!members.has(event.person)) continue;
    const { device, payerPhone, payoutPhone, email } = event.signals;
    if (device) note(`device ${device}`, event.person);
    if (payerPhone) note(`payer ${payerPhone}`, event.person);
    if (payoutPhone) note(`payout ${payoutPhone}`, event.person);
    if (email) note(`email ${normalEmail(email)}`, event.person);
  }
  if (![...seen.values()].some((set) => set.size >= 2)) return 'shares no linking signal (only the home network)';
  const clusters = new Map<string, number>();
  for (const index of ring.members) {
    const at = placement.cluster.get(index);
    if (at) clusters.set(at.id, (clusters.get(at.id) ?? 0) + 1);
  }
  if ([...clusters.values()].some((n) => n >= 2)) return 'linked, but no sponsor and downline of one cluster (not open)';
  return 'a shared value was already over fraud.max_accounts_per_signal';
}

export function printRings(population: Population, placement: Placement): { found: number; total: number; careful: number } {
  const rows: string[] = [];
  let found = 0;
  let total = 0;
  let carefulFound = 0;
  for (const [profile] of PROFILES) {
    const rings = population.rings.filter((ring) => ring.profile === profile);
    const outcomes = rings.map((ring) => ringOutcome(ring, placement));
    const hit = outcomes.filter((outcome) => outcome.found).length;
    const whole = outcomes.filter((outcome) => outcome.whole).length;
    rows.push(
      `  ${profile.padEnd(12)} ${String(rings.length).padStart(3)} rings: found ${pct(hit, rings.length)}, whole ${pct(whole, rings.length)}`,
    );
    if (profile === 'careful') carefulFound = hit;
    else {
      found += hit;
      total += rings.length;
    }
  }
  const accounts = population.rings.reduce((sum, ring) => sum + ring.members.length, 0);
  console.log(`planted rings: ${population.rings.length} (${accounts} accounts, 2 to 20 each), by how careful the fraudster is:`);
  for (const row of rows) console.log(row);
  const careful = population.rings.filter((ring) => ring.profile === 'careful').length;
  console.log(
    `rings found (all but careful): ${pct(found, total)} (${found} of ${total}); careful found: ${carefulFound} of ${careful}`,
  );
  console.log(`rings found counting the careful ones: ${pct(found + carefulFound, population.rings.length)}`);
  const missed = population.rings.filter((ring) => !ringOutcome(ring, placement).found);
  const reasons = new Map<string, string[]>();
  for (const ring of missed) {
    const why = whyMissed(ring, population, placement);
    reasons.set(why, [...(reasons.get(why) ?? []), `${ring.profile}/${ring.shape}/${ring.members.length}`]);
  }
  for (const [why, list] of reasons)
    console.log(`  missed ${list.length}: ${why}: ${list.slice(0, 8).join(', ')}${list.length > 8 ? ', ...' : ''}`);
  return { found, total, careful };
}

/** Ordinary members in any cluster and in an open one, overall and by sharing type and habit. */
export function printOrdinary(population: Population, placement: Placement): { inCluster: number; inOpen: number } {
  const ordinary = population.people.slice(0, population.ordinary);
  const groups = new Map<string, number[]>([['all ordinary members', ordinary.map((person) => person.index)]]);
  for (const person of ordinary) {
    const keys = person.sharing.size === 0 ? ['no sharing'] : [...person.sharing, ...person.traits];
    for (const key of keys) groups.set(key, [...(groups.get(key) ?? []), person.index]);
  }
  const order = ['all ordinary members', 'no sharing', 'family', 'cybercafe', 'office', 'agent'];
  const rank = (key: string) => order.indexOf(key.split(':')[0]!);
  const keys = [...groups.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  console.log('ordinary members in a cluster (any state) / in an open cluster:');
  let result = { inCluster: 0, inOpen: 0 };
  for (const key of keys) {
    const members = groups.get(key)!;
    const inCluster = members.filter((index) => placement.cluster.has(index)).length;
    const inOpen = members.filter((index) => placement.cluster.get(index)?.state === 'open').length;
    if (key === 'all ordinary members') result = { inCluster, inOpen };
    console.log(
      `  ${key.padEnd(34)} ${String(members.length).padStart(6)}: ${pct(inCluster, members.length).padStart(6)} / ${pct(inOpen, members.length).padStart(6)}`,
    );
  }
  return { inCluster: result.inCluster / ordinary.length, inOpen: result.inOpen / ordinary.length };
}

/** The linking kinds that put ordinary members into open clusters, and the clusters' sizes. */
export async function printClusterShape(sql: pg.Pool, ordinaryIds: bigint[]): Promise<void> {
  const ids = ordinaryIds.map(String);
  const kinds = await sql.query<{ kind: string; members: string }>(
    `SELECT l.kind, count(DISTINCT x.m)::text AS members
     FROM fraud_links l
     JOIN fraud_cluster_members a ON a.member_id = l.member_a
     JOIN fraud_cluster_members b ON b.member_id = l.member_b AND b.cluster_id = a.cluster_id
     JOIN fraud_clusters c ON c.id = a.cluster_id AND c.state = 'open'
     CROSS JOIN LATERAL (VALUES (l.member_a), (l.member_b)) AS x (m)
     WHERE l.linking AND x.m = ANY($1::bigint[])
     GROUP BY l.kind ORDER BY 2 DESC`,
    [ids],
  );
  const kindText = kinds.rows.map((row) => `${row.kind} ${row.members}`).join(', ');
  console.log(`  ordinary members in open clusters, by the linking kind that joins them: ${kindText || 'none'}`);
  const sizes = await sql.query<{ state: string; clusters: string; largest: number; members: string }>(
    `SELECT state, count(*)::text AS clusters, max(size) AS largest, sum(size)::text AS members
     FROM fraud_clusters WHERE merged_into IS NULL AND size > 0 GROUP BY state ORDER BY state`,
  );
  for (const row of sizes.rows) {
    console.log(`  ${row.state} clusters: ${row.clusters}, ${row.members} members, largest ${row.largest}`);
  }
}

/**
 * The alternative rule, for comparison (decision 063): a case only where a member shares a linking value directly
 * with one of their own uplines (levels 1 to 3), not anywhere in one cluster. Rings found: 2 accounts so flagged.
 */
export async function printDirectRule(sql: pg.Pool, population: Population, ids: bigint[]): Promise<void> {
  const rows = await sql.query<{ m: string }>(
    `SELECT DISTINCT x.m::text AS m FROM fraud_links l
     JOIN members a ON a.id = l.member_a JOIN members b ON b.id = l.member_b
     CROSS JOIN LATERAL (VALUES (l.member_a), (l.member_b)) AS x (m)
     WHERE l.linking AND (b.id IN (a.l1_id, a.l2_id, a.l3_id) OR a.id IN (b.l1_id, b.l2_id, b.l3_id))`,
  );
  const flagged = new Set(rows.rows.map((row) => row.m));
  const isFlagged = (index: number) => flagged.has(ids[index]!.toString());
  const rings = population.rings.filter((ring) => ring.profile !== 'careful');
  const found = rings.filter((ring) => ring.members.filter(isFlagged).length >= 2).length;
  const ordinary = population.people.slice(0, population.ordinary).filter((person) => isFlagged(person.index)).length;
  console.log(
    `if a case needed a direct link between a member and their upline (not one cluster): rings found ` +
      `${pct(found, rings.length)} (careful apart), ordinary members flagged ${pct(ordinary, population.ordinary)}`,
  );
}
