import type { SetSmsSettingsPayload, SmsSettingsData } from '@tuzo/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';

export const smsSettingsQueryKey = ['smssettings'] as const;

/** GET smssettings: the member's SMS choices. */
export async function getSmsSettings(): Promise<SmsSettingsData> {
  return (await callAction('smssettings')).data;
}

export const smsSettingsQueryOptions = () =>
  queryOptions({ queryKey: smsSettingsQueryKey, queryFn: getSmsSettings, retry: false });

export function useSmsSettings() {
  return useQuery(smsSettingsQueryOptions());
}

/** POST setsmssettings: turns the commission or promotional SMS on or off; the answer is the choices as saved. */
export function useSetSmsSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (payload: SetSmsSettingsPayload) => callAction('setsmssettings', { payload }),
    onSuccess: ({ data }) => client.setQueryData(smsSettingsQueryKey, data),
  });
}
