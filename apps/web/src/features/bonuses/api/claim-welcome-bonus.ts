import type { ClaimBonusData } from '@tuzo/contracts';
import { useMutation } from '@tanstack/react-query';
import { callAction, isApiError, type ApiEnvelope } from '@/lib/api-client';
import { refreshUserData } from '@/lib/session';

/** GET welcomebonus, as the spec's client calls it (spec part 2, section 7). */
export function claimWelcomeBonus(): Promise<ApiEnvelope<ClaimBonusData>> {
  return callAction('welcomebonus');
}

/** As the daily bonus: success refreshes the user data; a refusal's reason arrives in `info`. */
export function useClaimWelcomeBonus() {
  return useMutation({
    mutationFn: claimWelcomeBonus,
    onSuccess: () => void refreshUserData(),
    onError: (error) => {
      if (isApiError(error, 'ALREADY_DONE', 'LIMIT_NOT_MET')) void refreshUserData();
    },
  });
}
