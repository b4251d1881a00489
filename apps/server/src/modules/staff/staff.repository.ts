import { and, count, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { members, totpRecoveryCodes } from '../../db/schema.ts';

export interface TotpStateRow {
  id: bigint;
  username: string;
  role: 'member' | 'support' | 'operator';
  totpSecret: string | null;
  totpEnabledAt: Date | null;
  totpLastStep: bigint | null;
}

const totpColumns = {
  id: members.id,
  username: members.username,
  role: members.role,
  totpSecret: members.totpSecret,
  totpEnabledAt: members.totpEnabledAt,
  totpLastStep: members.totpLastStep,
};

export async function selectTotpState(
  db: DbOrTx,
  memberId: bigint,
  options: { forUpdate?: boolean } = {},
): Promise<TotpStateRow | null> {
  const query = db.select(totpColumns).from(members).where(eq(members.id, memberId)).limit(1);
  const rows = options.forUpdate ? await query.for('update') : await query;
  return rows[0] ?? null;
}

/** Forgets the account's recovery codes (two-factor sign-in reset). */
export async function deleteRecoveryCodes(db: DbOrTx, memberId: bigint): Promise<void> {
  await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.memberId, memberId));
}

export async function replaceRecoveryCodes(db: DbOrTx, input: { memberId: bigint; hashes: string[] }): Promise<void> {
  await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.memberId, input.memberId));
  if (input.hashes.length === 0) return;
  await db.insert(totpRecoveryCodes).values(input.hashes.map((codeHash) => ({ memberId: input.memberId, codeHash })));
}

/** The member's unused recovery codes (each salted, so the typed code is checked against every one: at most ten). */
export async function selectUnusedRecoveryCodes(db: DbOrTx, memberId: bigint): Promise<Array<{ id: bigint; codeHash: string }>> {
  return db
    .select({ id: totpRecoveryCodes.id, codeHash: totpRecoveryCodes.codeHash })
    .from(totpRecoveryCodes)
    .where(and(eq(totpRecoveryCodes.memberId, memberId), isNull(totpRecoveryCodes.usedAt)))
    .orderBy(totpRecoveryCodes.id);
}

/** Marks one recovery code used if it still is unused: one statement, so two racing sign-ins cannot both use it. */
export async function useRecoveryCode(db: DbOrTx, input: { memberId: bigint; codeId: bigint; at: Date }): Promise<boolean> {
  const rows = await db
    .update(totpRecoveryCodes)
    .set({ usedAt: input.at })
    .where(
      and(
        eq(totpRecoveryCodes.id, input.codeId),
        eq(totpRecoveryCodes.memberId, input.memberId),
        isNull(totpRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: totpRecoveryCodes.id });
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, memberId: bigint): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(totpRecoveryCodes)
    .where(and(eq(totpRecoveryCodes.memberId, memberId), isNull(totpRecoveryCodes.usedAt)));
  return Number(rows[0]?.n ?? 0);
}

const staffColumns = {
  id: members.id,
  username: members.username,
  email: members.email,
  role: members.role,
  joinedAt: members.joinedAt,
  disabledAt: members.disabledAt,
  totpEnabledAt: members.totpEnabledAt,
};
export type StaffDbRow = {
  id: bigint;
  username: string;
  email: string;
  role: 'member' | 'support' | 'operator';
  joinedAt: Date;
  disabledAt: Date | null;
  totpEnabledAt: Date | null;
};

export async function selectStaffPage(
  db: DbOrTx,
  input: { offset: number; limit: number },
): Promise<{ rows: StaffDbRow[]; total: number }> {
  const rows = await db
    .select(staffColumns)
    .from(members)
    .where(ne(members.role, 'member'))
    .orderBy(desc(members.joinedAt), desc(members.id))
    .offset(input.offset)
    .limit(input.limit);
  const total = await db.select({ n: count() }).from(members).where(ne(members.role, 'member'));
  return { rows, total: Number(total[0]?.n ?? 0) };
}

/** A staff account by username (case-insensitive), locked for the change about to be made. */
export async function selectStaffForUpdate(db: DbOrTx, username: string): Promise<StaffDbRow | null> {
  const rows = await db
    .select(staffColumns)
    .from(members)
    .where(
      and(sql`lower(${members.username}) = ${username.toLowerCase()}`, ne(members.role, 'member'), eq(members.isHouse, false)),
    )
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

export async function isUsernameOrEmailTaken(db: DbOrTx, input: { username: string; email: string }): Promise<boolean> {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(
      or(
        sql`lower(${members.username}) = ${input.username.toLowerCase()}`,
        sql`lower(${members.email}) = ${input.email.toLowerCase()}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
