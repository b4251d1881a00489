import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { members } from '../../db/schema.ts';

/**
 * Every write to the `members` table (accounts: members and staff), and the credential reads of sign-in. The members
 * module owns the table (docs/ARCHITECTURE.md, Owners); other modules call it through modules/members/index.ts. Reads that join
 * `members` for a module's own view (a team, a list, a report) stay in that module's repository.
 */

// Sign-in: credentials and the password hash (used by auth and password-reset).

export interface CredentialRow {
  id: bigint;
  username: string;
  email: string;
  passwordHash: string;
  status: 'inactive' | 'active' | 'suspended';
  role: 'member' | 'support' | 'operator';
  isHouse: boolean;
  updatedAt: Date;
  totpEnabledAt: Date | null;
  disabledAt: Date | null;
}

const credentialColumns = {
  id: members.id,
  username: members.username,
  email: members.email,
  passwordHash: members.passwordHash,
  status: members.status,
  role: members.role,
  isHouse: members.isHouse,
  updatedAt: members.updatedAt,
  totpEnabledAt: members.totpEnabledAt,
  disabledAt: members.disabledAt,
};

/** The member whose username or email equals `credential`, case-insensitively (both are unique on lower()). */
export async function selectMemberByCredential(db: DbOrTx, credential: string): Promise<CredentialRow | null> {
  const lowered = credential.toLowerCase();
  const rows = await db
    .select(credentialColumns)
    .from(members)
    .where(or(sql`lower(${members.username}) = ${lowered}`, sql`lower(${members.email}) = ${lowered}`))
    .orderBy(sql`(lower(${members.username}) = ${lowered}) DESC`)
    .limit(1);
  return rows[0] ?? null;
}

export async function selectMemberCredentialById(db: DbOrTx, id: bigint): Promise<CredentialRow | null> {
  const rows = await db.select(credentialColumns).from(members).where(eq(members.id, id)).limit(1);
  return rows[0] ?? null;
}

