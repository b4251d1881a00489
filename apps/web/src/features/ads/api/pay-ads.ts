import type { ActionPayload, PayAdsData } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { refreshUserData } from '@/lib/session';
import { adsQueryOptions } from './get-ads';

/** POST payAds: a like (liked true, empty message), an unlike (liked false, empty) or a comment (liked false, text). */
export function payAds(payload: ActionPayload<'payAds'>): Promise<ApiEnvelope<PayAdsData>> {
  return callAction('payAds', { payload });
}

/** The list reloads after every response; the wallets reload when the response paid. */
export function usePayAds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payAds,
    onSuccess: (envelope) => {
      void queryClient.invalidateQueries({ queryKey: adsQueryOptions.queryKey });
      if (envelope.data.amount !== '0.00') void refreshUserData();
    },
  });
}
