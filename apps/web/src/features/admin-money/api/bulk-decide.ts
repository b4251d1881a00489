import type { ActionPayload, AdminBulkDecideData } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction, type ApiEnvelope } from '@/lib/api-client';

/** POST adminbulkdecide: the same decision for several pending withdrawals; each settles (or fails) on its own. */
export function bulkDecide(payload: ActionPayload<'adminbulkdecide'>): Promise<ApiEnvelope<AdminBulkDecideData>> {
  return callAction('adminbulkdecide', { payload });
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
