import type { ActionPayload, AdminBulkDecideData } from '@tuzo/contracts';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { useReloadingMutation } from '@/hooks/use-reloading-mutation';

/** POST adminbulkdecide: the same decision for several pending withdrawals; each settles (or fails) on its own. */
export function bulkDecide(payload: ActionPayload<'adminbulkdecide'>): Promise<ApiEnvelope<AdminBulkDecideData>> {
  return callAction('adminbulkdecide', { payload });
}

export function useBulkDecide() {
  // Approvals above the four-eyes limit become requests on the Approvals page.
  return useReloadingMutation(bulkDecide, [
    ['admin', 'withdrawals'],
    ['admin', 'approvals'],
  ]);
}
