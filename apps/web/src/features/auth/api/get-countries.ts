import { PLACEHOLDER_COUNTRY } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAction, errorMessage } from '@/lib/api-client';

/** An entry of the sign-up form's country select: the id as the select's text value. */
export interface CountryOption {
  id: string;
  country: string;
  dial: string;
  abrv: string;
}

/** GET populateCountrys, with the placeholder entry (id 00112, dial +000) first. A failure is only logged. */
export async function getCountries(): Promise<CountryOption[]> {
  try {
    const { data } = await callAction('populateCountrys');
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
