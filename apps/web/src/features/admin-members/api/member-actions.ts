import type {
  ActivateData,
  AdminAdjustData,
  AdminChangeUplineData,
  AdminDeactivateData,
  AdminDepositData,
  AdminMemberActionPayload,
  AdminMemberStateData,
  AdminResetLinkData,
  AdminUpdateMemberPayload,
  ApprovalRequestedData,
} from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, type ApiEnvelope } from '@/lib/api-client';

/**
 * The member page's changes, each one operator action on the server (audited there):
 * adminsuspend, adminunsuspend, adminsignout, adminresetlink, adminactivate, admindeactivate (username + reason),
 * adminupdatemember (edit), adminadjust (a wallet correction through the ledger), admindeposit (a manual deposit) and
 * adminchangeupline (a new sponsor; the commissions move on the server).
 */
export type SimpleMemberAction =
  'adminsuspend' | 'adminunsuspend' | 'adminsignout' | 'adminresetlink' | 'adminactivate' | 'admindeactivate';

export interface AdjustRequest {
  username: string;
  wallet: string;
  /** Signed decimal string in the system currency, e.g. "-10.00". */
  amount: string;
  reason: string;
}

export interface DepositRequest {
  username: string;
  amount: string;
  reference: string;
  reason?: string;
}

export type UpdateMemberRequest = Omit<AdminUpdateMemberPayload, 'country_id'> & { country_id?: string };

export type MemberChange =
  | { action: SimpleMemberAction; payload: AdminMemberActionPayload }
  | { action: 'adminupdatemember'; payload: UpdateMemberRequest }
  | { action: 'adminadjust'; payload: AdjustRequest }
  | { action: 'admindeposit'; payload: DepositRequest }
  | { action: 'adminchangeupline'; payload: { username: string; upline: string; reason?: string } };

/** Each change's `data` (the contracts' data schema of its action); a money change may become a four-eyes request. */
export interface MemberChangeData {
  adminsuspend: AdminMemberStateData;
  adminunsuspend: AdminMemberStateData;
  adminsignout: AdminMemberStateData;
  adminresetlink: AdminResetLinkData;
  adminactivate: ActivateData;
  admindeactivate: AdminDeactivateData;
  adminupdatemember: AdminMemberStateData;
  adminadjust: AdminAdjustData | ApprovalRequestedData;
  admindeposit: AdminDepositData | ApprovalRequestedData;
  adminchangeupline: AdminChangeUplineData;
}

/** POST one change; money changes carry the form's idempotency key. */
export function postMemberChange<Change extends MemberChange>(
  change: Change,
  idempotencyKey?: string,
): Promise<ApiEnvelope<MemberChangeData[Change['action']]>> {
  return apiCall(change.action, { method: 'POST', payload: change.payload, idempotencyKey });
}

/** Every change reloads the member's page, its lists and the search results. */
export function useMemberChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ change, idempotencyKey }: { change: MemberChange; idempotencyKey?: string }) =>
      postMemberChange(change, idempotencyKey),
    onSettled: (_data, _error, { change }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'member', change.payload.username.toLowerCase()] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'members'] }),
        // A money change above the four-eyes limit becomes a request on the Approvals page.
        queryClient.invalidateQueries({ queryKey: ['admin', 'approvals'] }),
        // An upline change moves commissions between other members' wallets too.
        ...(change.action === 'adminchangeupline' ? [queryClient.invalidateQueries({ queryKey: ['admin', 'member'] })] : []),
      ]),
  });
}
