import { sql } from 'drizzle-orm';
import { parseDbMinor } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { spins } from '../../db/schema.ts';

/** The seed pair a member draws with: the server seed (secret until revealed), its hash, client seed, next nonce. */
export interface SeedRow {
  id: bigint;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nextNonce: number;
}

type SeedJson = { id: string; server_seed: string; server_seed_hash: string; client_seed: string; next_nonce: number };

const toSeed = (row: SeedJson): SeedRow => ({
  id: BigInt(row.id),
  serverSeed: row.server_seed,
  serverSeedHash: row.server_seed_hash,
  clientSeed: row.client_seed,
  nextNonce: row.next_nonce,
});

/** Locks the member's seed in use (FOR UPDATE): draws, nonces and rotations of one member run one at a time. */
export async function lockSeedInUse(tx: DbOrTx, memberId: bigint): Promise<SeedRow | null> {
  const result = await tx.execute<SeedJson>(sql`
    SELECT id::text, server_seed, server_seed_hash, client_seed, next_nonce FROM spin_seeds
    WHERE member_id = ${memberId} AND revealed_at IS NULL FOR UPDATE`);
  const row = result.rows[0];
  return row ? toSeed(row) : null;
}

/** Starts a seed pair unless one is in use (a concurrent start wins; the caller locks whichever exists). */
export async function insertSeed(
  tx: DbOrTx,
  input: { memberId: bigint; serverSeed: string; serverSeedHash: string; clientSeed: string; at: Date },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO spin_seeds (member_id, server_seed, server_seed_hash, client_seed, created_at)
    VALUES (${input.memberId}, ${input.serverSeed}, ${input.serverSeedHash}, ${input.clientSeed}, ${input.at})
    ON CONFLICT (member_id) WHERE revealed_at IS NULL DO NOTHING`);
}

export async function revealSeed(tx: DbOrTx, seedId: bigint, at: Date): Promise<void> {
  await tx.execute(sql`UPDATE spin_seeds SET revealed_at = ${at} WHERE id = ${seedId} AND revealed_at IS NULL`);
}

/** What the spin rules need about the member: currency, country, guardrails, and whether the free spin is used. */
export interface SpinMemberFacts {
  abbreviation: string;
  currency: string;
  rateMicro: bigint;
  ageConfirmedAt: Date | null;
  excludedUntil: Date | null;
  excludedForever: boolean;
  freeSpinUsed: boolean;
}

export async function selectSpinMemberFacts(db: DbOrTx, memberId: bigint): Promise<SpinMemberFacts | null> {
  const result = await db.execute<{
    abbreviation: string;
    currency: string;
    rate_micro: string;
    age_confirmed_at: string | null;
    excluded_until: string | null;
    excluded_forever: boolean | null;
    free_spin_used: boolean;
  }>(sql`
    SELECT c.abbreviation, c.currency, c.rate_micro::text AS rate_micro, sm.age_confirmed_at::text AS age_confirmed_at,
           sm.excluded_until::text AS excluded_until, sm.excluded_forever,
           EXISTS (SELECT 1 FROM spins s WHERE s.member_id = m.id AND s.kind = 'free') AS free_spin_used
    FROM members m
    JOIN countries c ON c.id = m.country_id
    LEFT JOIN spin_members sm ON sm.member_id = m.id
    WHERE m.id = ${memberId}`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    abbreviation: row.abbreviation,
    currency: row.currency,
    rateMicro: parseDbMinor(row.rate_micro),
    ageConfirmedAt: row.age_confirmed_at ? new Date(row.age_confirmed_at) : null,
    excludedUntil: row.excluded_until ? new Date(row.excluded_until) : null,
    excludedForever: row.excluded_forever ?? false,
    freeSpinUsed: row.free_spin_used,
  };
}

export type SpinRow = typeof spins.$inferSelect;

export async function upsertAgeConfirmation(db: DbOrTx, memberId: bigint, at: Date): Promise<Date> {
  const result = await db.execute<{ age_confirmed_at: string }>(sql`
    INSERT INTO spin_members (member_id, age_confirmed_at) VALUES (${memberId}, ${at})
    ON CONFLICT (member_id) DO UPDATE SET age_confirmed_at = COALESCE(spin_members.age_confirmed_at, EXCLUDED.age_confirmed_at)
    RETURNING age_confirmed_at::text`);
  return new Date(result.rows[0]!.age_confirmed_at);
}

/** Extends a self-exclusion: the later end wins and `forever` stays forever, so nothing shortens one. */
export async function upsertExclusion(
  db: DbOrTx,
  input: { memberId: bigint; until: Date | null; forever: boolean },
): Promise<{ excludedUntil: Date | null; excludedForever: boolean; before: { until: string | null; forever: boolean } }> {
  const result = await db.execute<{
    excluded_until: string | null;
    excluded_forever: boolean;
    old_until: string | null;
    old_forever: boolean | null;
  }>(sql`
    WITH old AS (SELECT excluded_until, excluded_forever FROM spin_members WHERE member_id = ${input.memberId} FOR UPDATE)
    INSERT INTO spin_members AS sm (member_id, excluded_until, excluded_forever) VALUES (${input.memberId}, ${input.until}, ${input.forever})
    ON CONFLICT (member_id) DO UPDATE SET
      excluded_until = GREATEST(sm.excluded_until, EXCLUDED.excluded_until),
      excluded_forever = sm.excluded_forever OR EXCLUDED.excluded_forever
    RETURNING sm.excluded_until::text, sm.excluded_forever,
      (SELECT excluded_until::text FROM old) AS old_until, (SELECT excluded_forever FROM old) AS old_forever`);
  const row = result.rows[0]!;
  return {
    excludedUntil: row.excluded_until ? new Date(row.excluded_until) : null,
    excludedForever: row.excluded_forever,
    before: { until: row.old_until, forever: row.old_forever ?? false },
  };
}

export type SpinHistoryDbRow = {
  id: string;
  kind: 'free' | 'casino';
  stake_local_minor: string;
  figure: string;
  win_local_minor: string;
  currency: string;
  server_seed_hash: string;
  server_seed: string | null;
  client_seed: string;
  nonce: number;
  created_at: Date;
  wheel: { figure: string; weight: number }[];
  segment: number;
};

/** The member's spins, newest first, with the seed's hash and, once the seed is revealed, the seed. */
export async function selectSpinHistory(db: DbOrTx, input: { memberId: bigint; offset: number; limit: number }) {
  const rows = await db.execute<SpinHistoryDbRow>(sql`
    SELECT s.id::text, s.kind, s.stake_local_minor::text, s.figure, s.win_local_minor::text, s.currency,
           k.server_seed_hash, CASE WHEN k.revealed_at IS NOT NULL THEN k.server_seed END AS server_seed,
           s.client_seed, s.nonce, s.created_at, s.wheel, s.segment
    FROM spins s JOIN spin_seeds k ON k.id = s.seed_id
    WHERE s.member_id = ${input.memberId}
    ORDER BY s.id DESC
    OFFSET ${input.offset} LIMIT ${input.limit}`);
  const total = await db.execute<{ total: number }>(
    sql`SELECT count(*)::int AS total FROM spins WHERE member_id = ${input.memberId}`,
  );
  return { rows: rows.rows, total: total.rows[0]?.total ?? 0 };
}
