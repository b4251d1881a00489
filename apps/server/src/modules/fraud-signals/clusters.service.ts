import type { ClusterState, SignalKind } from '@tuzo/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  insertCluster,
  moveMembers,
  selectClusterMembers,
  selectClusterOf,
  selectRingAcross,
  updateCluster,
  updateClusterState,
  type ClusterRow,
} from './fraud-signals.repository.ts';

/**
 * Clusters as union-find (decision 061): each member's row points straight at its cluster; a union moves the
 * smaller cluster's members into the larger (union by size; a tie keeps the older cluster), so a member moves at
 * most log2(n) times. The emptied cluster keeps its row (size 0, merged_into). Callers hold the cluster-change lock.
 *
 * States after a union: open if either side was open or the union makes a ring that neither side had (a member and
 * one of their three uplines now on opposite sides: a decided cluster gaining a new ring member re-opens); else the
 * more decided of the two (confirmed, then cleared, then watch). `ring` is kept once set (members never leave).
 */
const PRECEDENCE: readonly ClusterState[] = ['confirmed', 'cleared', 'watch'];

export function mergedState(states: readonly ClusterState[], newRing: boolean): ClusterState {
  if (newRing || states.includes('open')) return 'open';
  return PRECEDENCE.find((state) => states.includes(state)) ?? 'watch';
}

interface UnionPlan {
  survivor: ClusterRow;
  fresh: boolean;
  moved: bigint[];
  from: ClusterRow | null;
}

async function planUnion(tx: DbOrTx, a: bigint, b: bigint, at: Date): Promise<UnionPlan | null> {
  const ca = await selectClusterOf(tx, a, true);
  const cb = await selectClusterOf(tx, b, true);
  if (ca && cb) {
    if (ca.id === cb.id) return null;
    const [survivor, from] = ca.size > cb.size || (ca.size === cb.size && ca.id < cb.id) ? [ca, cb] : [cb, ca];
    return { survivor, fresh: false, moved: await selectClusterMembers(tx, from.id), from };
  }
  if (ca) return { survivor: ca, fresh: false, moved: [b], from: null };
  if (cb) return { survivor: cb, fresh: false, moved: [a], from: null };
  return { survivor: await insertCluster(tx, { memberId: a, at }), fresh: true, moved: [b], from: null };
}

/** Joins the clusters of `a` and `b` (creating one when neither has one); a no-op when they already share one. */
export async function unionMembers(tx: DbOrTx, input: { a: bigint; b: bigint; at: Date }): Promise<void> {
  const plan = await planUnion(tx, input.a, input.b, input.at);
  if (!plan) return;
  const { survivor, moved, from } = plan;
  const newRing = await selectRingAcross(tx, { moved, into: survivor.id });
  const states = from ? [survivor.state, from.state] : [survivor.state];
  const state = mergedState(states, newRing);
  await moveMembers(tx, { moved, into: survivor.id, from: from?.id ?? null, at: input.at });
  await updateCluster(tx, {
    id: survivor.id,
    state,
    ring: survivor.ring || (from?.ring ?? false) || newRing,
    size: survivor.size + moved.length,
    at: input.at,
    reopened: state === 'open' && (plan.fresh || survivor.state !== 'open'),
  });
}

export interface ClusterRef {
  id: bigint;
  state: ClusterState;
  ring: boolean;
}

/** The member's cluster, or null when no linking signal joins them to another account. */
export async function clusterOf(tx: DbOrTx, memberId: bigint): Promise<ClusterRef | null> {
  const cluster = await selectClusterOf(tx, memberId);
  return cluster && { id: cluster.id, state: cluster.state, ring: cluster.ring };
}

/** The cluster both members are in, or null. */
export async function sharedCluster(tx: DbOrTx, a: bigint, b: bigint): Promise<ClusterRef | null> {
  const [ca, cb] = [await clusterOf(tx, a), await clusterOf(tx, b)];
  return ca && cb && ca.id === cb.id ? ca : null;
}

/** An operator's decision (or a re-opening) on a cluster, at the app's clock. */
export async function setClusterState(tx: DbOrTx, input: { clusterId: bigint; state: ClusterState; at: Date }): Promise<void> {
  await updateClusterState(tx, { id: input.clusterId, state: input.state, at: input.at });
}

/** The members of a cluster, by id. */
export async function listClusterMembers(tx: DbOrTx, clusterId: bigint): Promise<bigint[]> {
  return selectClusterMembers(tx, clusterId);
}

export interface ClusterLinkRow {
  a: bigint;
  b: bigint;
  kind: SignalKind;
  linking: boolean;
  firstSeenAt: Date;
  lastSeenAt: Date;
}

/**
 * The links between members of a cluster (linking and evidence), one per pair and kind (the hashes of one kind
 * folded: first and last seen over them), linking kinds first.
 */
export async function listClusterLinks(tx: DbOrTx, clusterId: bigint): Promise<ClusterLinkRow[]> {
  const result = await tx.execute<{ a: string; b: string; kind: SignalKind; linking: boolean; first: Date; last: Date }>(sql`
    SELECT l.member_a::text AS a, l.member_b::text AS b, l.kind, bool_or(l.linking) AS linking,
           min(l.first_seen_at) AS first, max(l.last_seen_at) AS last
    FROM fraud_links l
    JOIN fraud_cluster_members ma ON ma.member_id = l.member_a AND ma.cluster_id = ${clusterId}
    JOIN fraud_cluster_members mb ON mb.member_id = l.member_b AND mb.cluster_id = ${clusterId}
    GROUP BY l.member_a, l.member_b, l.kind
    ORDER BY bool_or(l.linking) DESC, l.member_a, l.member_b, l.kind`);
  return result.rows.map((row) => ({
    a: BigInt(row.a),
    b: BigInt(row.b),
    kind: row.kind,
    linking: row.linking,
    firstSeenAt: new Date(row.first),
    lastSeenAt: new Date(row.last),
  }));
}
