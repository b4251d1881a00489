import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { endOpenSessions, forgetRecoveryCodes } from '../auth/index.ts';
import { clearTotp, setDisabledAt, setStaffRole } from '../members/index.ts';
import { auditView, toStaffRow } from './staff.service.ts';
import { selectStaffByIdForUpdate, type StaffDbRow } from './staff.repository.ts';

/**
 * Approved staff changes (decision 044), run by the admin-approvals module inside the approval's transaction, on the
 * staff id the request was made for, in the approving operator's name.
 */

/** Locks the staff account by id, applies `change` and audits before and after (an approved request). */
async function changeStaff(
  deps: AppDeps,
  input: { staffId: bigint; approverId: bigint; ip: string; action: string },
  change: (tx: DbOrTx, row: StaffDbRow) => Promise<StaffDbRow>,
): Promise<Record<string, string>> {
  return deps.db.transaction(async (tx) => {
    const row = await selectStaffByIdForUpdate(tx, input.staffId);
    if (!row) throw new AppError('NOT_FOUND', 'No staff account has that id any more; reject this request');
    if (row.id === input.approverId) throw new AppError('FORBIDDEN', 'Another operator must decide a change of your own account');
    const after = await change(tx, row);
    const [beforeRow, afterRow] = [toStaffRow(row), toStaffRow(after)];
    await writeAudit(tx, {
      actorId: input.approverId,
      action: input.action,
      targetType: 'member',
      targetId: row.id,
      before: auditView(beforeRow),
      after: auditView(afterRow),
      ip: input.ip,
    });
    return { staff_id: afterRow.id, username: afterRow.username, role: afterRow.role, disabled: String(afterRow.is_disabled) };
  });
}

/** An approved `staff_enable`: disabling ends every session of the account at once; enabling lets it sign in again. */
export async function executeStaffDisabled(
  deps: AppDeps,
  input: { staffId: bigint; disabled: boolean; approverId: bigint; ip: string },
): Promise<Record<string, string>> {
  const action = input.disabled ? 'staff.disable' : 'staff.enable';
  return changeStaff(deps, { ...input, action }, async (tx, row) => {
    const disabledAt = input.disabled ? (row.disabledAt ?? deps.clock.now()) : null;
    await setDisabledAt(tx, { memberId: row.id, disabledAt });
    if (input.disabled) await endOpenSessions(tx, { memberId: row.id, at: deps.clock.now() });
    return { ...row, disabledAt };
  });
}

/** An approved `staff_role`: the new role applies from the account's next request (its sessions end). */
export async function executeStaffRole(
  deps: AppDeps,
  input: { staffId: bigint; role: 'support' | 'operator'; approverId: bigint; ip: string },
): Promise<Record<string, string>> {
  return changeStaff(deps, { ...input, action: 'staff.role' }, async (tx, row) => {
    await setStaffRole(tx, { memberId: row.id, role: input.role });
    await endOpenSessions(tx, { memberId: row.id, at: deps.clock.now() });
    return { ...row, role: input.role };
  });
}

/** An approved `staff_totp_reset`: for a lost phone and lost recovery codes; the account enrols again at its next sign-in. */
export async function executeStaffTotpReset(
  deps: AppDeps,
  input: { staffId: bigint; approverId: bigint; ip: string },
): Promise<Record<string, string>> {
  return changeStaff(deps, { ...input, action: 'staff.totp_reset' }, async (tx, row) => {
    await clearTotp(tx, row.id);
    await forgetRecoveryCodes(tx, row.id);
    await endOpenSessions(tx, { memberId: row.id, at: deps.clock.now() });
    return { ...row, totpEnabledAt: null };
  });
}
