import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { countries, members } from '../../db/schema.ts';

/**
 * The members table's writes for a member's own data rights (decision 040): correcting the email or phone, and
 * pseudonymising a closed account. Part of the members kernel (the only writer of `members`); called through
 * modules/members/index.ts.
 */

export interface MemberContactRow {
  username: string;
  email: string;
  phone: string;
  dial: string;
  passwordHash: string;
  role: 'member' | 'support' | 'operator';
  closedAt: Date | null;
}

/** The member's contact fields, their country's dial code and password hash (to confirm a change), or null. */
export async function selectMemberContact(db: DbOrTx, memberId: bigint): Promise<MemberContactRow | null> {
  const rows = await db
    .select({
      username: members.username,
      email: members.email,
      phone: members.phone,
      dial: countries.dial,
      passwordHash: members.passwordHash,
      role: members.role,
      closedAt: members.closedAt,
    })
    .from(members)
    .innerJoin(countries, eq(countries.id, members.countryId))
    .where(eq(members.id, memberId));
  return rows[0] ?? null;
}

/** Which member, other than `memberId`, already holds this email (case-insensitively) or phone; null when none. */
export async function selectContactOwner(
  db: DbOrTx,
  input: { memberId: bigint; email?: string; phone?: string },
): Promise<'email' | 'phone' | null> {
  if (input.email !== undefined) {
    const rows = await db
      .select({ id: members.id })
      .from(members)
      .where(sql`lower(${members.email}) = ${input.email.toLowerCase()} AND ${members.id} <> ${input.memberId}`)
      .limit(1);
    if (rows.length > 0) return 'email';
  }
  if (input.phone !== undefined) {
    const rows = await db
      .select({ id: members.id })
      .from(members)
      .where(sql`${members.phone} = ${input.phone} AND ${members.id} <> ${input.memberId}`)
      .limit(1);
    if (rows.length > 0) return 'phone';
  }
  return null;
}

/**
 * Erases the personal fields of a closed account: the username, email and phone become the pseudonym (unique, as
 * the columns require), the password hash one nobody knows, two-factor secrets are cleared and `closed_at` is set.
 * The status becomes 'suspended', so the commission rules pay a closed upline nothing (money never arrives in a
 * closed account) and the team counters stop counting it as active. The row stays, so the ledger's rows keep their
 * member.
 */
export async function pseudonymiseMember(
  db: DbOrTx,
  input: { memberId: bigint; pseudonym: string; passwordHash: string; at: Date },
): Promise<void> {
  await db
    .update(members)
    .set({
      username: input.pseudonym,
      email: `${input.pseudonym}@closed.invalid`,
      phone: `closed:${input.memberId.toString()}`,
      passwordHash: input.passwordHash,
      status: 'suspended',
      totpSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
      ussdPinHash: null,
      ussdPinFailures: 0,
      ussdLockedAt: null,
      smsCommission: false,
      smsPromotions: false,
      closedAt: input.at,
      updatedAt: input.at,
    })
    .where(eq(members.id, input.memberId));
}
