import type { AdminCountryPayload, ApprovalRequestedData } from '@tuzo/contracts';
import { callAction } from '@/lib/api-client';
import { useReloadingMutation } from '@/hooks/use-reloading-mutation';

/**
 * POST admincountry: a request to replace the rate, switch, fee row and brackets together (decision 044): it answers
 * 202 and takes effect when a second operator approves it on the Approvals page.
 */
export async function saveCountry(payload: AdminCountryPayload): Promise<ApprovalRequestedData> {
  const { data } = await callAction('admincountry', { payload });
  return data;
}

export function useSaveCountry() {
  return useReloadingMutation(
    saveCountry,
    [['admin', 'settings', 'countries'], ['countries'], ['admin', 'approvals']],
    'success',
  );
}
