import type { WithdrawData, WithdrawPayload } from '@tuzo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiCall, type ApiEnvelope } from '@/lib/api-client';

/** The contract's payload as sent: the amount is what the member receives, as text with 2 decimals. */
export type SystemWithdrawalRequest = Omit<WithdrawPayload, 'amount'> & { amount: string };

/** POST systemwithdrawal: amount plus charge leave the wallet at once into a pending withdrawal. */
export function systemWithdrawal(payload: SystemWithdrawalRequest, idempotencyKey: string): Promise<ApiEnvelope<WithdrawData>> {
  return apiCall<WithdrawData>('systemwithdrawal', { method: 'POST', payload, idempotencyKey });
}

export function useSystemWithdrawal() {
  return useMutation({
    mutationFn: ({ payload, idempotencyKey }: { payload: SystemWithdrawalRequest; idempotencyKey: string }) =>
      systemWithdrawal(payload, idempotencyKey),
  });
}
