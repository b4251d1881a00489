import type { AdminSettingsData } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';

/** GET adminsettings: every operator setting of the registry with its description, value and default. */
export async function getSettings(): Promise<AdminSettingsData> {
  const { data } = await callAction('adminsettings');
  return data;
}

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'settings'], queryFn: getSettings, retry: false, staleTime: 5_000 });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
