import type { ClaimBonusData } from '@tuzo/contracts';
import { useMutation } from '@tanstack/react-query';
import { callAction, isApiError, type ApiEnvelope } from '@/lib/api-client';
import { refreshUserData } from '@/lib/session';

/** GET dailybonus, as the spec's client calls it (spec part 2, section 7). */
export function claimDailyBonus(): Promise<ApiEnvelope<ClaimBonusData>> {
  return callAction('dailybonus');
}

/**
 * Success refreshes the user data (spec part 2, section 4). A refusal shows nothing here: its reason arrives in
 * `info` and the notification queue shows it; the user data is refreshed too, since the screen was out of date.
 */
export function useClaimDailyBonus() {
  return useMutation({
    mutationFn: claimDailyBonus,
    onSuccess: () => void refreshUserData(),
    onError: (error) => {
      if (isApiError(error, 'ALREADY_DONE', 'LIMIT_NOT_MET')) void refreshUserData();
    },
  });
}
