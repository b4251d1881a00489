import type { AdminCheckDepositData } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction, type ApiEnvelope } from '@/lib/api-client';

/** POST admincheckdeposit: ask M-Pesa about one STK push and apply its answer. */
export function checkDeposit(id: string): Promise<ApiEnvelope<AdminCheckDepositData>> {
  return callAction('admincheckdeposit', { payload: { id } });
}

export function useCheckDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkDeposit,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'deposits'] }),
  });
}
