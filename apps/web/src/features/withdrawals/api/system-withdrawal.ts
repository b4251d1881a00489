import type { WithdrawAccount, WithdrawData } from '@tuzo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiCall, type ApiEnvelope } from '@/lib/api-client';

export interface SystemWithdrawalRequest {
  acc: WithdrawAccount;
  /** What the member receives, as text with 2 decimals (the total minus the charge). */
  amount: string;
}

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
