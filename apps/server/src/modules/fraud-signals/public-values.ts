import type { ClusterState, SignalKind } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { selectClusterIds, type HashedSignal } from './fraud-signals.repository.ts';
import {
  deleteMemberships,
  insertSplit,
  markPublic,
  notePlaceDevices,
  selectHolding,
  selectRebuildSource,
  selectLineages,
  updateRebuilt,
  type Lineage,
} from './public-values.repository.ts';

/**
 * Public values (decision 063). A linking value (device, payer or payout phone, email, phone) is public once
 * - `fraud.max_accounts_per_signal` other accounts showed it (reason `accounts`), or
 * - PUBLIC_AFTER_UNRELATED accounts showed it of which none recruited another within three levels (reason
 *   `unrelated`): a cybercafe PC, an M-Pesa agent's number. The accounts of one ring all hang from each other, so
 *   a ring on one phone never looks like this; a family of up to three on one phone keeps its link; or
 * - it is a device used by two accounts that did not recruit each other at an address where PLACE_DEVICES such
 *   devices were used (reason `place`): a cybercafe whose browsers are wiped every night, so that no one device id
 *   lives long enough to reach the rule above. The address is marked public too (kind ip, an evidence kind: it
 *   never linked anyone). A home's one shared phone, or a mobile network's shared address (phones are not shared
 *   between strangers), does not make a place.
 * A public value links nobody from then on: its links stop linking and the clusters they joined are rebuilt.
 */
export const PUBLIC_AFTER_UNRELATED = 4;
export const PLACE_DEVICES = 3;

export type PublicValue = HashedSignal & { reason: 'accounts' | 'unrelated' | 'place' };

export interface Sharer extends HashedSignal {
  memberId: bigint;
}

/**
 * Whether two accounts are of one referral line: one is the other's upline on levels 1 to 3, or they have one sponsor
 * (two recruits of one member; the house account sponsors nobody in this sense).
 */
export function related(a: bigint, b: bigint, lineages: ReadonlyMap<bigint, Lineage>): boolean {
  const [la, lb] = [lineages.get(a), lineages.get(b)];
  if (!la || !lb) return false;
  return la.uplines.includes(b) || lb.uplines.includes(a) || (la.sponsor !== null && la.sponsor === lb.sponsor);
}

/** How many of `ids` are related (one referral line) to none of the others. */
export function unrelatedCount(ids: readonly bigint[], lineages: ReadonlyMap<bigint, Lineage>): number {
  const list = [...new Set(ids)];
  return list.filter((id) => !list.some((other) => other !== id && related(id, other, lineages))).length;
}

/**
 * The linking values of this sighting that turn public now, with why, and the devices shared with a stranger (two
 * accounts of which neither recruited the other) that count towards a public place. `sharers` are the other accounts
 * that showed each value (at most `limit` read), `uplines` the uplines of them and of `memberId`.
 */
export function classify(input: {
  values: readonly HashedSignal[];
  sharers: readonly Sharer[];
  memberId: bigint;
  limit: number;
  lineages: ReadonlyMap<bigint, Lineage>;
  linking: ReadonlySet<SignalKind>;
}): { publicNow: PublicValue[]; strangerDevices: string[]; lineShared: Set<string> } {
  const publicNow: PublicValue[] = [];
  const strangerDevices: string[] = [];
  const lineShared = new Set<string>();
  for (const value of input.values) {
    if (!input.linking.has(value.kind)) continue;
    const others = input.sharers.filter((sharer) => sharer.hash === value.hash).map((sharer) => sharer.memberId);
    if (others.length === 0) continue;
    if (others.length >= input.limit) {
      publicNow.push({ ...value, reason: 'accounts' });
      continue;
    }
    const accounts = new Set([input.memberId, ...others]);
    const unrelated = unrelatedCount([...accounts], input.lineages);
    if (unrelated >= PUBLIC_AFTER_UNRELATED) publicNow.push({ ...value, reason: 'unrelated' });
    else if (value.kind === 'device' && unrelated >= 2) strangerDevices.push(value.hash);
    if (unrelated < accounts.size) lineShared.add(value.hash);
  }
  return { publicNow, strangerDevices, lineShared };
}

