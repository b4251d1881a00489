import type { SpinStateData } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';
import { spinKeys } from './spin-keys';

/** GET spinstate: the next draw's seed hash, client seed and nonce, and the member's guardrails. */
export async function getSpinState(): Promise<SpinStateData> {
  const { data } = await callAction('spinstate');
  return data;
}

export const spinStateQueryOptions = queryOptions({ queryKey: spinKeys.state, queryFn: getSpinState, retry: false });

export function useSpinState() {
  return useQuery(spinStateQueryOptions);
}
