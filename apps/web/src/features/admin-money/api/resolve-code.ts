import type { AdminResolveCodePayload } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, type ApiEnvelope } from '@/lib/api-client';
import { REVIEW_CODES_KEY } from './get-review-codes';

/**
 * The contract's payload as sent: the id as text, and the amount to credit in the member's currency as text with
 * 2 decimals (the claimed amount when left out).
 */
export type ResolveCodeRequest = Omit<AdminResolveCodePayload, 'id' | 'amount'> & { id: string; amount?: string };

/** POST adminresolvecode: credit (approve) or reject one queued manual deposit code. */
export function resolveCode(payload: ResolveCodeRequest, idempotencyKey: string): Promise<ApiEnvelope<unknown>> {
  return apiCall('adminresolvecode', { method: 'POST', payload, idempotencyKey });
}

export function useResolveCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payload, idempotencyKey }: { payload: ResolveCodeRequest; idempotencyKey: string }) =>
      resolveCode(payload, idempotencyKey),
    onSettled: () => queryClient.invalidateQueries({ queryKey: REVIEW_CODES_KEY }),
  });
}
