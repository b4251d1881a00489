import { ACTIVATION_MESSAGES, type ActivateData } from '@tuzo/contracts';
import { useMutation } from '@tanstack/react-query';
import { callAction, isApiError, type ApiEnvelope } from '@/lib/api-client';
import { refreshUserData } from '@/lib/session';

export { ACTIVATION_MESSAGES };

/** POST activateaccount (empty body): takes the fee from the Deposit wallet and pays the uplines. */
export function activateAccount(idempotencyKey: string): Promise<ApiEnvelope<ActivateData>> {
  return callAction('activateaccount', { payload: {}, idempotencyKey });
}

/**
 * The account gate reads the refreshed user data and opens the member's shell. The data is refreshed after a
 * refusal too when it was out of date: the account is already active (ALREADY_DONE), or the deposit no longer
 * covers the fee (INSUFFICIENT_FUNDS, the deposit view comes back).
 */
export function useActivateAccount() {
  return useMutation({
    mutationFn: (idempotencyKey: string) => activateAccount(idempotencyKey),
    onSuccess: () => void refreshUserData(),
    onError: (error) => {
      if (isApiError(error, 'ALREADY_DONE', 'INSUFFICIENT_FUNDS')) void refreshUserData();
    },
  });
}