/** A member's id and username by id, or null (a four-eyes request names the member it is about). */
export async function selectMemberName(db: DbOrTx, id: bigint): Promise<{ id: bigint; username: string } | null> {
  const rows = await db.select({ id: members.id, username: members.username }).from(members).where(eq(members.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function updatePasswordHash(db: DbOrTx, input: { memberId: bigint; passwordHash: string }): Promise<void> {
  await db.update(members).set({ passwordHash: input.passwordHash }).where(eq(members.id, input.memberId));
}

// Accounts: members (registration, the seed) and staff accounts (staff).

export interface NewMember {
  username: string;
  email: string;
  phone: string;
  passwordHash: string;
  countryId: number;
  l1Id: bigint | null;
  l2Id: bigint | null;
  l3Id: bigint | null;
  signupBonusMinor: bigint;
  status?: 'inactive' | 'active' | 'suspended';
  role?: 'member' | 'operator';
  isHouse?: boolean;
  activatedAt?: Date | null;
  /** When the account was made, on the app's clock (team and member lists filter on it). */
  joinedAt: Date;
  /** The language chosen at sign-up (decision 038); the column defaults to English. */
  language?: 'en' | 'sw';
}

export async function insertMember(db: DbOrTx, values: NewMember): Promise<bigint> {
  const rows = await db.insert(members).values(values).returning({ id: members.id });
  const row = rows[0];
  if (!row) throw new Error('Inserting a member returned no row');
  return row.id;
}

/** The configured password for the existing bootstrap operator (TUZO_ADMIN_* on every start); never promotes. */
export async function setOperatorPassword(tx: DbOrTx, input: { id: bigint; passwordHash: string; at: Date }): Promise<void> {
  await tx
    .update(members)
    .set({
      passwordHash: input.passwordHash,
      status: 'active',
      activatedAt: sql`coalesce(${members.activatedAt}, ${input.at.toISOString()}::timestamptz)`,
    })
    .where(and(eq(members.id, input.id), eq(members.role, 'operator')));
}

/** The columns of a staff account as the staff list shows them (the staff module selects them too). */
export const staffAccountColumns = {
  id: members.id,
  username: members.username,
  email: members.email,
  role: members.role,
  joinedAt: members.joinedAt,
  disabledAt: members.disabledAt,
  totpEnabledAt: members.totpEnabledAt,
};
export interface StaffAccountRow {
  id: bigint;
  username: string;
  email: string;
  role: 'member' | 'support' | 'operator';
  joinedAt: Date;
  disabledAt: Date | null;
  totpEnabledAt: Date | null;
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
): Promise<StaffAccountRow> {
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
      joinedAt: values.at,
      isHouse: false,
    })
    .returning(staffAccountColumns);
  const row = rows[0];
  if (!row) throw new Error('Inserting a staff account returned no row');
  return row;
}

export async function setDisabledAt(db: DbOrTx, input: { memberId: bigint; disabledAt: Date | null }): Promise<void> {
  await db.update(members).set({ disabledAt: input.disabledAt }).where(eq(members.id, input.memberId));
}

/** A staff account's role (an approved `staff_role` request, decision 044). */
export async function setStaffRole(db: DbOrTx, input: { memberId: bigint; role: 'support' | 'operator' }): Promise<void> {
  await db.update(members).set({ role: input.role }).where(eq(members.id, input.memberId));
}

/** The operators who asked for and approved a staff account created through the console: it never decides their requests. */
export async function setStaffRequestedBy(
  db: DbOrTx,
  input: { memberId: bigint; requestedBy: bigint; approvedBy: bigint },
): Promise<void> {
  await db
    .update(members)
    .set({ staffRequestedBy: input.requestedBy, staffApprovedBy: input.approvedBy })
    .where(eq(members.id, input.memberId));
}

// Status, details and place in the referral tree.

/** The member's status (and, when given, the activation time), with `updated_at` = `at`. */
export async function setMemberStatus(
  tx: DbOrTx,
  input: { memberId: bigint; status: 'active' | 'inactive' | 'suspended'; activatedAt?: Date | null; at: Date },
): Promise<void> {
  await tx
    .update(members)
    .set({
      status: input.status,
      updatedAt: input.at,
      ...(input.activatedAt !== undefined ? { activatedAt: input.activatedAt } : {}),
    })
    .where(eq(members.id, input.memberId));
}

export async function updateMemberDetails(
  db: DbOrTx,
  input: { memberId: bigint; email?: string; phone?: string; countryId?: number; at: Date },
): Promise<void> {
  await db.execute(sql`
    UPDATE members SET
      email = coalesce(${input.email ?? null}::text, email),
      phone = coalesce(${input.phone ?? null}::text, phone),
      country_id = coalesce(${input.countryId ?? null}::int, country_id),
      updated_at = ${input.at.toISOString()}::timestamptz
    WHERE id = ${input.memberId}`);
}

/**
 * Moves the member under the new chain and shifts their downline: level-1 members get the member's new l1/l2 as
 * their l2/l3, level-2 members get the new l1 as their l3 (level-3 members keep the member as l3). The team_counts
 * triggers move the counters in the same transaction.
 */
export async function shiftChain(
  db: DbOrTx,
  input: { memberId: bigint; l1: bigint; l2: bigint | null; l3: bigint | null; at: Date },
): Promise<void> {
  const at = input.at.toISOString();
  await db.execute(sql`
    UPDATE members SET l1_id = ${input.l1}, l2_id = ${input.l2}, l3_id = ${input.l3}, updated_at = ${at}::timestamptz
    WHERE id = ${input.memberId}`);
  await db.execute(sql`
    UPDATE members SET l2_id = ${input.l1}, l3_id = ${input.l2}, updated_at = ${at}::timestamptz WHERE l1_id = ${input.memberId}`);
  await db.execute(sql`
    UPDATE members SET l3_id = ${input.l1}, updated_at = ${at}::timestamptz WHERE l2_id = ${input.memberId}`);
}

// Two-factor sign-in of staff accounts (the staff module keeps the recovery codes).

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

/** Two-factor sign-in off: the secret, its enrolment and its last step cleared (the account enrols again). */
export async function clearTotp(db: DbOrTx, memberId: bigint): Promise<void> {
  await db.update(members).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(members.id, memberId));
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

// Language and SMS choices (migration 0400): the member's own settings, written by the SMS preferences action.

export interface SmsPreferencesRow {
  language: 'en' | 'sw';
  smsCommission: boolean;
  smsPromotions: boolean;
}

export async function selectSmsPreferences(db: DbOrTx, memberId: bigint): Promise<SmsPreferencesRow | null> {
  const rows = await db
    .select({ language: members.language, smsCommission: members.smsCommission, smsPromotions: members.smsPromotions })
    .from(members)
    .where(eq(members.id, memberId));
  return rows[0] ?? null;
}

/** Sets the given SMS choices and language (absent ones are left as they are); returns the row after, or null. */
export async function updateSmsPreferences(
  db: DbOrTx,
  input: { memberId: bigint; language?: 'en' | 'sw'; smsCommission?: boolean; smsPromotions?: boolean; at: Date },
): Promise<SmsPreferencesRow | null> {
  const rows = await db
    .update(members)
    .set({
      updatedAt: input.at,
      ...(input.language !== undefined ? { language: input.language } : {}),
      ...(input.smsCommission !== undefined ? { smsCommission: input.smsCommission } : {}),
      ...(input.smsPromotions !== undefined ? { smsPromotions: input.smsPromotions } : {}),
    })
    .where(eq(members.id, input.memberId))
    .returning({ language: members.language, smsCommission: members.smsCommission, smsPromotions: members.smsPromotions });
  return rows[0] ?? null;
}
