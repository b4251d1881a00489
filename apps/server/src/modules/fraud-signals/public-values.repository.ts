import type { ClusterState, SignalKind } from '@tuzo/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** The tables of decision 063 (migration 0519) and the reads a cluster rebuild needs. */

const idArray = (ids: readonly bigint[]): string => `{${ids.map(String).join(',')}}`;
const textArray = (values: readonly string[]): string => `{${values.map((value) => `"${value}"`).join(',')}}`;

/** A member's sponsor (null when the house account is their level 1) and uplines on levels 1 to 3. */
export interface Lineage {
  sponsor: bigint | null;
  uplines: bigint[];
}

/** The lineage of each of `memberIds`. */
export async function selectLineages(tx: DbOrTx, memberIds: readonly bigint[]): Promise<Map<bigint, Lineage>> {
  const result = await tx.execute<{
    id: string;
    l1: string | null;
    l2: string | null;
    l3: string | null;
    house: boolean | null;
  }>(sql`
    SELECT m.id::text, m.l1_id::text AS l1, m.l2_id::text AS l2, m.l3_id::text AS l3, s.is_house AS house
    FROM members m LEFT JOIN members s ON s.id = m.l1_id
    WHERE m.id = ANY(${idArray(memberIds)}::bigint[])`);
  return new Map(
    result.rows.map((row) => [
      BigInt(row.id),
      {
        sponsor: row.l1 === null || row.house === true ? null : BigInt(row.l1),
        uplines: [row.l1, row.l2, row.l3].flatMap((id) => (id === null ? [] : [BigInt(id)])),
      },
    ]),
  );
}

/**
 * Marks values public and stops the links they made from linking; returns the members those links joined (their
 * clusters are rebuilt).
 */
export async function markPublic(
  tx: DbOrTx,
  input: { values: ReadonlyArray<{ kind: SignalKind; hash: string; reason: 'accounts' | 'unrelated' | 'place' }>; at: Date },
): Promise<bigint[]> {
  const hashes = textArray(input.values.map((value) => value.hash));
  await tx.execute(sql`
    INSERT INTO fraud_public_values (hash, kind, reason, marked_at)
    SELECT v.hash, v.kind, v.reason, ${input.at}
    FROM unnest(${hashes}::text[], ${textArray(input.values.map((value) => value.kind))}::text[],
                ${textArray(input.values.map((value) => value.reason))}::text[]) v(hash, kind, reason)
    ON CONFLICT (hash) DO NOTHING`);
  const result = await tx.execute<{ id: string }>(sql`
    WITH unlinked AS (
      UPDATE fraud_links SET linking = false
      WHERE hash = ANY(${hashes}::text[]) AND linking
      RETURNING member_a, member_b)
    SELECT DISTINCT x.id::text AS id FROM unlinked CROSS JOIN LATERAL (VALUES (member_a), (member_b)) x (id)`);
  return result.rows.map((row) => BigInt(row.id));
}

/**
 * Notes `devices` (shared by accounts that did not recruit each other) as used at address `ip`; returns every device
 * noted at that address and how many.
 */
export async function notePlaceDevices(
  tx: DbOrTx,
  input: { ip: string; devices: readonly string[]; at: Date },
): Promise<string[]> {
  await tx.execute(sql`
    INSERT INTO fraud_place_devices (ip_hash, device_hash, seen_at)
    SELECT ${input.ip}, d, ${input.at} FROM unnest(${textArray(input.devices)}::text[]) d
    ON CONFLICT (ip_hash, device_hash) DO UPDATE SET seen_at = greatest(fraud_place_devices.seen_at, excluded.seen_at)`);
  const result = await tx.execute<{ hash: string }>(sql`
    SELECT device_hash AS hash FROM fraud_place_devices WHERE ip_hash = ${input.ip} ORDER BY device_hash`);
  return result.rows.map((row) => row.hash);
}

/**
 * Turns the evidence links of `hashes` (values shared so far only by accounts of which none recruited another) into
 * linking ones, now that one referral line shares each; returns the pairs to join.
 */
