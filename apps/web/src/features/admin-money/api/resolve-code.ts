import type { ActionPayload, AdminResolveCodeData, ApprovalRequestedData } from '@tuzo/contracts';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { useReloadingMutation } from '@/hooks/use-reloading-mutation';
import { REVIEW_CODES_KEY } from './get-review-codes';

/**
 * The contract's payload as sent: the id as text, and an amount typed by hand in the member's currency as text with
 * 2 decimals (operators only). Left out, approving credits the provider's amount of the matching payment notification.
 */
export type ResolveCodeRequest = ActionPayload<'adminresolvecode'>;

/** POST adminresolvecode: credit (approve) or reject one queued manual deposit code. */
export function resolveCode(
  payload: ResolveCodeRequest,
  idempotencyKey: string,
): Promise<ApiEnvelope<AdminResolveCodeData | ApprovalRequestedData>> {
  return callAction('adminresolvecode', { payload, idempotencyKey });
}

export function useResolveCode() {
  // A typed amount above the four-eyes limit becomes a request on the Approvals page.
  return useReloadingMutation(
    ({ payload, idempotencyKey }: { payload: ResolveCodeRequest; idempotencyKey: string }) =>
      resolveCode(payload, idempotencyKey),
    [REVIEW_CODES_KEY, ['admin', 'approvals']],
  );
}
