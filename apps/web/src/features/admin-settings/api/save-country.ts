import type { AdminCountryPayload, AdminCountryRow } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** POST admincountry: rate, switch, fee row and brackets replaced together (audited on the server). */
export async function saveCountry(payload: AdminCountryPayload): Promise<AdminCountryRow> {
  const { data } = await apiCall<AdminCountryRow>('admincountry', { method: 'POST', payload });
  return data;
}

export function useSaveCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCountry,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'settings', 'countries'] }),
        queryClient.invalidateQueries({ queryKey: ['countries'] }),
      ]),
  });
}
