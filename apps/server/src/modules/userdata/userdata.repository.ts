import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { countries, members } from '../../db/schema.ts';

const sponsors = alias(members, 'sponsor');

/** What `userdetails` shows: the member, their country and their sponsor's username. */
export async function selectProfile(db: DbOrTx, memberId: bigint) {
  const rows = await db
    .select({
      id: members.id,
      username: members.username,
      email: members.email,
      phone: members.phone,
      status: members.status,
      role: members.role,
      countryId: members.countryId,
      joinedAt: members.joinedAt,
      activatedAt: members.activatedAt,
      updatedAt: members.updatedAt,
      countryName: countries.name,
      abbreviation: countries.abbreviation,
      currency: countries.currency,
      sponsorUsername: sponsors.username,
      sponsorIsHouse: sponsors.isHouse,
    })
    .from(members)
    .innerJoin(countries, eq(countries.id, members.countryId))
    .leftJoin(sponsors, eq(sponsors.id, members.l1Id))
    .where(eq(members.id, memberId))
    .limit(1);
  return rows[0] ?? null;
}

export async function selectLastUpdate(db: DbOrTx, memberId: bigint): Promise<Date | null> {
  const rows = await db.select({ updatedAt: members.updatedAt }).from(members).where(eq(members.id, memberId)).limit(1);
  return rows[0]?.updatedAt ?? null;
}

/** Settings by key; values are JSON. */
/** The promised sign-up bonus, system minor units. */
export async function selectSignupBonusMinor(db: DbOrTx, memberId: bigint): Promise<bigint> {
  const rows = await db.select({ bonus: members.signupBonusMinor }).from(members).where(eq(members.id, memberId)).limit(1);
  return rows[0]?.bonus ?? 0n;
}
