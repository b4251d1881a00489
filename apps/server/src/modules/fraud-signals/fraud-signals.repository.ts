import type { ClusterState, SignalKind } from '@tuzo/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** The tables of decision 061 (migration 0516): raw signal rows, links between members, clusters and membership. */

export interface ClusterRow {
  id: bigint;
  state: ClusterState;
  ring: boolean;
  size: number;
}

const idArray = (ids: readonly bigint[]): string => `{${ids.map(String).join(',')}}`;

const textArray = (values: readonly string[]): string => `{${values.map((value) => `"${value}"`).join(',')}}`;

/**
 * Serialises every transaction recording one of these values until it ends (advisory locks taken in hash order, so
 * two transactions never wait on each other in a circle): the second sign-up on a device sees the first one's row.
 * Hashes are hex, so they need no quoting in the array literal. Returns the stored `fraud` setting (JSON, or null when
 * never stored), read in the same round trip.
 */
export async function lockSignalHashes(tx: DbOrTx, hashes: readonly string[]): Promise<unknown> {
  const sorted = [...new Set(hashes)].sort();
  const result = await tx.execute<{ fraud: unknown }>(sql`
    SELECT count(pg_advisory_xact_lock(hashtextextended('fraud-signal:' || h, 0))) AS locks,
           (SELECT value FROM settings WHERE key = 'fraud') AS fraud
    FROM (SELECT h FROM unnest(${textArray(sorted)}::text[]) h ORDER BY h) s`);
  return result.rows[0]?.fraud ?? null;
}

