import type { AdminAuditData, AdminAuditPayload, AdminStaffCreatePayload, AdminStaffData, StaffRow } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeMemberSessions } from '../auth/session.service.ts';
import { forgetRecoveryCodes } from '../auth/totp.service.ts';
import { resolveSignupCountry } from '../countries/countries.service.ts';
import {
  selectAuditActions,
  selectAuditPage,
  selectMemberIdByUsername,
  startOfDayIn,
  type AuditFilter,
} from '../audit/audit.service.ts';
import { clearTotp, insertStaff, setDisabledAt } from '../members/members.service.ts';
import { isUsernameOrEmailTaken, selectStaffForUpdate, selectStaffPage, type StaffDbRow } from './staff.repository.ts';

type Actor = { operatorId: bigint; ip: string };

function toStaffRow(row: StaffDbRow): StaffRow {
  return {
    id: row.id.toString(),
    username: row.username,
    email: row.email,
    role: row.role === 'operator' ? 'operator' : 'support',
    is_disabled: row.disabledAt !== null,
    is_totp_enrolled: row.totpEnabledAt !== null,
    joined_at: row.joinedAt.toISOString(),
    disabled_at: row.disabledAt?.toISOString() ?? null,
  };
}

/** What the audit log keeps of a staff account: never the password or the TOTP secret. */
function auditView(row: StaffRow) {
  return { username: row.username, email: row.email, role: row.role, disabled: row.is_disabled, totp: row.is_totp_enrolled };
}

export async function listStaff(deps: AppDeps, input: { page: number; limit: number }): Promise<AdminStaffData> {
  const { rows, total } = await selectStaffPage(deps.db, { offset: (input.page - 1) * input.limit, limit: input.limit });
  return { rows: rows.map(toStaffRow), page: input.page, limit: input.limit, total };
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string }; code?: string }) ?? {};
  return cause.code === '23505' || cause.cause?.code === '23505';
}

/** `adminstaffcreate`: a support or operator account; it enrols an authenticator at its first sign-in. */
export async function createStaff(deps: AppDeps, input: AdminStaffCreatePayload & Actor): Promise<StaffRow> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await deps.db.transaction(async (tx) => {
      if (await isUsernameOrEmailTaken(tx, input)) throw new AppError('CONFLICT', 'That username or email is already taken');
      const country = await resolveSignupCountry(tx, undefined);
      const row = toStaffRow(
        await insertStaff(tx, {
          username: input.username,
          email: input.email,
          // Staff have no real phone; a value outside every dial plan keeps the unique index satisfied (as the seed).
          phone: `+000${input.username.toLowerCase()}`,
          passwordHash,
          countryId: country.id,
          role: input.role,
          at: deps.clock.now(),
        }),
      );
      await writeAudit(tx, {
        actorId: input.operatorId,
        action: 'staff.create',
        targetType: 'member',
        targetId: row.id,
        after: auditView(row),
        ip: input.ip,
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'That username or email is already taken');
    throw error;
  }
}

/** Locks the staff account, refuses acting on oneself, applies `change` and audits before and after. */
async function changeStaff(
  deps: AppDeps,
  input: Actor & { username: string; action: string },
  change: (tx: DbOrTx, row: StaffDbRow) => Promise<StaffDbRow>,
): Promise<StaffRow> {
  return deps.db.transaction(async (tx) => {
    const row = await selectStaffForUpdate(tx, input.username);
    if (!row) throw new AppError('NOT_FOUND', 'No staff account has that username');
    if (row.id === input.operatorId) throw new AppError('BAD_REQUEST', 'You cannot change your own staff account here');
    const after = await change(tx, row);
    const [beforeRow, afterRow] = [toStaffRow(row), toStaffRow(after)];
    await writeAudit(tx, {
      actorId: input.operatorId,
      action: input.action,
      targetType: 'member',
      targetId: row.id,
      before: auditView(beforeRow),
      after: auditView(afterRow),
      ip: input.ip,
    });
    return afterRow;
  });
}

/** `adminstaffdisable`: disabling ends every session of the account at once; enabling lets it sign in again. */
export async function setStaffDisabled(deps: AppDeps, input: Actor & { username: string; disabled: boolean }): Promise<StaffRow> {
  const action = input.disabled ? 'staff.disable' : 'staff.enable';
  return changeStaff(deps, { ...input, action }, async (tx, row) => {
    const disabledAt = input.disabled ? (row.disabledAt ?? deps.clock.now()) : null;
    await setDisabledAt(tx, { memberId: row.id, disabledAt });
    if (input.disabled) await revokeMemberSessions(tx, row.id);
    return { ...row, disabledAt };
  });
}

/** `adminstafftotpreset`: for a lost phone and lost recovery codes; the account enrols again at its next sign-in. */
export async function resetStaffTotp(deps: AppDeps, input: Actor & { username: string }): Promise<StaffRow> {
  return changeStaff(deps, { ...input, action: 'staff.totp_reset' }, async (tx, row) => {
    await clearTotp(tx, row.id);
    await forgetRecoveryCodes(tx, row.id);
    await revokeMemberSessions(tx, row.id);
    return { ...row, totpEnabledAt: null };
  });
}

async function buildAuditFilter(deps: AppDeps, input: AdminAuditPayload): Promise<AuditFilter | null> {
  const filter: AuditFilter = {};
  if (input.staff !== undefined) {
    const id = await selectMemberIdByUsername(deps.db, input.staff);
    if (id === null) return null;
    filter.actorId = id;
  }
  if (input.member !== undefined) {
    const id = await selectMemberIdByUsername(deps.db, input.member);
    if (id === null) return null;
    filter.memberId = id;
  }
  if (input.audit_action !== undefined) filter.action = input.audit_action;
  const timeZone = deps.config.TUZO_TIMEZONE;
  if (input.from !== undefined) filter.fromAt = await startOfDayIn(deps.db, { day: input.from, timeZone });
  if (input.to !== undefined) {
    const next = new Date(Date.parse(`${input.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    filter.toAt = await startOfDayIn(deps.db, { day: next, timeZone });
  }
  return filter;
}

/** `adminaudit`: newest first; a staff or member filter naming nobody matches nothing. */
export async function listAudit(deps: AppDeps, input: AdminAuditPayload): Promise<AdminAuditData> {
  const actions = await selectAuditActions(deps.db);
  const filter = await buildAuditFilter(deps, input);
  const empty = { rows: [], actions, page: input.page, limit: input.limit, total: 0 };
  if (filter === null) return empty;
  const { rows, total } = await selectAuditPage(deps.db, { filter, offset: (input.page - 1) * input.limit, limit: input.limit });
  return {
    rows: rows.map((row) => ({
      id: row.id,
      created_at: new Date(row.created_at).toISOString(),
      staff: row.staff,
      action: row.action,
      target_type: row.target_type,
      target_id: row.target_id,
      member: row.member,
      before: row.before ?? null,
      after: row.after ?? null,
      ip: row.ip,
    })),
    actions,
    page: input.page,
    limit: input.limit,
    total,
  };
}
