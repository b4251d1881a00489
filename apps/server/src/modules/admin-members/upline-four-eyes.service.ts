import {
  formatMinor,
  type AdminChangeUplineData,
  type AdminChangeUplinePayload,
  type ApprovalRequestedData,
} from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { runWithinFourEyesWindow, type StaffCredit } from '../approvals/index.ts';
import { selectMemberDetail, selectUplineNames } from './admin-members.repository.ts';
import { findTargetMember } from './admin-members.service.ts';
import { changeUpline } from './change-upline.service.ts';

/**
 * `adminchangeupline` as a money action (decision 044): the commissions it pays the new chain count in each credited
 * member's rolling four-eyes window; above the threshold the change rolls back and becomes an `upline` request,
 * made for the member's and the new upline's ids, with what it would pay whom in its parameters.
 */
export async function changeUplineOrRequest(
  deps: AppDeps,
  input: AdminChangeUplinePayload & { operatorId: bigint; ip: string },
): Promise<AdminChangeUplineData | ApprovalRequestedData> {
  const member = await findTargetMember(deps.db, input.username);
  const sponsor = await selectMemberDetail(deps.db, input.upline);
  if (!sponsor || sponsor.role !== 'member') throw new AppError('NOT_FOUND', 'The new upline was not found');
  const ids = { memberId: BigInt(member.id), uplineId: BigInt(sponsor.id) };
  const from = member.l1_id === null ? [] : await selectUplineNames(deps.db, [member.l1_id]);
  return runWithinFourEyesWindow(deps, {
    operatorId: input.operatorId,
    ip: input.ip,
    source: 'upline',
    request: (credits) => upLineRequest({ member, sponsor, ids, credits, from: from[0]?.username ?? '', input, deps }),
    execute: async (inner) => {
      const done = await changeUpline(inner, { ...input, ids });
      return { result: done.data, credits: done.credits };
    },
  });
}

function upLineRequest(input: {
  member: { username: string };
  sponsor: { username: string };
  ids: { memberId: bigint; uplineId: bigint };
  credits: StaffCredit[];
  from: string;
  input: { reason?: string | undefined };
  deps: AppDeps;
}) {
  const totalMinor = input.credits.reduce((sum, credit) => sum + credit.amountSystemMinor, 0n);
  return {
    kind: 'upline' as const,
    memberId: input.ids.memberId,
    amountSystemMinor: totalMinor,
    amountMinor: totalMinor,
    currency: input.deps.config.SYSTEM_CURRENCY,
    params: {
      username: input.member.username,
      upline: input.sponsor.username,
      from: input.from,
      member_id: input.ids.memberId.toString(),
      upline_id: input.ids.uplineId.toString(),
      // What the change would pay each member (id -> system minor units): the pending request counts in their window.
      credits: Object.fromEntries(
        input.credits.map((credit) => [credit.memberId.toString(), credit.amountSystemMinor.toString()]),
      ),
      credited: `${input.deps.config.SYSTEM_CURRENCY} ${formatMinor(totalMinor)} to ${input.credits.length} member${input.credits.length === 1 ? '' : 's'}`,
    },
    targetRef: `upline:${input.ids.memberId}`,
    reason: input.input.reason ?? '',
  };
}
