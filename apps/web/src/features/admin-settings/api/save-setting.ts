import { isApprovalRequested, type AdminSettingData, type AdminSettingInput, type ApprovalRequestedData } from '@tuzo/contracts';
import { callAction } from '@/lib/api-client';
import { userDataQueryKey } from '@/lib/session';
import { useReloadingMutation } from '@/hooks/use-reloading-mutation';

/**
 * POST adminsetting: one setting's new value (checked by the registry on the server, audited there). A money-control
 * setting answers 202 with the request a second operator approves (decision 044): nothing changed yet.
 */
export async function saveSetting(payload: AdminSettingInput): Promise<AdminSettingData | ApprovalRequestedData> {
  const { data } = await callAction('adminsetting', { payload });
  return data;
}

/** The toast after saving: saved at once, or sent for approval. */
export function savedText(label: string, result: AdminSettingData | ApprovalRequestedData): string {
  return isApprovalRequested(result)
    ? `${label}: sent for approval (request #${result.approval_id}); it takes effect when a second operator approves it`
    : `${label} saved`;
}

/** A saved setting reloads the list and the operator's own userdata (links and banner come from settings). */
export function useSaveSetting() {
  return useReloadingMutation(saveSetting, [['admin', 'settings'], ['admin', 'approvals'], userDataQueryKey], 'success');
}
