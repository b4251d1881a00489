import type { AdminCountriesData } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';

/** The countries and the setting `payouts.providers`, read together to say how each country's withdrawals are paid. */
export interface PayoutMethodsSource {
  countries: AdminCountriesData['countries'];
  /** The setting's current value as stored (checked by the contract's schema where it is read). */
  providers: unknown;
}

/** GET admincountries and adminsettings. */
export async function getPayoutMethods(): Promise<PayoutMethodsSource> {
  const [countries, settings] = await Promise.all([callAction('admincountries'), callAction('adminsettings')]);
  const providers = settings.data.settings.find((row) => row.key === 'payouts.providers')?.value;
  return { countries: countries.data.countries, providers };
}

export function payoutMethodsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'settings', 'payout-methods'],
    queryFn: getPayoutMethods,
    retry: false,
    staleTime: 30_000,
  });
}

export function usePayoutMethods() {
  return useQuery(payoutMethodsQueryOptions());
}
