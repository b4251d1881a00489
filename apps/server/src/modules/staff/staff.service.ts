import type {
  AdminAuditData,
  AdminAuditPayload,
  AdminStaffCreatePayload,
  AdminStaffData,
  AdminStaffRolePayload,
  ApprovalRequestedData,
  StaffRow,
} from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import {
  selectAuditActions,
  selectAuditPage,
  selectMemberIdByUsername,
  startOfDayIn,
  writeAudit,
  type AuditFilter,
} from '../audit/index.ts';
import { requestChange } from '../approvals/index.ts';
import { setStaffRequestedBy } from '../members/index.ts';
import { insertStaffAccount, issueEnrolment } from './staff-enrolment.service.ts';
import { isUsernameOrEmailTaken, selectStaffForUpdate, selectStaffPage, type StaffDbRow } from './staff.repository.ts';

type Actor = { operatorId: bigint; ip: string };

export function toStaffRow(row: StaffDbRow): StaffRow {
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
export function auditView(row: StaffRow) {
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

/**
 * `adminstaffcreate` (decision 044): a request for a new support or operator account; nothing exists until a second
 * operator approves it (`executeStaffCreate`). Nobody chooses its password.
 */
export async function requestStaffCreate(deps: AppDeps, input: AdminStaffCreatePayload & Actor): Promise<ApprovalRequestedData> {
  if (await isUsernameOrEmailTaken(deps.db, input)) throw new AppError('CONFLICT', 'That username or email is already taken');
  return requestChange(deps, {
    kind: 'staff_create',
    requestedBy: input.operatorId,
    params: { username: input.username, email: input.email, role: input.role },
    targetRef: `staff:${input.username.toLowerCase()}`,
    reason: '',
    ip: input.ip,
  });
}

/**
 * An approved `staff_create`, inside the approval's transaction: the account is created with no usable password,
 * remembers who asked for it and who approved it (it never decides their requests), and gets a one-time enrolment
 * link (`adminstaffenrolment` shows it to either of them to hand over).
 */
export async function executeStaffCreate(
  deps: AppDeps,
  input: { username: string; email: string; role: 'support' | 'operator'; requestedBy: bigint; approverId: bigint; ip: string },
): Promise<Record<string, string>> {
  try {
    return await deps.db.transaction(async (tx) => {
      if (await isUsernameOrEmailTaken(tx, input))
        throw new AppError('CONFLICT', 'That username or email is already taken; reject this request');
      const row = toStaffRow(await insertStaffAccount(deps, tx, input));
      const memberId = BigInt(row.id);
      await setStaffRequestedBy(tx, { memberId, requestedBy: input.requestedBy, approvedBy: input.approverId });
      const link = await issueEnrolment(deps, tx, { memberId, issuedBy: 'approval' });
      await writeAudit(tx, {
        actorId: input.approverId,
        action: 'staff.create',
        targetType: 'member',
        targetId: row.id,
        after: { ...auditView(row), requestedBy: input.requestedBy, enrolmentExpiresAt: link.expiresAt.toISOString() },
        ip: input.ip,
      });
      return { staff_id: row.id, username: row.username, enrolment_expires_at: link.expiresAt.toISOString() };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'That username or email is already taken; reject this request');
    throw error;
  }
}

/** Locks the staff account by name for a request about it; refuses acting on oneself. */
async function findStaffForRequest(deps: AppDeps, input: Actor & { username: string }): Promise<StaffDbRow> {
  const row = await selectStaffForUpdate(deps.db, input.username);
  if (!row) throw new AppError('NOT_FOUND', 'No staff account has that username');
  if (row.id === input.operatorId) throw new AppError('BAD_REQUEST', 'You cannot change your own staff account here');
  return row;
}

/** `adminstaffdisable`: disabling or enabling a staff account is a request a second operator approves. */
export async function requestStaffDisabled(
  deps: AppDeps,
  input: Actor & { username: string; disabled: boolean },
): Promise<ApprovalRequestedData> {
  const row = await findStaffForRequest(deps, input);
  const state = (disabled: boolean) => (disabled ? 'disabled' : 'enabled');
  if ((row.disabledAt !== null) === input.disabled)
    throw new AppError('ALREADY_DONE', `${row.username} is already ${state(input.disabled)}`);
  return requestChange(deps, {
    kind: 'staff_enable',
    requestedBy: input.operatorId,
    params: {
      username: row.username,
      staff_id: row.id.toString(),
      disabled: String(input.disabled),
      from: state(row.disabledAt !== null),
      to: state(input.disabled),
    },
    targetRef: `staff:${row.id}`,
    reason: '',
    ip: input.ip,
  });
}

/** `adminstaffrole`: a staff account's new role is a request a second operator approves. */
export async function requestStaffRole(deps: AppDeps, input: Actor & AdminStaffRolePayload): Promise<ApprovalRequestedData> {
  const row = await findStaffForRequest(deps, input);
  if (row.role === input.role) throw new AppError('ALREADY_DONE', `${row.username} is already ${input.role}`);
  return requestChange(deps, {
    kind: 'staff_role',
    requestedBy: input.operatorId,
    params: { username: row.username, staff_id: row.id.toString(), from: row.role, to: input.role },
    targetRef: `staff:${row.id}`,
    reason: '',
    ip: input.ip,
  });
}

/** `adminstafftotpreset`: removing a staff account's authenticator is a request a second operator approves. */
export async function requestStaffTotpReset(deps: AppDeps, input: Actor & { username: string }): Promise<ApprovalRequestedData> {
  const row = await findStaffForRequest(deps, input);
  return requestChange(deps, {
    kind: 'staff_totp_reset',
    requestedBy: input.operatorId,
    params: { username: row.username, staff_id: row.id.toString() },
    targetRef: `staff:${row.id}`,
    reason: '',
    ip: input.ip,
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
