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

/** A new secret waiting for its first code; refused (no row) once two-factor sign-in is on. */
export async function storePendingSecret(db: DbOrTx, input: { memberId: bigint; secret: string }): Promise<boolean> {
  const rows = await db
    .update(members)
    .set({ totpSecret: input.secret, totpLastStep: null })
    .where(and(eq(members.id, input.memberId), isNull(members.totpEnabledAt)))
    .returning({ id: members.id });
  return rows.length === 1;
}

export async function enableTotp(db: DbOrTx, input: { memberId: bigint; step: bigint; at: Date }): Promise<void> {
  await db.update(members).set({ totpEnabledAt: input.at, totpLastStep: input.step }).where(eq(members.id, input.memberId));
}

/**
 * Records `step` as the last one that signed in, only if it is newer than the last: one statement, so two racing
 * logins with the same code cannot both pass (the second finds the step already taken and gets no row).
 */
export async function claimTotpStep(db: DbOrTx, input: { memberId: bigint; step: bigint }): Promise<boolean> {
  const rows = await db
    .update(members)
    .set({ totpLastStep: input.step })
    .where(and(eq(members.id, input.memberId), or(isNull(members.totpLastStep), sql`${members.totpLastStep} < ${input.step}`)))
    .returning({ id: members.id });
  return rows.length === 1;
}

/**
 * The TOTP secrets not sealed under the current key (plaintext from before sealing, or sealed under an older key),
 * locked: a second process starting at the same time waits, then finds them sealed and skips them.
 */
export async function selectTotpSecretsToSeal(db: DbOrTx, currentPrefix: string): Promise<Array<{ id: bigint; secret: string }>> {
  const result = await db.execute<{ id: string; secret: string }>(sql`
    SELECT id::text AS id, totp_secret AS secret FROM members
    WHERE totp_secret IS NOT NULL AND left(totp_secret, ${currentPrefix.length}) <> ${currentPrefix}
    ORDER BY id FOR UPDATE`);
  return result.rows.map((row) => ({ id: BigInt(row.id), secret: row.secret }));
}

export async function updateTotpSecret(db: DbOrTx, input: { memberId: bigint; sealed: string }): Promise<void> {
  await db.update(members).set({ totpSecret: input.sealed }).where(eq(members.id, input.memberId));
}

/** Validates members_totp_secret_sealed (added NOT VALID by migration 0223) once no plaintext secret is left. */
export async function validateSealedConstraint(db: DbOrTx): Promise<boolean> {
  const result = await db.execute<{ valid: boolean }>(sql`
    SELECT convalidated AS valid FROM pg_constraint WHERE conname = 'members_totp_secret_sealed' AND conrelid = 'members'::regclass`);
  if (result.rows[0]?.valid !== false) return false;
  await db.execute(sql`ALTER TABLE members VALIDATE CONSTRAINT members_totp_secret_sealed`);
  return true;
}

export async function clearTotp(db: DbOrTx, memberId: bigint): Promise<void> {
  await db.update(members).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(members.id, memberId));
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

export async function insertStaff(
  db: DbOrTx,
  values: {
    username: string;
    email: string;
    phone: string;
    passwordHash: string;
    countryId: number;
    role: 'support' | 'operator';
    at: Date;
  },
): Promise<StaffDbRow> {
  const rows = await db
    .insert(members)
    .values({
      username: values.username,
      email: values.email,
      phone: values.phone,
      passwordHash: values.passwordHash,
      countryId: values.countryId,
      role: values.role,
      // Staff accounts are not in the referral tree and hold no money; "active" lets them through the member pages.
      status: 'active',
      activatedAt: values.at,
      isHouse: false,
    })
    .returning(staffColumns);
  const row = rows[0];
  if (!row) throw new Error('Inserting a staff account returned no row');
  return row;
}

export async function setDisabledAt(db: DbOrTx, input: { memberId: bigint; disabledAt: Date | null }): Promise<void> {
  await db.update(members).set({ disabledAt: input.disabledAt }).where(eq(members.id, input.memberId));
}
