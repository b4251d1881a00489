import type { AdminCountryPayload, ApprovalRequestedData } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';

/**
 * POST admincountry: a request to replace the rate, switch, fee row and brackets together (decision 044): it answers
 * 202 and takes effect when a second operator approves it on the Approvals page.
 */
export async function saveCountry(payload: AdminCountryPayload): Promise<ApprovalRequestedData> {
  const { data } = await callAction('admincountry', { payload });
  return data;
}

export function useSaveCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCountry,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'settings', 'countries'] }),
        queryClient.invalidateQueries({ queryKey: ['countries'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'approvals'] }),
      ]),
  });
}
