import type { AdminCountriesData } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';

/** GET admincountries: every country with its rate, switch, fee row and tariff brackets. */
export async function getAdminCountries(): Promise<AdminCountriesData> {
  const { data } = await callAction('admincountries');
  return data;
}

export const adminCountriesQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'settings', 'countries'], queryFn: getAdminCountries, retry: false, staleTime: 5_000 });

export function useAdminCountries() {
  return useQuery(adminCountriesQueryOptions());
}
