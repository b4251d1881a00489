import type { SetLanguagePayload, SmsSettingsData, UserData } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setLanguage } from '@/i18n';
import { callAction } from '@/lib/api-client';
import { refreshUserData, userDataQueryKey } from '@/lib/session';
import { smsSettingsQueryKey } from './sms-settings';

/**
 * POST setlanguage: keeps the member's language on the server (notifications and SMS use it too); once saved the
 * app shows it, and the cached user data and SMS choices say it before the refresh brings it.
 */
export function useSetLanguage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (payload: SetLanguagePayload) => callAction('setlanguage', { payload }),
    onSuccess: async ({ data }) => {
      client.setQueryData<UserData>(userDataQueryKey, (user) =>
        user ? { ...user, userdetails: { ...user.userdetails, language: data.language } } : user,
      );
      client.setQueryData<SmsSettingsData>(smsSettingsQueryKey, (settings) =>
        settings ? { ...settings, language: data.language } : settings,
      );
      await setLanguage(data.language);
      void refreshUserData();
    },
  });
}
