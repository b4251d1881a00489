import {
  formatMinor,
  parseDbMinor,
  type AdminClusterData,
  type AdminClustersData,
  type AdminClustersPayload,
  type ClusterSummary,
} from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { listClusterLinks } from '../fraud-signals/index.ts';
import {
  selectClusterDecisions,
  selectClusterHoldViews,
  selectClusterMemberRows,
  selectClusterMoney,
  selectClusterPage,
  selectClusterReviews,
  selectClusterSummary,
  selectUsernames,
  type ClusterSummaryRow,
} from './admin-clusters.read-model.ts';

/** The console's Clusters pages (decision 062): the list and one cluster whole, links by signal kind only. */

const PAGE_SIZE = 20;
const iso = (value: Date | string) => new Date(value).toISOString();

function toSummary(row: ClusterSummaryRow): ClusterSummary {
  return {
    id: row.id,
    state: row.state,
    ring: row.ring,
    members: Number(row.members),
    signals: row.signals ?? [],
    held_total: formatMinor(parseDbMinor(row.held_total)),
    held_count: Number(row.held_count),
    review_requests: Number(row.review_requests),
    opened_at: iso(row.opened_at),
    updated_at: iso(row.updated_at),
  };
}

/** `adminclusters`: one page of clusters, newest activity first. */
export async function listClusters(deps: AppDeps, payload: AdminClustersPayload): Promise<AdminClustersData> {
  const rows = await selectClusterPage(deps.db, {
    state: payload.state,
    limit: PAGE_SIZE,
    offset: (payload.page - 1) * PAGE_SIZE,
  });
  const total = rows[0]?.total ?? 0;
  return { clusters: rows.map(toSummary), page: payload.page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), total };
}

/** `admincluster`: the cluster (or the one it was merged into), its members, links, money, holds, reviews, decisions. */
export async function loadCluster(deps: AppDeps, id: bigint): Promise<AdminClusterData> {
  const summary = await selectClusterSummary(deps.db, id);
  if (!summary) throw new AppError('NOT_FOUND', 'Cluster not found');
  const clusterId = BigInt(summary.id);
  const members = await selectClusterMemberRows(deps.db, clusterId);
  const links = await listClusterLinks(deps.db, clusterId);
  const money = await selectClusterMoney(deps.db, clusterId);
  const names = await selectUsernames(deps.db, [
    ...new Set([...links.flatMap((l) => [l.a, l.b]), ...money.flatMap((m) => [BigInt(m.from_id), BigInt(m.to_id)])]),
  ]);
  const name = (id: bigint | string) => names.get(id.toString()) ?? `#${id.toString()}`;
  const holds = await selectClusterHoldViews(deps.db, clusterId);
  return {
    cluster: toSummary(summary),
    members: members.map((m) => ({ ...m, joined_at: iso(m.joined_at) })),
    links: links.map((l) => ({
      a: name(l.a),
      b: name(l.b),
      kind: l.kind,
      linking: l.linking,
      first_seen_at: l.firstSeenAt.toISOString(),
      last_seen_at: l.lastSeenAt.toISOString(),
    })),
    money: money.map((m) => ({
      from: name(m.from_id),
      to: name(m.to_id),
      kind: m.kind,
      amount: formatMinor(parseDbMinor(m.amount_minor)),
      at: iso(m.at),
    })),
    holds: holds.map((h) => ({
      id: h.id,
      member: h.member,
      from_member: h.from_member,
      state: h.state,
      level: Number(h.level),
      amount: formatMinor(parseDbMinor(h.amount_minor)),
      held_at: iso(h.held_at),
      decided_at: h.decided_at === null ? null : iso(h.decided_at),
    })),
    reviews: (await selectClusterReviews(deps.db, clusterId)).map((r) => ({ ...r, at: iso(r.at) })),
    decisions: (await selectClusterDecisions(deps.db, clusterId)).map((d) => ({ ...d, at: iso(d.at) })),
  };
}
