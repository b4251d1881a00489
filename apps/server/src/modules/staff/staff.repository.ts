import { and, count, desc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { members, staffEnrolments } from '../../db/schema.ts';
import { staffAccountColumns, type StaffAccountRow } from '../members/index.ts';

/** A staff account's row: the members module's columns of one (the staff list, the locked row of a change). */
const staffColumns = staffAccountColumns;
export type StaffDbRow = StaffAccountRow;

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

/** A staff account by id, locked (an approved request executes on the id it was made for). */
export async function selectStaffByIdForUpdate(db: DbOrTx, id: bigint): Promise<StaffDbRow | null> {
  const rows = await db
    .select(staffColumns)
    .from(members)
    .where(and(eq(members.id, id), ne(members.role, 'member'), eq(members.isHouse, false)))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

/** Stores the hash of a new one-time enrolment token; earlier unused links of the account expire now. */
export async function insertEnrolment(
  db: DbOrTx,
  input: { memberId: bigint; tokenHash: string; issuedBy: 'approval' | 'server'; at: Date; expiresAt: Date },
): Promise<void> {
  await db
    .update(staffEnrolments)
    .set({ expiresAt: input.at })
    .where(and(eq(staffEnrolments.memberId, input.memberId), isNull(staffEnrolments.usedAt)));
  await db.insert(staffEnrolments).values({
    memberId: input.memberId,
    tokenHash: input.tokenHash,
    issuedBy: input.issuedBy,
    createdAt: input.at,
    expiresAt: input.expiresAt,
  });
}

/** The live enrolment of a token (unused, not expired at `at`) with its account; `lock` for spending it. */
export async function selectLiveEnrolment(
  db: DbOrTx,
  input: { tokenHash: string; at: Date; lock: boolean },
): Promise<{ id: bigint; memberId: bigint; username: string; role: string; expiresAt: Date } | null> {
  const query = db
    .select({
      id: staffEnrolments.id,
      memberId: staffEnrolments.memberId,
      username: members.username,
      role: members.role,
      expiresAt: staffEnrolments.expiresAt,
    })
    .from(staffEnrolments)
    .innerJoin(members, eq(members.id, staffEnrolments.memberId))
    .where(
      and(
        eq(staffEnrolments.tokenHash, input.tokenHash),
        isNull(staffEnrolments.usedAt),
        gt(staffEnrolments.expiresAt, input.at),
        ne(members.role, 'member'),
        isNull(members.disabledAt),
      ),
    )
    .limit(1);
  const rows = input.lock ? await query.for('update', { of: staffEnrolments }) : await query;
  return rows[0] ?? null;
}

export async function markEnrolmentUsed(db: DbOrTx, input: { id: bigint; at: Date }): Promise<void> {
  await db.update(staffEnrolments).set({ usedAt: input.at }).where(eq(staffEnrolments.id, input.id));
}
