import type { SpinKind, SpinOddsData } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';
import { spinKeys } from './spin-keys';

/** GET spinodds: the wheel's published segments, probabilities and expected return. */
export async function getSpinOdds(kind: SpinKind): Promise<SpinOddsData> {
  const { data } = await callAction('spinodds', { payload: { kind } });
  return data;
}

export const spinOddsQueryOptions = (kind: SpinKind) =>
  queryOptions({ queryKey: spinKeys.odds(kind), queryFn: () => getSpinOdds(kind), staleTime: 60_000, retry: false });

export function useSpinOdds(kind: SpinKind) {
  return useQuery(spinOddsQueryOptions(kind));
}
