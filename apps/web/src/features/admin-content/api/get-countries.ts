import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';

/** GET populateCountrys: the countries a notification can go to. */
export async function getCountryOptions(): Promise<Array<{ id: string; name: string }>> {
  const { data } = await callAction('populateCountrys');
  return (Array.isArray(data) ? data : []).map((country) => ({ id: String(country.id), name: country.country }));
}

// The same key as the members search's list: one cached copy of the countries in the console.
export const countryOptionsQueryOptions = queryOptions({
  queryKey: ['admin', 'countries'],
  queryFn: getCountryOptions,
  staleTime: 60 * 60 * 1000,
});

export function useCountryOptions() {
  return useQuery(countryOptionsQueryOptions);
}
