import type { RecoverCodeData } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { refreshAfterDepositRequest } from './get-deposit-history';

/** HTTP 202: the code matched no payment yet and waits in the operator's review queue. */
export const RECOVER_CODE_QUEUED_STATUS = 202;

/** POST recovercode: claims a manual payment by its transaction code. */
export function recoverCode(refCode: string, idempotencyKey: string): Promise<ApiEnvelope<RecoverCodeData>> {
  return callAction('recovercode', { payload: { ref_code: refCode }, idempotencyKey });
}

export function useRecoverCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ refCode, idempotencyKey }: { refCode: string; idempotencyKey: string }) =>
      recoverCode(refCode, idempotencyKey),
    onSuccess: () => refreshAfterDepositRequest(queryClient),
  });
}
