import type { AdminCheckDepositData } from '@tuzo/contracts';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { useReloadingMutation } from '@/hooks/use-reloading-mutation';

/** POST admincheckdeposit: ask M-Pesa about one STK push and apply its answer. */
export function checkDeposit(id: string): Promise<ApiEnvelope<AdminCheckDepositData>> {
  return callAction('admincheckdeposit', { payload: { id } });
}

export function useCheckDeposit() {
  return useReloadingMutation(checkDeposit, [['admin', 'deposits']]);
}