/**
 * The devices shared with a stranger at this sighting's address, noted there; when the address is (or now becomes)
 * a public place, the devices that turn public with it (all noted there when it becomes one) and the address.
 */
export async function placeDevices(
  tx: DbOrTx,
  input: { ip: HashedSignal | undefined; ipIsPublic: boolean; devices: readonly string[]; at: Date },
): Promise<PublicValue[]> {
  const { ip, devices } = input;
  if (!ip || devices.length === 0) return [];
  const asPublic = (hashes: readonly string[]) => hashes.map((hash): PublicValue => ({ kind: 'device', hash, reason: 'place' }));
  if (input.ipIsPublic) return asPublic(devices);
  const noted = await notePlaceDevices(tx, { ip: ip.hash, devices, at: input.at });
  if (noted.length < PLACE_DEVICES) return [];
  return [...asPublic(noted), { ...ip, reason: 'place' }];
}

/** Marks `values` public and rebuilds the clusters their links had joined. Callers hold the cluster-change lock. */
export async function makePublic(tx: DbOrTx, input: { values: readonly PublicValue[]; at: Date }): Promise<void> {
  if (input.values.length === 0) return;
  const touched = await markPublic(tx, input);
  if (touched.length === 0) return;
  const clusters = await selectClusterIds(tx, touched);
  for (const clusterId of new Set(clusters.values())) await rebuildCluster(tx, clusterId, input.at);
}

/** The connected parts of `members` over `pairs`, largest first (a tie: the part with the oldest member first). */
export function components(members: readonly bigint[], pairs: ReadonlyArray<readonly [bigint, bigint]>): bigint[][] {
  const parent = new Map(members.map((id) => [id, id]));
  const find = (id: bigint): bigint => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(id, root);
    return root;
  };
  for (const [a, b] of pairs) {
    if (!parent.has(a) || !parent.has(b)) continue;
    const [ra, rb] = [find(a), find(b)];
    if (ra !== rb) parent.set(ra < rb ? rb : ra, ra < rb ? ra : rb);
  }
  const parts = new Map<bigint, bigint[]>();
  for (const id of members) parts.set(find(id), [...(parts.get(find(id)) ?? []), id]);
  const sorted = [...parts.values()].map((part) => part.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  return sorted.sort((a, b) => b.length - a.length || (a[0]! < b[0]! ? -1 : 1));
}

/** A part's state after a rebuild: a decision stays; otherwise open while it is a ring or money waits on it. */
function partState(before: ClusterState, ring: boolean, holding: boolean): ClusterState {
  if (before === 'cleared' || before === 'confirmed') return before;
  return ring || holding ? 'open' : 'watch';
}

/**
 * Re-forms a cluster from the linking links left between its members: the largest part keeps the cluster, each
 * other part gets a new one (same opening time), and a member linked to nobody leaves unless commissions of theirs
 * are still held (the case stays until an operator decides).
 */
async function rebuildCluster(tx: DbOrTx, clusterId: bigint, at: Date): Promise<void> {
  const source = await selectRebuildSource(tx, clusterId);
  if (!source) return;
  const parts = components(source.members, source.pairs);
  if (parts.length <= 1) return;
  const lineages = await selectLineages(tx, source.members);
  const holding = await selectHolding(tx, source.members);
  const kept = parts.filter((part) => part.length > 1 || holding.has(part[0]!));
  await deleteMemberships(
    tx,
    parts.filter((part) => !kept.includes(part)).map((part) => part[0]!),
  );
  const [first, ...rest] = kept.map((part) => {
    const set = new Set(part);
    const ring = part.some((id) => (lineages.get(id)?.uplines ?? []).some((upline) => set.has(upline)));
    return {
      members: part,
      ring,
      state: partState(
        source.state,
        ring,
        part.some((id) => holding.has(id)),
      ),
    };
  });
  await updateRebuilt(tx, {
    id: clusterId,
    state: first?.state ?? source.state,
    ring: first?.ring ?? false,
    size: first?.members.length ?? 0,
    at,
  });
  for (const part of rest) await insertSplit(tx, { ...part, openedAt: source.openedAt, at });
}
