import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';

/** GET populateCountrys: the console's country choices (search filter, member edit form, notification target). */
export async function getCountryOptions(): Promise<Array<{ id: string; name: string }>> {
  const { data } = await callAction('populateCountrys');
  return (Array.isArray(data) ? data : []).map((country) => ({ id: String(country.id), name: country.country }));
}

/** One key for every console screen: one cached copy of the countries. */
export const countryOptionsQueryOptions = queryOptions({
  queryKey: ['admin', 'countries'],
  queryFn: getCountryOptions,
  staleTime: 60 * 60 * 1000,
});

export function useCountryOptions() {
  return useQuery(countryOptionsQueryOptions);
}
