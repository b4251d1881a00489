import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, type ApiEnvelope } from '@/lib/api-client';
import { reviewCodesQueryOptions } from './get-review-codes';

export interface ResolveCodeRequest {
  id: string;
  approve: boolean;
  /** Amount to credit in the member's currency; the claimed amount when left out. */
  amount?: string;
  note?: string;
}

/** POST adminresolvecode: credit (approve) or reject one queued manual deposit code. */
export function resolveCode(payload: ResolveCodeRequest, idempotencyKey: string): Promise<ApiEnvelope<unknown>> {
  return apiCall('adminresolvecode', { method: 'POST', payload, idempotencyKey });
}

export function useResolveCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payload, idempotencyKey }: { payload: ResolveCodeRequest; idempotencyKey: string }) =>
      resolveCode(payload, idempotencyKey),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewCodesQueryOptions.queryKey }),
  });
}
