import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { members, totpRecoveryCodes } from '../../db/schema.ts';

/** Two-factor sign-in's SQL: the account's TOTP state (read) and its recovery codes (the one writer). */

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
