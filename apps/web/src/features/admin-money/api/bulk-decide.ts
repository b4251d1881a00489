import type { AdminBulkDecideData } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, type ApiEnvelope } from '@/lib/api-client';
import type { WithdrawalDecision } from './update-transaction';

/** POST adminbulkdecide: the same decision for several pending withdrawals; each settles (or fails) on its own. */
export function bulkDecide(payload: { ids: string[]; value: WithdrawalDecision }): Promise<ApiEnvelope<AdminBulkDecideData>> {
  return apiCall<AdminBulkDecideData>('adminbulkdecide', { method: 'POST', payload });
}

export function useBulkDecide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDecide,
    // Approvals above the four-eyes limit become requests on the Approvals page.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'withdrawals'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'approvals'] }),
      ]),
  });
}