/** Serialises changes of cluster membership (a union) until the transaction ends; taken after the hash locks. */
export async function lockClusterChanges(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('fraud-clusters', 0))`);
}

export interface HashedSignal {
  kind: SignalKind;
  hash: string;
}

/**
 * Which of the values are public (decision 063), and for each other value the other members who showed it (raw rows,
 * or links kept past retention), at most `limit` each (so a value shown by `limit` others is known to be at the limit
 * without reading them all). One statement: a sighting reads both at once.
 */
export async function selectSharers(
  tx: DbOrTx,
  input: { values: readonly HashedSignal[]; memberId: bigint; limit: number },
): Promise<{ known: Set<string>; sharers: Array<HashedSignal & { memberId: bigint }> }> {
  const kinds = textArray(input.values.map((value) => value.kind));
  const hashes = textArray(input.values.map((value) => value.hash));
  const result = await tx.execute<{ kind: SignalKind; hash: string; public: boolean; id: string | null }>(sql`
    SELECT v.kind, v.hash, p.hash IS NOT NULL AS public, s.id::text FROM unnest(${kinds}::text[], ${hashes}::text[]) v(kind, hash)
    LEFT JOIN fraud_public_values p ON p.hash = v.hash
    LEFT JOIN LATERAL (
      SELECT id FROM (
        SELECT member_id AS id FROM fraud_signals WHERE kind = v.kind AND hash = v.hash
        UNION SELECT member_a FROM fraud_links WHERE kind = v.kind AND hash = v.hash
        UNION SELECT member_b FROM fraud_links WHERE kind = v.kind AND hash = v.hash
      ) u WHERE id <> ${input.memberId} AND p.hash IS NULL ORDER BY id LIMIT ${input.limit}
    ) s ON true`);
  const known = new Set(result.rows.filter((row) => row.public).map((row) => row.hash));
  const sharers = result.rows.flatMap((row) =>
    row.id === null ? [] : [{ kind: row.kind, hash: row.hash, memberId: BigInt(row.id) }],
  );
  return { known, sharers };
}

/** What `fraud_record_signals` (migration 0524) answered: `fallback` leaves the sighting to the TypeScript path. */
export type OneCallSignals = 'none' | 'off' | 'fallback' | 'recorded';

/**
 * The common sighting in one statement (`fraud_record_signals`, migration 0524): the locks of lockSignalHashes, the
 * `fraud` setting, the sharers of selectSharers and the writes of upsertSignalsAndLinks, unless a stored setting the
 * schema would refuse or a linking value shared with another member leaves it to the TypeScript path (`fallback`,
 * nothing written; the locks are held to the caller's commit).
 */
export async function recordSignalsInOneCall(tx: DbOrTx, payload: Record<string, unknown>): Promise<OneCallSignals> {
  const result = await tx.execute<{ r: OneCallSignals }>(
    sql`SELECT fraud_record_signals(${JSON.stringify(payload)}::jsonb) AS r`,
  );
  const answer = result.rows[0]?.r;
  if (answer === undefined) throw new Error('fraud_record_signals returned no row');
  return answer;
}

/**
 * One raw row per value (insert, or move its last seen on), and the links of `memberId` with each other member on the
 * value they share (likewise), in one statement.
 */
export async function upsertSignalsAndLinks(
  tx: DbOrTx,
  input: {
    memberId: bigint;
    values: readonly HashedSignal[];
    event: string;
    links: ReadonlyArray<HashedSignal & { memberId: bigint; linking: boolean }>;
    at: Date;
  },
): Promise<void> {
  const { memberId, links, at } = input;
  const pairs = links.map((link) => (memberId < link.memberId ? [memberId, link.memberId] : [link.memberId, memberId]));
  await tx.execute(sql`
    WITH signals AS (
      INSERT INTO fraud_signals (member_id, kind, hash, event, seen_at)
      SELECT ${memberId}, v.kind, v.hash, ${input.event}, ${at}
      FROM unnest(${textArray(input.values.map((value) => value.kind))}::text[], ${textArray(input.values.map((value) => value.hash))}::text[]) v(kind, hash)
      ON CONFLICT (member_id, kind, hash, event) DO UPDATE SET seen_at = greatest(fraud_signals.seen_at, excluded.seen_at))
    INSERT INTO fraud_links (member_a, member_b, kind, hash, linking, first_seen_at, last_seen_at)
    SELECT v.a, v.b, v.kind, v.hash, v.linking, ${at}, ${at}
    FROM unnest(${idArray(pairs.map((pair) => pair[0]!))}::bigint[], ${idArray(pairs.map((pair) => pair[1]!))}::bigint[],
                ${textArray(links.map((link) => link.kind))}::text[], ${textArray(links.map((link) => link.hash))}::text[],
                ${`{${links.map((link) => String(link.linking)).join(',')}}`}::boolean[]) v(a, b, kind, hash, linking)
    ON CONFLICT (member_a, member_b, kind, hash) DO UPDATE
      SET first_seen_at = least(fraud_links.first_seen_at, excluded.first_seen_at),
          last_seen_at = greatest(fraud_links.last_seen_at, excluded.last_seen_at)`);
}

function toCluster(row: { id: string; state: ClusterState; ring: boolean; size: number }): ClusterRow {
  return { id: BigInt(row.id), state: row.state, ring: row.ring, size: Number(row.size) };
}

/** The member's cluster, or null; `lock` takes its row FOR UPDATE. */
export async function selectClusterOf(tx: DbOrTx, memberId: bigint, lock = false): Promise<ClusterRow | null> {
  const result = await tx.execute<{ id: string; state: ClusterState; ring: boolean; size: number }>(sql`
    SELECT c.id::text, c.state, c.ring, c.size FROM fraud_cluster_members m JOIN fraud_clusters c ON c.id = m.cluster_id
    WHERE m.member_id = ${memberId} ${lock ? sql`FOR UPDATE OF c` : sql``}`);
  return result.rows[0] ? toCluster(result.rows[0]) : null;
}

/** The cluster id of each of `memberIds` that is in one. */
export async function selectClusterIds(tx: DbOrTx, memberIds: readonly bigint[]): Promise<Map<bigint, bigint>> {
  const result = await tx.execute<{ member: string; cluster: string }>(sql`
    SELECT member_id::text AS member, cluster_id::text AS cluster FROM fraud_cluster_members
    WHERE member_id = ANY(${idArray(memberIds)}::bigint[])`);
  return new Map(result.rows.map((row) => [BigInt(row.member), BigInt(row.cluster)]));
}

export async function insertCluster(tx: DbOrTx, input: { memberId: bigint; at: Date }): Promise<ClusterRow> {
  const result = await tx.execute<{ id: string; state: ClusterState; ring: boolean; size: number }>(sql`
    INSERT INTO fraud_clusters (state, ring, size, opened_at, updated_at) VALUES ('watch', false, 1, ${input.at}, ${input.at})
    RETURNING id::text, state, ring, size`);
  const cluster = toCluster(result.rows[0]!);
  await tx.execute(sql`
    INSERT INTO fraud_cluster_members (member_id, cluster_id, joined_at) VALUES (${input.memberId}, ${cluster.id}, ${input.at})`);
  return cluster;
}

export async function selectClusterMembers(tx: DbOrTx, clusterId: bigint): Promise<bigint[]> {
  const result = await tx.execute<{ id: string }>(sql`
    SELECT member_id::text AS id FROM fraud_cluster_members WHERE cluster_id = ${clusterId} ORDER BY member_id`);
  return result.rows.map((row) => BigInt(row.id));
}

/**
 * Whether one of `moved` and a member of cluster `into` are sponsor and downline (levels 1 to 3) of each other:
 * the ring a union would make that neither side had.
 */
export async function selectRingAcross(tx: DbOrTx, input: { moved: readonly bigint[]; into: bigint }): Promise<boolean> {
  const moved = idArray(input.moved);
  const result = await tx.execute<{ ring: boolean }>(sql`
    SELECT EXISTS (
      SELECT 1 FROM members m JOIN fraud_cluster_members s ON s.cluster_id = ${input.into}
        AND (s.member_id = m.l1_id OR s.member_id = m.l2_id OR s.member_id = m.l3_id)
      WHERE m.id = ANY(${moved}::bigint[])
    ) OR EXISTS (
      SELECT 1 FROM fraud_cluster_members s JOIN members m ON m.id = s.member_id
      WHERE s.cluster_id = ${input.into}
        AND (m.l1_id = ANY(${moved}::bigint[]) OR m.l2_id = ANY(${moved}::bigint[]) OR m.l3_id = ANY(${moved}::bigint[]))
    ) AS ring`);
  return result.rows[0]?.ring === true;
}

/** Points `moved` at cluster `into` (new members are inserted), and empties the cluster they left, if any. */
export async function moveMembers(
  tx: DbOrTx,
  input: { moved: readonly bigint[]; into: bigint; from: bigint | null; at: Date },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO fraud_cluster_members (member_id, cluster_id, joined_at)
    SELECT id, ${input.into}, ${input.at} FROM unnest(${idArray(input.moved)}::bigint[]) id
    ON CONFLICT (member_id) DO UPDATE SET cluster_id = excluded.cluster_id`);
  if (input.from !== null) {
    await tx.execute(sql`
      UPDATE fraud_clusters SET size = 0, merged_into = ${input.into}, updated_at = ${input.at} WHERE id = ${input.from}`);
  }
}

export async function updateCluster(
  tx: DbOrTx,
  input: { id: bigint; state: ClusterState; ring: boolean; size: number; at: Date; reopened: boolean },
): Promise<void> {
  await tx.execute(sql`
    UPDATE fraud_clusters SET state = ${input.state}, ring = ${input.ring}, size = ${input.size}, updated_at = ${input.at},
      opened_at = CASE WHEN ${input.reopened} THEN ${input.at}::timestamptz ELSE opened_at END
    WHERE id = ${input.id}`);
}

export async function updateClusterState(tx: DbOrTx, input: { id: bigint; state: ClusterState; at: Date }): Promise<void> {
  await tx.execute(sql`UPDATE fraud_clusters SET state = ${input.state}, updated_at = ${input.at} WHERE id = ${input.id}`);
}