export async function upgradeLinks(tx: DbOrTx, hashes: readonly string[]): Promise<Array<[bigint, bigint]>> {
  const result = await tx.execute<{ a: string; b: string }>(sql`
    UPDATE fraud_links SET linking = true WHERE hash = ANY(${textArray(hashes)}::text[]) AND NOT linking
    RETURNING member_a::text AS a, member_b::text AS b`);
  return result.rows.map((row) => [BigInt(row.a), BigInt(row.b)]);
}

export interface RebuildSource {
  state: ClusterState;
  openedAt: Date;
  members: bigint[];
  pairs: Array<[bigint, bigint]>;
}

/** A cluster's state, members and the linking links between them (the pairs a rebuild unions again). */
export async function selectRebuildSource(tx: DbOrTx, clusterId: bigint): Promise<RebuildSource | null> {
  const cluster = await tx.execute<{ state: ClusterState; opened_at: Date }>(sql`
    SELECT state, opened_at FROM fraud_clusters WHERE id = ${clusterId} AND merged_into IS NULL FOR UPDATE`);
  const row = cluster.rows[0];
  if (!row) return null;
  const members = await tx.execute<{ id: string }>(sql`
    SELECT member_id::text AS id FROM fraud_cluster_members WHERE cluster_id = ${clusterId} ORDER BY member_id`);
  const pairs = await tx.execute<{ a: string; b: string }>(sql`
    SELECT DISTINCT l.member_a::text AS a, l.member_b::text AS b FROM fraud_links l
    JOIN fraud_cluster_members ma ON ma.member_id = l.member_a AND ma.cluster_id = ${clusterId}
    JOIN fraud_cluster_members mb ON mb.member_id = l.member_b AND mb.cluster_id = ${clusterId}
    WHERE l.linking AND NOT EXISTS (SELECT 1 FROM fraud_public_values p WHERE p.hash = l.hash)`);
  return {
    state: row.state,
    openedAt: new Date(row.opened_at),
    members: members.rows.map((member) => BigInt(member.id)),
    pairs: pairs.rows.map((pair) => [BigInt(pair.a), BigInt(pair.b)]),
  };
}

/**
 * Which of `memberIds` still have commissions held (decision 062's `commission_holds`): a member left alone by a
 * rebuild keeps a cluster while money waits on its decision.
 */
export async function selectHolding(tx: DbOrTx, memberIds: readonly bigint[]): Promise<Set<bigint>> {
  const result = await tx.execute<{ id: string }>(sql`
    SELECT DISTINCT member_id::text AS id FROM commission_holds
    WHERE state = 'held' AND member_id = ANY(${idArray(memberIds)}::bigint[])`);
  return new Set(result.rows.map((row) => BigInt(row.id)));
}

/** Sets a kept cluster's size, state and ring after a rebuild. */
export async function updateRebuilt(
  tx: DbOrTx,
  input: { id: bigint; state: ClusterState; ring: boolean; size: number; at: Date },
): Promise<void> {
  await tx.execute(sql`
    UPDATE fraud_clusters SET state = ${input.state}, ring = ${input.ring}, size = ${input.size}, updated_at = ${input.at}
    WHERE id = ${input.id}`);
}

/** A new cluster for a part split off by a rebuild; its members are pointed at it. */
export async function insertSplit(
  tx: DbOrTx,
  input: { members: readonly bigint[]; state: ClusterState; ring: boolean; openedAt: Date; at: Date },
): Promise<bigint> {
  const result = await tx.execute<{ id: string }>(sql`
    INSERT INTO fraud_clusters (state, ring, size, opened_at, updated_at)
    VALUES (${input.state}, ${input.ring}, ${input.members.length}, ${input.openedAt}, ${input.at}) RETURNING id::text`);
  const id = BigInt(result.rows[0]!.id);
  await tx.execute(sql`
    UPDATE fraud_cluster_members SET cluster_id = ${id} WHERE member_id = ANY(${idArray(input.members)}::bigint[])`);
  return id;
}

/** Members a rebuild left linked to nobody leave their cluster. */
export async function deleteMemberships(tx: DbOrTx, memberIds: readonly bigint[]): Promise<void> {
  if (memberIds.length === 0) return;
  await tx.execute(sql`DELETE FROM fraud_cluster_members WHERE member_id = ANY(${idArray(memberIds)}::bigint[])`);
}
