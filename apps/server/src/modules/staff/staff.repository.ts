import { and, count, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { members } from '../../db/schema.ts';

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
