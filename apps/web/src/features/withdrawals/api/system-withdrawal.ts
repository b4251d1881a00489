import type { ActionPayload, WithdrawData } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction, isApiError, type ApiEnvelope } from '@/lib/api-client';
import { refreshUserData } from '@/lib/session';
import { withdrawalHistoryQueryOptions } from './get-withdrawal-history';

/** The contract's payload as sent: the amount is what the member receives, as text with 2 decimals. */
export type SystemWithdrawalRequest = ActionPayload<'systemwithdrawal'>;

/** POST systemwithdrawal: amount plus charge leave the wallet at once into a pending withdrawal. */
export function systemWithdrawal(payload: SystemWithdrawalRequest, idempotencyKey: string): Promise<ApiEnvelope<WithdrawData>> {
  return callAction('systemwithdrawal', { payload, idempotencyKey });
}

/**
 * A request moves money into a pending withdrawal: the history and the balances are reloaded. A refusal for the
 * balance, a limit or the account's state means the member's balances or status were out of date: they reload too.
 */
export function useSystemWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payload, idempotencyKey }: { payload: SystemWithdrawalRequest; idempotencyKey: string }) =>
      systemWithdrawal(payload, idempotencyKey),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: withdrawalHistoryQueryOptions.queryKey });
      void refreshUserData();
    },
    onError: (error) => {
      if (isApiError(error, 'INSUFFICIENT_FUNDS', 'LIMIT_NOT_MET', 'ACCOUNT_INACTIVE')) void refreshUserData();
    },
  });
}
