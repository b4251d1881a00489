import type { AdminSettingData, AdminSettingInput } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { userDataQueryKey } from '@/lib/session';

/** POST adminsetting: one setting's new value (checked by the registry on the server, audited there). */
export async function saveSetting(payload: AdminSettingInput): Promise<AdminSettingData> {
  const { data } = await apiCall<AdminSettingData>('adminsetting', { method: 'POST', payload });
  return data;
}

/** A saved setting reloads the list and the operator's own userdata (links and banner come from settings). */
export function useSaveSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSetting,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'settings'] }),
        queryClient.invalidateQueries({ queryKey: userDataQueryKey }),
      ]),
  });
}
