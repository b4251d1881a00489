import { PLACEHOLDER_COUNTRY, type Country } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, errorMessage } from '@/lib/api-client';

export type CountryOption = Pick<Country, 'id' | 'country' | 'dial' | 'abrv'>;

/** GET populateCountrys, with the placeholder entry (id 00112, dial +000) first. A failure is only logged. */
export async function getCountries(): Promise<CountryOption[]> {
  try {
    const { data } = await apiCall<Country[]>('populateCountrys');
    if (Array.isArray(data)) return [PLACEHOLDER_COUNTRY, ...data.map((c) => ({ ...c, id: String(c.id) }))];
    console.warn('Country list failed: no list in the answer');
  } catch (error) {
    console.warn('Country list failed:', errorMessage(error));
  }
  return [PLACEHOLDER_COUNTRY];
}

export const countriesQueryOptions = queryOptions({ queryKey: ['countries'], queryFn: getCountries, staleTime: 60 * 60 * 1000 });

export function useCountries() {
  return useQuery(countriesQueryOptions);
}
