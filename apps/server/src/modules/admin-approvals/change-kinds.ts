import { AdminCountryPayloadSchema, StaffRoleSchema } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { changeCountry, executeSettingChange } from '../admin-settings/index.ts';
import { changeUpline } from '../admin-members/index.ts';
import { countStaffMoney, type ApprovalRequestRow, type StaffCredit, type StaffMoneySource } from '../approvals/index.ts';
import { executeStaffCreate, executeStaffDisabled, executeStaffRole, executeStaffTotpReset } from '../staff/index.ts';

/**
 * The four-eyes kinds of issue 23 (docs/decisions/044-four-eyes-one-person-cannot-get-round.md): staff management,
 * money-control settings, countries and an upline change that moves paid commissions. Each executes, in the
 * approving operator's name, on the ids the request was made for, inside the approval's transaction.
 */

export type ChangeKind = 'staff_create' | 'staff_enable' | 'staff_role' | 'staff_totp_reset' | 'setting' | 'country' | 'upline';

type Input = { approverId: bigint; ip: string; note: string | null };

function text(request: ApprovalRequestRow, key: string): string {
  const value = request.params[key];
  if (typeof value !== 'string' || value === '') throw new Error(`Approval request ${request.id} has no ${key}`);
  return value;
}

/** The member a money request was made for (every money kind has one, by the table's CHECK). */
export function memberOf(request: ApprovalRequestRow): bigint {
  if (request.memberId === null) throw new Error(`Approval request ${request.id} names no member`);
  return request.memberId;
}

/** What an approved money request paid counts in the member's rolling window, naming both operators. */
export async function countApprovedMoney(
  deps: AppDeps,
  request: ApprovalRequestRow,
  input: { source: StaffMoneySource; credits: StaffCredit[]; approverId: bigint },
): Promise<void> {
  await countStaffMoney(deps, deps.db, {
    credits: input.credits,
    source: input.source,
    approvalId: request.id,
    staffIds: [request.requestedBy, input.approverId],
  });
}

export async function executeChangeApproval(
  deps: AppDeps,
  request: ApprovalRequestRow & { kind: ChangeKind },
  input: Input,
): Promise<Record<string, string>> {
  const base = { approverId: input.approverId, ip: input.ip };
  switch (request.kind) {
    case 'staff_create':
      return executeStaffCreate(deps, {
        ...base,
        username: text(request, 'username'),
        email: text(request, 'email'),
        role: StaffRoleSchema.parse(text(request, 'role')),
        requestedBy: request.requestedBy,
      });
    case 'staff_enable':
      return executeStaffDisabled(deps, {
        ...base,
        staffId: BigInt(text(request, 'staff_id')),
        disabled: text(request, 'disabled') === 'true',
      });
    case 'staff_role':
      return executeStaffRole(deps, {
        ...base,
        staffId: BigInt(text(request, 'staff_id')),
        role: StaffRoleSchema.parse(text(request, 'to')),
      });
    case 'staff_totp_reset':
      return executeStaffTotpReset(deps, { ...base, staffId: BigInt(text(request, 'staff_id')) });
    case 'setting':
      return executeSettingChange(deps, { ...base, key: text(request, 'key'), value: request.params.value });
    case 'country': {
      const payload = AdminCountryPayloadSchema.safeParse(request.params.payload);
      if (!payload.success)
        throw new AppError('VALIDATION_FAILED', 'This country change no longer fits its rules; reject this request');
      const row = await changeCountry(deps, { ...payload.data, operatorId: input.approverId, ip: input.ip });
      return { country_id: String(row.id), rate: row.rate };
    }
    case 'upline': {
      const done = await changeUpline(deps, {
        username: text(request, 'username'),
        upline: text(request, 'upline'),
        reason: request.reason || undefined,
        operatorId: input.approverId,
        ip: input.ip,
        ids: { memberId: memberOf(request), uplineId: BigInt(text(request, 'upline_id')) },
        requestedBy: request.requestedBy,
      });
      await countApprovedMoney(deps, request, { source: 'upline', credits: done.credits, approverId: input.approverId });
      return { username: done.data.username, commissions_paid: String(done.data.commissions_paid) };
    }
    default: {
      const unknown: never = request.kind;
      throw new Error(`Unknown change kind ${String(unknown)}`);
    }
  }
}
