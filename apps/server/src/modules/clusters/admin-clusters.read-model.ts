import type { ClusterState, HoldState, SignalKind } from '@tuzo/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Read model (docs/ARCHITECTURE.md, Owners): the console's cluster pages read, read-only, the fraud-signals module's
 * clusters and links, the members, the ledger's transactions between a cluster's members and this module's holds,
 * review requests and decisions. It writes nothing.
 */

export type ClusterSummaryRow = {
  id: string;
  state: ClusterState;
  ring: boolean;
  members: number;
  signals: SignalKind[] | null;
  held_total: string;
  held_count: number;
  review_requests: number;
  opened_at: Date | string;
  updated_at: Date | string;
  total: number;
};

/** Members of cluster `c` (a correlated sub-select's join). */
const inCluster = (column: SQL) =>
  sql`EXISTS (SELECT 1 FROM fraud_cluster_members x WHERE x.member_id = ${column} AND x.cluster_id = c.id)`;

const SUMMARY = sql`
  SELECT c.id::text AS id, c.state, c.ring, c.size AS members, c.opened_at, c.updated_at,
    (SELECT array_agg(k.kind ORDER BY k.n DESC, k.kind) FROM (
       SELECT l.kind, count(DISTINCT l.member_a) + count(DISTINCT l.member_b) AS n FROM fraud_links l
       WHERE l.linking AND ${inCluster(sql`l.member_a`)} AND ${inCluster(sql`l.member_b`)} GROUP BY l.kind) k) AS signals,
    (SELECT COALESCE(sum(h.amount_minor), 0)::text FROM commission_holds h
       WHERE h.state = 'held' AND ${inCluster(sql`h.member_id`)}) AS held_total,
    (SELECT count(*)::int FROM commission_holds h WHERE h.state = 'held' AND ${inCluster(sql`h.member_id`)}) AS held_count,
    (SELECT count(*)::int FROM cluster_review_requests r WHERE r.closed_at IS NULL AND ${inCluster(sql`r.member_id`)})
       AS review_requests,
    count(*) OVER ()::int AS total
  FROM fraud_clusters c`;

/** One page of live clusters (not merged away), newest activity first. */
export async function selectClusterPage(
  db: DbOrTx,
  input: { state: ClusterState | 'all'; limit: number; offset: number },
): Promise<ClusterSummaryRow[]> {
  const state = input.state === 'all' ? sql`` : sql`AND c.state = ${input.state}`;
  const rows = await db.execute<ClusterSummaryRow>(sql`${SUMMARY}
    WHERE c.merged_into IS NULL AND c.size > 0 ${state}
    ORDER BY c.updated_at DESC, c.id DESC LIMIT ${input.limit} OFFSET ${input.offset}`);
  return rows.rows;
}

/** One cluster's summary; a cluster merged into another answers the one it is now part of. */
export async function selectClusterSummary(db: DbOrTx, id: bigint): Promise<ClusterSummaryRow | null> {
  const rows = await db.execute<ClusterSummaryRow>(sql`
    WITH RECURSIVE chain AS (
      SELECT id, merged_into FROM fraud_clusters WHERE id = ${id}
      UNION ALL SELECT f.id, f.merged_into FROM fraud_clusters f JOIN chain ON f.id = chain.merged_into)
    ${SUMMARY} WHERE c.id = (SELECT id FROM chain WHERE merged_into IS NULL LIMIT 1)`);
  return rows.rows[0] ?? null;
}

export type ClusterMemberRow = {
  id: string;
  username: string;
  status: string;
  sponsor: string | null;
  sponsor_in_cluster: boolean;
  joined_at: Date | string;
};

export async function selectClusterMemberRows(db: DbOrTx, clusterId: bigint): Promise<ClusterMemberRow[]> {
  const rows = await db.execute<ClusterMemberRow>(sql`
    SELECT m.id::text AS id, m.username, m.status, s.username AS sponsor, m.joined_at,
      EXISTS (SELECT 1 FROM fraud_cluster_members u WHERE u.cluster_id = cm.cluster_id
              AND u.member_id IN (m.l1_id, m.l2_id, m.l3_id)) AS sponsor_in_cluster
    FROM fraud_cluster_members cm JOIN members m ON m.id = cm.member_id LEFT JOIN members s ON s.id = m.l1_id
    WHERE cm.cluster_id = ${clusterId} ORDER BY m.id`);
  return rows.rows;
}

export type ClusterMoneyRow = { from_id: string; to_id: string; kind: string; amount_minor: string; at: Date | string };

/**
 * Money that moved between two members of the cluster: commissions (paid or held; the paying member is in the
 * activation key `activation:<member>:…`), releases of held commissions, and pay-for-client; oldest first.
 */
export async function selectClusterMoney(db: DbOrTx, clusterId: bigint): Promise<ClusterMoneyRow[]> {
  const rows = await db.execute<ClusterMoneyRow>(sql`
    WITH ids AS (SELECT member_id FROM fraud_cluster_members WHERE cluster_id = ${clusterId})
    SELECT split_part(t.idempotency_key, ':', 2) AS from_id, t.member_id::text AS to_id,
           t.kind || COALESCE(' (' || h.state || ')', '') AS kind, h2.amount::text AS amount_minor, t.created_at AS at
    FROM ledger_transactions t
    LEFT JOIN commission_holds h ON h.transaction_id = t.id
    CROSS JOIN LATERAL (SELECT sum(p.amount_minor) AS amount FROM ledger_postings p
                        WHERE p.transaction_id = t.id AND p.amount_minor > 0) h2
    WHERE t.kind IN ('commission_l1', 'commission_l2', 'commission_l3') AND t.idempotency_key LIKE 'activation:%'
      AND t.member_id IN (SELECT member_id FROM ids)
      AND split_part(t.idempotency_key, ':', 2)::bigint IN (SELECT member_id FROM ids)
    UNION ALL
    SELECT t.member_id::text, a.member_id::text, t.kind, p.amount_minor::text, t.created_at
    FROM ledger_transactions t
    JOIN ledger_postings p ON p.transaction_id = t.id AND p.amount_minor > 0
    JOIN ledger_accounts a ON a.id = p.account_id
    WHERE t.kind = 'pay_for_client' AND t.member_id IN (SELECT member_id FROM ids)
      AND a.member_id IN (SELECT member_id FROM ids) AND a.member_id <> t.member_id
    ORDER BY at, from_id
    LIMIT 500`);
  return rows.rows;
}

export type HoldViewRow = {
  id: string;
  member: string;
  from_member: string;
  level: number;
  amount_minor: string;
  state: HoldState;
  held_at: Date | string;
  decided_at: Date | string | null;
};

export async function selectClusterHoldViews(db: DbOrTx, clusterId: bigint): Promise<HoldViewRow[]> {
  const rows = await db.execute<HoldViewRow>(sql`
    SELECT h.id::text AS id, m.username AS member, f.username AS from_member, h.level, h.amount_minor::text AS amount_minor,
           h.state, h.held_at, h.decided_at
    FROM commission_holds h
    JOIN fraud_cluster_members cm ON cm.member_id = h.member_id AND cm.cluster_id = ${clusterId}
    JOIN members m ON m.id = h.member_id JOIN members f ON f.id = h.from_member_id
    ORDER BY h.id`);
  return rows.rows;
}

export type ReviewViewRow = { id: string; member: string; message: string; at: Date | string };

export async function selectClusterReviews(db: DbOrTx, clusterId: bigint): Promise<ReviewViewRow[]> {
  const rows = await db.execute<ReviewViewRow>(sql`
    SELECT r.id::text AS id, m.username AS member, r.message, r.requested_at AS at
    FROM cluster_review_requests r
    JOIN fraud_cluster_members cm ON cm.member_id = r.member_id AND cm.cluster_id = ${clusterId}
    JOIN members m ON m.id = r.member_id
    ORDER BY r.requested_at DESC, r.id DESC LIMIT 200`);
  return rows.rows;
}

export type DecisionViewRow = { decision: 'clear' | 'confirm'; note: string; by: string; at: Date | string };

export async function selectClusterDecisions(db: DbOrTx, clusterId: bigint): Promise<DecisionViewRow[]> {
  const rows = await db.execute<DecisionViewRow>(sql`
    SELECT d.decision, d.note, m.username AS by, d.decided_at AS at
    FROM cluster_decisions d JOIN members m ON m.id = d.decided_by
    WHERE d.cluster_id = ${clusterId} ORDER BY d.decided_at DESC, d.id DESC`);
  return rows.rows;
}

/** Usernames by id (links name members by username, never by a signal's value). */
export async function selectUsernames(db: DbOrTx, ids: readonly bigint[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.execute<{ id: string; username: string }>(sql`
    SELECT id::text AS id, username FROM members WHERE id = ANY (${`{${ids.map(String).join(',')}}`}::bigint[])`);
  return new Map(rows.rows.map((row) => [row.id, row.username]));
}
